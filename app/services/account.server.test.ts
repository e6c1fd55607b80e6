import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "../../platform/testing";
import { appOnPlatform } from "../../tests/app-on-platform";
import { tokenCookie } from "../../tests/signed-cookies";
import { loadSession } from "./account.server";
import { requireAccount } from "./guard.server";
import { PAGE_REQUEST_HEADER } from "./page-request.server";
import { callPlatform } from "./platform.server";

/**
 * The header's session and a page's account (issue 16): one platform call per page request,
 * however many loaders ask, against a real platform over HTTP.
 */
let p: TestPlatform;
let app: Awaited<ReturnType<typeof appOnPlatform>>;
let token: string;

beforeAll(async () => {
  app = await appOnPlatform();
  p = app.p;
  token = await p.signIn("13955550001", "壳测试");
});

afterAll(() => app?.close());

/**
 * The request each loader of one page gets: Remix makes a Request object per loader, each carrying
 * the mark the server gave the page request (absent: a request of its own).
 */
const page = (cookie?: string, mark: string | null = crypto.randomUUID()) => {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  if (mark) headers[PAGE_REQUEST_HEADER] = mark;
  return () => new Request("http://conf.test/manage", { headers });
};
const callsSince = (from: number) => app.server.seen.slice(from).filter((line) => !line.includes("/login"));

describe("the signed-in shell", () => {
  it("asks the platform once per page request, for the header and the page's own check alike", async () => {
    const loader = page(tokenCookie(token));
    const from = app.server.seen.length;
    const [{ session, setCookie }, account, again] = await Promise.all([loadSession(loader()), requireAccount(loader()), requireAccount(loader())]);
    expect(callsSince(from)).toEqual(["GET /api/account/shell"]);
    expect(session).toMatchObject({ isLogin: true, groupId: null, noticesUnread: 0, messagesUnread: 0, certification: false });
    expect(session.auth).toMatchObject({ mobile: "13955550001", name: "壳测试" });
    expect(setCookie).toBeNull();
    expect(account).toEqual(session.auth);
    expect(again).toBe(account);
    // The next request asks again: nothing is kept between requests.
    await loadSession(page(tokenCookie(token))());
    expect(callsSince(from)).toEqual(["GET /api/account/shell", "GET /api/account/shell"]);
  });

  it("shares nothing between requests the server did not mark as one, unless they are the same object", async () => {
    const from = app.server.seen.length;
    const unmarked = page(tokenCookie(token), null);
    const one = unmarked();
    await Promise.all([loadSession(one), requireAccount(one), loadSession(unmarked())]);
    expect(callsSince(from)).toEqual(["GET /api/account/shell", "GET /api/account/shell"]);
  });

  it("asks again after a call that may change the account, as the loaders after an action must see it", async () => {
    const loader = page(tokenCookie(token));
    expect((await requireAccount(loader())).defaultType).toBe(0);
    const from = app.server.seen.length;
    const changed = await callPlatform(loader(), "/account/language", { method: "PUT", body: { defaultType: 1 } });
    expect(changed.ok).toBe(true);
    const { session } = await loadSession(loader());
    expect(session.auth?.defaultType).toBe(1);
    expect(callsSince(from)).toEqual(["PUT /api/account/language", "GET /api/account/shell"]);
  });

  it("signs a stale token out quietly in the header, and sends the page's check to the login", async () => {
    const request = page(tokenCookie("x".repeat(40)))();
    const { session, setCookie } = await loadSession(request);
    expect(session.isLogin).toBe(false);
    expect(setCookie).toMatch(/^ACCESS_TOKEN=;/);
    const refused = await requireAccount(request).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("Location")).toMatch(/^\/login\?redirect=%2Fmanage/);
    expect((refused as Response).headers.get("Set-Cookie")).toMatch(/^ACCESS_TOKEN=;/);
  });

  it("asks nothing without a token", async () => {
    const from = app.server.seen.length;
    expect((await loadSession(page()())).session.isLogin).toBe(false);
    expect(callsSince(from)).toEqual([]);
  });
});
