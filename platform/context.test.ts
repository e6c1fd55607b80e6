import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type PlatformEnv, clientAddress, withLfBreaks } from "./context";

describe("withLfBreaks", () => {
  it("turns CRLF and lone CR into LF in every string, however deep", () => {
    expect(withLfBreaks({ a: "一\r\n二\r三\n四", list: [{ insert: "x\r\n" }, 3, null], flag: true })).toEqual({
      a: "一\n二\n三\n四",
      list: [{ insert: "x\n" }, 3, null],
      flag: true,
    });
  });

  it("leaves other values as they are", () => {
    const file = new Blob(["a\r\nb"]);
    const body = withLfBreaks({ file, text: "北京 👩‍🔬 𠮷" }) as { file: Blob; text: string };
    expect(body.file).toBe(file);
    expect(body.text).toBe("北京 👩‍🔬 𠮷");
  });
});

describe("clientAddress", () => {
  const app = new Hono<PlatformEnv>().get("/", (c) => c.text(clientAddress(c)));
  const addressOf = async (headers: Record<string, string>) => (await app.request("/", { headers })).text();

  it("is the address the web app passed on, or one local client without it", async () => {
    expect(await addressOf({ "X-Forwarded-For": "203.0.113.9" })).toBe("203.0.113.9");
    expect(await addressOf({ "X-Forwarded-For": "2001:DB8::1, 10.0.0.1" })).toBe("2001:db8::1");
    expect(await addressOf({})).toBe("local");
    expect(await addressOf({ "X-Forwarded-For": "x".repeat(200) })).toBe("local");
  });
});
