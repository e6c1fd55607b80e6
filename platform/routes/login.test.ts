import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
beforeAll(async () => {
  p = await testPlatform();
});
afterAll(() => p.close());

const minute = 60_000;

describe("sending a code", () => {
  it("writes {mobile, code, purpose, at} to the outbox", async () => {
    const res = await p.sendCode("13911110001");
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const line = JSON.parse(fs.readFileSync(p.outbox, "utf8").trim().split("\n").at(-1)!);
    expect(line).toMatchObject({ mobile: "13911110001", purpose: "login" });
    expect(line.code).toMatch(/^\d{6}$/);
    expect(new Date(line.at).toString()).not.toBe("Invalid Date");
  });

  it("refuses a second code within a minute, and more than five an hour, saying when to try again", async () => {
    const mobile = "13911110002";
    expect((await p.sendCode(mobile)).status).toBe(200);
    p.advance(15_000);
    const again = await p.sendCode(mobile);
    expect(again.status).toBe(429);
    expect(again.code).toBe(429);
    expect(again.headers.get("retry-after")).toBe("45");
    expect(again).toMatchObject({ retryAfter: 45, message: "该手机号获取验证码过于频繁，请在 45 秒后重试" });
    p.advance(45_000);
    for (let i = 0; i < 4; i++) {
      expect((await p.sendCode(mobile)).status).toBe(200);
      p.advance(minute);
    }
    // Five codes, at 0:00, 1:00 … 4:00; at 5:00 the first leaves the hour in 55 minutes.
    const sixth = await p.sendCode(mobile, { lang: "en" });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBe(String(55 * 60));
    expect(sixth.message).toBe("Too many codes were asked for this number. Try again in 55 minutes.");
  });

  it("rejects a malformed number in the caller's language", async () => {
    const zh = await p.sendCode("12345");
    expect(zh.status).toBe(400);
    expect(zh.message).toBe("请输入正确的手机号");
    const en = await p.sendCode("abc", { lang: "en" });
    expect(en.message).toBe("Please enter a valid mobile number");
    expect((en.data as { fields: Record<string, string> }).fields.mobile).toEqual({ key: "validation.mobileInvalid" });
  });
});

