import { z } from "zod";
import { BAD_REQUEST_MESSAGE, NO_PERMISSION_MESSAGE, NOT_FOUND_MESSAGE } from "./refusal-messages";

/**
 * The one reading of ids and page numbers, for the platform's routes and the app's loaders and
 * actions alike (docs/decisions/016-bad-input.md). Ids are PostgreSQL `integer` (int4) keys:
 * anything that is not plain decimal digits naming 1…2147483647 is no id at all, so it never
 * reaches the database (where `2147483648` or `1e3` would be an error, not a miss).
 */
export const INT4_MAX = 2_147_483_647;
/** Beyond this page a list is empty anyway; it keeps `offset` far from overflowing. */
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;

/**
 * A positive int4 id from text (a route or query parameter, a form field), or null.
 *
 * @example parseId("12") // 12
 * @example parseId("2147483648") // null; also "-1", "1.5", "1e3", "abc", " 1", "01"
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw > 0 && raw <= INT4_MAX ? raw : null;
  if (typeof raw !== "string" || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= INT4_MAX ? id : null;
}

export { BAD_REQUEST_MESSAGE, NO_PERMISSION_MESSAGE, NOT_FOUND_MESSAGE, UNTRANSLATED_MESSAGES } from "./refusal-messages";

const plain = (text: string, status: number) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The not-found answer, for loaders and actions to throw. */
export const notFound = () => plain(NOT_FOUND_MESSAGE, 404);

/** The answer to a post no form of ours makes, for actions to throw. */
export const badRequest = () => plain(BAD_REQUEST_MESSAGE, 400);

/** The refusal of a signed-in person without the role (403), or of a lapsed session (401). */
export const noPermission = (status: 401 | 403 = 403) => plain(NO_PERMISSION_MESSAGE, status);

/**
 * The id of a page's URL (`params.id`, `?id=`), or the not-found page.
 *
 * @example const conferenceId = routeId(params.id);
 */
export function routeId(raw: string | null | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}

/** A whole number in `min`…`max` from plain digits; anything else (garbage, `1e20`, `-1`, `1.5`) is `fallback`; larger is `max`. */
function boundedInt(raw: string | null | undefined, fallback: number, min: number, max: number) {
  if (typeof raw !== "string" || !/^[0-9]{1,12}$/.test(raw)) return fallback;
  const value = Number(raw);
  return value < min ? fallback : Math.min(value, max);
}

/**
 * `page` (from 1) of a list; garbage is 1, anything past MAX_PAGE is MAX_PAGE.
 *
 * @example parsePage(url.searchParams.get("page"))
 */
export function parsePage(raw: string | null | undefined): number {
  return boundedInt(raw, 1, 1, MAX_PAGE);
}

/** `pageSize` from 1 to `max`; garbage is `fallback`. */
export function parsePageSize(raw: string | null | undefined, fallback: number, max = MAX_PAGE_SIZE): number {
  return boundedInt(raw, fallback, 1, max);
}

function idOrIssue(value: unknown, ctx: z.RefinementCtx, message: string): number {
  const id = parseId(typeof value === "string" ? value.trim() : value);
  if (id !== null) return id;
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

/**
 * An id field of a form or JSON body: a positive int4, as a number or digits; `message` is the
 * translation key of the refusal (400 beside the field). `unknown`, not `number`: conform would
 * coerce "1e3" to 1000 before the id rule saw it.
 */
export const idField = (message: string) =>
  // Optional on the way in so that a missing field gets `message`, not zod's own "expected nonoptional".
  z
    .unknown()
    .optional()
    .transform((value, ctx) => idOrIssue(value, ctx, message));

/** An id field that may be left empty (`""`, null or absent: null). */
export const optionalIdField = (message: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) =>
      value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : idOrIssue(value, ctx, message),
    );
