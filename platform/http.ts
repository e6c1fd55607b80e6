import type { Context } from "hono";
import { parseId, parsePage, parsePageSize } from "#contract/params";
import { translate, type Lang } from "./messages";

/** A failure the caller should see: HTTP status, a business code and translated message(s). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly options: {
      code?: number;
      params?: Record<string, string | number>;
      messages?: string[];
      data?: unknown;
      /** Seconds before the caller may try again (429): `retryAfter` in the body, the Retry-After header, `{{time}}` in the message. */
      retryAfter?: number;
    } = {},
  ) {
    super(messageKey);
  }
}

/** Throws an ApiError; for expected failures inside handlers. */
export function fail(status: number, messageKey: string, options?: ApiError["options"]): never {
  throw new ApiError(status, messageKey, options);
}

export function langOf(c: Context): Lang {
  const header = c.req.header("accept-language") ?? "";
  return header.toLowerCase().startsWith("en") ? "en" : "zh";
}

/** The envelope of spec §7: `{code: 0, message, data}`. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  return c.json({ code: 0, message: "ok", data }, status);
}

/** A page: `data: {list, total}`. */
export function page<T>(c: Context, list: T[], total: number) {
  return ok(c, { list, total });
}

export function errorBody(c: Context, error: ApiError) {
  const lang = langOf(c);
  const messages = error.options.messages?.map((key) => translate(lang, key));
  const { retryAfter } = error.options;
  const params = retryAfter === undefined ? error.options.params : { ...error.options.params, time: waitText(lang, retryAfter) };
  return {
    code: error.options.code ?? error.status,
    message: translate(lang, error.messageKey, params),
    ...(messages && messages.length > 1 ? { messages } : {}),
    ...(error.options.data !== undefined ? { data: error.options.data } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    statusCode: error.status,
  };
}

/** A wait in words: seconds under a minute, minutes (rounded up) under two hours, else hours. */
export function waitText(lang: Lang, seconds: number) {
  const [unit, count] =
    seconds < 60 ? ["second", seconds] : seconds <= 7200 ? ["minute", Math.ceil(seconds / 60)] : ["hour", Math.ceil(seconds / 3600)];
  return translate(lang, `errors.wait.${unit}${count === 1 ? "" : "s"}`, { count });
}

/** Paging parameters (contract/params.ts): `page`/`currentPage` 1–10000, `pageSize` 1–100; garbage is the default. */
export function paging(c: Context, defaultSize = 20) {
  const pageNo = parsePage(c.req.query("currentPage") ?? c.req.query("page"));
  const size = parsePageSize(c.req.query("pageSize"), defaultSize);
  return { page: pageNo, pageSize: size, offset: (pageNo - 1) * size };
}

/** A positive int4 path/query parameter (contract/params.ts), or 404 (not a database error) for anything else. */
export function idParam(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) fail(404, "errors.notFound");
  return id;
}
