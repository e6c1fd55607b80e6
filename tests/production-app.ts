/**
 * The production build (`npm run build`) opened in process over its own data directory, for
 * tests that walk the route manifest: startup and shutdown as server.mjs does them, the request
 * handler, and each route's full path pattern.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import { TEST_SESSION_SECRET } from "./signed-cookies";

type Lifecycle = { startup(): Promise<void>; shutdown(): Promise<void> };

export async function openProductionApp(options: { seed: boolean; prefix: string }) {
  const buildFile = path.resolve("build/server/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("No production build: run `npm run build` first (npm test does).");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
  process.env.DATA_DIR = dataDir;
  process.env.SEED = String(options.seed);
  process.env.COOKIE_SECURE = "false";
  // Cookies signed as the tests sign them by hand (tests/signed-cookies.ts).
  process.env.SESSION_SECRETS = TEST_SESSION_SECRET;
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const lifecycle = build.entry.module as unknown as Lifecycle;
  await lifecycle.startup();
  const handler = createRequestHandler(build, "production");

  function fullPath(id: string): string {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    if (route.path === undefined) return parent || "/";
    return `${parent.replace(/\/$/, "")}/${route.path}`;
  }

  return {
    build,
    dataDir,
    fullPath,
    handle: (request: Request) => handler(request),
    /** `url` (a path) as a browser asks this host for it, redirects left to the caller. */
    fetch: (url: string, init: RequestInit = {}) =>
      handler(
        new Request(`http://localhost${url}`, {
          redirect: "manual",
          ...init,
          headers: { Host: "localhost", ...(init.headers as Record<string, string> | undefined) },
        }),
      ),
    async close() {
      await lifecycle.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ProductionApp = Awaited<ReturnType<typeof openProductionApp>>;
