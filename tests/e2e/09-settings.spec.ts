import { avatarMenu, cookieValue, expect, expectNotice, header, ready, registerNew, test } from "./support";

test("settings: a bad e-mail is refused keeping the name; a new name and English as default language", async ({ page }) => {
  await registerNew(page, "测试用户");
  await expect(avatarMenu(page).locator("summary")).toHaveText("测");

  await page.goto("/account/settings");
  await ready(page);
  await expect(page.getByRole("heading", { name: "账号设置" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "中文" })).toBeChecked();

  // A bad e-mail: the message, and what was typed stays.
  await page.locator('input[name="name"]').fill("Zoe Tester");
  await page.locator('input[name="email"]').fill("not-an-email");
  // Leave the field first: with JavaScript it is checked on blur, and the message moves what is below it.
  await page.locator('input[name="email"]').press("Tab");
  await page.getByRole("radio", { name: "English" }).check();
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入正确的邮箱地址")).toBeVisible();
  await expect(page.locator('input[name="name"]')).toHaveValue("Zoe Tester");
  await expect(page.locator('input[name="email"]')).toHaveValue("not-an-email");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(avatarMenu(page).locator("summary")).toHaveText("测");

  // Corrected: saved, and the interface turns English.
  await page.locator('input[name="email"]').fill("zoe@example.com");
  await page.getByRole("radio", { name: "English" }).check();
  await page.getByRole("button", { name: "保存" }).click();
  await expectNotice(page, "Saved");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Conferences", exact: true })).toBeVisible();
  await expect(avatarMenu(page).locator("summary")).toHaveText("Z");
  await expect(page.locator('input[name="name"]')).toHaveValue("Zoe Tester");
  await expect(page.locator('input[name="email"]')).toHaveValue("zoe@example.com");
  await expect(page.getByRole("radio", { name: "English" })).toBeChecked();
  expect(await cookieValue(page, "isEnglish")).toBe("1");

  // It stays English on other pages.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(avatarMenu(page).locator("summary")).toHaveText("Z");
});
