import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { PAGE_REQUEST_HEADER as APP_HEADER } from "../app/services/page-request.server";
import { compressing, PAGE_REQUEST_HEADER, RENDERED_GZIP_LEVEL, writeBody } from "./app-server.js";

/** A page as React writes it: chunks of about 2 KB of HTML. */
const chunks = Array.from({ length: 120 }, (_, i) =>
  new TextEncoder().encode(`<li class="ui-edit-item" data-row="schedule-${i}"><label class="ui-label">主旨报告 ${i}</label>`.padEnd(2048, " ")),
);

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Starts `app` on a loopback port; the port. */
async function listen(app: express.Express) {
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** The gzipped bytes a browser receives for `path`, and when each part arrived (ms after the request). */
function getGzipped(port: number, path: string) {
  return new Promise<{ gzipped: Buffer; arrivals: number[] }>((resolve, reject) => {
    const started = Date.now();
    http
      .get({ port, host: "127.0.0.1", path, headers: { "Accept-Encoding": "gzip" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("gzip");
        const parts: Buffer[] = [];
        const arrivals: number[] = [];
        res.on("data", (part: Buffer) => {
          parts.push(part);
          arrivals.push(Date.now() - started);
        });
        res.on("end", () => resolve({ gzipped: Buffer.concat(parts), arrivals }));
      })
      .on("error", reject);
  });
}

/** Serves `body()` through compression, as the app server does; the gzipped bytes a browser receives, and when. */
async function fetchGzipped(body: () => ReadableStream<Uint8Array>) {
  const app = express();
  app.use(compression());
  app.get("/", (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    void writeBody(body(), res);
  });
  return getGzipped(await listen(app), "/");
}

describe("writeBody", () => {
  it("sends a page rendered at once as one gzip stream, about the size of the page gzipped whole", async () => {
    const { gzipped } = await fetchGzipped(
      () =>
        new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
    );
    const whole = zlib.gzipSync(Buffer.concat(chunks));
    expect(zlib.gunzipSync(gzipped).equals(Buffer.concat(chunks))).toBe(true);
    expect(gzipped.length).toBeLessThan(whole.length * 1.1);
  });

  it("still sends what is written before a pause when it is written, not at the end", async () => {
    const { gzipped, arrivals } = await fetchGzipped(
      () =>
        new ReadableStream({
          async start(controller) {
            for (const chunk of chunks.slice(0, 10)) controller.enqueue(chunk);
            await new Promise((resolve) => setTimeout(resolve, 400));
            for (const chunk of chunks.slice(10)) controller.enqueue(chunk);
            controller.close();
          },
        }),
    );
    expect(zlib.gunzipSync(gzipped).equals(Buffer.concat(chunks))).toBe(true);
    expect(arrivals[0], "the first part arrived before the pause ended").toBeLessThan(300);
    expect(arrivals.at(-1)).toBeGreaterThanOrEqual(390);
  });

  it("hands the compressor the chunks that are ready together as a few writes, not one each", async () => {
    const writes: number[] = [];
    const res = Object.assign(new PassThrough(), { flush() {} });
    const write = res.write.bind(res);
    res.write = ((chunk: Uint8Array) => {
      writes.push(chunk.byteLength);
      return write(chunk);
    }) as typeof res.write;
    res.resume();
    await writeBody(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      res,
    );
    expect(writes.reduce((a, b) => a + b, 0)).toBe(Buffer.concat(chunks).length);
    // 240 KB in 64 KB writes.
    expect(writes.length).toBeLessThanOrEqual(5);
  });
});

describe("compressing", () => {
  it("gzips a rendered answer at the lighter level and a file of the build at the default one", async () => {
    // Rows of varied text, as a registration list's: the two levels give different bytes.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const words = ["张伟", "李娜", "王芳", "北京大学", "复旦大学", "confirmed", "pending", "unpaid", "paid", "13800000000"];
    const rows = Array.from(
      { length: 300 },
      (_, i) => `<tr data-id="${i}"><td>${words[next() % 10]}${next() % 1000}</td><td>${words[next() % 10]}</td><td>${next()}</td></tr>`,
    );
    const page = Buffer.from(rows.join(""));
    expect(zlib.gzipSync(page, { level: RENDERED_GZIP_LEVEL }).length).not.toBe(zlib.gzipSync(page, { level: 6 }).length);
    const app = express();
    app.use(compressing(new Set(["/assets/app.js"])));
    app.get(["/", "/assets/app.js"], (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(page);
    });
    const port = await listen(app);
    const rendered = (await getGzipped(port, "/")).gzipped;
    const file = (await getGzipped(port, "/assets/app.js")).gzipped;
    expect(zlib.gunzipSync(rendered).equals(page)).toBe(true);
    expect(zlib.gunzipSync(file).equals(page)).toBe(true);
    expect(RENDERED_GZIP_LEVEL).toBeLessThan(6);
    expect(rendered.length).toBe(zlib.gzipSync(page, { level: RENDERED_GZIP_LEVEL }).length);
    expect(file.length).toBe(zlib.gzipSync(page, { level: 6 }).length);
  });
});

describe("the page-request mark", () => {
  it("is the header the app reads", () => {
    expect(PAGE_REQUEST_HEADER).toBe(APP_HEADER);
  });
});