describe("register and login", () => {
  it("registers with a code, then the token opens /account", async () => {
    const mobile = "13911110003";
    await p.sendCode(mobile);
    const code = await p.code(mobile);
    const res = await p.call<{ token: string; data: { id: number; name: string; hasClaimed: boolean } }>("PUT", "/login", {
      body: { mobile, code, name: "王小明", agree: true, rememberMe: true },
    });
    expect(res.status).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.data.data.name).toBe("王小明");
    const account = await p.call<{ accountId: number; mobile: string; certification: boolean }>("GET", "/account", { token: res.data.token });
    expect(account.status).toBe(200);
    expect(account.data).toMatchObject({ accountId: res.data.data.id, mobile, certification: false });
  });

  it("says so when the number is not registered, without spending the code", async () => {
    const mobile = "13911110004";
    await p.sendCode(mobile);
    const code = await p.code(mobile);
    const res = await p.call("POST", "/login", { body: { mobile, code } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(1001);
    expect(res.message).toBe("该手机号尚未注册，请先注册");
    const registered = await p.call("PUT", "/login", { body: { mobile, code, name: "李四", agree: true } });
    expect(registered.status).toBe(200);
  });

  it("refuses to register a number twice", async () => {
    const mobile = "13911110003";
    p.advance(minute + 1000);
    await p.sendCode(mobile);
    const res = await p.call("PUT", "/login", { body: { mobile, code: await p.code(mobile), name: "重复", agree: true } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(1002);
  });

  it("requires agreeing to the documents and a name to register", async () => {
    const res = await p.call("PUT", "/login", { body: { mobile: "13911110009", code: "123456" } });
    expect(res.status).toBe(400);
    const fields = (res.data as { fields: Record<string, string> }).fields;
    expect(fields.name).toEqual({ key: "validation.nameRequired" });
    expect(fields.agree).toEqual({ key: "validation.mustAgree" });
  });

  it("counts wrong codes: the fifth burns the code, and every failure reads the same", async () => {
    const mobile = "13911110005";
    await p.signIn(mobile);
    p.advance(minute + 1000);
    await p.sendCode(mobile);
    const right = (await p.code(mobile))!;
    const wrong = right === "000000" ? "111111" : "000000";
    // Each try from another address, so that only the code's own count is at work here.
    for (let i = 0; i < 5; i++) {
      const res = await p.call("POST", "/login", { body: { mobile, code: wrong }, client: `192.0.2.${i}` });
      expect(res).toMatchObject({ status: 400, message: "验证码错误或已失效" });
    }
    expect((await p.call("POST", "/login", { body: { mobile, code: right }, client: "192.0.2.9" })).message).toBe("验证码错误或已失效");
  });

  it("uses a code once, and not after ten minutes", async () => {
    const mobile = "13911110006";
    await p.signIn(mobile);
    p.advance(minute + 1000);
    await p.sendCode(mobile);
    const code = await p.code(mobile);
    expect((await p.call("POST", "/login", { body: { mobile, code } })).status).toBe(200);
    expect((await p.call("POST", "/login", { body: { mobile, code } })).message).toBe("验证码错误或已失效");
    p.advance(minute + 1000);
    await p.sendCode(mobile);
    const late = await p.code(mobile);
    p.advance(10 * minute + 1);
    expect((await p.call("POST", "/login", { body: { mobile, code: late } })).message).toBe("验证码错误或已失效");
  });

  it("gives the user record on the /user/login variant", async () => {
    const mobile = "13911110007";
    await p.sendCode(mobile);
    const res = await p.call<{ token: string; user: { id: number; created: string; createdTime: number; karma: number } }>("PUT", "/user/login", {
      body: { mobile, code: await p.code(mobile), name: "赵六", agree: true },
    });
    expect(res.status).toBe(200);
    expect(res.data.user).toMatchObject({ karma: 0 });
    expect(res.data.user.createdTime).toBe(new Date(res.data.user.created).getTime());
  });
});

describe("tokens", () => {
  it("logout revokes the token", async () => {
    const token = await p.signIn("13911110008");
    expect((await p.call("GET", "/account", { token })).status).toBe(200);
    expect((await p.call("POST", "/logout", { token })).status).toBe(200);
    const after = await p.call("GET", "/account", { token });
    expect(after.status).toBe(401);
    expect(after.message).toBe("请先登录");
  });

  it("a token without rememberMe lasts a day, with it 31 days", async () => {
    const mobile = "13911110010";
    await p.signIn(mobile);
    p.advance(minute + 1000);
    await p.sendCode(mobile);
    const short = await p.call<{ token: string }>("POST", "/login", { body: { mobile, code: await p.code(mobile), rememberMe: false } });
    p.advance(minute + 1000);
    await p.sendCode(mobile);
    const long = await p.call<{ token: string }>("POST", "/login", { body: { mobile, code: await p.code(mobile), rememberMe: true } });
    p.advance(25 * 3600_000);
    expect((await p.call("GET", "/account", { token: short.data.token })).status).toBe(401);
    expect((await p.call("GET", "/account", { token: long.data.token })).status).toBe(200);
    p.advance(31 * 24 * 3600_000);
    expect((await p.call("GET", "/account", { token: long.data.token })).status).toBe(401);
  });

  it("answers 401 for a made-up token", async () => {
    expect((await p.call("GET", "/account", { token: "x".repeat(43) })).status).toBe(401);
  });
});

describe("the envelope", () => {
  it("answers unknown calls with a 404 envelope", async () => {
    const res = await p.call("GET", "/no/such/call", { lang: "en" });
    expect(res.status).toBe(404);
    expect(res).toMatchObject({ code: 404, statusCode: 404, message: "What you asked for does not exist" });
  });

  it("answers a broken JSON body with 400, not 500", async () => {
    const response = await p.app.fetch(
      new Request("http://platform.test/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("请求内容格式错误");
  });
});
