/**
 * Shared steps of the browser journeys. Every journey runs twice, with JavaScript on ("js") and
 * off ("nojs"), against one server and one freshly seeded database per `playwright test` run.
 *
 * SMS limits (one code per number per minute, five an hour; ten per address in ten minutes, each
 * journey having an address of its own) shape the phone numbers:
 * - new accounts get a fresh random number each (`freshMobile`);
 * - a demo account is signed in through the login page once per run (`signedInAs`) and its
 *   token is kept in the run's data directory, so later journeys reuse the session instead of
 *   asking for another code within the minute. Journeys that log out never use a kept session.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { demoAccounts } from "../../platform/db/seed";
import { lastOutboxCode } from "../../platform/providers/sms-outbox";
import { E2E_CLOCK_FILE, E2E_DATA_DIR, E2E_DOWN_PORT, E2E_FAKE_PORTS } from "../../playwright.config";
import { cookiePayload } from "../signed-cookies";
import { garbledBytes } from "./garbled";

export { demoAccounts, expect };

/**
 * With JavaScript, React must have hydrated before a journey types or clicks: an uncontrolled
 * checkbox or radio clicked earlier is put back by hydration, and a form submitted earlier goes
 * the no-JavaScript way. A stand-in React DevTools hook (React calls it on every commit, in
 * production builds too) marks the page hydrated after the first commit and its effects.
 */
export const HYDRATION_HOOK = `(() => {
  const noop = () => {};
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: noop,
    onScheduleFiberRoot: noop,
    onCommitFiberUnmount: noop,
    onPostCommitFiberRoot: noop,
    onCommitFiberRoot: () => {
      if (!window.__e2eCommitted) {
        window.__e2eCommitted = true;
        setTimeout(() => (window.__e2eHydrated = true), 20);
      }
    },
  };
})();`;

/** A private address (10.0.0.0/8) of a journey's own. */
export function journeyAddress(seed: string) {
  const [a, b, c] = crypto.createHash("sha256").update(seed).digest();
  return `10.${a}.${b}.${c}`;
}

/** Text the server sends (documents, data requests, scripts, styles): checked byte for byte. */
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;

/**
 * The journeys' server clock (tests/e2e/serve.ts, decision 058): `advance(ms)` moves the server's
 * wall clock on, as if that time had passed (the next request reads it); when the journey ends,
 * passed or not, the server is back on the machine's time, so every other journey compares its
 * own clock with the server's as before.
 */
export type ServerClock = { advance(ms: number): Promise<void> };

const clockFile = fileURLToPath(new URL(`../../${E2E_CLOCK_FILE}`, import.meta.url));

async function setServerClockAhead(seconds: number) {
  const file = clockFile;
  // Renamed into place: the server reads the file at every clock call and must never see half of it.
  await fs.writeFile(`${file}.next`, `+${seconds}\n`);
  await fs.rename(`${file}.next`, file);
}

/**
 * Playwright's test, with the hydration marker in every page, every text response a page
 * receives (every document any journey visits, with or without JavaScript, and its data
 * requests) checked on its raw bytes, and nothing refused by the Content-Security-Policy.
 * Specs import `test` from here.
 */
export const test = base.extend<{ serverClock: ServerClock }>({
  serverClock: async ({}, use) => {
    let ahead = 0;
    await use({
      async advance(ms) {
        ahead += Math.ceil(ms / 1000);
        await setServerClockAhead(ahead);
      },
    });
    if (ahead) await setServerClockAhead(0);
  },
  // Each journey is a person at an address of their own (the server trusts loopback as its proxy,
  // tests/e2e/serve.ts), so the per-client SMS limits (decision 024) count one journey, not the run.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "X-Forwarded-For": journeyAddress(`${testInfo.project.name}|${testInfo.testId}|${testInfo.retry}|${testInfo.repeatEachIndex}`) });
  },
  page: async ({ page }, use) => {
    await page.addInitScript(HYDRATION_HOOK);
    const checks: Promise<string | null>[] = [];
    page.on("response", (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (!TEXT_TYPE.test(type) || response.status() < 200 || (response.status() >= 300 && response.status() < 400)) return;
      checks.push(
        response.body().then(
          (body) => {
            const found = garbledBytes(body);
            return found.length ? `${response.request().method()} ${response.url()}: ${found.join(", ")}` : null;
          },
          // The page moved on before the body was kept (Chromium drops it): nothing to read.
          () => null,
        ),
      );
    });
    // Anything the Content-Security-Policy blocks is a script, style or request the page needed.
    const refused: string[] = [];
    // A message named from an area whose translations the page never loaded (app/locales/load.ts).
    const untranslated: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
      if (/^translation part /.test(message.text())) untranslated.push(`${page.url()}: ${message.text()}`);
    });
    await use(page);
    const garbled = (await Promise.all(checks)).filter((finding) => finding !== null);
    expect(garbled, "responses whose raw bytes a browser would garble").toEqual([]);
    expect(refused, "what the Content-Security-Policy refused").toEqual([]);
    expect(untranslated, "messages shown before their translations were loaded").toEqual([]);
  },
});

