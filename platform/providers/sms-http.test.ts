import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpSms } from "./sms-http";

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

/** A gateway whose answer each test chooses; it records what the adapter sent. */
const received: Received[] = [];
let answer: (res: ServerResponse) => void = (res) => reply(res, 200, { ok: true, id: "msg-1" });
let server: Server;
let base: string;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: text ? JSON.parse(text) : null });
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const answering = (fn: (res: ServerResponse) => void) => {
  answer = fn;
};

const sms = () => httpSms({ url: `${base}/send`, token: "tok-123", signName: "会议平台" });

describe("httpSms", () => {
  it("posts a verification code as JSON with the bearer token", async () => {
    answering((res) => reply(res, 200, { ok: true, id: "msg-1" }));
    received.length = 0;
    await sms().sendCode({ mobile: "13800138000", code: "123456", purpose: "login" });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/send");
    expect(request.headers.authorization).toBe("Bearer tok-123");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      mobile: "13800138000",
      template: "verification_code",
      params: { code: "123456", purpose: "login" },
      signName: "会议平台",
    });
  });

  it("posts a free text with the text template", async () => {
    answering((res) => reply(res, 200, { ok: true, id: "msg-2" }));
    received.length = 0;
    await sms().sendText({ mobile: "13800138000", text: "会场改到 B 厅" });
    expect(received[0].body).toEqual({
      mobile: "13800138000",
      template: "text",
      params: { text: "会场改到 B 厅" },
      signName: "会议平台",
    });
  });

  it("sends no Authorization header without a token", async () => {
    answering((res) => reply(res, 200, { ok: true, id: "msg-3" }));
    received.length = 0;
    await httpSms({ url: `${base}/send` }).sendText({ mobile: "13800138000", text: "hi" });
    expect(received[0].headers.authorization).toBeUndefined();
    expect(received[0].body).toEqual({ mobile: "13800138000", template: "text", params: { text: "hi" } });
  });

  it("throws with the gateway's message when it refuses with an error status", async () => {
    answering((res) => reply(res, 429, { ok: false, message: "rate limited for this mobile" }));
    await expect(sms().sendCode({ mobile: "13800138000", code: "1", purpose: "login" })).rejects.toThrow(/429.*rate limited for this mobile/);
  });

  it("throws when the gateway answers 200 with ok false", async () => {
    answering((res) => reply(res, 200, { ok: false, message: "签名未审核" }));
    await expect(sms().sendText({ mobile: "13800138000", text: "x" })).rejects.toThrow(/签名未审核/);
  });

  it("throws on an answer that is not JSON", async () => {
    answering((res) => reply(res, 502, "<html>Bad Gateway</html>"));
    await expect(sms().sendText({ mobile: "13800138000", text: "x" })).rejects.toThrow(/502.*not JSON.*Bad Gateway/);
  });

  it("throws when the gateway cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(httpSms({ url: `http://127.0.0.1:${port}/send` }).sendText({ mobile: "13800138000", text: "x" })).rejects.toThrow(/unreachable/);
  });
});
