/**
 * What every page of the production build tells the browser and the caches (decision 022):
 * a CSP whose nonce is on every inline script and new each time, no framing, no sniffing, a
 * referrer policy, HSTS over https only; signed-in answers `private, no-store` whatever the route
 * said; public pages cacheable without Set-Cookie once the visitor has the language cookie.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastOutboxCode } from "../platform/providers/sms-outbox";
import { openProductionApp, type ProductionApp } from "./production-app";
import { requestCode } from "./sign-in-code";
import { cookiePayload, langCookie, tokenCookie } from "./signed-cookies";

let app: ProductionApp;
let token: string;

beforeAll(async () => {
  app = await openProductionApp({ seed: false, prefix: "headers-test-" });
  const mobile = "13712345678";
  const call = (method: string, url: string, body?: unknown) =>
    app.handle(
      new Request(`http://localhost/api${url}`, {
        method,
        headers: { "Client-Type": "web", "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  await requestCode((url, init) => app.handle(new Request(`http://localhost${url}`, init)), mobile);
  const code = await lastOutboxCode(path.join(app.dataDir, "sms-outbox.jsonl"), mobile);
  const registered = (await (await call("PUT", "/login", { mobile, code, name: "头部测试", agree: true })).json()) as { data: { token: string } };
  token = registered.data.token;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const get = (url: string, cookie?: string) => app.handle(new Request(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" }));

describe("response headers", () => {
  it("a document carries the security headers, and its inline scripts this response's nonce", async () => {
    const first = await get("http://localhost/", langCookie("zh"));
    const second = await get("http://localhost/", langCookie("zh"));
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline.filter((a) => !/type="application\/(ld\+)?json"/.test(a))) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("HSTS over https", async () => {
    const res = await get("https://localhost/", langCookie("zh"));
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });

  it("an anonymous public page is cacheable and sets no cookie once the language cookie is there; before, it is private", async () => {
    const returning = await get("http://localhost/", langCookie("zh"));
    expect(returning.headers.get("cache-control")).toMatch(/\bpublic\b/);
    expect(returning.headers.getSetCookie()).toEqual([]);
    const first = await get("http://localhost/");
    expect(first.headers.getSetCookie()).toEqual([`${langCookie("zh")}; Max-Age=31536000; Path=/; SameSite=Lax`]);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
  });

  it("ACCESS_TOKEN and isEnglish reach the browser signed (decision 042), with the spec's lifetimes; unsigned or forged ones count as absent", async () => {
    const mobile = "13712345679";
    const page = (url: string, init?: RequestInit) => app.handle(new Request(`http://localhost${url}`, init));
    await requestCode(page, mobile);
    const code = await lastOutboxCode(path.join(app.dataDir, "sms-outbox.jsonl"), mobile);
    const body = new URLSearchParams({
      intent: "register",
      mode: "register",
      mobile,
      code: code!,
      name: "签名测试",
      agree: "on",
      rememberMe: "on",
      redirectTo: "/",
    });
    const signedUp = await page("/login", {
      method: "POST",
      body,
      headers: { Host: "localhost", Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(signedUp.status).toBe(302);
    const setCookies = signedUp.headers.getSetCookie();
    const token = setCookies.find((c) => c.startsWith("ACCESS_TOKEN="))!;
    const value = /^ACCESS_TOKEN=([^;]+)/.exec(token)![1];
    expect(cookiePayload("ACCESS_TOKEN", value)).toMatch(/^[A-Za-z0-9_-]{20,200}$/);
    expect(token).toBe(`${tokenCookie(cookiePayload("ACCESS_TOKEN", value)!)}; Max-Age=2678400; Path=/; HttpOnly; SameSite=Lax`);
    expect(setCookies).toContain(`${langCookie("zh")}; Max-Age=31536000; Path=/; SameSite=Lax`);

    const signedIn = await get("http://localhost/account/settings", `${langCookie("zh")}; ACCESS_TOKEN=${value}`);
    expect(signedIn.status).toBe(200);
    // The same token unsigned, or its signature on another token: signed out (to the login page), never an error.
    const raw = cookiePayload("ACCESS_TOKEN", value)!;
    for (const forged of [`ACCESS_TOKEN=${raw}`, `ACCESS_TOKEN=${raw.slice(0, -1)}${raw.endsWith("a") ? "b" : "a"}.${value.split(".")[1]}`]) {
      const refused = await get("http://localhost/account/settings", `${langCookie("zh")}; ${forged}`);
      expect(refused.status, forged).toBe(302);
      expect(refused.headers.get("location")).toMatch(/^\/login/);
    }
    // An unsigned isEnglish=1 is no language: Chinese, and a signed cookie in its place.
    const unsigned = await get("http://localhost/", "isEnglish=1");
    expect(unsigned.status).toBe(200);
    expect(await unsigned.text()).toContain('<html lang="zh-CN"');
    expect(unsigned.headers.getSetCookie()).toEqual([`${langCookie("zh")}; Max-Age=31536000; Path=/; SameSite=Lax`]);
    const english = await get("http://localhost/", langCookie("en"));
    expect(await english.text()).toContain('<html lang="en"');
  });

  it("every signed-in page and data answer is private, no-store", async () => {
    const cookie = `${langCookie("zh")}; ${tokenCookie(token)}`;
    const pages = ["/", "/manage", "/attend", "/account/settings", "/create", "/organization", "/form/edit", "/search?keyword=会议"];
    for (const url of pages) {
      const res = await get(`http://localhost${url}`, cookie);
      expect(res.status, url).toBeLessThan(400);
      expect(res.headers.get("cache-control"), url).toBe("private, no-store");
      const data = await get(`http://localhost${url === "/" ? "/_root" : url.split("?")[0]}.data`, cookie);
      expect(data.headers.get("cache-control"), `${url} data`).toBe("private, no-store");
    }
  });
});
