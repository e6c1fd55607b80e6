/**
 * Bad input against the production server as a browser meets it (server/app-server.js over
 * the production build, on a loopback port): huge and malformed ids on every page, odd paths,
 * redirect targets outside Latin-1, posts from other sites, bodies over the limits.
 * Nothing may answer 500, redirect off-site, or sign anyone in from another site.
 */
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProductionApp, type ProductionApp } from "./production-app";
import { requestCode } from "./sign-in-code";
import { langCookie, tokenCookie } from "./signed-cookies";

let app: ProductionApp;
let build: ServerBuild;
let dataDir = "";
let server: http.Server;
let base = "";
let token = "";
const MOBILE = "13912340001";

beforeAll(async () => {
  Object.assign(process.env, { PAGE_CACHE_SECONDS: "0", NODE_ENV: "production" });
  app = await openProductionApp({ seed: false, prefix: "bad-input-test-" });
  build = app.build;
  dataDir = app.dataDir;
  const { createAppServer } = await import("../server/app-server.js");
  server = createAppServer({ build, mode: "production", env: { ...process.env, APP_HOST: "conf.example.cn" } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = await register(MOBILE);
}, 90_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  server?.closeAllConnections();
  await app?.close();
});

/** A signed-out browser on this server. */
const browser = (url: string, init?: RequestInit) => fetch(base + url, init);

async function lastCode(mobile: string) {
  const lines = fs.readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  return lines
    .map((line) => JSON.parse(line) as { mobile: string; code: string })
    .filter((line) => line.mobile === mobile)
    .at(-1)!.code;
}

async function register(mobile: string) {
  await requestCode(browser, mobile);
  const response = await fetch(`${base}/api/login`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mobile, code: await lastCode(mobile), name: "测试", agree: true }),
  });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