/** Waits (JS project only) until the current document has hydrated. */
export async function ready(page: Page) {
  if (!hasJs()) return;
  await page.waitForFunction(() => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated === true);
}

/**
 * Holds the page's requests whose address `matches` (only those of `method`, when given) until the
 * returned function is called; from then on they go, and later ones pass straight through. For a
 * journey that looks at the page as it is before its scripts arrive, or while its data reloads.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean, method?: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route) => {
    if (!method || route.request().method() === method) await held;
    await route.fallback();
  });
  return release;
}

const root = fileURLToPath(new URL("../../", import.meta.url));
const dataDir = path.resolve(root, E2E_DATA_DIR);
export const OUTBOX = path.join(dataDir, "sms-outbox.jsonl");
const SESSIONS = path.join(dataDir, "e2e-sessions");

export const TOKEN_COOKIE = "ACCESS_TOKEN";
export const DOWN_URL = `http://localhost:${E2E_DOWN_PORT}`;

/** An address on one of the fakes of tests/e2e/serve.ts, for `waitForURL`. */
export const fakeAt = (fake: keyof typeof E2E_FAKE_PORTS, path = "") => new RegExp(`^http://127\\.0\\.0\\.1:${E2E_FAKE_PORTS[fake]}${path}`);

/** "js" or "nojs". */
export const projectName = () => test.info().project.name;
export const hasJs = () => projectName() === "js";

/**
 * The seeded "other" accounts (platform/db/seed.ts, `others[i]`): `139` and 8 digits.
 * others[0] and others[5] administer the showcase conference, so their /manage list is not empty.
 */
export const seededOtherMobile = (i: number) => `139${String(10_000_000 + i * 7_919).slice(-8)}`;

