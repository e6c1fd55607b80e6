import type { Context } from "hono";
import type { z } from "zod";
import type { FieldMessages, Words } from "#contract/message";
import { messagesOf } from "#contract/schemas/messages";
import { clientKey } from "./address";
import type { Db } from "./db";
import { fail } from "./http";
import type { PaymentGateways } from "./payments/types";
import type { SmsProvider, Storage, WeChatProvider } from "./providers/types";
import type { OfficialAccount } from "./providers/wechat-official";
import type { Account } from "./services/identity";

export type PlatformDeps = {
  db: Db;
  sms: SmsProvider;
  storage: Storage;
  /** Absent when WeChat sign-in is not configured. */
  wechat: WeChatProvider | null;
  /** HMAC key for SMS code hashes. */
  secret: string;
  now: () => Date;
  uploadMaxBytes: number;
  /** The platform's own host names (APP_HOST, PAYMENT_PUBLIC_URL's host): no conference may claim one. */
  platformHosts?: string[];
  /** Mobiles made platform administrators at sign-in (PLATFORM_ADMIN_MOBILES). */
  platformAdmins?: string[];
  /** Online payment gateways (PayPal, Alipay, UnionPay); absent or null ones are off. Transfers need none. */
  payments?: PaymentGateways;
  /** The organisers' WeChat official account (subscription check); absent or null when not configured. */
  officialAccount?: OfficialAccount | null;
  /**
   * Words for what the platform writes itself (workbooks, the readable `message` of its envelope):
   * handed over by what plugs it in (the app's catalogue); absent, the platform writes keys (decision 035).
   */
  words?: Words;
};

export type PlatformEnv = {
  Variables: { account: Account | null; token: string | null; clientType: string; words: Words | undefined };
};

export type Ctx = Context<PlatformEnv>;

/** The signed-in account, or 401. */
export function requireAccount(c: Ctx): Account {
  const account = c.get("account");
  if (!account) fail(401, "errors.unauthorized");
  return account;
}

/**
 * The caller's network address, for per-client limits: the web app passes the browser's on
 * (X-Forwarded-For, settled at the server's edge, decision 023). A caller that came some other
 * way (in-process tests, a server-side job) is `"local"`, one client.
 */
export function clientAddress(c: Ctx): string {
  return clientKey(c.req.header("x-forwarded-for"));
}

/**
 * Reads a JSON or form body (as `readBodyAsSent`), with every line break as LF (decision 021): a
 * browser posts a textarea's breaks as CRLF whatever the page held, so text is stored as the page
 * shows it and an untouched save stores the same bytes again.
 */
export async function readBody(c: Ctx): Promise<unknown> {
  return withLfBreaks(await readBodyAsSent(c));
}

/**
 * The body exactly as sent: for payment gateways, whose signatures cover the values byte for byte.
 * Bad JSON or a malformed multipart body is a 400, not a 500; so is a NUL character in any text
 * (PostgreSQL cannot store it), answered per field. The size was bounded before (bodyLimits in app.ts).
 */
export async function readBodyAsSent(c: Ctx): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  let body: unknown = {};
  if (type.includes("application/json")) {
    try {
      body = await c.req.json();
    } catch {
      fail(400, "errors.badJson");
    }
  } else if (type.includes("form")) {
    try {
      body = Object.fromEntries(Object.entries(await c.req.parseBody()));
    } catch {
      fail(400, "errors.badForm");
    }
  }
  refuseNul(body);
  return body;
}

/** The paths (`name`, `items.0.text`) of strings, keys and file names holding a NUL. */
function nulPaths(value: unknown, path: string, found: string[]) {
  if (typeof value === "string") {
    if (value.includes("\0")) found.push(path || "_");
  } else if (value instanceof File) {
    if (value.name.includes("\0")) found.push(path || "_");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, path ? `${path}.${index}` : String(index), found));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\0")) found.push(at);
      else nulPaths(item, at, found);
    }
  }
  return found;
}

function refuseNul(body: unknown) {
  const paths = nulPaths(body, "", []);
  if (!paths.length) return;
  const fields: FieldMessages = Object.fromEntries(paths.map((path) => [path.replaceAll("\0", "\\0"), { key: "errors.nulByte" }]));
  fail(400, "errors.nulByte", { data: { fields } });
}

/** CRLF and lone CR become LF in every string of a parsed body (files and other values as they are). */
export function withLfBreaks(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\r") ? value.replace(/\r\n?/g, "\n") : value;
  if (Array.isArray(value)) return value.map(withLfBreaks);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withLfBreaks(inner)]));
  }
  return value;
}

/** Validates with a shared schema; failures answer 400 with each field's message in the caller's language. */
export function parse<S extends z.ZodType>(_c: Ctx, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // One message per field, as the forms show them (contract/schemas/messages.ts).
  const { fieldErrors, formErrors } = messagesOf(result.error.issues, (path) => path.map(String).join(".") || "_");
  const fields: FieldMessages = Object.fromEntries(Object.entries(fieldErrors).map(([path, [key]]) => [path, { key }]));
  const keys = [...Object.values(fieldErrors).map(([key]) => key), ...formErrors];
  fail(400, keys[0] ?? "errors.invalid", { messages: keys, data: { fields } });
}
