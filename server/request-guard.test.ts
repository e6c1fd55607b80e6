/**
 * The HTTP server's guard on its own, in front of a stand-in app that reads bodies the way
 * Remix does (a Fetch Request over the guard's counted stream): what the browser or a caller
 * receives for posts from other sites, bodies over the limits and paths no page has.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestGuard } from "./request-guard.js";

const UPLOAD = 2 * 1024 * 1024;
let server: http.Server;
let port = 0;
/** What the stand-in app saw of the last request that reached it. */
let reached: { url: string; bytes: number } | null = null;

beforeAll(async () => {
  const guard = createRequestGuard({ hosts: ["conf.example.cn"], uploadBytes: UPLOAD });
  server = http.createServer(async (req, res) => {
    if (guard.refuse(req, res)) return;
    const limited = req.method === "GET" ? null : guard.limitBody(req);
    let bytes = 0;
    try {
      if (limited) bytes = (await new Request("http://x/", { method: "POST", body: limited.body, duplex: "half" }).arrayBuffer()).byteLength;
    } catch {
      // The counted stream errored: over the limit.
    }
    if (limited?.over()) return limited.answer(res);
    reached = { url: req.url ?? "", bytes };
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string; written: number };

/** A raw request; `chunks` bytes of `size` are written one after another until the answer comes. */
function send(method: string, path: string, headers: Record<string, string>, body?: { chunk: Buffer; chunks: number } | string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (part) => (text += part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, written }));
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (typeof body === "string") {
      written = Buffer.byteLength(body);
      req.end(body);
    } else if (body) {
      let left = body.chunks;
      const pump = () => {
        while (left > 0 && !answered && !req.destroyed) {
          left--;
          written += body.chunk.length;
          if (!req.write(body.chunk)) return void req.once("drain", pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
    } else req.end();
  });
}

const MB = 1024 * 1024;
const html = { Accept: "text/html,application/xhtml+xml" };

describe("posts from other sites", () => {
  const post = (headers: Record<string, string>) =>
    send("POST", "/login", { ...html, "Content-Type": "application/x-www-form-urlencoded", ...headers }, "mobile=1");

  it("refuses a foreign Origin, a foreign Referer without Origin, and Origin null with a page in the visitor's language", async () => {
    for (const headers of [
      { Origin: "http://evil.example" } as Record<string, string>,
      { Referer: "https://evil.example/form" },
      { Origin: "null" },
      { Origin: "http://127.0.0.1.evil.example" },
    ]) {
      const result = await post(headers);
      expect(result.status, JSON.stringify(headers)).toBe(403);
      expect(result.body).toContain("该请求来自其他网站，已被拒绝");
    }
    const en = await post({ Origin: "http://evil.example", Cookie: "isEnglish=1" });
    expect(en.body).toContain("This request came from another site and was refused");
    expect(en.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("does not take X-Forwarded-Host's word for where the server is", async () => {
    const result = await post({ Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(result.status).toBe(403);
  });

  it("lets same-origin posts, the configured host, and callers without Origin or Referer through", async () => {
    expect((await post({ Origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await post({ Referer: `http://127.0.0.1:${port}/login` })).status).toBe(200);
    expect((await post({ Origin: "https://conf.example.cn" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it("checks /api calls only when our cookie could carry them; signed gateway pages are open", async () => {
    const api = (headers: Record<string, string>) =>
      send("POST", "/api/alipay/notify", { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", ...headers }, "a=1");
    expect((await api({})).status).toBe(200);
    expect((await api({ Authorization: "Bearer x", Cookie: "ACCESS_TOKEN=abc" })).status).toBe(200);
    const cookie = await api({ Cookie: "ACCESS_TOKEN=abcdefghijklmnopqrstuvwxyz" });
    expect(cookie.status).toBe(403);
    expect(JSON.parse(cookie.body)).toMatchObject({ code: 403, statusCode: 403, message: "该请求来自其他网站，已被拒绝。请在本站页面上重新操作。" });
    const union = await send(
      "POST",
      "/attend/union/return",
      { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://gateway.95516.com" },
      "orderId=1",
    );
    expect(union.status).toBe(200);
  });
});

describe("bodies over the limit", () => {
  it("a declared length over 1 MB is a 413 page before the body is read", async () => {
    const result = await send(
      "POST",
      "/language",
      { ...html, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(3 * MB), Referer: `http://127.0.0.1:${port}/conf/1` },
      { chunk: Buffer.alloc(64 * 1024, 97), chunks: 48 },
    );
    expect(result.status).toBe(413);
    expect(result.headers.connection).toBe("close");
    expect(result.body).toContain("提交的内容最多 1 MB");
    expect(result.body).toContain('<a href="/conf/1">返回上一页</a>');
    expect(reached?.url).not.toBe("/language");
  });

  it("a chunked body is counted and cut off once over, with the upload limit named", async () => {
    reached = null;
    const result = await send(
      "POST",
      "/account/settings",
      { ...html, "Content-Type": "multipart/form-data; boundary=x", "Transfer-Encoding": "chunked", Cookie: "isEnglish=1" },
      { chunk: Buffer.alloc(64 * 1024, 97), chunks: 60 * 16 },
    );
    expect(result.status).toBe(413);
    expect(result.body).toContain("An uploaded file may be at most 2 MB");
    expect(reached).toBeNull();
    // 60 MB offered; the server answered long before: what was written is bounded by what the socket took meanwhile.
    expect(result.written).toBeLessThan(30 * MB);
  });

  it("an /api or data request gets the envelope", async () => {
    const result = await send(
      "POST",
      "/api/login",
      { "Content-Type": "application/json", "Content-Length": String(2 * MB), Accept: "application/json" },
      { chunk: Buffer.alloc(64 * 1024, 32), chunks: 32 },
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ code: 413, message: "提交的内容过大，最多 1 MB", statusCode: 413 });
  });

  it("bodies within the limits pass whole", async () => {
    const result = await send(
      "POST",
      "/form/upload",
      { "Content-Type": "multipart/form-data; boundary=x", "Transfer-Encoding": "chunked" },
      { chunk: Buffer.alloc(64 * 1024, 97), chunks: 40 },
    );
    expect(result.status).toBe(200);
    expect(reached).toEqual({ url: "/form/upload", bytes: 40 * 64 * 1024 });
  });
});

describe("paths and queries", () => {
  it("a backslash or NUL in the path is a 404 page, never a redirect", async () => {
    for (const path of ["/%5C", "/%5c%5cevil.example", "/a\\b", "/manage/%5C", "/conf/%00"]) {
      const result = await send("GET", path, html);
      expect(result.status, path).toBe(404);
      expect(result.headers.location, path).toBeUndefined();
      expect(result.body).toContain("页面不存在");
    }
  });

  it("a NUL in a query is dropped before the app sees it", async () => {
    const result = await send("GET", "/search?keyword=a%00b&x=%00", html);
    expect(result.status).toBe(200);
    expect(reached?.url).toBe("/search?keyword=ab&x=");
  });
});
