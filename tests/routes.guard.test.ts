/**
 * Walks every route of the production build as an anonymous visitor: open routes (spec §2,
 * mapped in guard.server.ts) must not send anyone to login; every other route must, for GET
 * and for POST. A new route without its guard fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRA_OPEN_ROUTES, OPEN_ROUTES } from "../app/services/guard.server";
import { openProductionApp, type ProductionApp } from "./production-app";

let app: ProductionApp;
let handler: ProductionApp["handle"];

beforeAll(async () => {
  app = await openProductionApp({ seed: false, prefix: "guard-test-" });
  handler = app.handle;
}, 60_000);

afterAll(async () => {
  await app?.close();
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
    const build = app.build;
    const routes = Object.keys(build.routes)
      .filter((id) => id !== "root")
      .map((id) => ({ id, pattern: app.fullPath(id), module: build.routes[id].module }));
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
