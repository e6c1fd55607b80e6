/**
 * Platform administration (issue 17): the administrator runs what the home page shows that no
 * conference owns. Putting a banner on it (an uploaded picture; a refused link first, with what
 * was typed kept), which an anonymous visitor's `/` then shows at once (the page cache and the
 * portal's memo empty on the write); then taking it off. Anyone else is refused. JavaScript on
 * and off.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoAccounts, expect, expectAccessible, expectNotice, hasJs, ready, registerNew, signedInAs, test } from "./support";

const PICTURE = fileURLToPath(new URL("./fixtures/licence.png", import.meta.url));

test("an administrator puts a banner on the home page; a visitor's home page shows it at once", async ({ page, browser }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const title = `测试轮播图${tag}`;
  const link = `/search?keyword=${tag}`;
  await signedInAs(page, demoAccounts.admin.mobile);
  // A visitor's home page before: its page cache holds it now.
  const visitor = await browser.newPage();
  await visitor.goto("/");
  await expect(visitor.getByTestId("banners")).not.toContainText(title);

  await page.goto("/admin/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("首页管理");
  await expectAccessible(page);

  // A script address is refused beside its field; the title typed and the picture uploaded are kept.
  const add = page.getByRole("region", { name: "添加轮播图" });
  await ready(page);
  await add.getByLabel("上传图片").setInputFiles(path.resolve(PICTURE));
  await add.getByLabel("链接（可选）").fill("javascript:alert(1)");
  await add.getByLabel("中文标题").fill(title);
  await add.getByLabel("英文标题").fill(`Test banner ${tag}`);
  await add.getByRole("button", { name: "添加轮播图" }).click();
  await expect(add.getByText("请填写以 http:// 或 https:// 开头的网址，或以 / 开头的本站路径")).toBeVisible();
  await expect(add.getByLabel("链接（可选）")).toHaveAttribute("aria-invalid", "true");
  await expect(add.getByLabel("链接（可选）")).toHaveValue("javascript:alert(1)");
  await expect(add.getByLabel("中文标题")).toHaveValue(title);
  const kept = add.getByRole("radio", { name: "当前图片" });
  await expect(kept).toBeChecked();
  const picture = (await kept.getAttribute("value"))!;
  expect(picture).toMatch(/^\/api\/cms\/files\/u\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);

  await add.getByLabel("链接（可选）").fill(link);
  await add.getByRole("button", { name: "添加轮播图" }).click();
  await expectNotice(page, "已添加");
  const row = page.getByTestId("home-banner-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("showing")).toHaveText("展示中");
  await expect(row.getByTestId("banner-thumb")).toHaveAttribute("src", picture);
  // The preview is the home page as a visitor gets it.
  await expect(page.getByTestId("home-preview").getByTestId("banners")).toContainText(title);

  // The visitor's next look at the home page has it: its picture and its link.
  await visitor.goto("/");
  const slide = visitor.getByTestId("banners").locator("li").filter({ hasText: title });
  await expect(slide).toHaveCount(1);
  await expect(slide.locator("img")).toHaveAttribute("src", picture);
  await expect(slide.getByRole("link")).toHaveAttribute("href", link);
  const served = await visitor.request.get(picture);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");

  // Taken off again: with JavaScript the dialog asks, without it the page does.
  await ready(page);
  await row.getByRole("button", { name: new RegExp(`^删除.*${title}$`) }).click();
  if (hasJs()) await page.getByRole("dialog").getByRole("button", { name: "确认" }).click();
  else await page.getByRole("alertdialog").getByRole("button", { name: "确认" }).click();
  await expectNotice(page, "已删除");
  await expect(page.getByTestId("home-banner-row").filter({ hasText: title })).toHaveCount(0);
  await visitor.goto("/");
  await expect(visitor.getByTestId("banners")).not.toContainText(title);
  await visitor.close();
});

test("only platform administrators reach the home page's administration", async ({ page }) => {
  const response = await page.goto("/admin/home");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fhome$/);
  expect(response?.ok()).toBe(true);
  await registerNew(page, "普通用户");
  expect((await page.goto("/admin/home"))?.status()).toBe(403);
  const post = await page.request.post("/admin/home", {
    multipart: { intent: "create-banner", placement: "banner", image: "/media/demo-banner-1.jpg", titleZh: "伪造" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
  const mark = await page.request.post("/admin/home", { form: { intent: "mark:1" }, headers: { Origin: new URL(page.url()).origin } });
  expect(mark.status()).toBe(403);
});
