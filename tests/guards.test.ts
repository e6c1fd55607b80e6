/**
 * The guards and the one id answer, as a browser meets them on the production build
 * (docs/decisions/040-guards.md): a bad id is the same not-found page on every route, in the
 * visitor's language; signed out is the login redirect with the way back; a platform page for
 * someone without the role is the 403 page; another organiser's conference is not found.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTokenCookie } from "../app/services/session.server";
import { openProductionApp, type ProductionApp } from "./production-app";
import { requestCode } from "./sign-in-code";
import { langCookie } from "./signed-cookies";

const ADMIN = "13912340101";
const ORGANISER = "13912340102";
const OTHER = "13912340103";

let app: ProductionApp;
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};
let conferenceId = 0;

const fetcher = (url: string, init: RequestInit = {}) => app.fetch(url, init);

async function register(mobile: string) {
  await requestCode(fetcher, mobile);
  const lines = fs.readFileSync(path.join(app.dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  const code = lines
    .map((line) => JSON.parse(line) as { mobile: string; code: string })
    .filter((line) => line.mobile === mobile)
    .at(-1)!.code;
  const response = await fetcher("/api/login", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mobile, code, name: "测试", agree: true }),
  });
  const { data } = (await response.json()) as { data: { token: string } };
  tokens[mobile] = data.token;
  // The session cookie as the app itself writes it (however it is signed).
  return (await setTokenCookie(new Request("http://localhost/"), data.token, false)).split(";")[0];
}

/** A page as a browser of `who` (or signed out) asks for it, in `lang`. */
function page(url: string, who: string | null, lang: "zh" | "en" = "zh", init: RequestInit = {}) {
  const cookie = [who ? cookies[who] : "", langCookie(lang)].filter(Boolean).join("; ");
  return fetcher(url, { ...init, headers: { Accept: "text/html", Cookie: cookie, Origin: "http://localhost", ...(init.headers ?? {}) } });
}

const shown = async (response: Response) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

