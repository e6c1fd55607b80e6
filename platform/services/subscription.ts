import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { accounts } from "../db/schema";
import { putOneTime, takeOneTime } from "./identity";

/**
 * The official-account subscription check (`POST /officialaccount/isSubscribe`, spec §4).
 *
 * Choice: whoever learns that an account subscribed (the official account's event push, when
 * it is wired up) stores a one-time ticket for that account with `issueSubscribeTicket`, and
 * the browser keeps the ticket as `myId` in session storage. Presenting a live ticket signs
 * that account in, once; anything else (no ticket, an unknown, used or expired one) answers
 * "not subscribed" and signs nobody in. The ticket is never derived from the account id, so
 * it can't be guessed.
 */
export const SUBSCRIBE_TICKET_MS = 30 * 60_000;

export function issueSubscribeTicket(deps: { db: Db; now: () => Date }, accountId: number) {
  return putOneTime(deps, "subscribe", { accountId: String(accountId) }, "/", SUBSCRIBE_TICKET_MS);
}

/** The account a live ticket stands for, consuming the ticket; null otherwise. */
export async function redeemSubscribeTicket(deps: { db: Db; now: () => Date }, ticket: string) {
  if (!ticket) return null;
  const row = await takeOneTime(deps, "subscribe", ticket);
  const accountId = Number(row?.payload.accountId);
  if (!row || !Number.isSafeInteger(accountId)) return null;
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return account ?? null;
}
