import type { Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { completeRegistration, expect, expectNotice, expectSignedIn, freshMobile, logout, test } from "./support";

/** Presses 微信登录 on /login; the fake WeChat answers at once. Ends back on this site. */
async function wechatLogin(page: Page) {
  await page.goto("/login");
  await page.getByRole("link", { name: "微信登录" }).click();
  await page.waitForURL((url) => url.port === String(E2E_PORT) && !url.pathname.startsWith("/login/wechat"));
}

/** Home, whatever fragment the trip through WeChat left (its URLs end in #wechat_redirect). */
const atHome = (url: URL) => url.pathname === "/" && url.search === "";

/**
 * The fake WeChat user (fake-openid-1, 微信用户) has no account the first time in a run (the js
 * project, or whichever runs first): the journey then links it to a newly registered number.
 * From then on 微信登录 signs straight in, which both projects check.
 */
test("WeChat sign-in: the first time binds a mobile number, afterwards it signs straight in", async ({ page }) => {
  await wechatLogin(page);
  const url = new URL(page.url());
  if (url.searchParams.has("bind")) {
    await expect(page).toHaveURL(/\/login\?/);
    expect(url.searchParams.get("nickname")).toBe("微信用户");
    await expect(page.locator(".ui-banner")).toHaveText("微信用户「微信用户」：请验证手机号完成绑定");
    await expectNotice(page, "首次使用微信登录，请验证手机号以绑定账号");
    // The register tab keeps the bind ticket.
    await page.getByRole("link", { name: "注册新账号" }).click();
    await expect(page).toHaveURL(/mode=register/);
    await expect(page).toHaveURL(/bind=/);
    await expect(page.locator('input[name="bindTicket"]')).toHaveCount(1);
    await completeRegistration(page, freshMobile(), "微信用户");
    await expectNotice(page, "登录成功");
    await page.goto("/account/settings");
    await expect(page.getByText("已绑定微信")).toBeVisible();
    await logout(page);
    await wechatLogin(page);
  }

  // Straight in.
  await expect(page).toHaveURL(atHome);
  await expectNotice(page, "登录成功");
  await expectSignedIn(page);
  await page.goto("/account/settings");
  await expect(page.getByText("已绑定微信")).toBeVisible();

  // And again after logging out.
  await logout(page);
  await wechatLogin(page);
  await expect(page).toHaveURL(atHome);
  await expectSignedIn(page);
});

test("WeChat sign-in: saying no on WeChat's page, or coming back with another browser's state, returns to /login with a notice", async ({ page }) => {
  // The QR page's address as the strategy sends the browser there, with WeChat's refusal on it.
  const start = await page.request.get("/login/wechat", { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const qr = start.headers()["location"];
  expect(qr).toMatch(/\/connect\/qrconnect\?appid=.*#wechat_redirect$/);
  await page.goto(qr.replace("#", "&deny=1#"));
  await page.waitForURL((url) => url.pathname === "/login");
  await expectNotice(page, "您取消了微信授权");
  await page.goto("/login/wechat/callback?code=made-up&state=not-ours");
  await page.waitForURL((url) => url.pathname === "/login");
  await expectNotice(page, "微信登录失败，请重试");
  // Every way out ends the trip's state cookies.
  expect((await page.context().cookies()).filter((c) => c.name.startsWith("__wechat"))).toEqual([]);
});
