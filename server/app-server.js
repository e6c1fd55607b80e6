// The production HTTP server, without listening: the request guard first (odd paths, posts
// from other sites, oversized bodies), then the page cache for anonymous pages, static assets
// with immutable caching, and the Remix app (which mounts the platform at /api). server.mjs
// listens with it; tests start it on a loopback port.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { uploadMaxBytes } from "./body-limits.js";
import { createForwarding } from "./forwarding.js";
import { createPageCache } from "./page-cache.js";
import { createRequestGuard, installFormDataGuard } from "./request-guard.js";

/** The same as app/services/page-request.server.ts says (server/app-server.test.ts checks). */
export const PAGE_REQUEST_HEADER = "x-conference-page-request";

/** The hosts besides the one a request reached that this site answers as: APP_HOST (comma-separated) and the public address. */
export function configuredHosts(env = process.env) {
  const hosts = (env.APP_HOST ?? "").split(",");
  try {
    if (env.PAYMENT_PUBLIC_URL) hosts.push(new URL(env.PAYMENT_PUBLIC_URL).host);
  } catch {
    // A malformed address configures no host.
  }
  return hosts.map((host) => host.trim()).filter(Boolean);
}

/**
 * The request as Remix sees it, its body through the guard's counter. The URL is built the
 * way Express works it out behind a trusted proxy; a path like `//x` stays a path.
 */
function remixRequest(req, res, body) {
  const forwarded = String(req.headers["x-forwarded-host"] ?? "")
    .split(",")[0]
    .trim();
  let url;
  for (const host of [forwarded, req.headers.host, "localhost"]) {
    if (!host) continue;
    try {
      url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
      break;
    } catch {
      // A host header that is no host: try the next.
    }
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  // Marks the loaders of this one request as one page request (app/services/page-request.server.ts);
  // whatever a browser sent in this header is replaced.
  headers.set(PAGE_REQUEST_HEADER, crypto.randomUUID());
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, { method: req.method, headers, body, duplex: body ? "half" : undefined, signal: controller.signal });
}

