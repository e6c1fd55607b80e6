import { cookieValue, expect, expectNotice, expectSignedOut, logout, registerNew, test, TOKEN_COOKIE } from "./support";

test("logout returns to /login with a notice; the header offers 登录/注册 and /manage asks for a login again", async ({ page }) => {
  await registerNew(page);
  expect(await cookieValue(page, TOKEN_COOKIE)).toBeTruthy();

  await logout(page);
  await expect(page).toHaveURL(/\/login$/);
  await expectNotice(page, "您已退出登录");
  await expectSignedOut(page);
  expect(await cookieValue(page, TOKEN_COOKIE)).toBeUndefined();

  await page.goto("/");
  await expectSignedOut(page);
  await page.goto("/manage");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmanage$/);
  await expectSignedOut(page);
});
