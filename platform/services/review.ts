import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { ConferenceReviewKind, conferenceReviewSchema } from "#contract/schemas/organization";
import type { Db } from "../db";
import { type AuditState, conferences } from "../db/schema";
import { fail } from "../http";
import { type Actor, recordAudit } from "./audit";

/** The columns of what platform administrators review about a conference: its sender name and its own host name. */
export const reviewColumns = {
  signName: { subject: conferences.smsSignName, state: conferences.smsSignState, reason: conferences.smsSignReason },
  domain: { subject: conferences.domain, state: conferences.domainState, reason: conferences.domainReason },
} as const;

/**
 * Approves or rejects (with a reason) the name a conference asked for. `subject` must be the
 * name still asked for: one changed since the administrator looked is not decided (409).
 */
export async function decideConferenceReview(
  deps: { db: Db; now: () => Date },
  actor: Actor,
  input: { kind: ConferenceReviewKind; conferenceId: number; decision: z.output<typeof conferenceReviewSchema> },
) {
  const { kind, conferenceId, decision } = input;
  const column = reviewColumns[kind];
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ subject: column.subject, state: column.state }).from(conferences).where(eq(conferences.id, conferenceId)).for("update");
    if (!current?.subject) fail(404, "errors.notFound");
    if (current.subject !== decision.subject) fail(409, "organization.errors.subjectChanged");
    if (current.state !== "pending") fail(400, "organization.errors.alreadyDecided");
    if (kind === "domain" && decision.state === "approved") {
      const [taken] = await tx
        .select({ id: conferences.id })
        .from(conferences)
        .where(and(eq(conferences.domain, decision.subject), eq(conferences.domainState, "approved"), ne(conferences.id, conferenceId)));
      if (taken) fail(400, "authoring.v.domainTaken");
    }
    const state: AuditState = decision.state;
    const reason = decision.state === "rejected" ? decision.reason : null;
    const values = kind === "domain" ? { domainState: state, domainReason: reason } : { smsSignState: state, smsSignReason: reason };
    await tx
      .update(conferences)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(conferences.id, conferenceId));
    await recordAudit(tx, {
      conferenceId,
      accountId: actor.id,
      action: `${kind === "domain" ? "domain" : "sms-sign"}.${state}`,
      target: `conference:${conferenceId}`,
      detail: { subject: decision.subject, reason },
      at: deps.now(),
    });
    return { conferenceId, subject: decision.subject, state, reason };
  });
}
