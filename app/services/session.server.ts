import { createCookie } from "@remix-run/node";
import * as cookie from "cookie";
import type { Lang } from "~/i18n";
import { type Notice, type NoticeInput, makeNotice } from "~/utils/notice";
import { appEnv } from "./env.server";
import { sessionSecrets, signingSecret } from "./secret.server";
import { signCookieValue, unsignCookieValue } from "./signed-cookie.server";

export const TOKEN_COOKIE = "ACCESS_TOKEN";
export const LANG_COOKIE = "isEnglish";
/** 31 days with rememberMe or claim (spec §9). */
export const REMEMBER_SECONDS = 31 * 24 * 3600;
export const LANG_SECONDS = 365 * 24 * 3600;

export type { Lang };

/**
 * `Secure` follows the scheme the browser used (behind a proxy, X-Forwarded-Proto via the
 * server's trust setting), unless COOKIE_SECURE forces it: a Secure cookie set over plain
 * http is dropped by the browser (STACK-NOTES pitfall 9).
 */
export function isSecure(request: Request) {
  return isSecureAt(request.url);
}

function isSecureAt(url: string) {
  const forced = appEnv().COOKIE_SECURE;
  if (forced) return forced === "true";
  return new URL(url).protocol === "https:";
}

/**
 * The browser's network address, as the server's edge settled it (server/forwarding.js: the
 * peer, or what a trusted proxy said). Empty when the request did not come through that edge.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0].trim() ?? "";
}

function readCookies(request: Request) {
  return cookie.parse(request.headers.get("cookie") ?? "");
}

/** A cookie's value when the session secret (any of the list) signed it; unsigned or tampered is absent. */
function readSigned(request: Request, name: string) {
  return unsignCookieValue(name, readCookies(request)[name], sessionSecrets());
}

/**
 * The opaque platform token, signed (decision 042: `token.signature`, which the other sites of
 * the configured domain verify with the shared secret).
 */
export function getToken(request: Request): string | null {
  const value = readSigned(request, TOKEN_COOKIE);
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
}

export function setTokenCookie(request: Request, token: string, remember: boolean) {
  return cookie.serialize(TOKEN_COOKIE, signCookieValue(TOKEN_COOKIE, token, signingSecret()), {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(request),
    path: "/",
    domain: appEnv().COOKIE_DOMAIN,
    ...(remember ? { maxAge: REMEMBER_SECONDS } : {}),
  });
}

export function clearTokenCookie(request: Request) {
  return cookie.serialize(TOKEN_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(request),
    path: "/",
    domain: appEnv().COOKIE_DOMAIN,
    maxAge: 0,
    expires: new Date(0),
  });
}

/** `isEnglish` absent → Chinese (spec §2 Language); unsigned or tampered counts as absent. */
export function getLang(request: Request): { lang: Lang; present: boolean } {
  return langOf(readCookies(request));
}

function langOf(cookies: Record<string, string | undefined>): { lang: Lang; present: boolean } {
  const value = unsignCookieValue(LANG_COOKIE, cookies[LANG_COOKIE], sessionSecrets());
  return { lang: value === "1" ? "en" : "zh", present: value === "0" || value === "1" };
}

/** The two signed values of the language cookie, for the signing secret: a first visit's every page sets it. */
let signedLangs: { secret: string; zh: string; en: string } | null = null;
function signedLang(lang: Lang) {
  const secret = signingSecret();
  if (signedLangs?.secret !== secret) {
    signedLangs = { secret, zh: signCookieValue(LANG_COOKIE, "0", secret), en: signCookieValue(LANG_COOKIE, "1", secret) };
  }
  return signedLangs[lang];
}

export function setLangCookie(request: Request, lang: Lang) {
  return langCookieAt(request.url, lang);
}

function langCookieAt(url: string, lang: Lang) {
  return cookie.serialize(LANG_COOKIE, signedLang(lang), { sameSite: "lax", secure: isSecureAt(url), path: "/", maxAge: LANG_SECONDS });
}

/**
 * The language cookie as the page cache in front of the app (server/page-cache.js) reads and
 * writes it: the same signature, so a page it answers reads the language as the app would and a
 * first visit it answers gets the cookie the app would set.
 */
export const pageCacheLanguage = {
  /** The language of a Cookie header, and whether it holds a valid language cookie. */
  read: (cookieHeader: string) => langOf(cookie.parse(cookieHeader)),
  /** The Set-Cookie header of a first visit to `url`. */
  setCookie: (url: string, lang: Lang) => langCookieAt(url, lang),
  /** The `name=value` pair that renders a page as for a visitor who holds the cookie. */
  requestCookie: (lang: Lang) => `${LANG_COOKIE}=${signedLang(lang)}`,
};

let noticeCookie: ReturnType<typeof createCookie> | undefined;
const notices = () =>
  (noticeCookie ??= createCookie("__notice", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 120,
    secrets: sessionSecrets(),
  }));

/** Flash notices: set on a redirect, read once by the next page. */
export async function noticeCookieHeader(request: Request, list: NoticeInput[]) {
  return notices().serialize(list.map(makeNotice), { secure: isSecure(request) });
}

export async function readNotices(request: Request): Promise<{ list: Notice[]; clear: string | null }> {
  const raw = readCookies(request)["__notice"];
  if (!raw) return { list: [], clear: null };
  const value: unknown = await notices().parse(request.headers.get("cookie"));
  let list: Notice[] = [];
  try {
    list = Array.isArray(value) ? value.map((n) => makeNotice(n as NoticeInput)) : [];
  } catch {
    list = [];
  }
  return { list, clear: await notices().serialize([], { maxAge: 0, expires: new Date(0), secure: isSecure(request) }) };
}
