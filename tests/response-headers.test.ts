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
    const first = await get("http://localhost/", "isEnglish=0");
    const second = await get("http://localhost/", "isEnglish=0");
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
    const res = await get("https://localhost/", "isEnglish=0");
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });

  it("an anonymous public page is cacheable and sets no cookie once the language cookie is there; before, it is private", async () => {
    const returning = await get("http://localhost/", "isEnglish=0");
    expect(returning.headers.get("cache-control")).toMatch(/\bpublic\b/);
    expect(returning.headers.getSetCookie()).toEqual([]);
    const first = await get("http://localhost/");
    expect(first.headers.getSetCookie().join()).toMatch(/isEnglish=0/);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
  });

  it("every signed-in page and data answer is private, no-store", async () => {
    const cookie = `isEnglish=0; ACCESS_TOKEN=${token}`;
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
