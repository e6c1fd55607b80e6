// A short-lived cache of whole pages for anonymous visitors, answered before Express and
// Remix run (docs/decisions/004-anonymous-page-cache.md). Only pages that say they are
// public (Cache-Control: public, s-maxage) are kept, gzipped once, per host + URL + language;
// any request that writes (POST, PUT, PATCH, DELETE) empties it, so this instance never serves
// a page older than its own last change, and other instances' changes show within the TTL.
import { gzipSync } from "node:zlib";

/** Cookies that make a request personal: it is never answered from, nor stored in, the cache. */
const PERSONAL_COOKIES = /(?:^|;\s*)(ACCESS_TOKEN|__notice|__wechat)=/;

/**
 * The language cookie is signed (decision 042): `language` reads and writes it as the app does
 * (app/services/session.server.ts pageCacheLanguage), so a forged or unsigned one counts as absent
 * here as there.
 *
 * @typedef {"zh" | "en"} Lang
 * @typedef {{ read: (cookieHeader: string) => { lang: Lang, present: boolean }, setCookie: (url: string, lang: Lang) => string, requestCookie: (lang: Lang) => string }} Language
 * @param {{ handle: (request: Request) => Promise<Response>, language: Language, maxSeconds?: number, maxEntries?: number, now?: () => number }} options
 */
export function createPageCache({ handle, language, maxSeconds = 10, maxEntries = 2000, now = Date.now }) {
  /** @type {Map<string, { status: number, headers: [string, string][], gzip: Buffer, expires: number }>} */
  const entries = new Map();
  /** @type {Map<string, Promise<unknown>>} */
  const pending = new Map();
  let generation = 0;
  const stats = { hits: 0, misses: 0, stores: 0, invalidations: 0 };

  /** A first visit gets the language cookie (spec §2); an answer that sets a cookie is nobody else's to keep. */
  function firstVisit(req, headers, lang) {
    headers["set-cookie"] = language.setCookie(`${siteOf(req)}${req.url}`, lang);
    headers["cache-control"] = "private, no-store";
  }

  /**
   * The scheme and host a request was made for, from the headers server/forwarding.js settled
   * (X-Forwarded-* only when a trusted proxy sent them).
   */
  function siteOf(req) {
    const proto = req.headers["x-forwarded-proto"] === "https" ? "https" : "http";
    for (const host of [req.headers["x-forwarded-host"], req.headers.host]) {
      if (!host) continue;
      try {
        return new URL(`${proto}://${host}`).origin;
      } catch {
        // A host header that is no host: try the next.
      }
    }
    return `${proto}://localhost`;
  }

  /** The cache key of a request, or null when it must go to the app. */
  function keyOf(req) {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const cookie = req.headers.cookie ?? "";
    if (PERSONAL_COOKIES.test(cookie)) return null;
    if (!/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) return null;
    // Single-fetch data requests and resource routes carry their own caching; only documents here.
    if (req.url.includes(".data") || req.url.startsWith("/api/") || req.url.startsWith("/assets/")) return null;
    const { lang, present } = language.read(cookie);
    // Keyed by all the page depends on: the scheme and host it was asked for (which its absolute
    // addresses carry), the language and the URL. The edge settled the forwarding headers.
    return { key: `${siteOf(req)}|${lang}|${req.url}`, lang, hasLangCookie: present };
  }

  function send(req, res, entry, hasLangCookie, lang) {
    const headers = Object.fromEntries(entry.headers);
    headers["content-encoding"] = "gzip";
    headers["content-length"] = String(entry.gzip.length);
    headers["x-page-cache"] = "hit";
    if (!hasLangCookie) firstVisit(req, headers, lang);
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : entry.gzip);
  }

  /** Whether the app's response may be kept: public, 200, HTML, no cookie set. */
  function cacheable(response) {
    if (response.status !== 200) return false;
    const control = response.headers.get("cache-control") ?? "";
    if (!/\bpublic\b/.test(control) || !/s-maxage=\d+/.test(control)) return false;
    if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return false;
    return response.headers.getSetCookie().length === 0;
  }

  async function fill(req, key, lang) {
    // The address as the app works it out (server/app-server.js), so it sees the same URL either way.
    const url = `${siteOf(req)}${req.url}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    // Rendered as for a visitor who has a valid language cookie (in place of any other), so the
    // page sets none and stays public.
    const others = (headers.get("cookie") ?? "")
      .split(";")
      .map((pair) => pair.trim())
      .filter((pair) => pair && !pair.startsWith("isEnglish="));
    headers.set("cookie", [...others, language.requestCookie(lang)].join("; "));
    const startedIn = generation;
    const response = await handle(new Request(url, { method: "GET", headers }));
    const body = Buffer.from(await response.arrayBuffer());
    const control = response.headers.get("cache-control") ?? "";
    const seconds = Math.min(maxSeconds, Number(/s-maxage=(\d+)/.exec(control)?.[1] ?? 0));
    const kept = [...response.headers].filter(([name]) => !["set-cookie", "content-length", "content-encoding", "transfer-encoding"].includes(name));
    const entry = { status: response.status, headers: kept, gzip: gzipSync(body, { level: 6 }), expires: now() + seconds * 1000 };
    // A write that happened while this page rendered may have changed it: don't keep it.
    if (cacheable(response) && seconds > 0 && startedIn === generation) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value);
      entries.set(key, entry);
      stats.stores++;
    }
    return { entry, cookies: response.headers.getSetCookie() };
  }

  /**
   * Answers the request from the cache (filling it on a miss) and returns true, or returns
   * false to let the app handle it.
   */
  async function serve(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
      generation++;
      if (entries.size) stats.invalidations++;
      entries.clear();
      return false;
    }
    const k = keyOf(req);
    if (!k) return false;
    const entry = entries.get(k.key);
    if (entry && entry.expires > now()) {
      stats.hits++;
      send(req, res, entry, k.hasLangCookie, k.lang);
      return true;
    }
    stats.misses++;
    let filling = pending.get(k.key);
    if (!filling) {
      filling = fill(req, k.key, k.lang).finally(() => pending.delete(k.key));
      pending.set(k.key, filling);
    }
    const { entry: fresh, cookies } = await filling;
    const headers = Object.fromEntries(fresh.headers);
    headers["content-encoding"] = "gzip";
    headers["content-length"] = String(fresh.gzip.length);
    headers["x-page-cache"] = "miss";
    if (cookies.length) {
      headers["set-cookie"] = cookies;
      headers["cache-control"] = "private, no-store";
    } else if (!k.hasLangCookie) firstVisit(req, headers, k.lang);
    res.writeHead(fresh.status, headers);
    res.end(req.method === "HEAD" ? undefined : fresh.gzip);
    return true;
  }

  return { serve, stats, clear: () => entries.clear(), size: () => entries.size };
}
