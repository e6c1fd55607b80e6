import type { Context } from "hono";
import { type FailureEnvelope, type Lang, type Message, type MessageParams, waitMessage } from "#contract/message";
import { parseId, parsePage, parsePageSize } from "#contract/params";
import type { Ctx } from "./context";
import { jsonValue } from "./json-value";

/** A failure the caller should see: HTTP status, a business code and translated message(s). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly options: {
      code?: number;
      params?: MessageParams;
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

/**
 * The envelope of spec §7: `{code: 0, message, data}`.
 *
 * A caller in this process that asks for values (the `values` binding of the call, which no HTTP
 * caller can set) takes the envelope as JSON would carry it (`jsonValue`) from `keptAnswer`, with
 * no text written or read between (decision 077). Its body still writes that JSON when read: if
 * anything between here and the caller made another response of it, the caller reads that.
 */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  const envelope = { code: 0, message: "ok", data };
  if ((c.env as { values?: unknown } | undefined)?.values !== true) return c.json(envelope, status);
  const value = jsonValue(envelope);
  const response = c.body(writtenWhenRead(value), status, { "Content-Type": "application/json" });
  kept.set(response, value);
  return response;
}

/** Envelopes `ok` answered an in-process caller with, by the response it made of each. */
const kept = new WeakMap<Response, unknown>();

/** The envelope of an answer `ok` made for a caller that asked for values; undefined for any other response. */
export function keptAnswer(response: Response): unknown {
  return kept.get(response);
}

/** A body that writes `value`'s JSON only when someone reads it (a high-water mark of 0: no read ahead). */
function writtenWhenRead(value: unknown): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(value)));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** An answer with a business code other than 0 (quick login's 1101, spec §8): its message travels as a key, like a failure's. */
export function codedAnswer<T>(c: Ctx, code: number, messageKey: string, data: T) {
  return c.json({ code, message: say(c, { key: messageKey }), messageKey, data });
}

/** A page: `data: {list, total}`. */
export function page<T>(c: Context, list: T[], total: number) {
  return ok(c, { list, total });
}

/**
 * The words of the caller's language for a message, for what the platform writes itself (a
 * workbook, the envelope's readable `message`): from the words it was plugged in with
 * (`PlatformDeps.words`, the app's catalogue), else the key itself (the platform ships no words).
 */
export function say(c: Ctx, message: Message): string {
  const words = c.get("words");
  return words ? words(langOf(c), message) : message.key;
}

/** The failure envelope (contract/message.ts): keys and params to translate, beside readable words. */
export function errorBody(c: Ctx, error: ApiError): FailureEnvelope {
  const { retryAfter, messages: keys } = error.options;
  const params = retryAfter === undefined ? error.options.params : { ...error.options.params, time: waitMessage(retryAfter) };
  const several = keys && keys.length > 1 ? keys : undefined;
  return {
    code: error.options.code ?? error.status,
    message: say(c, { key: error.messageKey, params }),
    messageKey: error.messageKey,
    ...(params ? { params } : {}),
    ...(several ? { messages: several.map((key) => say(c, { key })), messageKeys: several } : {}),
    ...(error.options.data !== undefined ? { data: error.options.data } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    statusCode: error.status,
  };
}

/** A 400 naming one field: the form shows its message beside it. */
export function refuseField(field: string, key: string, params?: MessageParams): never {
  fail(400, key, { params, data: { fields: { [field]: params ? { key, params } : { key } } } });
}

/** A 400 naming several fields (message keys by dotted path): the first is the message, each is said beside its field. */
export function refuseFields(problems: Record<string, string>): never {
  const keys = Object.values(problems);
  fail(400, keys[0], { messages: keys, data: { fields: Object.fromEntries(Object.entries(problems).map(([path, key]) => [path, { key }])) } });
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
