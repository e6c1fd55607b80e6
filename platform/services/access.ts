import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { conferenceAdmins, conferences } from "../db/schema";
import type { Account } from "./identity";

/** True when the account owns the conference or is one of its admin users. */
export async function canManageConference(db: Db, account: Account | null, conferenceId: number) {
  if (!account) return false;
  // One read: the owner, or an administrator of the conference.
  const [row] = await db
    .select({
      manages: sql<boolean>`${conferences.ownerAccountId} = ${account.id} or exists (select 1 from ${conferenceAdmins} a where a.conference_id = ${conferenceId} and a.account_id = ${account.id})`,
    })
    .from(conferences)
    .where(eq(conferences.id, conferenceId))
    .limit(1);
  return row?.manages === true;
}
