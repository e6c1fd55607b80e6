import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { chinaDay, chinaDayStart } from "#contract/clock";
import type { SmsBlock, SmsSent, SmsStanding } from "#contract/views/applicants";
import type { PlatformDeps } from "../context";
import type { Db } from "../db";
import { accounts, auditLog, conferences, registrations } from "../db/schema";
import { fail } from "../http";
import { type Actor, recordAudit } from "./audit";
import { isCertified } from "./identity";
import type { Memo } from "./memo";

/**
 * Conference text messages (issue 13 item 1, decision 028). A conference may text its attendees
 * only when its owner's organization is certified, it is published, a platform administrator
 * approved its sender name, and today's quota is not spent; only people who proved their mobile
 * (registered themselves, or claimed an organiser's entry) receive it.
 */

/** Messages one conference may send in a China day (each recipient is one message). */
export const SMS_DAILY_QUOTA = 1000;

type Reader = Pick<Db, "select">;

/** Messages the conference sent (reserved) in the China day of `at`. */
async function usedOn(db: Reader, conferenceId: number, at: Date) {
  const day = chinaDay(at);
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum((${auditLog.detail}->>'recipients')::int), 0)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.conferenceId, conferenceId),
        eq(auditLog.action, "sms.send"),
        gte(auditLog.createdAt, chinaDayStart(day)),
        lt(auditLog.createdAt, chinaDayStart(day, 1)),
      ),
    );
  return { used: Number(row?.used ?? 0), resetsAt: chinaDayStart(day, 1) };
}

/**
 * Where the conference stands for texting now; `needed` messages decide whether the quota suffices.
 * With `memo` (the list page's display, never a send) the sender's side (owner certified, published,
 * sender name) and today's use may come from the memo: a send through this instance shows at once
 * (it is a write), one through another instance within the memo's time. A send itself always reads
 * today's use afresh, inside its own reservation.
 */
export async function smsStanding(deps: Pick<PlatformDeps, "now"> & { db: Reader }, conferenceId: number, needed = 1, memo?: Memo): Promise<SmsStanding> {
  const sender = async () => {
    const [conference] = await deps.db
      .select({
        owner: conferences.ownerAccountId,
        isPublish: conferences.isPublish,
        signName: conferences.smsSignName,
        signState: conferences.smsSignState,
        signReason: conferences.smsSignReason,
      })
      .from(conferences)
      .where(eq(conferences.id, conferenceId));
    if (!conference) fail(404, "errors.notFound");
    return { conference, certified: await isCertified(deps.db, conference.owner) };
  };
  const { conference, certified } = memo ? await memo(`sms-sender:${conferenceId}`, sender) : await sender();
  const now = deps.now();
  const { used, resetsAt } = memo
    ? await memo(`sms-used:${conferenceId}:${chinaDay(now)}`, () => usedOn(deps.db, conferenceId, now))
    : await usedOn(deps.db, conferenceId, now);
  const remaining = Math.max(0, SMS_DAILY_QUOTA - used);
  const signName =
    conference.signName && conference.signState ? { name: conference.signName, state: conference.signState, reason: conference.signReason } : null;
  const blocks: SmsBlock[] = [];
  if (!certified) blocks.push("notCertified");
  if (!conference.isPublish) blocks.push("notPublished");
  if (signName?.state !== "approved") blocks.push("noSignName");
  if (remaining < Math.max(needed, 1)) blocks.push("quotaUsed");
  return { certified, published: conference.isPublish, signName, quota: { limit: SMS_DAILY_QUOTA, used, remaining, resetsAt: resetsAt.toISOString() }, blocks };
}

/**
 * Who of the selected registrations receives a message: each account's own mobile (proven at
 * sign-in) once. A registration with no account yet (an organiser's entry nobody claimed) gets
 * nothing: its mobile is only what the organiser typed.
 */
