import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePlatform, type TestPlatform, testPlatform } from "../../platform/testing";
import { TEST_SESSION_SECRET, tokenCookie } from "../../tests/signed-cookies";
import { loadSession } from "./account.server";
import { resetAppEnv } from "./env.server";
import { requireAccount } from "./guard.server";
import { resetSessionSecrets } from "./secret.server";

/**
 * The header's session and a page's account (issue 16): one platform call per page request,
 * however many loaders ask, against a real platform over HTTP.
 */
let p: TestPlatform;
let server: Awaited<ReturnType<typeof servePlatform>>;
let token: string;
const saved = { ...process.env };

beforeAll(async () => {
  p = await testPlatform();
  server = await servePlatform(p);
  Object.assign(process.env, { PLATFORM_API_URL: server.url, SESSION_SECRETS: TEST_SESSION_SECRET });
  resetAppEnv();
  resetSessionSecrets();
  token = await p.signIn("13955550001", "壳测试");
});

afterAll(async () => {
  process.env = { ...saved };
  resetAppEnv();
  resetSessionSecrets();
  await server?.close();
  await p?.close();
});

const page = (cookie?: string) => new Request("http://conf.test/manage", { headers: cookie ? { Cookie: cookie } : {} });
const callsSince = (from: number) => server.seen.slice(from).filter((line) => !line.includes("/login"));

describe("the signed-in shell", () => {
  it("asks the platform once per page request, for the header and the page's own check alike", async () => {
    const request = page(tokenCookie(token));
    const from = server.seen.length;
    const [{ session, setCookie }, account, again] = await Promise.all([loadSession(request), requireAccount(request), requireAccount(request)]);
    expect(callsSince(from)).toEqual(["GET /api/account/shell"]);
    expect(session).toMatchObject({ isLogin: true, groupId: null, noticesUnread: 0, messagesUnread: 0, certification: false });
    expect(session.auth).toMatchObject({ mobile: "13955550001", name: "壳测试" });
    expect(setCookie).toBeNull();
    expect(account).toEqual(session.auth);
    expect(again).toBe(account);
    // The next request asks again: nothing is kept between requests.
    await loadSession(page(tokenCookie(token)));
    expect(callsSince(from)).toEqual(["GET /api/account/shell", "GET /api/account/shell"]);
  });

  it("signs a stale token out quietly in the header, and sends the page's check to the login", async () => {
    const request = page(tokenCookie("x".repeat(40)));
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
    const from = server.seen.length;
    expect((await loadSession(page())).session.isLogin).toBe(false);
    expect(callsSince(from)).toEqual([]);
  });
});
