import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWeChat, type FakeWeChat } from "./fake-wechat";
import { WeChatError, wechatProvider } from "./wechat";

let fake: FakeWeChat;

beforeAll(async () => {
  fake = await startFakeWeChat({
    users: { alice: { openid: "openid-alice", nickname: "Alice", headimgurl: "https://img.example/a.png", unionid: "union-alice" } },
  });
});

afterAll(async () => {
  await fake.close();
});

const provider = (overrides: { appSecret?: string } = {}) =>
  wechatProvider({
    appId: fake.appId,
    appSecret: overrides.appSecret ?? fake.appSecret,
    oauthBase: fake.url,
    apiBase: fake.url,
  });

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WeChatError);
  return error as WeChatError;
};

describe("wechatProvider", () => {
  it("exchanges a code for the profile, sending appid, secret and grant_type", async () => {
    const code = fake.issueCode("openid-alice");
    const before = fake.requests.length;

    const profile = await provider().exchangeCode(code);

    expect(profile).toEqual({
      openId: "openid-alice",
      unionId: "union-alice",
      nickname: "Alice",
      avatar: "https://img.example/a.png",
    });
    const [tokenRequest, userRequest] = fake.requests.slice(before);
    expect(tokenRequest.path).toBe("/sns/oauth2/access_token");
    expect(tokenRequest.query).toEqual({
      appid: "wx-fake-app",
      secret: "fake-secret",
      code,
      grant_type: "authorization_code",
    });
    expect(userRequest.path).toBe("/sns/userinfo");
    expect(userRequest.query.openid).toBe("openid-alice");
    expect(userRequest.query.lang).toBe("zh_CN");
  });

  it("returns the default user without unionid or avatar", async () => {
    const profile = await provider().exchangeCode(fake.issueCode("fake-openid-1"));
    expect(profile).toEqual({ openId: "fake-openid-1", nickname: "微信用户", unionId: undefined, avatar: undefined });
  });

  it("refuses a code used twice with 40029", async () => {
    const code = fake.issueCode("fake-openid-1");
    await provider().exchangeCode(code);
    const error = await refusal(provider().exchangeCode(code));
    expect(error.code).toBe(40029);
  });

  it("refuses an unknown code with 40029", async () => {
    expect((await refusal(provider().exchangeCode("never-issued"))).code).toBe(40029);
  });

  it("refuses a wrong secret with 40125", async () => {
    const error = await refusal(provider({ appSecret: "wrong" }).exchangeCode(fake.issueCode("fake-openid-1")));
    expect(error.code).toBe(40125);
  });

  it("builds the QR-code address with the expected parameters and fragment", () => {
    const address = provider().authorizeUrl({ redirectUri: "http://localhost:5173/auth/wechat/callback?next=/me", state: "s t&1" });
    const url = new URL(address);
    expect(url.origin + url.pathname).toBe(`${fake.url}/connect/qrconnect`);
    expect(url.hash).toBe("#wechat_redirect");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: "wx-fake-app",
      redirect_uri: "http://localhost:5173/auth/wechat/callback?next=/me",
      response_type: "code",
      scope: "snsapi_login",
      state: "s t&1",
    });
    expect(address).toContain("redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fauth%2Fwechat%2Fcallback%3Fnext%3D%2Fme");
  });

  it("defaults to WeChat's hosts", () => {
    const address = wechatProvider({ appId: "wx1", appSecret: "s" }).authorizeUrl({ redirectUri: "https://a.example/cb", state: "x" });
    expect(address.startsWith("https://open.weixin.qq.com/connect/qrconnect?appid=wx1&")).toBe(true);
  });

  it("completes a browser-like round trip through the fake QR page", async () => {
    const address = provider().authorizeUrl({ redirectUri: "http://127.0.0.1:1/callback", state: "st-42" });
    const response = await fetch(address, { redirect: "manual" });
    expect(response.status).toBe(302);
    const callback = new URL(response.headers.get("location")!);
    expect(callback.searchParams.get("state")).toBe("st-42");
    const profile = await provider().exchangeCode(callback.searchParams.get("code")!);
    expect(profile.openId).toBe("fake-openid-1");
  });

  it("redirects with state only when the user refuses", async () => {
    const address = provider().authorizeUrl({ redirectUri: "http://127.0.0.1:1/callback", state: "st-43" });
    const response = await fetch(address.replace("#", "&deny=1#"), { redirect: "manual" });
    const callback = new URL(response.headers.get("location")!);
    expect(callback.searchParams.has("code")).toBe(false);
    expect(callback.searchParams.get("state")).toBe("st-43");
  });

  it("throws WeChatError -1 when WeChat cannot be reached", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const unreachable = wechatProvider({ appId: "wx", appSecret: "s", apiBase: `http://127.0.0.1:${port}` });
    expect((await refusal(unreachable.exchangeCode("code"))).code).toBe(-1);
  });

  it("throws WeChatError -1 on an answer that is not JSON", async () => {
    const notJson = wechatProvider({ appId: "wx", appSecret: "s", apiBase: fake.url + "/nowhere" });
    expect((await refusal(notJson.exchangeCode("code"))).code).toBe(-1);
  });
});
