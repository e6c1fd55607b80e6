import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db";
import { accounts, oauthStates } from "../db/schema";

/**
 * The official-account subscription check (`POST /officialaccount/isSubscribe`, spec §4).
 *
 * Choice: the platform opens a scene for the signed-in account (`openSubscribeScene`): a random
 * `myId`, which is the `scene_str` of the QR code shown to that account and which the browser
 * keeps (session storage in the original; a cookie and a hidden field here). When WeChat pushes
 * the follow (or scan) event of that scene to our webhook, `issueSubscribeTicket` marks the
 * scene followed and records the follower on the account. `isSubscribe` with a followed `myId`
 * then answers subscribed, once; an unknown, unfollowed, used or expired `myId` answers "not
 * subscribed". `myId` is random, never derived from the account, so it can't be guessed.
 */
export const SUBSCRIBE_TICKET_MS = 30 * 60_000;

type Deps = { db: Db; now: () => Date };

/** A scene for this account's QR code: its `myId`. The QR address is kept with it so a reload shows the same code. */
export async function openSubscribeScene(deps: Deps, accountId: number) {
  const myId = crypto.randomBytes(24).toString("base64url");
  const expiresAt = new Date(deps.now().getTime() + SUBSCRIBE_TICKET_MS);
  await deps.db.insert(oauthStates).values({ state: myId, purpose: "subscribe", payload: { accountId: String(accountId) }, expiresAt });
  return { myId, expiresAt };
}

/** The caller's own live scene, or null (someone else's, used, expired or unknown). */
export async function liveScene(deps: Deps, accountId: number, myId: string) {
  if (!myId) return null;
  const [row] = await deps.db
    .select()
    .from(oauthStates)
    .where(and(eq(oauthStates.state, myId), eq(oauthStates.purpose, "subscribe"), gt(oauthStates.expiresAt, deps.now())))
    .limit(1);
  return row && row.payload.accountId === String(accountId) ? row : null;
}

export async function rememberSceneQr(deps: Deps, myId: string, payload: Record<string, string>) {
  await deps.db
    .update(oauthStates)
    .set({ payload })
    .where(and(eq(oauthStates.state, myId), eq(oauthStates.purpose, "subscribe")));
}

/**
 * WeChat says the follower `openId` followed (or scanned) through the QR code of `scene`: the
 * scene becomes a ticket `isSubscribe` accepts, and its account is recorded as following.
 * False when the scene is unknown or expired (nothing changes).
 */
export async function issueSubscribeTicket(deps: Deps, scene: string, openId: string) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oauthStates)
      .where(and(eq(oauthStates.state, scene), eq(oauthStates.purpose, "subscribe"), gt(oauthStates.expiresAt, deps.now())))
      .for("update");
    const accountId = Number(row?.payload.accountId);
    if (!row || !Number.isSafeInteger(accountId)) return false;
    await tx
      .update(oauthStates)
      .set({ payload: { ...row.payload, openId } })
      .where(eq(oauthStates.state, scene));
    await tx.update(accounts).set({ officialOpenId: openId, officialSubscribedAt: deps.now(), updatedAt: deps.now() }).where(eq(accounts.id, accountId));
    return true;
  });
}

/** `openId` followed again without a QR code of ours: the accounts it stood for follow again. */
export async function recordResubscribe(deps: Deps, openId: string) {
  await deps.db.update(accounts).set({ officialSubscribedAt: deps.now(), updatedAt: deps.now() }).where(eq(accounts.officialOpenId, openId));
}

/** WeChat says `openId` unfollowed: the accounts it stood for no longer count as following. */
export async function recordUnsubscribe(deps: Deps, openId: string) {
  await deps.db.update(accounts).set({ officialSubscribedAt: null, updatedAt: deps.now() }).where(eq(accounts.officialOpenId, openId));
}

/** The account of a followed, live ticket, consuming the ticket; null otherwise (the ticket stays for another try). */
export async function redeemSubscribeTicket(deps: Deps, ticket: string) {
  if (!ticket) return null;
  const [row] = await deps.db
    .select()
    .from(oauthStates)
    .where(and(eq(oauthStates.state, ticket), eq(oauthStates.purpose, "subscribe"), gt(oauthStates.expiresAt, deps.now())))
    .limit(1);
  if (!row?.payload.openId) return null;
  const taken = await deps.db.delete(oauthStates).where(eq(oauthStates.state, ticket)).returning({ state: oauthStates.state });
  const accountId = Number(row.payload.accountId);
  if (taken.length === 0 || !Number.isSafeInteger(accountId)) return null;
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return account ?? null;
}

/** Whether the account follows the official account now (a conference's `requireSubscribe`). */
export function follows(account: { officialSubscribedAt: Date | null }) {
  return account.officialSubscribedAt !== null;
}
