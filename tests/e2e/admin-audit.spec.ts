/**
 * Platform administration (issue 17): the administrator's change elsewhere shows in the
 * platform-wide audit log, found by its action, with their name; a refused filter is said beside
 * its field with what was typed kept; the export holds the row; anyone else is refused.
 * JavaScript on and off.
 */
import ExcelJS from "exceljs";
import { demoAccounts, expect, expectAccessible, expectNotice, ready, registerNew, signedInAs, test } from "./support";

test("an administrator adds a major, finds the change in the audit log by its action, and exports it", async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const major = `审计专业${tag}`;
  await signedInAs(page, demoAccounts.admin.mobile);
  await page.goto("/admin/disciplines");
  await ready(page);
  const add = page.getByRole("region", { name: "添加专业" });
  await add.getByLabel("所属门类").selectOption({ index: 1 });
  await add.getByLabel("中文名称").fill(major);
  await add.getByLabel("英文名称").fill(`Audit major ${tag}`);
  await add.getByRole("button", { name: "添加专业" }).click();
  await expectNotice(page, "已添加");

  await page.goto("/admin");
  await page.getByRole("link", { name: "审计日志" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("审计日志");
  await ready(page);
  // A refused filter is said beside its field, with what was typed kept.
  await page.getByLabel("账号（手机号或账号 ID）").fill("abc");
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page.getByText("请填写 11 位手机号或账号 ID（数字）")).toBeVisible();
  await expect(page.getByLabel("账号（手机号或账号 ID）")).toHaveValue("abc");
  await expect(page.getByLabel("账号（手机号或账号 ID）")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await page.getByLabel("账号（手机号或账号 ID）").fill(demoAccounts.admin.mobile);
  await page.getByLabel("操作").selectOption("discipline.major.create");
  await page.getByRole("button", { name: "筛选", exact: true }).click();
  await expect(page).toHaveURL(/action=discipline\.major\.create/);
  const row = page.getByTestId("audit-row").filter({ hasText: major });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: `${demoAccounts.admin.nameZh} ${demoAccounts.admin.mobile}` })).toHaveAttribute(
    "href",
    /^\/admin\/accounts\/\d+$/,
  );
  await expect(row).toContainText("discipline.major.create");
  await expect(page.getByTestId("audit-row").filter({ hasNotText: "discipline.major.create" })).toHaveCount(0);
  await expectAccessible(page);

  const href = await page.getByTestId("export").getAttribute("href");
  expect(href).toContain("action=discipline.major.create");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("spreadsheetml");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await response.body()).buffer);
  const rows = (book.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((cells) => cells.slice(1));
  expect(rows[0]).toEqual(["时间", "操作人", "账号 ID", "会议", "会议 ID", "操作", "对象", "详情"]);
  const exported = rows.find((cells) => cells[6] === major);
  expect(exported?.[1]).toBe(`${demoAccounts.admin.nameZh} ${demoAccounts.admin.mobile}`);
  expect(exported?.[5]).toBe("discipline.major.create");
  expect(rows.slice(1).every((cells) => cells[5] === "discipline.major.create")).toBe(true);
});

test("only platform administrators reach the audit log and its export", async ({ page }) => {
  const response = await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Faudit$/);
  expect(response?.ok()).toBe(true);
  await registerNew(page, "普通用户");
  expect((await page.goto("/admin/audit"))?.status()).toBe(403);
  expect((await page.request.get("/admin/audit/export.xlsx")).status()).toBe(403);
});
