import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { conferenceAdmins, conferences } from "../db/schema";
import { type Ctx, requireAccount } from "../context";
import { fail } from "../http";
import type { Account } from "./identity";

/** True when the account owns the conference or is one of its admin users. */
export async function canManageConference(db: Db, account: Account | null, conferenceId: number) {
  if (!account) return false;
  const [row] = await db
    .select({ owner: conferences.ownerAccountId })
    .from(conferences)
    .where(eq(conferences.id, conferenceId))
    .limit(1);
  if (!row) return false;
  if (row.owner === account.id) return true;
  const [admin] = await db
    .select({ id: conferenceAdmins.accountId })
    .from(conferenceAdmins)
    .where(and(eq(conferenceAdmins.conferenceId, conferenceId), eq(conferenceAdmins.accountId, account.id)))
    .limit(1);
  return Boolean(admin);
}

/**
 * The signed-in account when it may manage the conference. Anyone else gets a 404 (so ids of
 * others' conferences reveal nothing) or, where callers already know the conference exists,
 * the `status` given.
 */
export async function requireManager(db: Db, c: Ctx, conferenceId: number, status: 403 | 404 = 404): Promise<Account> {
  const account = requireAccount(c);
  if (!(await canManageConference(db, account, conferenceId))) fail(status, status === 404 ? "errors.notFound" : "errors.forbidden");
  return account;
}

/** The signed-in platform administrator (review screens), or 401/403. */
export function requirePlatformAdmin(c: Ctx): Account {
  const account = requireAccount(c);
  if (!account.isPlatformAdmin) fail(403, "errors.forbidden");
  return account;
}