const signedIn = () => ({ Cookie: tokenCookie(token) });
const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(base + url, { redirect: "manual", headers: { Accept: "text/html", ...signedIn(), ...headers } });
const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(base + url, { method: "POST", redirect: "manual", body, headers: { Accept: "text/html", ...headers } });
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("ids no page has", () => {
  it("every page with a parameter answers 4xx (or its own page), never 500, for ids past int4, negative, fractional, exponent, non-digit", async () => {
    const patterns = Object.keys(build.routes)
      .filter((id) => id !== "root" && (build.routes[id].module as { loader?: unknown }).loader)
      .map((id) => app.fullPath(id))
      .filter((pattern) => pattern.includes(":"));
    expect(patterns.length).toBeGreaterThan(30);
    for (const pattern of patterns) {
      for (const bad of ["2147483648", "-1", "1.5", "abc", "1e3", "%E4%B8%AD%E6%96%87"]) {
        const url = pattern.replace(/:[A-Za-z]+\??/g, bad);
        const response = await get(url);
        await response.arrayBuffer();
        expect(response.status, `${url}`).toBeLessThan(500);
      }
    }
  }, 180_000);

  it("organiser pages with a huge id are the not-found page in the visitor's language", async () => {
    for (const url of [
      "/manage/applicant/2147483648",
      "/manage/edit/2147483648",
      "/manage/payment/99999999999",
      "/conf/2147483648",
      "/form/detail?id=2147483648",
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      const html = await response.text();
      expect(html, url).toContain("<html");
      expect(html, url).not.toContain("Not Found");
    }
  });

  it("ids in form posts are a 4xx, not a database error", async () => {
    for (const [url, fields] of [
      ["/attend", { intent: "cancel", id: "2147483648", confirmed: "1" }],
      ["/account/messages", { kind: "notices", id: "1e3" }],
      ["/attend/hotel/1", { intent: "cancel", id: "-1", confirmed: "1" }],
    ] as const) {
      const response = await post(url, form(fields), { ...signedIn(), Origin: base });
      await response.arrayBuffer();
      expect(response.status, url).toBeLessThan(500);
    }
  });

  it("a post no form of ours makes is a 400 page that speaks the visitor's language, not an English library word", async () => {
    const response = await post("/attend/travel/1", form({ intent: "forged" }), {
      ...signedIn(),
      Origin: base,
      Cookie: `${tokenCookie(token)}; ${langCookie("zh")}`,
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    // What the page shows (its scripts carry the thrown text for hydration, not for reading).
    const shown = html.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).toContain("无法处理这个请求");
    expect(shown).not.toContain("Bad request");
  });

  it("page=1e20 and 1e309 on the lists are a page", async () => {
    for (const url of [
      "/search?page=1e20",
      "/liveStreaming?page=1e309",
      "/manage?page=1e20",
      "/attend?page=1e309",
      "/account/messages?page=1e20",
      "/orgList?page=1e20",
      "/search/reference?page=1e309",
    ]) {
      const response = await get(url);
      await response.arrayBuffer();
      expect(response.status, url).toBe(200);
    }
  });

  it("a NUL in a search keyword is a normal page without NUL bytes", async () => {
    const response = await get("/search?keyword=a%00b");
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.includes(0)).toBe(false);
  });
});

describe("odd paths", () => {
  it("never 500 and never leave the site", async () => {
    for (const url of ["/%5C", "/%5C%5Cevil.example", "//evil.example", "/%2F%2Fevil", "//evil.example/%2E%2E", "/%2F%5Cevil.example", "/%zz"]) {
      const response = await get(url);
      await response.arrayBuffer();
      expect(response.status, url).toBeLessThan(500);
      const location = response.headers.get("location");
      if (location) expect(new URL(location, base).origin, url).toBe(base);
    }
  });
});

describe("redirect targets outside Latin-1", () => {
  it("are percent-encoded in Location, and stay on the site", async () => {
    const language = await post("/language", form({ lang: "en", redirectTo: "/中文?q=北京" }), { Origin: base });
    expect(language.status).toBe(302);
    expect(language.headers.get("location")).toBe("/%E4%B8%AD%E6%96%87?q=%E5%8C%97%E4%BA%AC");
    const away = await post("/language", form({ lang: "en", redirectTo: "//evil.example/中文" }), { Origin: base });
    expect(away.headers.get("location")).toBe("/");
    for (const url of ["/login?redirect=/%E4%B8%AD%E6%96%87", "/login?redirectTo=/%E4%B8%AD%E6%96%87"]) {
      const page = await get(url, { Cookie: "" });
      await page.arrayBuffer();
      expect(page.status, url).toBe(200);
    }
  });

  it("after signing in, the way back to /中文 is an encoded same-site Location", async () => {
    const mobile = "13912340002";
    await requestCode(browser, mobile);
    const response = await post("/login", form({ mode: "register", mobile, code: await lastCode(mobile), name: "测试", agree: "on", redirectTo: "/中文" }), {
      Origin: base,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/%E4%B8%AD%E6%96%87");
  });
});

describe("posts from other sites", () => {
  const evil = { Origin: "https://evil.example" };

  it("login, logout, language and an organiser form answer 403 and change nothing", async () => {
    const mobile = "13912340003";
    await requestCode(browser, mobile);
    const code = await lastCode(mobile);
    const signUp = form({ mode: "register", mobile, code, name: "测试", agree: "on" });
    for (const url of ["/login?_data=routes%2Flogin", "/login.data", "/login"]) {
      const response = await post(url, signUp, evil);
      expect(response.status, url).toBe(403);
      expect(response.headers.get("set-cookie"), url).toBeNull();
      expect(await response.text(), url).toContain("该请求来自其他网站");
    }
    for (const [url, headers] of [
      ["/logout", { ...evil, ...signedIn() }],
      ["/language", { Referer: "https://evil.example/page" }],
      ["/manage/edit/1", { ...evil, ...signedIn() }],
      ["/attend", { Origin: "null", ...signedIn() }],
      ["/login", { ...evil, "X-Forwarded-Host": "evil.example" }],
    ] as const) {
      const response = await post(url, form({ intent: "basics", lang: "en" }), headers);
      expect(response.status, url).toBe(403);
      expect(response.headers.get("set-cookie"), url).toBeNull();
    }
    // The code was not used up by the refused posts: the same code signs in from this site.
    const ours = await post("/login", signUp, { Origin: base });
    expect(ours.status).toBe(302);
    expect(ours.headers.get("set-cookie")).toContain("ACCESS_TOKEN=");
  });

  it("same-origin posts, the configured host, and bearer callers keep working; gateway notices come from anywhere", async () => {
    const language = await post("/language", form({ lang: "en", redirectTo: "/" }), { Origin: base });
    expect(language.status).toBe(302);
    expect(language.headers.get("set-cookie")).toContain(`${langCookie("en")};`);
    const configured = await post("/language", form({ lang: "zh" }), { Origin: "https://conf.example.cn" });
    expect(configured.status).toBe(302);
    const bearer = await fetch(`${base}/api/account`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ name: "测试二" }),
    });
    expect(bearer.status).toBeLessThan(500);
    expect(bearer.status).not.toBe(403);
    const notice = await fetch(`${base}/api/alipay/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://openapi.alipay.com" },
      body: "out_trade_no=x",
    });
    expect(notice.status).toBe(200);
    expect(await notice.text()).toBe("failure");
  });
});

describe("bodies over the limits", () => {
  it("an oversized file on a form is a readable page in the visitor's language naming the limit", async () => {
    const big = new FormData();
    big.set("avatarFile", new Blob([new Uint8Array(12 * 1024 * 1024)], { type: "image/png" }), "big.png");
    for (const [cookie, text] of [
      ["", "上传的文件不能超过 10 MB"],
      [langCookie("en"), "An uploaded file may be at most 10 MB"],
    ] as const) {
      const response = await post("/account/settings", big, { Origin: base, Cookie: `${tokenCookie(token)}; ${cookie}`, Referer: `${base}/account/settings` });
      expect(response.status).toBe(413);
      const html = await response.text();
      expect(html).toContain(text);
      expect(html).toContain('href="/account/settings"');
    }
  });

  it("a chunked JSON body over 1 MB to /api is a 413 envelope", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 50 * 1024 * 1024) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const response = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body,
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 413, statusCode: 413, message: "提交的内容过大，最多 1 MB" });
  });

  it("malformed multipart on a page and on /api is a 4xx", async () => {
    for (const url of ["/login", "/api/login", "/api/alipay/notify", "/api/union/notify"]) {
      for (const type of ["multipart/form-data; boundary=XYZ", "multipart/form-data"]) {
        const response = await post(url, '--XYZ\r\nContent-Disposition: form-data; name="mobile"\r\n\r\n1\r\n--XY', { "Content-Type": type, Origin: base });
        await response.arrayBuffer();
        expect(response.status, `${url} ${type}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${url} ${type}`).toBeLessThan(500);
      }
    }
  });

  it("the server keeps serving", async () => {
    expect((await get("/")).status).toBe(200);
  });
});
