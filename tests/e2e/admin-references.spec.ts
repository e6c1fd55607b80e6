/**
 * Platform administration (issue 17, directory data): the administrator imports references from
 * an Excel workbook (one row refused in the preview, the others written on confirmation), and a
 * visitor's reference search then finds them; anyone else is refused. JavaScript on and off.
 */
import ExcelJS from "exceljs";
import { REFERENCE_COLUMNS, columnHeading } from "#contract/schemas/references-admin";
import { demoAccounts, expect, expectAccessible, expectNotice, ready, registerNew, signedInAs, test } from "./support";

test("an administrator imports references from Excel, sees the refused row in the preview, confirms, and a visitor finds them", async ({ page, browser }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const [first, second] = [`导入测试中心${tag}`, `导入测试图书馆${tag}`];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("参考名录");
  sheet.addRow(REFERENCE_COLUMNS.map(columnHeading));
  sheet.addRow([first, `Import Centre ${tag}`, "杭州", "Hangzhou", "文三路 1 号", "", "", ""]);
  sheet.addRow(["", `Nameless ${tag}`, "杭州", "Hangzhou", "", "", "", ""]);
  sheet.addRow([second, "", "宁波", "Ningbo", "", "", "", ""]);
  const file = test.info().outputPath("references.xlsx");
  await book.xlsx.writeFile(file);

  await signedInAs(page, demoAccounts.admin.mobile);
  await page.goto("/admin/references");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("参考名录管理");
  await expect(page.getByTestId("import-columns")).toContainText("中文名称 / Name (zh)");
  await expectAccessible(page);

  await ready(page);
  const importing = page.getByRole("region", { name: "从 Excel 导入" });
  await importing.getByLabel("Excel 文件").setInputFiles(file);
  await importing.getByRole("button", { name: "预览" }).click();
  await expect(page.getByTestId("import-counts")).toHaveText("新增 2 条，更新 0 条，无变化 0 条，有问题 1 行");
  const refused = page.getByTestId("import-problems").getByRole("row").filter({ hasText: "“中文名称”列：请填写中文名称" });
  await expect(refused.getByRole("cell").first()).toHaveText("3");
  await expect(page.getByTestId("import-changes")).toContainText(first);
  await expectAccessible(page);
  // Nothing is written before the confirmation.
  const visitor = await browser.newPage();
  await visitor.goto(`/search/reference?keyword=${encodeURIComponent(first)}`);
  await expect(visitor.getByTestId("reference-list")).toHaveCount(0);

  await page.getByRole("button", { name: "确认导入" }).click();
  await expectNotice(page, "已导入：新增 2 条，更新 0 条，无变化 0 条，跳过 1 行");

  await visitor.goto(`/search/reference?keyword=${encodeURIComponent(`import centre ${tag}`)}`);
  await expect(visitor.getByTestId("reference-list").getByRole("heading", { level: 2 })).toHaveText([first]);
  await visitor.goto(`/search/reference?keyword=${encodeURIComponent(second)}`);
  await expect(visitor.getByTestId("reference-list")).toContainText("宁波");
  await visitor.close();

  // The administrator finds them too, and the Chinese name is required when editing one.
  await page.goto(`/admin/references?keyword=${encodeURIComponent(first)}`);
  const row = page.getByTestId("reference");
  await expect(row).toHaveCount(1);
  await ready(page);
  await row.getByText("编辑").click();
  await row.getByLabel("中文名称").fill("");
  await row.getByLabel("英文城市").fill(`Hangzhou ${tag}`);
  await row.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("reference").getByText("请填写中文名称")).toBeVisible();
  await expect(page.getByTestId("reference").getByLabel("英文城市")).toHaveValue(`Hangzhou ${tag}`);
});

test("only platform administrators reach the references and their export", async ({ page }) => {
  const response = await page.goto("/admin/references");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Freferences$/);
  expect(response?.ok()).toBe(true);
  await registerNew(page, "普通用户");
  expect((await page.goto("/admin/references"))?.status()).toBe(403);
  const origin = new URL(page.url()).origin;
  const post = await page.request.post("/admin/references", { form: { intent: "create", nameZh: "伪造" }, headers: { Origin: origin } });
  expect(post.status()).toBe(403);
  const upload = await page.request.post("/admin/references", {
    multipart: { intent: "import", file: { name: "x.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("PK") } },
    headers: { Origin: origin },
  });
  expect(upload.status()).toBe(403);
  expect((await page.request.get("/admin/references/export.xlsx")).status()).toBe(403);
});
