/**
 * Walks every route of the production build, anonymous and signed in (platform administrator,
 * organiser of the demo conferences, attendee), over the demo dataset, for the document and
 * its single-fetch data request, and checks the raw bytes of every answer: no NUL byte and no
 * U+FFFD (the demo data holds neither), whatever the page's length. The long conference pages
 * carry Chinese text across dozens of 2048-byte boundaries (decision 015).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../platform/db/seed";
import { lastOutboxCode } from "../platform/providers/sms-outbox";
import { garbledBytes } from "./e2e/garbled";
import { openProductionApp, type ProductionApp } from "./production-app";
import { requestCode } from "./sign-in-code";
import { langCookie, tokenCookie } from "./signed-cookies";

let app: ProductionApp;

beforeAll(async () => {
  app = await openProductionApp({ seed: true, prefix: "raw-bytes-test-" });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const BASE = "http://localhost";
/** Answers a browser reads as text (documents, single-fetch data, feeds, styles): binary exports are left out. */
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml))/;

/** Every GET page of the manifest, with the demo's first conference (or row) for each parameter. */
function pages(): { url: string; document: boolean }[] {
  const urls = new Map<string, boolean>(
    ["/", "/1", "/2", "/conf/1", "/search?keyword=北京", "/schedule?keyword=会议", "/search/reference?keyword=大学"].map((url) => [url, true]),
  );
  for (const id of Object.keys(app.build.routes)) {
    const module = app.build.routes[id].module as { loader?: unknown; default?: unknown };
    // Resource routes (exports, feeds, files) answer what they answer: their text types are checked below.
    if (id === "root" || !module.loader) continue;
    const pattern = app.fullPath(id);
    if (pattern.startsWith("/api") || pattern.includes("*")) continue;
    const url = pattern.replace(/:result\?/, "success").replace(/:[A-Za-z]+\??/g, "1");
    urls.set(url, Boolean(module.default));
  }
  return [...urls].map(([url, document]) => ({ url, document }));
}

/** A platform session of a demo account, through the sign-in calls (code from the SMS outbox). */
async function tokenOf(mobile: string): Promise<string> {
  await requestCode((url, init) => app.handle(new Request(BASE + url, init)), mobile);
  const code = await lastOutboxCode(path.join(app.dataDir, "sms-outbox.jsonl"), mobile);
  expect(code, `a code for ${mobile}`).toBeTruthy();
  const res = await app.handle(
    new Request(`${BASE}/api/login`, {
      method: "POST",
      headers: { "Client-Type": "web", "Content-Type": "application/json" },
      body: JSON.stringify({ mobile, code }),
    }),
  );
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/** The data request of a document URL, as the browser's single fetch asks for it. */
const dataUrl = (url: string) => {
  const [pathname, search = ""] = url.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
};

async function walk(cookie: string | null) {
  const findings: string[] = [];
  let bytes = 0;
  let longest = 0;
  for (const { url, document } of pages()) {
    // A page's single-fetch data request too; a resource route has none.
    for (const target of document ? [url, dataUrl(url)] : [url]) {
      const headers = new Headers({ "Accept-Language": "zh-CN" });
      if (cookie) headers.set("Cookie", cookie);
      const res = await app.handle(new Request(`${BASE}${encodeURI(target)}`, { headers, redirect: "manual" }));
      const body = new Uint8Array(await res.arrayBuffer());
      if (!TEXT_TYPE.test(res.headers.get("content-type") ?? "")) continue;
      bytes += body.length;
      longest = Math.max(longest, body.length);
      const found = garbledBytes(body);
      if (found.length) findings.push(`${target} (${res.status}): ${found.join(", ")}`);
    }
  }
  return { findings, bytes, longest };
}

describe("raw bytes of every page", () => {
  it.each([
    ["anonymous", null],
    ["platform administrator", demoAccounts.admin.mobile],
    ["organiser", demoAccounts.organiser.mobile],
    ["attendee", demoAccounts.attendee.mobile],
  ])(
    "%s: no NUL and no U+FFFD in any document or data answer",
    async (_who, mobile) => {
      const cookie = mobile ? `${tokenCookie(await tokenOf(mobile))}; ${langCookie("zh")}` : null;
      const { findings, bytes, longest } = await walk(cookie);
      expect(findings).toEqual([]);
      // The walk covered long Chinese pages, not only short error pages.
      expect(longest).toBeGreaterThan(30 * 2048);
      expect(bytes).toBeGreaterThan(500_000);
    },
    180_000,
  );
});
