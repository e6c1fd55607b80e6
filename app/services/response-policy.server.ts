import crypto from "node:crypto";

/** Cookies that make a request one person's: its answer is never stored by any cache. */
const PERSONAL_COOKIE = /(?:^|;\s*)(ACCESS_TOKEN|__notice|__wechat)=/;

/** A fresh nonce for the inline scripts of one document (Remix's context, React's streaming). */
export const newNonce = () => crypto.randomBytes(18).toString("base64");

/**
 * The document's Content-Security-Policy: scripts only from this origin or carrying this
 * render's nonce; nobody may frame the page; no plugins; no <base> elsewhere. Images, media
 * and their requests may come from other hosts: covers, logos and replays (HLS through hls.js)
 * live where organisers put them. Styles allow inline: the design system sets style attributes.
 */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "connect-src 'self' https: http:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * What every page and data answer of the app carries (decision 022): the security headers, and
 * `Cache-Control: private, no-store` on anything personal — a signed-in request, a request with
 * a notice or sign-in state in its cookies, or an answer that sets a cookie — whatever the route
 * said, so no shared cache and no back-button cache keeps names and mobiles.
 */
export function applyResponsePolicy(request: Request, headers: Headers, options: { nonce?: string } = {}) {
  if (options.nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce));
  headers.set("X-Frame-Options", "DENY");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // Over https only (a browser ignores it over http); whatever the cookie setting says.
  if (new URL(request.url).protocol === "https:") headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  const personal = PERSONAL_COOKIE.test(request.headers.get("cookie") ?? "") || request.headers.has("authorization") || headers.has("set-cookie");
  if (personal) headers.set("Cache-Control", "private, no-store");
  return headers;
}