beforeAll(async () => {
  process.env.PLATFORM_ADMIN_MOBILES = ADMIN;
  app = await openProductionApp({ seed: false, prefix: "guards-test-" });
  for (const mobile of [ADMIN, ORGANISER, OTHER]) cookies[mobile] = await register(mobile);
  const created = await fetcher("/api/conference", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokens[ORGANISER]}` },
    body: JSON.stringify({ nameZh: "守卫测试会议", nameEn: "Guard test", startDate: "2030-05-01", endDate: "2030-05-02", cityZh: "北京" }),
  });
  conferenceId = ((await created.json()) as { data: { id: number } }).data.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("one id answer", () => {
  const BAD = ["abc", "-1", "1.5", "1e3", "2147483648", "99999999999"];
  const ROUTES = [
    "/manage/payment/",
    "/manage/applicant/",
    "/manage/edit/",
    "/manage/checkin/",
    "/attend/hotel/",
    "/attend/pay/",
    "/conf/",
    "/liveStreaming/detail/",
  ];

  it("is the not-found page, in the visitor's language, for every bad id on every route", async () => {
    for (const route of ROUTES) {
      for (const bad of BAD) {
        const zh = await page(route + bad, ORGANISER);
        expect(zh.status, route + bad).toBe(404);
        const text = await shown(zh);
        expect(text, route + bad).toContain("页面不存在");
        expect(text, route + bad).toContain("找不到该页面");
        const en = await page(route + bad, ORGANISER, "en");
        expect(en.status, route + bad).toBe(404);
        expect(await shown(en), route + bad).toContain("The Page Not Found");
      }
    }
  });

  it("is the same answer for a post to a bad id", async () => {
    for (const url of ["/manage/payment/1e3", "/attend/travel/-1", "/manage/checkin/abc"]) {
      const response = await page(url, ORGANISER, "zh", { method: "POST", body: new URLSearchParams({ intent: "save" }) });
      expect(response.status, url).toBe(404);
      expect(await shown(response), url).toContain("找不到该页面");
    }
  });
});

describe("guards", () => {
  const isLoginBack = (response: Response, back: string) => response.headers.get("location") === `/login?redirect=${encodeURIComponent(back)}`;

  it("signed in: signed out is sent to login with the way back, for pages and posts", async () => {
    for (const url of [
      `/manage/payment/${conferenceId}`,
      `/manage/applicant/${conferenceId}`,
      "/attend",
      "/organization/review",
      "/account/settings",
      `/attend/hotel/${conferenceId}`,
    ]) {
      const got = await page(url, null);
      expect(got.status, url).toBe(302);
      expect(isLoginBack(got, url), url).toBe(true);
      const posted = await page(url, null, "zh", { method: "POST", body: new URLSearchParams({ intent: "save" }) });
      expect(isLoginBack(posted, url), `POST ${url}`).toBe(true);
    }
  });

  it("signed in even with a bad id: the login comes first, the id after", async () => {
    const got = await page("/manage/payment/abc", null);
    expect(isLoginBack(got, "/manage/payment/abc")).toBe(true);
  });

  it("an account: a session the platform no longer knows goes to login and loses its cookie", async () => {
    const stale = (await setTokenCookie(new Request("http://localhost/"), "x".repeat(43), false)).split(";")[0];
    const got = await fetcher("/account/settings", { headers: { Accept: "text/html", Cookie: stale } });
    expect(got.status).toBe(302);
    expect(got.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent("/account/settings")}`);
    expect(got.headers.get("set-cookie") ?? "").toMatch(/ACCESS_TOKEN=;/);
  });

  it("a platform administrator: anyone else is refused with 403, the administrator gets the page", async () => {
    const refused = await page("/organization/review", OTHER);
    expect(refused.status).toBe(403);
    expect(await shown(refused)).toContain("没有权限");
    const posted = await page("/organization/review", OTHER, "zh", { method: "POST", body: new URLSearchParams({ id: "1", intent: "approve" }) });
    expect(posted.status).toBe(403);
    expect((await page("/organization/review", ADMIN)).status).toBe(200);
  });

  it("every platform administration screen: a signed-in non-administrator gets 403 on its page and its posts", async () => {
    const screens = Object.keys(app.build.routes)
      .map((id) => ({ pattern: app.fullPath(id), module: app.build.routes[id].module }))
      .filter(({ pattern }) => pattern === "/admin" || pattern.startsWith("/admin/") || pattern === "/organization/review");
    expect(screens.map(({ pattern }) => pattern)).toEqual(expect.arrayContaining(["/admin", "/admin/accounts", "/admin/accounts/:id", "/admin/disciplines"]));
    // Account 1 is the administrator, registered first.
    for (const { pattern, module } of screens) {
      const url = pattern.replace(/:[A-Za-z]+/g, "1");
      if (module.loader) {
        expect((await page(url, OTHER)).status, `GET ${url}`).toBe(403);
        expect((await page(url, ADMIN)).status, `GET ${url} as the administrator`).toBe(200);
      }
      if (module.action) {
        const posted = await page(url, OTHER, "zh", { method: "POST", body: new URLSearchParams({ intent: "grant", id: "1" }) });
        expect(posted.status, `POST ${url}`).toBe(403);
      }
    }
  });

  it("an organiser's conference: another account finds nothing there, the organiser finds the page", async () => {
    for (const route of [
      "/manage/payment/",
      "/manage/applicant/",
      "/manage/edit/",
      "/manage/checkin/",
      "/manage/statistics/",
      "/manage/viewPaper/",
      "/manage/report/",
    ]) {
      const other = await page(route + conferenceId, OTHER);
      expect(other.status, route).toBe(404);
      // The not-found page; its words are the platform's own for a miss (what it says today).
      expect(await shown(other), route).toContain("页面不存在");
      expect((await page(route + conferenceId, ORGANISER)).status, route).toBe(200);
    }
    const posted = await page(`/manage/payment/${conferenceId}`, OTHER, "zh", {
      method: "POST",
      body: new URLSearchParams({ intent: "payment:1", rowId: "1", state: "paid" }),
    });
    expect(posted.status).toBe(404);
  });
});