async function sendResponse(res, response) {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

const WAITING = Symbol("waiting");
/** Bytes gathered before they are handed to the compressor even if more are ready. */
const GATHER_BYTES = 64 * 1024;

/**
 * Copies a body to the response, flushing the compressor only when the body makes us wait (a part
 * of the page still rendering), not after every chunk as Remix's own copy does (issue 16).
 * compression's flush is zlib's full flush, which also forgets what came before: a page flushed
 * every 2 KB chunk React writes went out at about five times its size when gzipped whole
 * (190 KB instead of 41 KB for the editor), at the cost of more CPU. A page rendered at once now
 * goes out as one gzip stream; what streams later still reaches the browser when it is written.
 *
 * The chunks that are ready together (React's renderer writes 512-byte ones) are handed to the
 * compressor as one write: each write is a pass through the response stream and zlib, and one per
 * chunk cost about a tenth of a home page's render. Whether the next chunk is ready is asked of
 * one check of the event loop shared by every chunk read before it runs.
 */
export async function writeBody(body, res) {
  const reader = body.getReader();
  /** @type {Uint8Array[]} */
  let gathered = [];
  let size = 0;
  const send = () => {
    if (!size) return;
    res.write(gathered.length === 1 ? gathered[0] : Buffer.concat(gathered, size));
    gathered = [];
    size = 0;
  };
  /** @type {Promise<typeof WAITING> | null} */
  let turn = null;
  const laterTurn = () =>
    (turn ??= new Promise((resolve) =>
      setImmediate(() => {
        turn = null;
        resolve(WAITING);
      }),
    ));
  try {
    let next = reader.read();
    for (;;) {
      let result = await Promise.race([next, laterTurn()]);
      if (result === WAITING) {
        send();
        if (typeof res.flush === "function") res.flush();
        result = await next;
      }
      if (result.done) break;
      gathered.push(result.value);
      size += result.value.byteLength;
      if (size >= GATHER_BYTES) send();
      next = reader.read();
    }
    send();
    res.end();
  } catch (error) {
    res.destroy(error);
    throw error;
  }
}

/**
 * The gzip level of what is made for each request (pages, `.data` answers, files a route writes),
 * where compression's default is 6 (decision 081). Level 4 costs about half the CPU of 6 (an
 * uncached home page's 57 KB: ~0.63 → ~0.31 ms; the registration list: ~0.52 → ~0.29 ms) for
 * ~4 % more bytes (11.9 → 12.5 KB and 11.2 → 11.7 KB), which stay within the first round trip's
 * ~14 KB. The files of build/client keep the default; the page cache gzips each page once, at 6;
 * Brotli, which browsers ask for over HTTPS, keeps compression's quality 4.
 */
export const RENDERED_GZIP_LEVEL = 4;

/** compression for every answer: at the default level for a file of `files` (request paths), at RENDERED_GZIP_LEVEL for the rest. */
export function compressing(files) {
  const compressFile = compression();
  const compressRendered = compression({ level: RENDERED_GZIP_LEVEL });
  return (req, res, next) => (files.has(req.path) ? compressFile : compressRendered)(req, res, next);
}

/**
 * @param {{ build: import("@remix-run/node").ServerBuild, mode?: string, env?: NodeJS.ProcessEnv, clientDir?: string }} options
 */
export function createAppServer({ build, mode = process.env.NODE_ENV, env = process.env, clientDir = "build/client" }) {
  const settle = createForwarding({ trustedProxies: env.TRUSTED_PROXIES });
  const guard = createRequestGuard({ hosts: configuredHosts(env), uploadBytes: uploadMaxBytes(env) });
  installFormDataGuard();
  const handle = createRequestHandler(build, mode);

  // Files the static handler serves: gzipped at compression's default level, never through the page cache.
  const staticFiles = new Set();
  (function walk(dir, prefix) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else staticFiles.add(`/${prefix}${entry.name}`);
    }
  })(clientDir, "");

  const app = express();
  app.disable("x-powered-by");
  // The forwarding headers Express reads were settled at the edge (server/forwarding.js).
  app.set("trust proxy", true);
  app.use(compressing(staticFiles));
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  // Every file of public/ has an extension: a page's path (`/`, `/489`) need not be looked up on disk.
  const publicFiles = express.static(clientDir, { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.all("*", async (req, res, next) => {
    try {
      const limited = req.method === "GET" || req.method === "HEAD" ? null : guard.limitBody(req);
      const response = await handle(remixRequest(req, res, limited?.body));
      // Remix failed reading a body that ran over the limit: the answer is the 413, not its error page.
      if (limited?.over()) {
        await response.body?.cancel();
        return limited.answer(res);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  const cacheSeconds = Number(env.PAGE_CACHE_SECONDS ?? 10);
  const pageCache = createPageCache({
    handle,
    maxSeconds: cacheSeconds,
    // The signed language cookie, read and set as the app does (decision 042).
    language: build.entry.module.pageCacheLanguage,
  });

  function dispatch(req, res) {
    const pathname = (req.url ?? "/").split("?")[0];
    if (!(cacheSeconds > 0) || staticFiles.has(pathname)) return app(req, res);
    pageCache.serve(req, res).then(
      (served) => {
        if (!served) app(req, res);
      },
      (error) => {
        console.error("[page cache]", error);
        if (!res.headersSent) app(req, res);
        else res.destroy();
      },
    );
  }

  const server = http.createServer((req, res) => {
    settle(req);
    if (!guard.refuse(req, res)) dispatch(req, res);
  });
  // `Expect: 100-continue`: a body over the limit is refused before the client sends it.
  server.on("checkContinue", (req, res) => {
    settle(req);
    if (guard.refuse(req, res)) return;
    res.writeContinue();
    dispatch(req, res);
  });
  return server;
}
