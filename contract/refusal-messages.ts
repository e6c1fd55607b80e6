/**
 * The texts of the answers that refuse a request. Kept apart from params.ts, which builds on zod:
 * the error page, part of every page's first load, needs only these (issue 16).
 */

/** The text of every not-found answer; the error page shows its own translated words for it. */
export const NOT_FOUND_MESSAGE = "This page could not be found";

/** The text of every answer to a request no form of ours sends (an unknown intent, a forged id). */
export const BAD_REQUEST_MESSAGE = "Bad request";
/** The text of every refusal for want of a role; the error page shows its own translated words. */
export const NO_PERMISSION_MESSAGE = "No Permission";
/** Texts the error page replaces with its translated words, in the visitor's language. */
export const UNTRANSLATED_MESSAGES: readonly string[] = [NOT_FOUND_MESSAGE, BAD_REQUEST_MESSAGE, NO_PERMISSION_MESSAGE];
