import { redirect } from "@remix-run/node";
import { systemClock } from "#contract/clock";
import type { BodyOf, CallPath, IsPattern, Method, MethodOf, ResponseOf } from "#contract/endpoints";
import { type FieldMessages, type Message, type MessageParams, isMessage } from "#contract/message";
import { appEnv } from "./env.server";
import { loginUrl } from "./guard.server";
import { forgetPageRequest, perPageRequest } from "./page-request.server";
import { type Lang, clearTokenCookie, clientAddress, getLang, getToken } from "./session.server";
import { appWords } from "./words.server";

export type { CallPath } from "#contract/endpoints";

/**
 * The one client of the platform API (spec §7, §8). Every call carries the bearer token when
 * there is one and `Client-Type: web`; in process by default, over HTTP with PLATFORM_API_URL.
 *
 * Outcomes, as spec §8 says:
 * - code 0 or HTTP 200: `{ok: true, data}`;
 * - 400 and 404 (and 429, a limit saying when to try again): `{ok: false, ...}` back to the caller, to show next to the form or as a 404;
 * - 401: the token is dropped and the browser goes to the account login;
 * - any other status: thrown as a response with that status (the error page);
 * - no response at all: thrown as 500.
 */
export type ApiSuccess<T> = { ok: true; status: number; code: number; message: string; data: T };
export type ApiFailure = {
  ok: false;
  /** 401 only when the caller asked for it with `redirectOn401: false`; 429 is a limit, whose message says when to try again. */
  status: 400 | 401 | 404 | 429;
  code: number;
  message: string;
  /** Several messages are shown one by one. */
  messages: string[];
  /** Per-field messages of a rejected form, already in the user's language. */
  fields: Record<string, string>;
  data: unknown;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

type CommonOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Overrides the request's own token (e.g. right after login). `null` sends none. */
  token?: string | null;
  /** When false, a 401 answers as a failure instead of sending the user to login. */
  redirectOn401?: boolean;
  /** More request headers (e.g. a signed-out browser's kept-upload session). */
  headers?: Record<string, string>;
};

/**
 * The platform of this process, plugged in with the app's words; null when the platform is
 * reached over HTTP (PLATFORM_API_URL). The one place that touches the platform's runtime.
 */
export async function inProcessPlatform() {
  if (appEnv().PLATFORM_API_URL) return null;
  const { getPlatform } = await import("#platform/runtime");
  return await getPlatform({ words: appWords });
}

/** At server start (server.mjs): open the in-process platform (migrations, seed) before serving. */
export async function startPlatform() {
  await inProcessPlatform();
}

export async function stopPlatform() {
  if (appEnv().PLATFORM_API_URL) return;
  const runtime = await import("#platform/runtime");
  await runtime.stopPlatform();
}

/**
 * The platform's clock (`PlatformDeps.now`) when it runs in this process, so that a screen's
 * "today" and the platform's rules never disagree; the machine's clock over HTTP. A platform that
 * cannot start is reported by the calls that need it; here it reads as the machine's clock.
 */
export async function platformNow(): Promise<Date> {
  const platform = await inProcessPlatform().catch(() => null);
  return platform ? platform.deps.now() : systemClock();
}

/**
 * A body as the app sends it: the schema's fields, each also as a raw form entry (the platform
 * parses every body with the same schema and answers field errors). Unknown fields and values of
 * the wrong kind (a number or a list where the schema has something else) still fail.
 */
type FormShaped<I> = I extends readonly unknown[] ? I : I extends object ? { [K in keyof I]: I[K] | FormDataEntryValue | null } : I;

/**
 * The method and body of a call on `P`, as the table of calls (contract/endpoints.ts, decision
 * 038) allows them: the method one the table lists for the path (GET, the default, only where it
 * has a GET); the body the row's schema input (or FormData) where the path is spelled exactly.
 * A path only known as "one of the table's" (a helper's parameter) is checked no further, and
 * neither is the body of a path with a parameter (the checker gives up on that inference depth).
 */