/** A number no one has used in this run (137…, clear of the seeded 138…/139… numbers). */
export function freshMobile() {
  return `137${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
}

/** The newest code the outbox holds for a number (waits for the line to land). */
export async function readCode(mobile: string): Promise<string> {
  let code: string | null = null;
  await expect.poll(async () => (code = await lastOutboxCode(OUTBOX, mobile)), { message: `an SMS code for ${mobile} in ${OUTBOX}` }).not.toBeNull();
  return code!;
}

/** A six-digit code that is certainly not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

export const header = (page: Page) => page.getByRole("banner");
export const avatarMenu = (page: Page) => page.getByTestId("avatar-menu");

/** The notice area (server notices arrive with the page; with JS they close after 2 s, so check promptly). */
export async function expectNotice(page: Page, text: string | RegExp) {
  await expect(page.getByTestId("notices")).toContainText(text);
}

/** Presses "send code" on the login page and returns the code from the outbox. */
export async function requestCode(page: Page, mobile: string) {
  await ready(page);
  await page.locator('input[name="mobile"]').fill(mobile);
  await page.getByTestId("send-code").click();
  await expect(page.getByTestId("code-sent")).toBeVisible();
  await expect(page.getByTestId("code-sent")).toContainText(mobile);
  return readCode(mobile);
}

/** The visible submit button of the login form (the first, hidden one only serves the Enter key). */
export const submitButton = (page: Page, label: string | RegExp) => page.getByRole("button", { name: label, exact: true });

/** Waits until the page has left /login (and /login/wechat…) after a sign-in. */
export async function leftLogin(page: Page) {
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** On /login (login tab): a code for `mobile`, then 登录. Ends on the page sign-in leads to. */
export async function loginWithCode(page: Page, mobile: string) {
  const code = await requestCode(page, mobile);
  await page.locator('input[name="code"]').fill(code);
  await submitButton(page, "登录").click();
  await leftLogin(page);
  await expectSignedIn(page);
}

/** Signs an existing account in through /login (one SMS code). */
export async function signIn(page: Page, mobile: string, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login");
  await loginWithCode(page, mobile);
}

/** On the register tab (already open, e.g. with a WeChat bind ticket): fills and submits. */
export async function completeRegistration(page: Page, mobile: string, name: string) {
  const code = await requestCode(page, mobile);
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="agree"]').check();
  await submitButton(page, "注册并登录").click();
  await leftLogin(page);
  await expectSignedIn(page);
}

/** Registers a new account with a fresh number through /login?mode=register; it ends signed in. */
export async function registerNew(page: Page, name = "测试用户") {
  const mobile = freshMobile();
  await page.goto("/login?mode=register");
  await completeRegistration(page, mobile, name);
  return mobile;
}

/** The header's 登录/注册 link, in either language. */
const LOGIN_LINK = /^(登录\/注册|Log in \/ Register)$/;

export async function expectSignedIn(page: Page) {
  await expect(avatarMenu(page)).toBeVisible();
  await expect(header(page).getByRole("link", { name: LOGIN_LINK })).toHaveCount(0);
}

export async function expectSignedOut(page: Page) {
  await expect(header(page).getByRole("link", { name: LOGIN_LINK })).toBeVisible();
  await expect(avatarMenu(page)).toHaveCount(0);
}

/**
 * This run's session of an existing (demo) account: signed in through /login the first time,
 * then reused from the kept token. Ends on / signed in.
 */
export async function signedInAs(page: Page, mobile: string) {
  const file = path.join(SESSIONS, `${mobile}.json`);
  const useKept = async () => {
    const kept = await fs.readFile(file, "utf8").catch(() => null);
    if (!kept) return false;
    await page.context().addCookies([JSON.parse(kept)]);
    await page.goto("/");
    if ((await avatarMenu(page).count()) > 0) return true;
    await page.context().clearCookies({ name: TOKEN_COOKIE });
    return false;
  };
  if (await useKept()) return;
  // Journeys in parallel (the screens part, decision 060) sign a number in one at a time: a second
  // code for it within the minute would be refused. The one that waited uses the first one's session.
  await withFileLock(`${file}.lock`, async () => {
    if (await useKept()) return;
    await signIn(page, mobile);
    await expect(page).toHaveURL(/\/$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE);
    expect(cookie, "the sign-in sets the token cookie").toBeTruthy();
    await fs.writeFile(file, JSON.stringify(cookie));
  });
}

/** Runs `work` while holding a lock file (made exclusively; one older than a minute is taken as left behind). */
async function withFileLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  await fs.mkdir(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      await (await fs.open(lock, "wx")).close();
      break;
    } catch {
      const made = await fs.stat(lock).then(
        (s) => s.mtimeMs,
        () => 0,
      );
      if (made && Date.now() - made > 60_000) await fs.rm(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

/** Opens the avatar menu (a <details>: its <summary> toggles it, with or without JavaScript). */
export async function openAvatarMenu(page: Page): Promise<Locator> {
  await ready(page);
  const menu = avatarMenu(page);
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  return menu;
}

/** Logs out through the avatar menu; ends on /login. */
export async function logout(page: Page) {
  const menu = await openAvatarMenu(page);
  await menu.getByRole("button", { name: "退出登录" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
}

export { languageCookie, sessionCookie } from "../signed-cookies";

/** What a cookie the site signed holds (decision 042); null when its signature is not the server's, undefined when absent. */
export async function cookieValue(page: Page, name: string) {
  const raw = (await page.context().cookies()).find((c) => c.name === name)?.value;
  return raw === undefined ? undefined : cookiePayload(name, raw);
}

/**
 * A call to the platform API as the web client (in Chinese), as `token`'s account when given;
 * expects a 2xx answer (the body is in the failure's message) and returns its `data`.
 */
export async function api<T>(
  request: APIRequestContext,
  method: "GET" | "POST" | "PUT" | "PATCH",
  path: string,
  token?: string | null,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { "Client-Type": "web", "Accept-Language": "zh" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await request.fetch(`/api${path}`, { method, headers, data: body });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A GET of the platform API (see api). */
export const apiGet = <T>(request: APIRequestContext, path: string, token?: string) => api<T>(request, "GET", path, token);

/**
 * No accessibility violation of any impact (axe-core; issue 14 asks this of every journey page).
 * With JavaScript it first waits until the success notices have closed by themselves and the
 * route-change bar has finished (it has no accessible name while shown). axe is a script: without
 * JavaScript the same address is checked as served, in a context that runs axe but blocks the
 * page's own scripts, so it never hydrates. `exclude` leaves shared parts to their own journeys.
 */
export async function expectAccessible(page: Page, options: { exclude?: string[]; soft?: boolean; label?: string } = {}) {
  let target = page;
  let close = async () => {};
  if (hasJs()) {
    await expect(page.locator('[data-testid="notices"] .ui-notice')).toHaveCount(0, { timeout: 10_000 });
    await expect(page.locator('.ui-progress:not([aria-hidden="true"])')).toHaveCount(0);
  } else {
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
    target = await context.newPage();
    await target.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
    await target.goto(page.url());
    close = () => context.close();
  }
  try {
    let builder = new AxeBuilder({ page: target });
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const results = await builder.analyze();
    (options.soft ? expect.soft : expect)(
      results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
      options.label ? `${options.label}: axe` : undefined,
    ).toEqual([]);
  } finally {
    await close();
  }
}

/**
 * Opens a section of the conference editor (a page of its own, `?section=`) as an organiser does:
 * by its link in the section index (laptop width: the column beside the form).
 */
export async function openEditorSection(page: Page, label: string) {
  await ready(page);
  const link = page.locator(".ui-edit-nav").getByRole("link", { name: label, exact: true });
  await link.click();
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: label, exact: true })).toBeVisible();
  await ready(page);
}
