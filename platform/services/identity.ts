import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { Account as AccountView } from "#contract/views/account";
import { builtOnce, type Db } from "../db";
import { accounts, authTokens, oauthStates, organizations, smsCodes } from "../db/schema";
import { fail } from "../http";
import type { SmsProvider } from "../providers/types";
import { isUniqueViolation } from "./registration";
import {
  type Limit,
  SENDS_GLOBAL,
  SENDS_PER_CLIENT,
  SENDS_PER_NUMBER,
  SENDS_PER_REQUESTER_NUMBER,
  WRONG_PER_CLIENT,
  WRONG_PER_REQUESTER_NUMBER,
  eventWait,
  recordEvent,
  refuseFor,
  secondsUntilFree,
} from "./sign-in-guard";

/**
 * SMS code rules (ARCHITECTURE.md, decisions 024 and 025): 6 digits, 10 minutes, single use, the
 * newest code of a number is the only live one, 5 wrong tries burn it. How many codes may be
 * sent, and how many wrong tries a requester may make, is in `sign-in-guard.ts`.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** ACCESS_TOKEN lifetime: 31 days with rememberMe or claim; otherwise the token outlives a browser session by a day at most. */
export const REMEMBER_MS = 31 * 24 * 3600_000;
export const SESSION_MS = 24 * 3600_000;

export const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

export type IdentityDeps = { db: Db; sms: SmsProvider; secret: string; now: () => Date };

const codeHash = (deps: IdentityDeps, mobile: string, code: string) => crypto.createHmac("sha256", deps.secret).update(`${mobile}:${code}`).digest("hex");

/** Who asks: the requester's address (`client`) and, for a send, the nonce of the page's ticket. */
export type Requester = { client: string };

/**
 * Sends a fresh code within every sending limit (the longest wait is the one reported), once
 * per page ticket. Sends for one requester and one number are serialised.
 */
export async function sendCode(deps: IdentityDeps, input: Requester & { mobile: string; ticket: string }, purpose: "login" = "login") {
  const { mobile, client } = input;
  const now = deps.now();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  try {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"sms-client:" + client}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"sms:" + mobile}))`);
      const limits: Array<[string, SQL | undefined, Limit[]]> = [
        ["errors.smsLimitNumber", and(eq(smsCodes.mobile, mobile), eq(smsCodes.client, client)), SENDS_PER_REQUESTER_NUMBER],
        ["errors.smsLimitNumber", eq(smsCodes.mobile, mobile), SENDS_PER_NUMBER],
        ["errors.smsLimitClient", eq(smsCodes.client, client), SENDS_PER_CLIENT],
        ["errors.smsLimitGlobal", undefined, SENDS_GLOBAL],
      ];
      let refusal: { key: string; seconds: number } | null = null;
      for (const [key, where, windows] of limits) {
        for (const limit of windows) {
          const rows = await tx
            .select({ at: smsCodes.createdAt })
            .from(smsCodes)
            .where(and(where, gt(smsCodes.createdAt, new Date(now.getTime() - limit.windowMs))))
            .orderBy(desc(smsCodes.createdAt))
            .limit(limit.max);
          const seconds = secondsUntilFree(
            rows.map((row) => row.at),
            limit,
            now,
          );
          if (seconds > (refusal?.seconds ?? 0)) refusal = { key, seconds };
        }
      }
      if (refusal) refuseFor(refusal.key, refusal.seconds);
      await tx.insert(smsCodes).values({
        mobile,
        purpose,
        codeHash: codeHash(deps, mobile, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
        client,
        ticket: input.ticket,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "sms_codes_ticket_index")) fail(400, "errors.sendTicket");
    throw error;
  }
  try {
    await deps.sms.sendCode({ mobile, code, purpose });
  } catch (error) {
    console.error("[sms] provider refused:", error);
    fail(502, "errors.smsFailed");
  }
}

/**
 * Checks a code against the newest live code of the number and returns that code's id, unspent
 * (the caller spends it with `spendCode` once it knows what the code is for). Every failure
 * gives one answer, whatever the number and whether it has an account (decision 025): a wrong
 * try counts against that code (the fifth burns it) and against the requester, who may then try
 * no more for a while; the number's owner, elsewhere, is not locked out.
 */
export async function checkCode(deps: IdentityDeps, input: Requester & { mobile: string; code: string }) {
  const { mobile, client } = input;
  const now = deps.now();
  const wait = Math.max(
    await eventWait(deps, "wrong-code", client, WRONG_PER_CLIENT),
    await eventWait(deps, "wrong-code-number", `${client}|${mobile}`, WRONG_PER_REQUESTER_NUMBER),
  );
  if (wait > 0) refuseFor("errors.codeTriesLimit", wait);
  const [row] = await deps.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  const right = row ? crypto.timingSafeEqual(Buffer.from(row.codeHash, "hex"), Buffer.from(codeHash(deps, mobile, input.code), "hex")) : false;
  if (row && right && row.attempts < CODE_MAX_ATTEMPTS) return row.id;
  if (row && !right)
    await deps.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
  await recordEvent(deps, "wrong-code", client);
  await recordEvent(deps, "wrong-code-number", `${client}|${mobile}`);
  fail(400, "errors.codeInvalid");
}

/** Spends a checked code; the `usedAt is null` guard makes it single-use even when two sign-ins race. */
export async function spendCode(deps: IdentityDeps, id: number) {
  const used = await deps.db
    .update(smsCodes)
    .set({ usedAt: deps.now() })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) fail(400, "errors.codeInvalid");
}

/** Checks and spends a code at once (sign-ins that need the code for nothing else). */
export async function consumeCode(deps: IdentityDeps, input: Requester & { mobile: string; code: string }) {
  await spendCode(deps, await checkCode(deps, input));
}

/**
 * A disabled account (issue 17) signs in no more: every way in checks this once it knows the
 * account, before it changes anything for it. Only the number's owner gets this far (the code
 * was checked first), so it tells nobody else that the account exists.
 */
export function refuseDisabled(account: Pick<Account, "disabledAt">) {
  if (account.disabledAt) fail(400, "errors.accountDisabled");
}

/** A new session token. The last check that the account is not disabled is here, where every sign-in ends. */
export async function issueToken(deps: IdentityDeps, accountId: number, rememberMe: boolean) {
  const [account] = await deps.db.select({ disabledAt: accounts.disabledAt }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) fail(401, "errors.unauthorized");
  refuseDisabled(account);
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
  const [row] = await tokenLookup(deps.db).execute({ hash: sha256(token), now: deps.now() });
  return row?.account ?? null;
}

/** Every signed-in request's first read, built once. */
const tokenLookup = builtOnce((db) =>
  db
    .select({ account: accounts })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    // Disabling deletes the account's tokens; this also refuses one issued in the same instant.
    .where(and(eq(authTokens.tokenHash, sql.placeholder("hash")), gt(authTokens.expiresAt, sql.placeholder("now")), isNull(accounts.disabledAt)))
    .limit(1)
    .prepare("account_by_token"),
);

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
export function publicAccount(account: Account, extra: { certification?: boolean } = {}): AccountView {
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
