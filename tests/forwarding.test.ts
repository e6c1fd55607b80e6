/**
 * Issue 13 item 13, as a stranger does it against the production server on loopback: a
 * request that claims `X-Forwarded-Proto: https` must not change what the page cache hands
 * the next visitor (decision 023). Without a configured proxy the claim is ignored; behind one,
 * the cache keeps the http and https pages apart.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProductionApp, type ProductionApp } from "./production-app";
import { langCookie } from "./signed-cookies";

let app: ProductionApp;
const servers: http.Server[] = [];

async function listen(env: Record<string, string>) {
  const { createAppServer } = await import("../server/app-server.js");
  const server = createAppServer({ build: app.build, mode: "production", env: { ...process.env, PAGE_CACHE_SECONDS: "10", ...env } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  process.env.NODE_ENV = "production";
  app = await openProductionApp({ seed: true, prefix: "forwarding-test-" });
}, 120_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await app?.close();
});

/** The canonical address of the demo's first conference page, as a visitor with the language cookie gets it. */
async function canonical(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/1`, { headers: { Cookie: langCookie("zh"), "Accept-Encoding": "gzip", ...headers } });
  expect(response.status).toBe(200);
  const html = await response.text();
  return { href: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], cache: response.headers.get("x-page-cache") };
}

describe("forwarding headers and the page cache", () => {
  it("a client's X-Forwarded-Proto is not believed: neither it nor the next visitor gets https addresses", async () => {
    const base = await listen({ TRUSTED_PROXIES: "" });
    const attacker = await canonical(base, { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" });
    expect(attacker.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/1$/);
    const visitor = await canonical(base);
    expect(visitor.href).toBe(attacker.href);
    expect(visitor.cache).toBe("hit");
  });

  it("behind a configured proxy, https and http pages are cached apart", async () => {
    const base = await listen({ TRUSTED_PROXIES: "loopback" });
    const secure = await canonical(base, { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "conf.example.cn" });
    expect(secure.href).toBe("https://conf.example.cn/1");
    const plain = await canonical(base);
    expect(plain.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/1$/);
    expect((await canonical(base, { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "conf.example.cn" })).cache).toBe("hit");
  });
});
