import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog } from "../db/schema";

/** A database or an open transaction: both can insert. */
type Writer = Pick<Db, "insert">;

/** Who acts: the signed-in account a route passes to a service (never the request itself). */
export type Actor = { id: number };

/** One audit row: who (an account, or null for the system and gateways), where, what, when. */
export type AuditEntry = { conferenceId: number | null; accountId: number | null; action: string; target: string; detail?: Record<string, unknown>; at: Date };

/**
 * Records one organiser or system action in the audit trail (who, when, what). The only writer of
 * the audit log (decision 043): pass the open transaction of the change it describes, so a
 * rolled-back change leaves no trail. `at` is the platform's clock (`deps.now()`), never the database's.
 */
export async function recordAudit(db: Writer, entry: AuditEntry) {
  await db.insert(auditLog).values({
    conferenceId: entry.conferenceId,
    accountId: entry.accountId,
    action: entry.action,
    target: entry.target,
    detail: entry.detail ?? {},
    createdAt: entry.at,
  });
}

/**
 * A platform administrator's change and its audit row (no conference), in one transaction:
 * `target` names what it acted on, or is read off what the change returned.
 */
export async function auditedChange<T>(
  db: Db,
  entry: { actor: Actor; at: Date; action: string; target: string | ((result: T) => string); detail: Record<string, unknown> },
  change: (tx: Db) => Promise<T>,
) {
  return await db.transaction(async (tx) => {
    const result = await change(tx);
    const target = typeof entry.target === "string" ? entry.target : entry.target(result);
    await recordAudit(tx, { conferenceId: null, accountId: entry.actor.id, action: entry.action, target, detail: entry.detail, at: entry.at });
    return result;
  });
}

/**
 * `recordAudit` for the rows of a data-modifying statement: an `insert … select … from <rows>`
 * to place in a CTE of that same statement, so the change and its audit rows are one atomic
 * statement (check-in, where a transaction measured 3× slower). Each value is an SQL expression
 * over `rows`' columns.
 */
export function recordAuditFrom(rows: SQL, entry: { conferenceId: SQL; accountId: SQL; action: string; target: SQL; detail: SQL; at: Date }): SQL {
  return sql`insert into ${auditLog} ("conference_id", "account_id", "action", "target", "detail", "created_at")
      select ${entry.conferenceId}, ${entry.accountId}, ${entry.action}::text, ${entry.target}, ${entry.detail}, ${entry.at.toISOString()}::timestamptz
      from ${rows}`;
}
