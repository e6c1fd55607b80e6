import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeWeChat, startFakeWeChat } from "../../platform/providers/fake-wechat";
import { wechatProvider } from "../../platform/providers/wechat";
import { setupConference } from "../../platform/services/registration-fixtures";
import type { TestPlatform } from "../../platform/testing";
import { appOnPlatform } from "../../tests/app-on-platform";
import { langCookie } from "../../tests/signed-cookies";
import { SignInRefused, signInWith } from "./auth.server";
import { pageTicket } from "./sign-in.server";

/**
 * Each sign-in strategy as a route uses it, against a real platform over HTTP (PLATFORM_API_URL)
 * and the fake WeChat: what it answers, what it refuses and how, what it sends the browser.
 */
let p: TestPlatform;
let fake: FakeWeChat;
let app: Awaited<ReturnType<typeof appOnPlatform>>;
const SITE = "http://conf.test";
const CLIENT = "203.0.113.90";

beforeAll(async () => {
  fake = await startFakeWeChat();
  app = await appOnPlatform(
    { wechat: wechatProvider({ appId: fake.appId, appSecret: fake.appSecret, oauthBase: fake.url, apiBase: fake.url }) },
    { WECHAT_APP_ID: fake.appId, WECHAT_OAUTH_URL: fake.url, COOKIE_SECURE: undefined },
  );
  p = app.p;
});

afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const posted = (path: string, fields: Record<string, string>, lang: "zh" | "en" = "zh") =>
  new Request(`${SITE}${path}`, { method: "POST", headers: { "X-Forwarded-For": CLIENT, Cookie: langCookie(lang) }, body: new URLSearchParams(fields) });

async function codeFor(mobile: string) {
  const code = await p.code(mobile);
  if (!code) throw new Error(`no code in the outbox for ${mobile}`);
  return code;
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignInRefused);
  return error as SignInRefused;
};

describe("the page's send ticket", () => {
  it("comes from the platform, for this browser's address", async () => {
    const request = new Request(`${SITE}/login`, { headers: { "X-Forwarded-For": CLIENT } });
    const ticket = await pageTicket(request, "send");
    expect(ticket).toMatch(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/);
    expect((await p.call("GET", `/login?mobile=13922229001&ticket=${ticket}`, { client: "198.51.100.9" })).status).toBe(400);
    expect((await p.call("GET", `/login?mobile=13922229001&ticket=${ticket}`, { client: CLIENT })).status).toBe(200);
  });
});

describe("code strategy (mobile and code)", () => {
  it("refuses a wrong code next to the field, in the user's language, with the number kept", async () => {
    const mobile = "13922229002";
    await p.sendCode(mobile, { client: CLIENT });
    for (const [lang, text] of [
      ["zh", "验证码错误"],
      ["en", "Wrong or expired code"],
    ] as const) {
      const refused = await refusal(signInWith("code", posted("/login", { mode: "login", mobile, code: "000000" }, lang)));
      expect(refused.reply.initialValue).toMatchObject({ mobile });
      expect(String(refused.reply.error?.code ?? refused.reply.error?.[""])).toContain(text);
    }
    // A form the schema refuses never reaches the platform: its keys, the number kept.
    const bad = await refusal(signInWith("code", posted("/login", { mode: "login", mobile, code: "12" })));
    expect(bad.reply.error?.code).toEqual(["validation.codeInvalid"]);
    expect(bad.reply.initialValue).toMatchObject({ mobile });
  });

  it("registers with the platform's code and answers the token, rememberMe and the account; an unknown number says so", async () => {
    const mobile = "13922229003";
    await p.sendCode(mobile, { client: CLIENT });
    const code = await codeFor(mobile);
    const unknown = await refusal(signInWith("code", posted("/login", { mode: "login", mobile, code })));
    expect(unknown.code).toBe(1001);
    const signIn = await signInWith("code", posted("/login", { mode: "register", mobile, code, name: "策略", agree: "on", rememberMe: "on" }));
    expect(signIn).toMatchObject({ via: "code", remember: true, account: { mobile, name: "策略" } });
    expect(signIn.token).toMatch(/^[A-Za-z0-9_-]{20,200}$/);
  });
});

