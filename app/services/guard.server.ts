import { redirect } from "@remix-run/node";
import { noPermission } from "#contract/params";
import { type Account, accountShell } from "./account.server";
import { appEnv } from "./env.server";
import { clearTokenCookie, getToken } from "./session.server";

/**
 * The open routes of spec §2, by the spec's names, mapped to our URL patterns.
 * Every other page requires a token (docs/decisions/002-open-routes.md).
 */
export const OPEN_ROUTES: Record<string, string> = {
  index: "/",
  "conf-id": "/conf/:conferenceId",
  "c-id": "/c/:conferenceId",
  "form-detail": "/form/detail",
  search: "/search",
  schedule: "/schedule",
  "search-reference": "/search/reference",
  "search-form": "/search/form",
  orgList: "/orgList",
  "attend-meetingInfo": "/attend/:conferenceId",
  agreement: "/agreement",
  privacy: "/privacy",
  "attend-paypal-result": "/attend/paypal/:result?",
  liveStreaming: "/liveStreaming",
  "liveStreaming-detail-id": "/liveStreaming/detail/:id?",
  "attend-claime": "/attend/claime/:registrationId",
  alipage: "/alipage",
};

/**
 * Routes we add that must be open too: the conference page itself (visitors browse it,
 * issue 3), the sign-in pages of our own account site, the language switch, the API mount
 * (which does its own bearer-token checks), the sitemap, the help page, and UnionPay's front
 * return (a cross-site post without the session cookie; the platform verifies its signature),
 * and a private agenda feed, fetched by calendar apps without cookies (its token is the credential),
 * and a conference's card image, fetched by the crawlers of sites a link is shared on,
 * and the upload of form answers (respondents of /form/detail may be signed out), and a kept
 * upload, which the platform opens only for its chooser (the account, or the signed-out browser's
 * kept-upload cookie; decision 017), and the spec's `/conf/{id?}` without its id (the list of
 * microsites; its `/sponsorHotel` and `/sponsorRegistration` siblings ask for a sign-in, as with an id).
 */
export const EXTRA_OPEN_ROUTES = [
  "/:conferenceId",
  "/conf",
  "/conf/:conferenceId/calendar.ics",
  "/conf/:conferenceId/style.css",
  "/conf/:conferenceId/card.png",
  "/*",
  "/login",
  "/login/wechat",
  "/login/wechat/callback",
  "/logout",
  "/language",
  "/api/*",
  "/sitemap.xml",
  "/robots.txt",
  "/account/help",
  "/attend/union/return",
  "/attend/agenda/:token",
  "/form/upload",
  "/files/kept/:ref",
];

/**
 * A same-site path to go back to after sign-in, or `fallback`. Anything that could leave the
 * site (`//x`, `/\x`, `%5C`, schemes, absolute URLs, control characters) lands on the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  let decoded = to;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  for (const candidate of [to, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return fallback;
    if (/[\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  }
  if (/^\/[^/]*:/.test(decoded)) return fallback;
  return headerSafe(to) ?? fallback;
}

/**
 * A same-site URL as a `Location` header may carry it: characters outside printable ASCII
 * (`/中文`, spaces) percent-encoded as UTF-8, what is already encoded left alone; null when it
 * cannot be encoded (a lone surrogate).
 *
 * @example headerSafe("/search?keyword=中文") // "/search?keyword=%E4%B8%AD%E6%96%87"
 */
export function headerSafe(to: string): string | null {
  try {
    return to.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  } catch {
    return null;
  }
}

/** Where a guarded page sends someone without a token: the account site's login, with the way back. */
export function loginUrl(request: Request, to?: string) {
  const url = new URL(request.url);
  const back = to ?? url.pathname + url.search;
  const accountSite = appEnv().ACCOUNT_SITE_URL;
  if (accountSite) {
    const origin = appEnv().APP_HOST ? `${url.protocol}//${appEnv().APP_HOST}` : url.origin;
    return `${accountSite}/login?redirect=${encodeURIComponent(origin + back)}`;
  }
  return back === "/" ? "/login" : `/login?redirect=${encodeURIComponent(back)}`;
}

function hostOf(request: Request) {
  return request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
}

/**
 * The guards: one per thing a loader or action needs to be true before it does anything, each
 * called on its first line (docs/decisions/040-guards.md). Whether someone organises a
 * conference the platform decides on every call; the app turns its refusal into the not-found
 * page (`manageData` in audits.server.ts), so no guard here pretends to know it.
 */

/**
 * Signed in (spec §6): on another host than the configured one the user goes to /; without a
 * token, to the account login with the way back (`back`, or this page). Returns the token.
 * Whether it is still valid, the platform says on the next call (401 → login).
 */
export function requireSignedIn(request: Request, back?: string): string {
  const configured = appEnv().APP_HOST;
  if (configured && hostOf(request) !== configured) throw redirect("/");
  const token = getToken(request);
  if (!token) throw redirect(loginUrl(request, back));
  return token;
}

/**
 * Signed in with a session the platform still knows; the account. A 401 goes to the login page
 * (the cookie cleared), as any call's does. The answer is the one the header's loader uses too.
 */
export async function requireAccount(request: Request): Promise<Account> {
  requireSignedIn(request);
  const shell = await accountShell(request);
  if (shell.ok) return shell.data.account;
  if (shell.status === 401) throw redirect(loginUrl(request), { headers: { "Set-Cookie": clearTokenCookie(request) } });
  throw new Response(shell.message, { status: shell.status });
}

/** Signed in as a platform administrator (the review screens); anyone else is refused with 403. */
export async function requirePlatformAdmin(request: Request): Promise<Account> {
  const account = await requireAccount(request);
  if (!account.isPlatformAdmin) throw noPermission(403);
  return account;
}
