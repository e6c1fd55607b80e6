import { eq, sql } from "drizzle-orm";
import { builtOnce, type Db } from "../db";
import { conferenceAdmins, conferences } from "../db/schema";
import type { Account } from "./identity";

/**
 * Accounts looked up once for all the GET calls of one page request (platform/app.ts): reads,
 * so what such an account manages cannot change between them, and is asked once per conference.
 */
const pageAccounts = new WeakSet<Account>();
const managedPerPage = new WeakMap<Account, Map<number, Promise<boolean>>>();

/** Marks an account as shared by one page request's GET calls (see `canManageConference`). */
export function sharedByPageRequest(account: Account) {
  pageAccounts.add(account);
}

/** True when the account owns the conference or is one of its admin users. */
export async function canManageConference(db: Db, account: Account | null, conferenceId: number) {
  if (!account) return false;
  if (!pageAccounts.has(account)) return manages(db, account, conferenceId);
  const answers = managedPerPage.get(account) ?? new Map<number, Promise<boolean>>();
  managedPerPage.set(account, answers);
  let answer = answers.get(conferenceId);
  if (!answer) {
    answers.set(conferenceId, (answer = manages(db, account, conferenceId)));
    answer.catch(() => answers.delete(conferenceId));
  }
  return answer;
}

async function manages(db: Db, account: Account, conferenceId: number) {
  const [row] = await managesQuery(db).execute({ accountId: account.id, conferenceId });
  return row?.manages === true;
}

/** One read, built once (every signed-in conference page asks it): the owner, or an administrator of the conference. */
const managesQuery = builtOnce((db) => {
  const accountId = sql.placeholder("accountId");
  const conferenceId = sql.placeholder("conferenceId");
  return db
    .select({
      manages: sql<boolean>`${conferences.ownerAccountId} = ${accountId} or exists (select 1 from ${conferenceAdmins} a where a.conference_id = ${conferenceId} and a.account_id = ${accountId})`,
    })
    .from(conferences)
    .where(eq(conferences.id, conferenceId))
    .limit(1)
    .prepare("manages_conference");
});
