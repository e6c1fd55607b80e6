/**
 * ACCESS_TOKEN and isEnglish as a browser holds them (decision 042): signed with the session
 * secret the test server runs with. Tests that set these cookies by hand go through here; an
 * unsigned value is ignored by the app like a forged one.
 */
import { signCookieValue, unsignCookieValue } from "../app/services/signed-cookie.server";

/** The SESSION_SECRETS of every server the tests start (the journeys' serve.ts, the in-process builds). */
export const TEST_SESSION_SECRET = "test-session-secret-of-the-journeys";

/** A `name=value` pair for a Cookie header. */
export const signedCookie = (name: "ACCESS_TOKEN" | "isEnglish", value: string) => `${name}=${signCookieValue(name, value, TEST_SESSION_SECRET)}`;

export const tokenCookie = (token: string) => signedCookie("ACCESS_TOKEN", token);
export const langCookie = (lang: "zh" | "en") => signedCookie("isEnglish", lang === "en" ? "1" : "0");

/** The signed value of a cookie as the server set it (its payload), or null when the signature fails. */
export const cookiePayload = (name: string, raw: string | undefined) => unsignCookieValue(name, raw, [TEST_SESSION_SECRET]);

/** A Playwright cookie for the language (`context.addCookies([languageCookie("en", baseURL)])`). */
export const languageCookie = (lang: "zh" | "en", url: string) => ({ name: "isEnglish", value: langCookie(lang).slice("isEnglish=".length), url });

/** A Playwright cookie that signs this browser in with a platform token (`context.addCookies([sessionCookie(token, url)])`). */
export const sessionCookie = (token: string, url: string) => ({ name: "ACCESS_TOKEN", value: tokenCookie(token).slice("ACCESS_TOKEN=".length), url });
