import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetAppEnv } from "../app/services/env.server";
import { resetSessionSecrets } from "../app/services/secret.server";
import { pageCacheLanguage } from "../app/services/session.server";
import { langCookie, TEST_SESSION_SECRET } from "../tests/signed-cookies";
import { createPageCache } from "./page-cache.js";

type Handler = (request: Request) => Promise<Response>;
let server: http.Server | undefined;

async function start(handle: Handler, now = () => Date.now()) {
  const cache = createPageCache({ handle, language: pageCacheLanguage, maxSeconds: 10, now });
  server = http.createServer((req, res) => {
    void cache.serve(req, res).then((served) => {
      if (!served) {
        res.writeHead(299, { "content-type": "text/plain" });
        res.end("app");
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = await fetch(base + path, { method, headers: { "accept-encoding": "gzip", ...headers } });
    return {
      status: response.status,
      cache: response.headers.get("x-page-cache"),
      control: response.headers.get("cache-control"),
      cookies: response.headers.getSetCookie(),
      text: await response.text(),
    };
  };
  return { cache, get };
}

// The language cookie is signed with the session secret, as the app's own (decision 042).
const saved = { ...process.env };
beforeAll(() => {
  process.env.SESSION_SECRETS = TEST_SESSION_SECRET;
  resetAppEnv();
  resetSessionSecrets();
});
afterAll(() => {
  process.env = { ...saved };
  resetAppEnv();
  resetSessionSecrets();
});
const ZH = langCookie("zh");
const EN = langCookie("en");

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=60", ...headers } });

describe("anonymous page cache", () => {
  it("renders once, then answers from the cache, gzipped, with the first-visit language cookie", async () => {
    let renders = 0;
    const { get } = await start(async () => page(`<p>render ${++renders}</p>`));
    const first = await get("/");
    const second = await get("/");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.text).toBe("<p>render 1</p>");
    expect(second.cookies[0].split(";")[0]).toBe(ZH);
    expect(second.cookies[0]).toMatch(/; Max-Age=31536000; Path=\//);
    expect(renders).toBe(1);
    const returning = await get("/", { cookie: ZH });
    expect(returning.cookies).toEqual([]);
    expect(returning.control).toBe("public, max-age=0, s-maxage=60");
  });

  it("never lets a shared cache keep an answer that sets a cookie", async () => {
    const seen: (string | null)[] = [];
    const { get } = await start(async (request) => {
      seen.push(request.headers.get("cookie"));
      return page("x");
    });
    const first = await get("/");
    const again = await get("/");
    expect([first.control, again.control]).toEqual(["private, no-store", "private, no-store"]);
    expect(again.cookies[0].split(";")[0]).toBe(ZH);
    // The app renders as for a visitor with the cookie, so it sets none and its page is kept.
    expect(seen).toEqual([ZH]);
  });

  it("takes an unsigned or forged language cookie for none: the Chinese page, rendered with a valid cookie in its place, and a valid one set", async () => {
    const seen: (string | null)[] = [];
    const { get } = await start(async (request) => {
      const cookie = request.headers.get("cookie");
      seen.push(cookie);
      return page(cookie === EN ? "English" : "中文");
    });
    await get("/", { cookie: EN });
    for (const forged of ["isEnglish=1", `isEnglish=1.${"A".repeat(43)}`, "theme=dark; isEnglish=1"]) {
      const answer = await get("/", { cookie: forged });
      // Not the English page the cache holds for this address: the Chinese one, as for a first visit.
      expect(answer.text, forged).toBe("中文");
      expect(answer.cookies[0].split(";")[0], forged).toBe(ZH);
    }
    // Rendered once per language; the forged value never reached the app.
    expect(seen).toEqual([EN, ZH]);
  });

  it("keeps languages and URLs apart", async () => {
    const { get } = await start(async (request) => page(`${request.headers.get("cookie") ?? ""} ${new URL(request.url).search}`));
    await get("/?page=2", { cookie: EN });
    expect((await get("/?page=2", { cookie: EN })).text).toBe(`${EN} ?page=2`);
    expect((await get("/?page=2")).cache).toBe("miss");
    expect((await get("/?page=3", { cookie: EN })).cache).toBe("miss");
  });

  it("never serves or stores signed-in visitors' pages", async () => {
    const { get } = await start(async () => page("x"));
    expect((await get("/", { cookie: "ACCESS_TOKEN=abc" })).status).toBe(299);
    expect((await get("/", { cookie: "__notice=abc" })).status).toBe(299);
  });

  it("keeps only public HTML 200s without other cookies", async () => {
    const answers: Record<string, () => Response> = {
      "/private": () => page("p", { "cache-control": "private, no-cache" }),
      "/missing": () => new Response("nope", { status: 404, headers: { "content-type": "text/html" } }),
      "/cookie": () => {
        const response = page("c");
        response.headers.append("set-cookie", "__notice=1; Path=/");
        return response;
      },
    };
    let renders = 0;
    const { get } = await start(async (request) => {
      renders++;
      return answers[new URL(request.url).pathname]();
    });
    for (const path of Object.keys(answers)) {
      await get(path);
      const again = await get(path);
      expect(again.cache, path).toBe("miss");
    }
    expect((await get("/missing")).status).toBe(404);
    expect((await get("/cookie")).cookies).toEqual(["__notice=1; Path=/"]);
    expect(renders).toBe(8);
  });

  it("empties on any write, and expires after its time", async () => {
    let now = 1_000_000;
    let renders = 0;
    const { get } = await start(
      async () => page(`v${++renders}`),
      () => now,
    );
    await get("/");
    expect((await get("/")).text).toBe("v1");
    expect((await get("/login", {}, "POST")).status).toBe(299);
    expect((await get("/")).text).toBe("v2");
    now += 10_001;
    expect((await get("/")).text).toBe("v3");
  });

  it("renders a page once for concurrent first requests", async () => {
    let renders = 0;
    const { get } = await start(async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 50));
      return page("slow");
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => get("/slow")));
    expect(results.every((r) => r.text === "slow")).toBe(true);
    expect(renders).toBe(1);
  });
});
