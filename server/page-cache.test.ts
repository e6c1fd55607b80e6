import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.js";

type Handler = (request: Request) => Promise<Response>;
let server: http.Server | undefined;

async function start(handle: Handler, now = () => Date.now()) {
  const cache = createPageCache({ handle, maxSeconds: 10, now });
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
    expect(second.cookies[0]).toMatch(/^isEnglish=0; Max-Age=31536000; Path=\//);
    expect(renders).toBe(1);
    const returning = await get("/", { cookie: "isEnglish=0" });
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
    expect(again.cookies[0]).toMatch(/^isEnglish=0;/);
    // The app renders as for a visitor with the cookie, so it sets none and its page is kept.
    expect(seen).toEqual(["isEnglish=0"]);
  });

  it("keeps languages and URLs apart", async () => {
    const { get } = await start(async (request) => page(`${request.headers.get("cookie") ?? ""} ${new URL(request.url).search}`));
    await get("/?page=2", { cookie: "isEnglish=1" });
    expect((await get("/?page=2", { cookie: "isEnglish=1" })).text).toBe("isEnglish=1 ?page=2");
    expect((await get("/?page=2")).cache).toBe("miss");
    expect((await get("/?page=3", { cookie: "isEnglish=1" })).cache).toBe("miss");
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