type MethodCheck<P extends string, M extends Method> = CallPath extends P ? unknown : [M] extends [MethodOf<P>] ? unknown : { method: never };
type BodyFor<P extends string, M extends Method> = CallPath extends P
  ? unknown
  : M extends "GET"
    ? undefined
    : IsPattern<P> extends true
      ? unknown
      : FormShaped<BodyOf<P, M>> | FormData;

export type CallOptions<P extends string = CallPath, M extends Method = Method> = CommonOptions & {
  method?: CallPath extends P ? Method : M;
  body?: NoInfer<BodyFor<P, M>>;
} & NoInfer<MethodCheck<P, M>>;

/** No type given at the call: the answer's type comes from the table. */
type Unset = { readonly __noTypeArgument: unique symbol };
type DataOf<T, P extends string, M extends Method> = [T] extends [Unset] ? (CallPath extends P ? unknown : ResponseOf<P, M>) : T;

/** What the exchange reads of any call's options. */
type AnyOptions = CommonOptions & { method?: Method; body?: unknown };

/**
 * One call of `exchange`, and its envelope. In process the platform hands the envelope over as a
 * value (the `values` binding, decision 077), and the GET calls of one page request (`page`)
 * share their token's account lookup (the `accounts` binding): bindings of the call, which no
 * HTTP caller can set.
 */
async function platformCall(url: string, init: RequestInit, page: Request | null): Promise<{ response: Response; payload: Envelope | null }> {
  const platform = await inProcessPlatform();
  const bindings = platform ? { values: true, ...(page ? { accounts: perPageRequest(page, "platform-accounts", "", () => new Map()) } : {}) } : undefined;
  const response = await platformFetch(url, init, bindings);
  const kept = platform?.keptAnswer(response) as Envelope | undefined;
  return { response, payload: kept ?? ((await response.json().catch(() => null)) as Envelope | null) };
}

/** A request to the platform, in process (with the call's bindings) or external: its answer as it is. */
async function platformFetch(url: string, init: RequestInit, bindings?: object): Promise<Response> {
  const platform = await inProcessPlatform();
  if (platform) return await platform.app.fetch(new Request("http://platform.internal" + url, init), bindings);
  return fetch(appEnv().PLATFORM_API_URL + url.slice("/api".length), { ...init, signal: AbortSignal.timeout(15_000) });
}

/** Forwards a raw request (the `/api` mount) to the platform, in process or external. */
export async function forwardToPlatform(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  try {
    // The body streams on: the platform bounds it (and the HTTP server before it), nothing buffers it here.
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers: request.headers,
      body: hasBody ? request.body : undefined,
      duplex: hasBody ? "half" : undefined,
    };
    return await platformFetch(url.pathname + url.search, init);
  } catch (error) {
    console.error("[platform] unreachable:", error);
    return Response.json({ code: 503, message: "platform unreachable", statusCode: 503 }, { status: 503 });
  }
}

/**
 * One call of the table (contract/endpoints.ts): a path the table doesn't know, a method it
 * doesn't list for that path or a body its schema refuses fails the type check; the answer's
 * `data` is the table's type for (path, method) unless the caller names one (`callPlatform<T>`).
 */
export const callPlatform: <T = Unset, P extends CallPath = CallPath, M extends Method = "GET">(
  request: Request,
  path: P,
  options?: CallOptions<P, M>,
) => Promise<ApiResult<DataOf<T, P, M>>> =
  // The table's types are the caller's side (a claim about the platform no compiler can prove); underneath, one untyped exchange.
  (request, path, options) => exchange(request, path, options ?? {}) as Promise<never>;

