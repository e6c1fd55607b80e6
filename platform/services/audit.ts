import type { Db } from "../db";
import { auditLog } from "../db/schema";

/** A database or an open transaction: both can insert. */
type Writer = Pick<Db, "insert">;

/**
 * Records one organiser or system action in the audit trail (who, when, what). Write it in the
 * same transaction as the change it describes, so a rolled-back change leaves no trail. `at` is
 * the platform's clock (`deps.now()`), never the database's.
 */
export async function recordAudit(
  db: Writer,
  entry: { conferenceId: number | null; accountId: number | null; action: string; target: string; detail?: Record<string, unknown>; at: Date },
) {
  await db.insert(auditLog).values({
    conferenceId: entry.conferenceId,
    accountId: entry.accountId,
    action: entry.action,
    target: entry.target,
    detail: entry.detail ?? {},
    createdAt: entry.at,
  });
}
