import crypto from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db";
import { accounts, authTokens, oauthStates, organizations, smsCodes } from "../db/schema";
import { fail } from "../http";
import type { SmsProvider } from "../providers/types";

/** SMS code rules (ARCHITECTURE.md): 6 digits, 10 minutes, single use, 5 wrong tries, 1/min and 5/h per number. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const SENDS_PER_MINUTE = 1;
export const SENDS_PER_HOUR = 5;
/** ACCESS_TOKEN lifetime: 31 days with rememberMe or claim; otherwise the token outlives a browser session by a day at most. */
export const REMEMBER_MS = 31 * 24 * 3600_000;
export const SESSION_MS = 24 * 3600_000;

export const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

export type IdentityDeps = { db: Db; sms: SmsProvider; secret: string; now: () => Date };

const codeHash = (deps: IdentityDeps, mobile: string, code: string) =>
  crypto.createHmac("sha256", deps.secret).update(`${mobile}:${code}`).digest("hex");

/** Sends a fresh code, within the per-number limits. Concurrent sends for one number are serialised. */
export async function sendCode(deps: IdentityDeps, mobile: string, purpose: "login" = "login") {
  const now = deps.now();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"sms:" + mobile}))`);
    const since = (ms: number) => new Date(now.getTime() - ms);
    const [{ lastMinute }] = await tx
      .select({ lastMinute: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, since(60_000))));
    if (lastMinute >= SENDS_PER_MINUTE) fail(400, "errors.smsTooSoon", { code: 429 });
    const [{ lastHour }] = await tx
      .select({ lastHour: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, since(3600_000))));
    if (lastHour >= SENDS_PER_HOUR) fail(400, "errors.smsHourly", { code: 429 });
    await tx.insert(smsCodes).values({
      mobile,
      purpose,
      codeHash: codeHash(deps, mobile, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
  });
  try {
    await deps.sms.sendCode({ mobile, code, purpose });
  } catch (error) {
    console.error("[sms] provider refused:", error);
    fail(502, "errors.smsFailed");
  }
}

/** Checks and consumes the newest live code of a number. Wrong tries count; the fifth locks the code. */
export async function consumeCode(deps: IdentityDeps, mobile: string, code: string) {
  const now = deps.now();
  const [row] = await deps.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row) fail(400, "errors.codeExpired");
  if (row.attempts >= CODE_MAX_ATTEMPTS) fail(400, "errors.codeLocked");
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(codeHash(deps, mobile, code), "hex");
  if (!crypto.timingSafeEqual(expected, given)) {
    const [updated] = await deps.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id))
      .returning({ attempts: smsCodes.attempts });
    const left = CODE_MAX_ATTEMPTS - updated.attempts;
    if (left <= 0) fail(400, "errors.codeLocked");
    fail(400, "errors.codeWrong", { params: { left } });
  }
  // The `usedAt is null` guard makes the code single-use even when two logins race.
  const used = await deps.db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) fail(400, "errors.codeExpired");
}

export async function issueToken(deps: IdentityDeps, accountId: number, rememberMe: boolean) {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = deps.now();
  await deps.db.insert(authTokens).values({
    tokenHash: sha256(token),
    accountId,
    rememberMe,
    expiresAt: new Date(now.getTime() + (rememberMe ? REMEMBER_MS : SESSION_MS)),
    createdAt: now,
  });
  return token;
}

export async function revokeToken(db: Db, token: string) {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, sha256(token)));
}

export type Account = typeof accounts.$inferSelect;

export async function accountByToken(deps: { db: Db; now: () => Date }, token: string): Promise<Account | null> {
  const [row] = await deps.db
    .select({ account: accounts })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .where(and(eq(authTokens.tokenHash, sha256(token)), gt(authTokens.expiresAt, deps.now())))
    .limit(1);
  return row?.account ?? null;
}

export async function accountByMobile(db: Db, mobile: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.mobile, mobile)).limit(1);
  return row ?? null;
}

export async function isCertified(db: Pick<Db, "select">, accountId: number) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.accountId, accountId), eq(organizations.state, "approved")))
    .limit(1);
  return Boolean(row);
}

export type OneTimePurpose = (typeof oauthStates.$inferSelect)["purpose"];

/** A one-time value (OAuth state, bind ticket, subscription ticket) that expires; `take` deletes it as it reads it. */
export async function putOneTime(
  deps: { db: Db; now: () => Date },
  purpose: OneTimePurpose,
  payload: Record<string, string>,
  redirectTo = "/",
  ttlMs = 10 * 60_000,
) {
  const state = crypto.randomBytes(18).toString("base64url");
  await deps.db.insert(oauthStates).values({
    state,
    purpose,
    payload,
    redirectTo,
    expiresAt: new Date(deps.now().getTime() + ttlMs),
  });
  return state;
}

export async function takeOneTime(deps: { db: Db; now: () => Date }, purpose: OneTimePurpose, state: string) {
  const [row] = await deps.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.purpose, purpose)))
    .returning();
  if (!row || row.expiresAt <= deps.now()) return null;
  return row;
}

/** What the web reads as `data` after a login, and as the `auth` account object (spec §3). */
export function publicAccount(account: Account, extra: { certification?: boolean } = {}) {
  return {
    id: account.id,
    accountId: account.id,
    name: account.name,
    mobile: account.mobile,
    email: account.email,
    avatar: account.avatar,
    hasClaimed: account.hasClaimed,
    defaultType: account.defaultType,
    isPlatformAdmin: account.isPlatformAdmin,
    wechatBound: Boolean(account.wechatOpenId),
    ...extra,
  };
}

/** The user record of the `/user/login` variant (spec §3 session `user`). */
export function userRecord(account: Account) {
  return {
    id: account.id,
    created: account.createdAt.toISOString(),
    createdTime: account.createdAt.getTime(),
    karma: account.karma,
  };
}
