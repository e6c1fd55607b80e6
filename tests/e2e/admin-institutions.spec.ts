/**
 * Platform administration (issue 17, directory data): the administrator keeps the institutions.
 * Adding one (a refusal first, then with an uploaded logo and certified), merging a duplicate into
 * another after confirming what moves where, and what a visitor's institution list shows after;
 * anyone else is refused. JavaScript on and off.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { demoAccounts, expect, expectAccessible, expectNotice, hasJs, ready, registerNew, signedInAs, test } from "./support";

const LOGO = path.join(import.meta.dirname, "fixtures", "other.png");

/** The list item of an institution by its own Chinese name. */
const institutionRow = (page: Page, name: string) => page.getByTestId("institution").filter({ has: page.locator("strong").getByText(name, { exact: true }) });

test("an administrator adds two certified institutions and merges the duplicate into the other; a visitor's list then shows one, with the logo", async ({
  page,
  browser,
}) => {
  // Two pages for two people, two axe passes over a list with a form per row: more than the default half minute on a busy machine.
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const [kept, duplicate] = [`测试研究院${tag}`, `测试研究院重复${tag}`];
  await signedInAs(page, demoAccounts.admin.mobile);
  await page.goto("/admin/institutions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("机构管理");
  await expectAccessible(page);

  // A missing Chinese name is refused beside its field, with what was typed kept.
  await ready(page);
  const add = () => page.getByRole("region", { name: "添加机构" });
  await add().getByLabel("英文名称").fill(`Test Institute ${tag}`);
  await add().getByLabel("中文城市").fill("杭州");
  await add().getByRole("button", { name: "添加机构" }).click();
  await expect(add().getByText("请填写中文名称")).toBeVisible();
  await expect(add().getByLabel("英文名称")).toHaveValue(`Test Institute ${tag}`);
  await expect(add().getByLabel("中文城市")).toHaveValue("杭州");
  await expect(add().getByLabel("中文名称")).toHaveAttribute("aria-invalid", "true");

  await add().getByLabel("中文名称").fill(kept);
  await add().getByLabel("已认证（列入访客的机构名录）").check();
  await add().getByRole("button", { name: "添加机构" }).click();
  await expectNotice(page, "已添加机构");

  // The duplicate comes with a logo, uploaded with the form. With JavaScript the first add's notice
  // fades first, so that the second's is not taken for it (the visitor came before the second add
  // was saved in one CI run).
  if (hasJs()) await expect(page.locator('[data-testid="notices"] .ui-notice')).toHaveCount(0, { timeout: 10_000 });
  await add().getByLabel("中文名称").fill(duplicate);
  await add().getByLabel("中文城市").fill("杭州");
  await add().getByLabel("上传标志图片").setInputFiles(LOGO);
  await add().getByLabel("已认证（列入访客的机构名录）").check();
  await add().getByRole("button", { name: "添加机构" }).click();
  await expectNotice(page, "已添加机构");
  // Saved: the form is empty again for the next one.
  await expect(add().getByLabel("中文名称")).toHaveValue("");

  const visitor = await browser.newPage();
  await visitor.goto(`/orgList?keyword=${tag}`);
  await expect(visitor.getByTestId("institution")).toHaveCount(2);
  await expect(visitor.getByTestId("institution").filter({ hasText: duplicate }).locator("img.ui-org-logo")).toHaveCount(1);

  await page.goto(`/admin/institutions?keyword=${tag}`);
  await expect(page.getByTestId("institution")).toHaveCount(2);
  const keptId = await institutionRow(page, kept).getAttribute("data-id");
  const duplicateId = await institutionRow(page, duplicate).getAttribute("data-id");
  await expect(institutionRow(page, kept).getByTestId("certified")).toHaveText("已认证");
  await expectAccessible(page);

  // An unknown number is refused beside the field; then the question names the target, and nothing moves before the answer.
  await ready(page);
  const row = institutionRow(page, duplicate);
  const into = row.getByLabel(`把本机构（#${duplicateId}）合并到机构编号`);
  await into.fill("999999999");
  await row.getByRole("button", { name: "合并" }).click();
  await expect(institutionRow(page, duplicate).getByText("没有编号为 999999999 的机构")).toBeVisible();
  await institutionRow(page, duplicate).getByLabel(`把本机构（#${duplicateId}）合并到机构编号`).fill(`#${keptId}`);
  await institutionRow(page, duplicate).getByRole("button", { name: "合并" }).click();
  const question = page.getByTestId("merge-question");
  await expect(question).toContainText("本机构的 0 个会议将移到：");
  await expect(question).toContainText(`${kept} #${keptId}`);
  await expect(page.getByTestId("institution")).toHaveCount(2);
  await question.getByRole("button", { name: "确认合并" }).click();
  await expectNotice(page, "已合并：0 个会议已移到目标机构");
  await expect(page.getByTestId("institution")).toHaveCount(1);
  await expect(institutionRow(page, duplicate)).toHaveCount(0);

  // The visitor's list shows one, and it took the duplicate's logo (it had none).
  await visitor.reload();
  await expect(visitor.getByTestId("institution")).toHaveCount(1);
  await expect(visitor.getByTestId("institution").getByRole("heading", { level: 2 })).toContainText(kept);
  await expect(visitor.getByTestId("institution").locator("img.ui-org-logo")).toHaveCount(1);
  await visitor.close();

  // Withdrawing the certification takes it off the visitors' list.
  await ready(page);
  const left = institutionRow(page, kept);
  await left.getByText("编辑").click();
  await left.getByLabel("已认证（列入访客的机构名录）").uncheck();
  await left.getByRole("button", { name: "保存" }).click();
  await expectNotice(page, "已保存");
  await expect(institutionRow(page, kept).getByTestId("certified")).toHaveText("未认证");
  const later = await browser.newPage();
  await later.goto(`/orgList?keyword=${tag}`);
  await expect(later.getByTestId("institution")).toHaveCount(0);
  await later.close();
});

test("only platform administrators reach the institutions", async ({ page }) => {
  const response = await page.goto("/admin/institutions");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Finstitutions$/);
  expect(response?.ok()).toBe(true);
  await registerNew(page, "普通用户");
  expect((await page.goto("/admin/institutions"))?.status()).toBe(403);
  const origin = new URL(page.url()).origin;
  const forged: Array<Record<string, string>> = [
    { intent: "create", nameZh: "伪造大学", certified: "on" },
    { intent: "update:1", nameZh: "伪造大学", certified: "on" },
    { intent: "merge:1", into: "2", confirmed: "1" },
    { intent: "delete:1", confirmed: "1" },
  ];
  for (const form of forged) {
    const post = await page.request.post("/admin/institutions", { form, headers: { Origin: origin } });
    expect(post.status(), form.intent).toBe(403);
  }
});
