import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db";
import { accounts, authTokens } from "../db/schema";
import { fail } from "../http";
import { type Actor, recordAudit } from "./audit";

/**
 * The platform administrators' changes to accounts (issue 17), each in one transaction with its
 * audit row. The route checked who may call and that the account exists.
 */

/**
 * Disables an account: it signs in no more, and every session it has ends now (its tokens are
 * deleted in the same transaction). Nobody disables themselves, and an administrator is not
 * disabled while an administrator: revoke that first, so one always stays who can act.
 */
export async function disableAccount(db: Db, actor: Actor, at: Date, id: number, reason: string) {
  if (id === actor.id) fail(400, "admin.accounts.v.notYourself");
  return await db.transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set({ disabledAt: at, updatedAt: at })
      .where(and(eq(accounts.id, id), isNull(accounts.disabledAt), eq(accounts.isPlatformAdmin, false)))
      .returning({ id: accounts.id, mobile: accounts.mobile });
    if (!account) fail(400, "admin.accounts.v.cannotDisable");
    const ended = await tx.delete(authTokens).where(eq(authTokens.accountId, id)).returning({ accountId: authTokens.accountId });
    await recordAudit(tx, {
      conferenceId: null,
      accountId: actor.id,
      action: "account.disable",
      target: `account:${id}`,
      detail: { reason, sessions: ended.length },
      at,
    });
    return { id, sessionsEnded: ended.length };
  });
}

/** Enables a disabled account again: it may sign in (its old sessions stay ended). */
export async function enableAccount(db: Db, actor: Actor, at: Date, id: number) {
  return await db.transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set({ disabledAt: null, updatedAt: at })
      .where(and(eq(accounts.id, id), sql`${accounts.disabledAt} is not null`))
      .returning({ id: accounts.id });
    if (!account) fail(400, "admin.accounts.v.notDisabled");
    await recordAudit(tx, { conferenceId: null, accountId: actor.id, action: "account.enable", target: `account:${id}`, at });
    return { id };
  });
}

/**
 * Grants or revokes platform administration. A disabled account is not made one; the last
 * administrator is not revoked: the administrators' rows are locked first, so two revocations at
 * once cannot each leave the other as the last and end with none.
 */
export async function setPlatformAdmin(db: Db, actor: Actor, at: Date, id: number, admin: boolean) {
  return await db.transaction(async (tx) => {
    const admins = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.isPlatformAdmin, true)).for("update");
    if (!admin && admins.filter((row) => row.id !== id).length === 0) fail(400, "admin.accounts.v.lastAdmin");
    const [account] = await tx
      .update(accounts)
      .set({ isPlatformAdmin: admin, updatedAt: at })
      .where(and(eq(accounts.id, id), ne(accounts.isPlatformAdmin, admin), admin ? isNull(accounts.disabledAt) : undefined))
      .returning({ id: accounts.id });
    if (!account) fail(400, admin ? "admin.accounts.v.cannotGrant" : "admin.accounts.v.notAdmin");
    await recordAudit(tx, {
      conferenceId: null,
      accountId: actor.id,
      action: admin ? "account.admin.grant" : "account.admin.revoke",
      target: `account:${id}`,
      at,
    });
    return { id, isPlatformAdmin: admin };
  });
}
