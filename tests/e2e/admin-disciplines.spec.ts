/**
 * Platform administration (issue 17): the administrator keeps the categories and majors visitors
 * filter by. Adding one (a refusal first), merging two, and what a visitor's filter shows after;
 * anyone else is refused. JavaScript on and off.
 */
import type { Page } from "@playwright/test";
import { demoAccounts, expect, expectAccessible, expectNotice, ready, registerNew, signedInAs, test } from "./support";

/** The list item of a major by its own name (each item also lists the others as merge targets). */
const majorRow = (page: Page, name: string) => page.getByTestId("major").filter({ has: page.locator("strong").getByText(name, { exact: true }) });

test("an administrator adds two majors and merges one into the other; a visitor's filter then shows one", async ({ page, browser }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const [kept, merged] = [`测试专业甲${tag}`, `测试专业乙${tag}`];
  await signedInAs(page, demoAccounts.admin.mobile);
  await page.goto("/admin/disciplines");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("学科门类与专业");
  await expectAccessible(page);

  const add = page.getByRole("region", { name: "添加专业" });
  const category = await add.getByLabel("所属门类").locator("option").nth(1).textContent();
  // A missing Chinese name is refused beside its field, with what was typed kept.
  await ready(page);
  await add.getByLabel("所属门类").selectOption({ label: category! });
  await add.getByLabel("英文名称").fill(`Major A ${tag}`);
  await add.getByRole("button", { name: "添加专业" }).click();
  await expect(add.getByText("请填写中文名称")).toBeVisible();
  await expect(add.getByLabel("英文名称")).toHaveValue(`Major A ${tag}`);
  await expect(add.getByLabel("中文名称")).toHaveAttribute("aria-invalid", "true");

  for (const [zh, en] of [
    [kept, `Major A ${tag}`],
    [merged, `Major B ${tag}`],
  ]) {
    const form = page.getByRole("region", { name: "添加专业" });
    await form.getByLabel("所属门类").selectOption({ label: category! });
    await form.getByLabel("中文名称").fill(zh);
    await form.getByLabel("英文名称").fill(en);
    await form.getByRole("button", { name: "添加专业" }).click();
    await expectNotice(page, "已添加");
    await expect(majorRow(page, zh)).toHaveCount(1);
  }

  const row = majorRow(page, merged);
  await row.getByLabel(`把专业 ${merged} 合并到`).selectOption({ label: kept });
  await row.getByRole("button", { name: "合并" }).click();
  await expectNotice(page, "已合并：0 个会议已移到目标项");
  await expect(majorRow(page, merged)).toHaveCount(0);
  await expect(majorRow(page, kept)).toHaveCount(1);

  const visitor = await browser.newPage();
  await visitor.goto("/");
  const options = visitor.locator('select[name="majorId"] option');
  await expect(options.filter({ hasText: kept })).toHaveCount(1);
  await expect(options.filter({ hasText: merged })).toHaveCount(0);
  await visitor.close();
});

test("only platform administrators reach the categories and majors", async ({ page }) => {
  const response = await page.goto("/admin/disciplines");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdisciplines$/);
  expect(response?.ok()).toBe(true);
  await registerNew(page, "普通用户");
  expect((await page.goto("/admin/disciplines"))?.status()).toBe(403);
  const post = await page.request.post("/admin/disciplines", {
    form: { intent: "category", nameZh: "伪造", nameEn: "Forged" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
});
