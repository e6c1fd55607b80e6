import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueWords } from "#contract/message";
import type { PlatformEnv } from "./context";
import { ApiError, errorBody, keptAnswer, ok } from "./http";
import { testPlatform } from "./testing";

/** Decision 035: the platform speaks in keys; the words of `message` are those it was plugged in with. */
describe("the failure envelope", () => {
  const words = catalogueWords({
    zh: { errors: { limit: "请在 {{time}}后重试", wait: { seconds: "{{count}} 秒" } } },
    en: { errors: { limit: "Try again in {{time}}.", wait: { seconds: "{{count}} seconds" } } },
  });
  const answer = async (plugged: typeof words | undefined, error: ApiError, lang = "zh") => {
    const app = new Hono<PlatformEnv>()
      .use(async (c, next) => {
        c.set("words", plugged);
        await next();
      })
      .get("/", (c) => c.json(errorBody(c, error)));
    return (await app.request("/", { headers: { "Accept-Language": lang } })).json();
  };

  it("carries the key and its params, the wait as a message of its own, beside the words", async () => {
    const limited = new ApiError(429, "errors.limit", { retryAfter: 45 });
    const expected = {
      code: 429,
      messageKey: "errors.limit",
      params: { time: { key: "errors.wait.seconds", params: { count: 45 } } },
      retryAfter: 45,
      statusCode: 429,
    };
    expect(await answer(words, limited)).toEqual({ ...expected, message: "请在 45 秒后重试" });
    expect(await answer(words, limited, "en")).toEqual({ ...expected, message: "Try again in 45 seconds." });
  });

  it("writes the key where it has no words", async () => {
    expect(await answer(undefined, new ApiError(404, "errors.notFound"))).toEqual({
      code: 404,
      message: "errors.notFound",
      messageKey: "errors.notFound",
      statusCode: 404,
    });
  });
});

describe("a platform plugged in without words", () => {
  let p: Awaited<ReturnType<typeof testPlatform>>;
  beforeAll(async () => {
    p = await testPlatform({ words: undefined });
  });
  afterAll(() => p.close());

  it("answers schema issues as keys, per field and in the list", async () => {
    const res = await p.call<{ fields: Record<string, unknown> }>("PUT", "/login", { body: { mobile: "12", code: "1" } });
    expect(res.status).toBe(400);
    expect(res.data.fields.mobile).toEqual({ key: "validation.mobileInvalid" });
    expect(res.message).toBe(res.messageKey);
    expect(res.messages).toEqual(res.messageKeys);
  });
});

/** Decision 077: an in-process caller that asks for values takes `ok`'s envelope without JSON text between. */
describe("answers kept as values", () => {
  const app = new Hono<PlatformEnv>()
    .get("/plain", (c) => ok(c, { at: new Date("2026-11-29T10:00:00Z"), gone: undefined, list: [1, undefined] }))
    .post("/made", (c) => {
      c.header("Cache-Control", "no-store");
      return ok(c, { id: 7 }, 201);
    });
  const wrapped = new Hono<PlatformEnv>()
    .use(async (c, next) => {
      await next();
      c.res = new Response(c.res.body, { status: c.res.status, headers: { "X-Wrapped": "1", "Content-Type": "application/json" } });
    })
    .get("/", (c) => ok(c, { id: 8 }));
  const json = { code: 0, message: "ok", data: { at: "2026-11-29T10:00:00.000Z", list: [1, null] } };

  it("are not kept for a caller that did not ask, which reads JSON as before", async () => {
    const response = await app.request("/plain");
    expect(keptAnswer(response)).toBeUndefined();
    expect(await response.json()).toEqual(json);
  });

  it("are kept as JSON would carry them, with the handler's status and headers, the body still their JSON", async () => {
    const response = await app.request("/plain", {}, { values: true });
    expect(keptAnswer(response)).toEqual(json);
    expect(JSON.stringify(keptAnswer(response))).toBe(JSON.stringify(json));
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe(JSON.stringify(json));

    const made = await app.request("/made", { method: "POST" }, { values: true });
    expect([made.status, made.headers.get("cache-control")]).toEqual([201, "no-store"]);
    expect(keptAnswer(made)).toEqual({ code: 0, message: "ok", data: { id: 7 } });
  });

  it("leave a response something else made in between to its body, which writes the JSON when read", async () => {
    const response = await wrapped.request("/", {}, { values: true });
    expect(response.headers.get("x-wrapped")).toBe("1");
    expect(keptAnswer(response)).toBeUndefined();
    expect(await response.json()).toEqual({ code: 0, message: "ok", data: { id: 8 } });
  });

  it("are kept by the platform for every answer of a real call, and not for a failure", async () => {
    const p = await testPlatform();
    try {
      const call = (url: string) => p.app.fetch(new Request(`http://platform.test/api${url}`, { headers: { "Client-Type": "web" } }), { values: true });
      const found = await call("/conference?pageSize=3");
      expect(keptAnswer(found)).toMatchObject({ code: 0, data: { total: expect.any(Number) } });
      const missing = await call("/conference/999999");
      expect(missing.status).toBe(404);
      expect(keptAnswer(missing)).toBeUndefined();
      expect(await missing.json()).toMatchObject({ statusCode: 404, messageKey: "errors.notFound" });
    } finally {
      await p.close();
    }
  });
});
