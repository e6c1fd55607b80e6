import {
  avatarMenu,
  cookieValue,
  expect,
  expectNotice,
  expectSignedIn,
  freshMobile,
  hasJs,
  header,
  loginWithCode,
  readCode,
  ready,
  requestCode,
  seededOtherMobile,
  submitButton,
  test,
  wrongCode,
} from "./support";

test("a new number: a wrong code reads as for any number; its code says it is not registered; it registers after a wrong one", async ({ page }) => {
  const mobile = freshMobile();
  await page.goto("/login");
  await ready(page);
  await expect(page.getByRole("link", { name: "验证码登录" })).toHaveAttribute("aria-current", "page");

  // A made-up code: the answer any number gets (decision 025), the typed number kept.
  await page.locator('input[name="mobile"]').fill(mobile);
  await page.locator('input[name="code"]').fill("123456");
  await submitButton(page, "登录").click();
  await expect(page.getByText("验证码错误或已失效")).toBeVisible();
  await expect(page.getByText("该手机号尚未注册，请先注册")).toHaveCount(0);
  await expect(page.locator('input[name="mobile"]')).toHaveValue(mobile);

  // The number's own code: now it says so, and offers to register with the number filled in.
  const code = await requestCode(page, mobile);
  expect(code).toMatch(/^\d{6}$/);
  await page.locator('input[name="code"]').fill(code);
  await submitButton(page, "登录").click();
  await expect(page.getByText("该手机号尚未注册，请先注册")).toBeVisible();
  await page.getByRole("link", { name: "立即注册" }).click();
  await expect(page).toHaveURL(/[?&]mode=register/);
  await expect(page.getByRole("link", { name: "注册新账号" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator('input[name="mobile"]')).toHaveValue(mobile);
  await ready(page);

  // Register: a wrong code first.
  await page.locator('input[name="name"]').fill("新用户");
  await page.locator('input[name="code"]').fill(wrongCode(code));
  await page.locator('input[name="agree"]').check();
  await submitButton(page, "注册并登录").click();
  await expect(page.getByText("验证码错误或已失效")).toBeVisible();
  await expect(page.locator('input[name="mobile"]')).toHaveValue(mobile);
  await expect(page.locator('input[name="name"]')).toHaveValue("新用户");
  await expect(avatarMenu(page)).toHaveCount(0);

  // The right code signs in (no new code was needed: the login's answer left it unspent).
  expect(await readCode(mobile)).toBe(code);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="agree"]').check();
  await submitButton(page, "注册并登录").click();
  await expect(page).toHaveURL(/\/$/);
  await expectNotice(page, "登录成功");
  await expectSignedIn(page);
  // The avatar shows the account's initial.
  await expect(avatarMenu(page).locator("summary")).toHaveText("新");
});

test("an account whose default language is English gets the English interface on sign-in", async ({ page }) => {
  // Seeded international scholars (others[6], others[13] in platform/db/seed.ts) have English as default; one per project.
  const mobile = seededOtherMobile(hasJs() ? 6 : 13);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await loginWithCode(page, mobile);
  await expect(page).toHaveURL(/\/$/);
  await expectNotice(page, "You are logged in");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(header(page).getByRole("link", { name: "Conferences", exact: true })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Switch to Chinese" })).toHaveText("中文");
  expect(await cookieValue(page, "isEnglish")).toBe("1");
});