async function exchange(request: Request, path: string, options: AnyOptions): Promise<ApiResult<unknown>> {
  const token = options.token === undefined ? getToken(request) : options.token;
  const { lang } = getLang(request);
  const headers = new Headers({ "Client-Type": "web", "Accept-Language": lang, Accept: "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  // The platform's per-client limits count the browser's address (settled at the edge, decision 023).
  const client = clientAddress(request);
  if (client) headers.set("X-Forwarded-For", client);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const url = "/api" + path + (search.size ? `?${search}` : "");

  const method = options.method ?? "GET";
  let response: Response;
  let payload: Envelope | null;
  try {
    ({ response, payload } = await platformCall(url, { method, headers, body }, method === "GET" ? request : null));
  } catch (error) {
    console.error(`[platform] no response for ${method} ${path}:`, error);
    throw systemError(500, lang);
  } finally {
    // What this page request kept (the account, its header) may have changed.
    if (method !== "GET") forgetPageRequest(request);
  }
  const message = messageOf(lang, payload);

  if (response.status === 200 || payload?.code === 0) {
    return { ok: true, status: response.status, code: payload?.code ?? 0, message, data: payload?.data };
  }
  // Normalised as spec §8 says: statusCode, then status, then the HTTP status, else 500.
  const status = payload?.statusCode ?? payload?.status ?? response.status ?? 500;
  if (status === 401 && options.redirectOn401 !== false) {
    throw redirect(loginUrl(request), { headers: { "Set-Cookie": clearTokenCookie(request) } });
  }
  // A limit (429) is said next to the form like a 400, with its wait in the message (decision 024).
  if (status === 400 || status === 404 || status === 401 || status === 429) {
    return { ok: false, status, code: payload?.code ?? status, message, ...failureWords(lang, payload, message), data: payload?.data };
  }
  throw systemError(status, lang, message || undefined);
}

/** An answer as it arrives: spec §8's envelope, with the keys of decision 035 when it is our platform. */
type Envelope = {
  code?: number;
  message?: string;
  messageKey?: string;
  params?: MessageParams;
  messages?: string[];
  messageKeys?: string[];
  data?: unknown;
  statusCode?: number;
  status?: number;
};

/** A platform message in the user's language (decision 035). */
export function platformWords(lang: Lang, message: Message): string {
  return appWords(lang, message);
}

/**
 * The one place platform messages become words: the message, the list and each field's message
 * (schema keys and the platform's own refusals alike). A platform that sends words and no keys
 * (an external one, spec §8) is shown as it speaks.
 */
function messageOf(lang: Lang, payload: Envelope | null): string {
  return payload?.messageKey ? appWords(lang, { key: payload.messageKey, params: payload.params }) : (payload?.message ?? "");
}

function failureWords(lang: Lang, payload: Envelope | null, message: string): Pick<ApiFailure, "messages" | "fields"> {
  const listed = payload?.messageKeys?.length ? payload.messageKeys.map((key) => appWords(lang, { key })) : payload?.messages;
  const sent = (payload?.data as { fields?: FieldMessages | Record<string, string> } | null | undefined)?.fields ?? {};
  const fields = Object.fromEntries(Object.entries(sent).map(([name, said]) => [name, isMessage(said) ? appWords(lang, said) : String(said)]));
  return { messages: listed?.length ? listed : message ? [message] : [], fields };
}

/** A response the error page shows with its status (spec §8). */
export function systemError(status: number, lang: Lang, message?: string) {
  return new Response(message ?? (lang === "en" ? "System Error" : "系统错误"), {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The data of a call that must succeed; a 404 becomes the not-found page, a 400 the error page. */
export const platformData: <T = Unset, P extends CallPath = CallPath, M extends Method = "GET">(
  request: Request,
  path: P,
  options?: CallOptions<P, M>,
) => Promise<DataOf<T, P, M>> = async (request, path, options) => {
  const result = await exchange(request, path, options ?? {});
  if (result.ok) return result.data as never;
  throw new Response(result.message, { status: result.status === 401 ? 401 : result.status });
};

export type Page<T> = { list: T[]; total: number };
