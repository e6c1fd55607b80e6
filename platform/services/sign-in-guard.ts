import crypto from "node:crypto";
import { and, desc, eq, gt, lt } from "drizzle-orm";
import { clientKey } from "../address";
import type { Db } from "../db";
import { rateEvents } from "../db/schema";
import { fail } from "../http";

/**
 * The limits of decisions 024 (sending codes) and 025 (lockout, enumeration). Each is "at most
 * `max` in the last `windowMs`"; a refusal says when the oldest counted event leaves the window.
 */
export type Limit = { max: number; windowMs: number };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Codes to one number from one requester: the spec's 1 a minute and 5 an hour, counted per address. */
export const SENDS_PER_REQUESTER_NUMBER: Limit[] = [
  { max: 1, windowMs: MINUTE },
  { max: 5, windowMs: HOUR },
];
/** Codes to one number from everyone: a stranger's share can never use it all up. */
export const SENDS_PER_NUMBER: Limit[] = [
  { max: 1, windowMs: MINUTE },
  { max: 10, windowMs: HOUR },
];
/** Codes one address may ask for, to any numbers. */
export const SENDS_PER_CLIENT: Limit[] = [
  { max: 10, windowMs: 10 * MINUTE },
  { max: 50, windowMs: 24 * HOUR },
];
/** Codes the whole platform sends: the ceiling on the SMS bill whatever the number of addresses. */
export const SENDS_GLOBAL: Limit[] = [
  { max: 120, windowMs: MINUTE },
  { max: 2000, windowMs: HOUR },
];
/** Wrong codes one address may try against one number before it may try no more for a while. */
export const WRONG_PER_REQUESTER_NUMBER: Limit = { max: 5, windowMs: 15 * MINUTE };
/** Wrong codes one address may try, whatever the numbers. */
export const WRONG_PER_CLIENT: Limit = { max: 20, windowMs: 10 * MINUTE };
/** Registration checks (`/user/check`, `/user/check-email`) per address and per account. */
export const CHECKS_PER_CLIENT: Limit = { max: 30, windowMs: 10 * MINUTE };

/** How long a page's send ticket stays good; the page renders a fresh one on every visit and post. */
export const TICKET_TTL_MS = 30 * MINUTE;

export type GuardDeps = { db: Db; secret: string; now: () => Date };

/** What a ticket is for: sending a code, or one conference's registration checks for one account. */
export type TicketScope = "send" | `check:${number}:${number}`;

const sign = (secret: string, scope: TicketScope, address: string, expires: string, nonce: string) =>
  crypto
    .createHmac("sha256", secret)
    .update(`ticket|${scope}|${clientKey(address)}|${expires}|${nonce}`)
    .digest("base64url");

/**
 * A ticket a page renders for the client that asked for it: HMAC-signed, bound to the client's
 * address and the scope, good for `TICKET_TTL_MS`. A send ticket sends one code (its nonce is kept
 * with the code); another site cannot read it, and a script must fetch the page for each code.
 *
 * @example mintTicket(deps, { address: "203.0.113.7", scope: "send" })
 */
export function mintTicket(deps: { secret: string; now: () => Date }, input: { address: string; scope: TicketScope }) {
  const expires = (deps.now().getTime() + TICKET_TTL_MS).toString(36);
  const nonce = crypto.randomBytes(12).toString("base64url");
  return `${expires}.${nonce}.${sign(deps.secret, input.scope, input.address, expires, nonce)}`;
}

/** The ticket's nonce when it is good for this address and scope now, else null. */
export function ticketNonce(deps: { secret: string; now: () => Date }, ticket: string | undefined | null, input: { address: string; scope: TicketScope }) {
  const [expires, nonce, signature, ...rest] = (ticket ?? "").split(".");
  if (!expires || !nonce || !signature || rest.length) return null;
  const expected = Buffer.from(sign(deps.secret, input.scope, input.address, expires, nonce));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const at = parseInt(expires, 36);
  const now = deps.now().getTime();
  if (!Number.isFinite(at) || at <= now || at > now + TICKET_TTL_MS) return null;
  return nonce;
}

/** Seconds (at least 1) until the `max`-th newest of `times` (newest first) leaves the window; 0 when under the limit. */
export function secondsUntilFree(times: Date[], limit: Limit, now: Date) {
  const blocking = times[limit.max - 1];
  if (!blocking) return 0;
  return Math.max(1, Math.ceil((blocking.getTime() + limit.windowMs - now.getTime()) / 1000));
}

/**
 * A refusal with HTTP 429, the seconds to wait as `retryAfter` (and the Retry-After header),
 * and a message saying when to try again in the caller's language.
 */
export function refuseFor(messageKey: string, seconds: number): never {
  fail(429, messageKey, { code: 429, retryAfter: seconds });
}

/** Seconds until one more `kind` event for `key` fits the limit (0: it does). */
export async function eventWait(deps: GuardDeps, kind: string, key: string, limit: Limit) {
  const now = deps.now();
  const rows = await deps.db
    .select({ at: rateEvents.at })
    .from(rateEvents)
    .where(and(eq(rateEvents.kind, kind), eq(rateEvents.key, key), gt(rateEvents.at, new Date(now.getTime() - limit.windowMs))))
    .orderBy(desc(rateEvents.at))
    .limit(limit.max);
  return secondsUntilFree(
    rows.map((row) => row.at),
    limit,
    now,
  );
}

/** Counts one event. */
export async function recordEvent(deps: GuardDeps, kind: string, key: string) {
  await deps.db.insert(rateEvents).values({ kind, key, at: deps.now() });
}

/** Deletes events older than the longest window (a day), hourly with the platform's other sweeps. */
export async function pruneRateEvents(deps: GuardDeps) {
  await deps.db.delete(rateEvents).where(lt(rateEvents.at, new Date(deps.now().getTime() - 24 * HOUR)));
}
