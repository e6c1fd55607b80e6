import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { conferenceAdmins, conferences } from "../db/schema";
import type { Account } from "./identity";

/** True when the account owns the conference or is one of its admin users. */
export async function canManageConference(db: Db, account: Account | null, conferenceId: number) {
  if (!account) return false;
  const [row] = await db.select({ owner: conferences.ownerAccountId }).from(conferences).where(eq(conferences.id, conferenceId)).limit(1);
  if (!row) return false;
  if (row.owner === account.id) return true;
  const [admin] = await db
    .select({ id: conferenceAdmins.accountId })
    .from(conferenceAdmins)
    .where(and(eq(conferenceAdmins.conferenceId, conferenceId), eq(conferenceAdmins.accountId, account.id)))
    .limit(1);
  return Boolean(admin);
}
