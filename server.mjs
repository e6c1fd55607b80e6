// Production server: static assets with immutable caching, then the Remix app (which mounts
// the platform at /api). Opens the database before listening; closes it on SIGTERM/SIGINT.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createFetchHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createPageCache } from "./server/page-cache.js";

process.env.NODE_ENV ??= "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const build = await import(pathToFileURL(path.resolve("build/server/index.js")).href);

try {
  await build.entry.module.startup();
} catch (error) {
  console.error("[server] could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", true);
app.use(compression());
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

// Files the static handler serves never go through the page cache.
const staticFiles = new Set();
(function walk(dir, prefix) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    else staticFiles.add(`/${prefix}${entry.name}`);
  }
})("build/client", "");

const pageCache = createPageCache({
  handle: createFetchHandler(build, process.env.NODE_ENV),
  maxSeconds: Number(process.env.PAGE_CACHE_SECONDS ?? 10),
  // As the app decides it (app/services/session.server.ts isSecure): forced, or the request's scheme.
  secure: (req) =>
    process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === "true" : (req.headers["x-forwarded-proto"] ?? "").split(",")[0].trim() === "https",
});
const cacheEnabled = Number(process.env.PAGE_CACHE_SECONDS ?? 10) > 0;

const server = http.createServer((req, res) => {
  const pathname = (req.url ?? "/").split("?")[0];
  if (!cacheEnabled || staticFiles.has(pathname)) return app(req, res);
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
});
server.listen(port, host, () => {
  console.log(`[server] listening on http://localhost:${port}`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeAllConnections?.();
  try {
    await build.entry.module.shutdown();
  } catch (error) {
    console.error("[server] shutdown:", error);
  }
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
