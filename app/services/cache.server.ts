import { getToken } from "./session.server";

/**
 * Cache headers for pages: anonymous visitors get a short shared max-age a CDN can use,
 * with stale-while-revalidate; anything for a signed-in account stays private.
 */
export function publicPageHeaders(request: Request, seconds = 60): Record<string, string> {
  if (getToken(request)) return { "Cache-Control": "private, no-cache" };
  return { "Cache-Control": `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 5}`, Vary: "Cookie" };
}
