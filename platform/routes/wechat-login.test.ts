import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeWeChat, startFakeWeChat } from "../providers/fake-wechat";
import { wechatProvider } from "../providers/wechat";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let fake: FakeWeChat;
beforeAll(async () => {
  fake = await startFakeWeChat({ users: { u2: { openid: "openid-2", nickname: "老用户" } } });
  p = await testPlatform({ wechat: wechatProvider({ appId: fake.appId, appSecret: fake.appSecret, oauthBase: fake.url, apiBase: fake.url }) });
});
afterAll(async () => {
  await p.close();
  await fake.close();
});

describe("WeChat sign-in", () => {
  it("offers the method and the QR-code page address", async () => {
    expect((await p.call<{ wechat: boolean }>("GET", "/login/methods")).data.wechat).toBe(true);
    const res = await p.call<{ url: string }>("GET", `/login/wechat/authorize?redirectUri=${encodeURIComponent("http://localhost/cb")}&state=s1`);
    const url = new URL(res.data.url);
    expect(url.pathname).toBe("/connect/qrconnect");
    expect(url.searchParams.get("appid")).toBe(fake.appId);
    expect(url.searchParams.get("state")).toBe("s1");
  });

  it("a new WeChat identity binds to the mobile it proves, then signs straight in", async () => {
    const first = await p.call<{ bindTicket: string; nickname: string }>("PUT", "/login/wechat", { body: { code: fake.issueCode("openid-2") } });
    expect(first.status).toBe(200);
    expect(first.code).toBe(1102);
    expect(first.data.nickname).toBe("老用户");

    const mobile = "13922220001";
    await p.sendCode(mobile);
    const registered = await p.call<{ data: { wechatBound: boolean } }>("PUT", "/login", {
      body: { mobile, code: await p.code(mobile), name: "老用户", agree: true, bindTicket: first.data.bindTicket },
    });
    expect(registered.status).toBe(200);
    expect(registered.data.data.wechatBound).toBe(true);

    const again = await p.call<{ token: string; data: { mobile: string } }>("PUT", "/login/wechat", { body: { code: fake.issueCode("openid-2") } });
    expect(again.code).toBe(0);
    expect(again.data.data.mobile).toBe(mobile);
    expect((await p.call("GET", "/account", { token: again.data.token })).status).toBe(200);
  });

  it("a bind ticket works once", async () => {
    const first = await p.call<{ bindTicket: string }>("PUT", "/login/wechat", { body: { code: fake.issueCode("fake-openid-1") } });
    const mobile = "13922220002";
    await p.sendCode(mobile);
    const ok = await p.call("PUT", "/login", { body: { mobile, code: await p.code(mobile), name: "甲", agree: true, bindTicket: first.data.bindTicket } });
    expect(ok.status).toBe(200);
    p.advance(61_000);
    await p.sendCode(mobile);
    const reuse = await p.call("POST", "/login", { body: { mobile, code: await p.code(mobile), bindTicket: first.data.bindTicket } });
    expect(reuse.status).toBe(400);
    expect(reuse.message).toBe("微信绑定已过期，请重新扫码登录");
  });

  it("a refused code is a clear 400", async () => {
    const res = await p.call("PUT", "/login/wechat", { body: { code: "made-up" }, lang: "en" });
    expect(res.status).toBe(400);
    expect(res.message).toBe("WeChat sign-in failed. Please try again.");
  });
});

describe("WeChat not configured", () => {
  it("answers 404 and the method is off", async () => {
    const bare = await testPlatform();
    try {
      expect((await bare.call<{ wechat: boolean }>("GET", "/login/methods")).data.wechat).toBe(false);
      const res = await bare.call("PUT", "/login/wechat", { body: { code: "x" } });
      expect(res.status).toBe(404);
      expect(res.message).toBe("暂未开通微信登录");
    } finally {
      await bare.close();
    }
  });
});
