import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueWords } from "#contract/message";
import type { PlatformEnv } from "./context";
import { ApiError, errorBody } from "./http";
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