export async function smsRecipients(db: Reader, conferenceId: number, ids: number[]) {
  const rows = await db
    .select({ id: registrations.id, accountId: registrations.accountId, mobile: accounts.mobile })
    .from(registrations)
    .leftJoin(accounts, eq(accounts.id, registrations.accountId))
    .where(and(eq(registrations.conferenceId, conferenceId), inArray(registrations.id, ids)))
    .orderBy(asc(registrations.id));
  const mobiles = [...new Set(rows.flatMap((row) => (row.accountId !== null && row.mobile ? [row.mobile] : [])))];
  return { selected: rows.length, unclaimed: rows.filter((row) => row.accountId === null).length, mobiles, registrationIds: rows.map((row) => row.id) };
}

/** The refusal for the first block: a clear reason in the caller's language, with when the quota resets. */
export function refuseSms(standing: SmsStanding, needed: number): never {
  const [block] = standing.blocks;
  if (block === "quotaUsed")
    fail(429, "applicants.sms.blocked.quotaUsed", {
      params: { remaining: standing.quota.remaining, count: needed, limit: standing.quota.limit, resetsAt: resetText(standing.quota.resetsAt) },
    });
  fail(403, `applicants.sms.blocked.${block}`);
}

/** The reset instant as people in China read it (`2026-11-22 00:00`, Beijing time). */
export function resetText(iso: string) {
  return `${chinaDay(new Date(iso))} 00:00`;
}

/**
 * Sends `message` to the recipients under the approved sender name. The quota is checked and the
 * send written to the audit log (text and count) in one transaction holding the conference's row,
 * before anything goes out: two sends at once can't both spend the last of the day.
 */
export async function sendConferenceSms(deps: PlatformDeps, by: number, conferenceId: number, input: { ids: number[]; message: string }): Promise<SmsSent> {
  const recipients = await smsRecipients(deps.db, conferenceId, input.ids);
  if (recipients.selected === 0) fail(400, "applicants.validation.selectionEmpty");
  if (recipients.mobiles.length === 0) fail(400, "applicants.sms.noRecipients");
  const needed = recipients.mobiles.length;
  const text = await deps.db.transaction(async (tx) => {
    await tx.select({ id: conferences.id }).from(conferences).where(eq(conferences.id, conferenceId)).for("update");
    const standing = await smsStanding({ db: tx, now: deps.now }, conferenceId, needed);
    if (standing.blocks.length) refuseSms(standing, needed);
    const signed = `【${standing.signName!.name}】${input.message}`;
    await recordAudit(tx, {
      conferenceId,
      accountId: by,
      action: "sms.send",
      target: `conference:${conferenceId}`,
      detail: { text: signed, recipients: needed, unclaimed: recipients.unclaimed, registrationIds: recipients.registrationIds, day: chinaDay(deps.now()) },
      at: deps.now(),
    });
    return signed;
  });
  let sent = 0;
  for (const mobile of recipients.mobiles) {
    try {
      await deps.sms.sendText({ mobile, text });
      sent += 1;
    } catch (error) {
      console.error("[sms] provider refused a notice:", error);
    }
  }
  if (sent < needed) {
    await recordAudit(deps.db, {
      conferenceId,
      accountId: by,
      action: "sms.failed",
      target: `conference:${conferenceId}`,
      detail: { text, recipients: needed, sent, failed: needed - sent },
      at: deps.now(),
    });
  }
  return { text, recipients: needed, unclaimed: recipients.unclaimed, sent, failed: needed - sent };
}

/** Asks for a sender name; it waits (pending) for a platform administrator. Asking again for the approved name changes nothing. */
export async function askSignName(deps: Pick<PlatformDeps, "db" | "now">, actor: Actor, input: { conferenceId: number; signName: string }) {
  const { conferenceId, signName } = input;
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: conferences.smsSignName, state: conferences.smsSignState })
      .from(conferences)
      .where(eq(conferences.id, conferenceId))
      .for("update");
    if (current.name === signName && current.state === "approved") return;
    await tx
      .update(conferences)
      .set({ smsSignName: signName, smsSignState: "pending", smsSignReason: null, updatedAt: deps.now() })
      .where(eq(conferences.id, conferenceId));
    await recordAudit(tx, {
      conferenceId,
      accountId: actor.id,
      action: "conference.sms-sign",
      target: `conference:${conferenceId}`,
      detail: { signName },
      at: deps.now(),
    });
  });
}
