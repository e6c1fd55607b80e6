import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { conferenceFiles, conferences, hotelBookings, papers, sponsorHotelRequests } from "../db/schema";
import { type AuditDecision, auditDecisionSchema } from "#contract/schemas/audits";
import { type Ctx, type PlatformDeps, parse, readBody } from "../context";
import { fail, idParam, langOf, say } from "../http";
import { requireManager } from "./access";
import { recordAudit } from "./audit";
import type { Account } from "./identity";
import type { XlsxCell } from "./xlsx";
import { mobileSearchKeyword } from "#contract/schemas/mobile";

/**
 * What the organiser's audit calls share (platform/routes/audits-*.ts): the manager guard
 * (someone else's conference is simply not there: 404), the decision on an audited row in one
 * transaction with its audit row, keyword matching and keyset-paged export rows.
 */

export { requireManager };

/** The conference named by a path or query parameter, for its managers only. */
export async function managedConference(db: Db, c: Ctx, raw: string | undefined) {
  const conferenceId = idParam(raw);
  const account = await requireManager(db, c, conferenceId);
  const [conference] = await db.select().from(conferences).where(eq(conferences.id, conferenceId)).limit(1);
  if (!conference) fail(404, "errors.notFound");
  return { conference, account };
}

/** A conference's name as the manage pages show it. */
export const conferenceName = (conference: { id: number; nameZh: string; nameEn: string; currency: string }) => ({
  id: conference.id,
  nameZh: conference.nameZh,
  nameEn: conference.nameEn,
  currency: conference.currency,
});

/** A keyword for ILIKE, with its wildcards escaped; null when empty. A mobile is matched in its stored form. */
export function likePattern(raw: string | undefined) {
  const keyword = mobileSearchKeyword((raw ?? "").trim().slice(0, 50)).replace(/[\\%_]/g, "\\$&");
  return keyword ? `%${keyword}%` : null;
}

type Audited = { id: number; conferenceId: number; state: string };

/**
 * The organiser's decision on one audited row (approved, or rejected with a remark): the row
 * is locked, the state changed and the audit row written in one transaction. Deciding again
 * the other way is allowed (a mistake can be put right); the same decision twice, or one on a
 * cancelled row, is a 400.
 */
export async function decideAudited<R extends Audited>(
  deps: PlatformDeps,
  c: Ctx,
  spec: {
    /** `paper`, `file`, `hotel-booking` …: the audit row's action (`<kind>.audit`) and target (`<kind>:<id>`). */
    kind: string;
    find: (db: Db, id: number) => Promise<R | undefined>;
    lock: (tx: Db, id: number) => Promise<R | undefined>;
    apply: (tx: Db, row: R, decision: AuditDecision, by: Account) => Promise<R>;
    /** Extra rules checked inside the transaction (a hotel booking's inventory). */
    check?: (tx: Db, row: R, decision: AuditDecision) => Promise<void>;
  },
) {
  const id = idParam(c.req.param("id"));
  const found = await spec.find(deps.db, id);
  if (!found) fail(404, "errors.notFound");
  const organiser = await requireManager(deps.db, c, found.conferenceId);
  const decision = parse(c, auditDecisionSchema, await readBody(c));
  return deps.db.transaction(async (tx) => {
    const row = await spec.lock(tx, id);
    if (!row) fail(404, "errors.notFound");
    if (row.state === "cancelled") fail(400, "audits.errors.cancelled");
    if (row.state === decision.state) fail(400, "audits.errors.alreadyDecided");
    await spec.check?.(tx, row, decision);
    const updated = await spec.apply(tx, row, decision, organiser);
    await recordAudit(tx, {
      conferenceId: row.conferenceId,
      accountId: organiser.id,
      action: `${spec.kind}.audit`,
      target: `${spec.kind}:${row.id}`,
      detail: { from: row.state, state: decision.state, remark: decision.remark ?? "" },
      at: deps.now(),
    });
    return updated;
  });
}

/** The audited tables whose decision is just a state and a remark. */
type RemarkedTable = typeof papers | typeof conferenceFiles | typeof hotelBookings | typeof sponsorHotelRequests;

/** `decideAudited` for a row of a table with `state` and `remark` columns (papers, files, hotel stays). */
export function decideRemarked<T extends RemarkedTable>(
  deps: PlatformDeps,
  c: Ctx,
  kind: string,
  table: T,
  options: { check?: (tx: Db, row: T["$inferSelect"], decision: AuditDecision) => Promise<void>; touch?: boolean } = {},
) {
  type Row = T["$inferSelect"];
  const byId = (db: Db, id: number) => db.select().from(table as RemarkedTable).where(eq(table.id, id));
  return decideAudited<Row>(deps, c, {
    kind,
    find: async (db, id) => (await byId(db, id).limit(1))[0] as Row | undefined,
    lock: async (tx, id) => (await byId(tx, id).for("update"))[0] as Row | undefined,
    check: options.check,
    apply: async (tx, row, decision) => {
      const values = { state: decision.state, remark: decision.remark ?? null, ...(options.touch ? { updatedAt: deps.now() } : {}) };
      const [updated] = await tx.update(table as RemarkedTable).set(values as never).where(eq(table.id, row.id)).returning();
      return updated as Row;
    },
  });
}

/**
 * Export rows read in pages by ascending id (keyset paging), so a large table is never held
 * in memory and each page costs the same however far the export has gone.
 */
export async function* keysetRows<T extends { id: number }>(
  fetchPage: (afterId: number, limit: number) => Promise<T[]>,
  toCells: (rows: T[]) => Promise<XlsxCell[][]> | XlsxCell[][],
  pageSize = 500,
): AsyncGenerator<XlsxCell[]> {
  let afterId = 0;
  for (;;) {
    const rows = await fetchPage(afterId, pageSize);
    if (rows.length === 0) return;
    yield* await toCells(rows);
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1].id;
  }
}

/** Column headers of an export in the caller's language, from keys under `audits.export`. */
export function headers(c: Ctx, keys: string[]) {
  return keys.map((key) => ({ header: say(c, { key: `audits.export.${key}` }), width: 18 }));
}

/** A word of the caller's language (a state, a method) for an export cell. */
export function word(c: Ctx, key: string) {
  return say(c, { key });
}

/** Bilingual names as the caller reads them. */
export function named(c: Ctx, zh: string | null | undefined, en: string | null | undefined) {
  return (langOf(c) === "en" ? en || zh : zh || en) ?? "";
}