describe("quick strategy (sign-in on a conference page)", () => {
  it("signs an account in, and sends a number without one to registration", async () => {
    const { conference } = await setupConference(p);
    const conferenceId = String(conference.id);
    const known = "13922229003";
    // Its first code was a minute ago at most (one a minute per number).
    p.advance(61_000);
    await p.sendCode(known, { client: CLIENT });
    const signIn = await signInWith("quick", posted(`/attend/${conferenceId}`, { intent: "quick", mobile: known, code: await codeFor(known), conferenceId }));
    expect(signIn.token).toMatch(/^[A-Za-z0-9_-]{20,200}$/);
    const fresh = "13922229004";
    await p.sendCode(fresh, { client: CLIENT });
    const unknown = await signInWith("quick", posted(`/attend/${conferenceId}`, { intent: "quick", mobile: fresh, code: await codeFor(fresh), conferenceId }));
    expect(unknown).toEqual({ via: "quick", token: null, mobile: fresh });
  });
});

describe("claim strategy", () => {
  it("a registration that is not there is said in the user's language", async () => {
    const mobile = "13922229005";
    await p.sendCode(mobile, { client: CLIENT });
    const refused = await refusal(signInWith("claim", posted("/attend/claime/987654", { intent: "claim", mobile, code: await codeFor(mobile) }, "en")));
    expect(refused.reply.error?.[""]).toEqual(["No registration to claim was found for this mobile number."]);
    expect(refused.reply.initialValue).toMatchObject({ mobile });
  });
});

describe("WeChat strategy (remix-auth-oauth2 in WeChat's words)", () => {
  const start = async (redirectTo = "/") => {
    const answer = await signInWith("wechat", new Request(`${SITE}/login/wechat`), { redirectTo }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(answer).toBeInstanceOf(Response);
    return answer as Response;
  };

  it("sends the browser to the QR page with appid, no client_id and no PKCE, and #wechat_redirect; the state in a cookie of its path", async () => {
    const response = await start("/attend/3");
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${fake.url}/connect/qrconnect`);
    expect(url.hash).toBe("#wechat_redirect");
    const query = Object.fromEntries(url.searchParams);
    expect(Object.keys(query).sort()).toEqual(["appid", "redirect_uri", "response_type", "scope", "state"]);
    expect(query).toMatchObject({
      appid: fake.appId,
      redirect_uri: `${SITE}/login/wechat/callback?redirect=%2Fattend%2F3`,
      response_type: "code",
      scope: "snsapi_login",
    });
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__wechat:[0-9a-f-]{36}=state=/);
    expect(cookie).toContain(`state=${query.state}`);
    expect(cookie).toMatch(/; Path=\/login\/wechat/);
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("comes back through the fake WeChat: the platform exchanges the code; a new identity gets a bind ticket, a bound one the token", async () => {
    const trip = async () => {
      const response = await start();
      const cookie = response.headers.get("set-cookie")!.split(";")[0];
      const qr = await fetch(response.headers.get("location")!, { redirect: "manual" });
      const back = qr.headers.get("location")!;
      expect(back.startsWith(`${SITE}/login/wechat/callback?`)).toBe(true);
      return { back, cookie };
    };
    const first = await trip();
    const bind = await signInWith("wechat", new Request(first.back, { headers: { Cookie: first.cookie } }));
    expect(bind).toMatchObject({ via: "wechat", token: null, nickname: "微信用户" });
    if (bind.token !== null) throw new Error("expected a bind ticket");
    const mobile = "13922229006";
    await p.sendCode(mobile, { client: CLIENT });
    await signInWith(
      "code",
      posted("/login", { mode: "register", mobile, code: await codeFor(mobile), name: "九号", agree: "on", bindTicket: bind.bindTicket }),
    );
    const again = await trip();
    const signIn = await signInWith("wechat", new Request(again.back, { headers: { Cookie: again.cookie } }));
    expect(signIn).toMatchObject({ via: "wechat", account: { mobile, wechatBound: true } });
  });

  it("refuses a state that is not this browser's, and a trip without its cookie", async () => {
    const response = await start();
    const cookie = response.headers.get("set-cookie")!.split(";")[0];
    const other = await start();
    const state = new URL(other.headers.get("location")!).searchParams.get("state");
    const code = fake.issueCode("fake-openid-1");
    await expect(
      signInWith("wechat", new Request(`${SITE}/login/wechat/callback?code=${code}&state=${state}`, { headers: { Cookie: cookie } })),
    ).rejects.toThrow(RangeError);
    await expect(signInWith("wechat", new Request(`${SITE}/login/wechat/callback?code=${code}&state=${state}`))).rejects.toThrow(ReferenceError);
    // The user said no: WeChat comes back with the state only. The callback route tells this apart by the library's message.
    const mine = new URL(response.headers.get("location")!).searchParams.get("state");
    await expect(signInWith("wechat", new Request(`${SITE}/login/wechat/callback?state=${mine}`, { headers: { Cookie: cookie } }))).rejects.toThrow(
      new ReferenceError("Missing code in the URL"),
    );
  });
});
