/**
 * Walks every route of the production build as an anonymous visitor: open routes (spec §2,
 * mapped in guard.server.ts) must not send anyone to login; every other route must, for GET
 * and for POST. A new route without its guard fails here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fullPath } from "./build-routes";
import { EXTRA_OPEN_ROUTES, OPEN_ROUTES } from "../app/services/guard.server";

const buildFile = path.resolve("build/server/index.js");
let handler: (request: Request) => Promise<Response>;
let build: ServerBuild;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "guard-test-"));

beforeAll(async () => {
  if (!fs.existsSync(buildFile)) throw new Error("No production build: run `npm run build` first (npm test does).");
  process.env.DATA_DIR = dataDir;
  process.env.SEED = "false";
  process.env.COOKIE_SECURE = "false";
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  await (build.entry.module as unknown as { startup(): Promise<void> }).startup();
  const handle = createRequestHandler(build, "production");
  handler = (request) => handle(request);
}, 60_000);

afterAll(async () => {
  await (build?.entry.module as unknown as { shutdown(): Promise<void> })?.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sample = (pattern: string) =>
  pattern
    .replace(/:result\?/, "success")
    .replace(/:[A-Za-z]+\??/g, "1")
    .replace("*", "no/such/page");

const openPatterns = new Set([...Object.values(OPEN_ROUTES), ...EXTRA_OPEN_ROUTES]);
/** The guard's redirect carries the way back; the sign-in flow's own redirects to /login don't. */
const isLogin = (response: Response) => (response.headers.get("location") ?? "").startsWith("/login?redirect=");

describe("access guard over the whole route manifest", () => {
  it("classifies every route, and anonymous access follows the open list", async () => {
    const routes = Object.keys(build.routes)
      .filter((id) => id !== "root")
      .map((id) => ({ id, pattern: fullPath(build, id), module: build.routes[id].module as { loader?: unknown; action?: unknown } }));
    expect(routes.length).toBeGreaterThan(10);
    const checked: string[] = [];
    for (const route of routes) {
      const url = `http://localhost${sample(route.pattern)}`;
      const open = openPatterns.has(route.pattern);
      if (route.module.loader) {
        const response = await handler(new Request(url, { redirect: "manual" }));
        if (open) expect(isLogin(response), `${route.pattern} is open but GET went to login`).toBe(false);
        else {
          expect(response.status, `${route.pattern} GET`).toBe(302);
          expect(isLogin(response), `${route.pattern} GET must go to login`).toBe(true);
        }
      }
      if (route.module.action && !open) {
        const response = await handler(new Request(url, { method: "POST", body: new FormData(), redirect: "manual" }));
        expect(isLogin(response), `${route.pattern} POST must go to login`).toBe(true);
      }
      checked.push(`${open ? "open" : "guarded"} ${route.pattern}`);
    }
    expect(checked).toContain("guarded /manage");
    expect(checked).toContain("open /");
  });

  it("answers an unmatched route with 404 'This page could not be found'", async () => {
    const response = await handler(new Request("http://localhost/no/such/page"));
    expect(response.status).toBe(404);
  });
});
