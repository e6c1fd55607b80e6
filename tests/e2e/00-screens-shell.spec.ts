/**
 * The shell and its own pages on a phone (390 px) and a laptop (1366 px), in Chinese and English:
 * no overflow, nothing clipped, no Chinese on an English page but data (tests/e2e/layout.ts), and
 * axe with no violation at ANY impact. Then the language a signed-in person chooses in the header
 * surviving the next sign-in (both projects: the switch is a plain post).
 */
import type { Page } from "@playwright/test";
import { LANGS, useLanguage, sweep } from "./layout";
import {
  avatarMenu,
  cookieValue,
  demoAccounts,
  expect,
  expectSignedIn,
  header,
  loginWithCode,
  projectName,
  ready,
  registerNew,
  signedInAs,
  test,
} from "./support";

const SIGNED_OUT = ["/login", "/login?mode=register", "/agreement", "/privacy", "/account/help"];
const SIGNED_IN = ["/account/settings", "/account/messages", "/account/messages?kind=messages", "/account/help"];
const MISSING = "/no/such/page";

test.describe("the shell's pages", () => {
  test.skip(() => projectName() !== "js", "the layout is the same without JavaScript; axe runs on the page as served either way");

  for (const lang of LANGS) {
    test(`signed out, ${lang}: login, documents, help and the 404 page`, async ({ page }) => {
      test.setTimeout(90_000);
      await sweep(page, "shell-out", [...SIGNED_OUT, MISSING], { langs: [lang], status: (url) => (url === MISSING ? 404 : 200) });
    });

    test(`signed in, ${lang}: settings, messages and help`, async ({ page }) => {
      test.setTimeout(90_000);
      await signedInAs(page, demoAccounts.organiser.mobile);
      await sweep(page, "shell-in", SIGNED_IN, { langs: [lang], status: () => 200 });
    });
  }
});

test("the 404 page says what happened and where to go next, with a title, in both languages", async ({ page }) => {
  const words = {
    zh: { title: "页面不存在", search: "搜索", home: "返回首页", site: "学术会议平台" },
    en: { title: "The Page Not Found", search: "Search", home: "Back to home", site: "Academic Conferences" },
  };
  for (const lang of LANGS) {
    await useLanguage(page.context(), lang);
    const response = await page.goto(MISSING);
    expect(response?.status()).toBe(404);
    const error = page.getByTestId("error-page");
    const heading = error.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(words[lang].title);
    await expect(page).toHaveTitle(`${words[lang].title} - ${words[lang].site}`);
    // The text explains; it does not say the title again.
    const text = (await error.locator("p:not(.ui-error-code)").allInnerTexts()).join(" ");
    expect(text.length).toBeGreaterThan(words[lang].title.length + 10);
    expect(text).not.toContain(words[lang].title);
    await expect(error.getByRole("link", { name: words[lang].home })).toHaveAttribute("href", "/");
    await expect(error.getByRole("search")).toBeVisible();
  }
  // The next step works: a search from the error page, with or without JavaScript.
  await ready(page);
  const search = page.getByTestId("error-page").getByRole("search");
  await search.getByRole("searchbox").fill("会议");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?keyword=%E4%BC%9A%E8%AE%AE$/);
});

test.describe("the header on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function openMenu(page: Page) {
    await ready(page);
    const conferences = header(page).getByRole("link", { name: "学术会议", exact: true });
    await expect(conferences).toBeHidden();
    await header(page).locator("label", { hasText: "菜单" }).click();
    await expect(conferences).toBeVisible();
    await expectInside(page, conferences);
    await expectInside(page, header(page).getByRole("searchbox"));
    await expectInside(page, header(page).getByRole("button", { name: "切换到英文" }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  test("signed out: the menu opens and all of it is on the screen", async ({ page }) => {
    await useLanguage(page.context(), "zh");
    await page.goto("/agreement");
    await openMenu(page);
    await expectInside(page, header(page).getByRole("link", { name: "登录/注册" }));
  });

  test("signed in: the menu and the account menu open on the screen", async ({ page }) => {
    await useLanguage(page.context(), "zh");
    await signedInAs(page, demoAccounts.organiser.mobile);
    await page.goto("/agreement");
    await openMenu(page);
    await avatarMenu(page).locator("summary").click();
    await expect(avatarMenu(page)).toHaveAttribute("open", "");
    await expectInside(page, avatarMenu(page).getByRole("link", { name: "账号设置" }));
    await expectInside(page, avatarMenu(page).getByRole("button", { name: "退出登录" }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

async function expectInside(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  expect(box, "shown").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("English chosen in the header while signed in is the language of the next sign-in", async ({ page, serverClock }) => {
  // Signing in again needs a second code for the number, which the SMS limit allows a minute after
  // the first: the server's clock moves on that minute (decision 058).
  test.setTimeout(90_000);
  const mobile = await registerNew(page, "语言测试");
  await page.goto("/agreement");
  await header(page).getByRole("button", { name: "切换到英文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(/\/agreement$/);

  // Sign out (in English), and let the browser forget the language: only the account remembers it.
  await ready(page);
  await avatarMenu(page).locator("summary").click();
  await avatarMenu(page).getByRole("button", { name: "Log out" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await useLanguage(page.context(), "zh");
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

  await serverClock.advance(61_000);
  await loginWithCode(page, mobile);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(header(page).getByRole("link", { name: "Conferences", exact: true })).toBeVisible();
  expect(await cookieValue(page, "isEnglish")).toBe("1");

  // And back: Chinese chosen signed in is kept the same way.
  await header(page).getByRole("button", { name: "Switch to Chinese" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.goto("/account/settings");
  await expect(page.getByRole("radio", { name: "中文" })).toBeChecked();
  await expectSignedIn(page);
});
