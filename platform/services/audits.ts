/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- a table passed as a generic: tsc needs these casts where the typed lint sees none (decision 046) */
import { eq } from "drizzle-orm";
import type { AuditDecision } from "#contract/schemas/audits";
import { mobileSearchKeyword } from "#contract/schemas/mobile";
import type { Db } from "../db";
import { type Remark, type conferenceFiles, type hotelBookings, type papers, type sponsorHotelRequests, sponsors } from "../db/schema";
import { fail } from "../http";
import { type Actor, recordAudit } from "./audit";
import type { XlsxCell } from "./xlsx";

/**
 * What the organiser's audit calls share (platform/routes/audits-*.ts; their request side is
 * routes/audits-common.ts): the decision on an audited row in one transaction with its audit
 * row, keyword matching and keyset-paged export rows.
 */

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

/** How one kind of audited row is found, locked and changed. */
export type AuditedSpec<R extends Audited> = {
  /** `paper`, `file`, `hotel-booking` …: the audit row's action (`<kind>.audit`) and target (`<kind>:<id>`). */
  kind: string;
  find: (db: Db, id: number) => Promise<R | undefined>;
  lock: (tx: Db, id: number) => Promise<R | undefined>;
  apply: (tx: Db, row: R, decision: AuditDecision, by: Actor) => Promise<R>;
  /** Extra rules checked inside the transaction (a hotel booking's inventory). */
  check?: (tx: Db, row: R, decision: AuditDecision) => Promise<void>;
};

/**
 * The organiser's decision on one audited row (approved, or rejected with a remark): the row
 * is locked, the state changed and the audit row written in one transaction. Deciding again
 * the other way is allowed (a mistake can be put right); the same decision twice, or one on a
 * cancelled row, is a 400.
 */
export async function decideAudited<R extends Audited>(
  deps: { db: Db; now: () => Date },
  actor: Actor,
  input: { id: number; decision: AuditDecision },
  spec: AuditedSpec<R>,
) {
  const { id, decision } = input;
  return deps.db.transaction(async (tx) => {
    const row = await spec.lock(tx, id);
    if (!row) fail(404, "errors.notFound");
    if (row.state === "cancelled") fail(400, "audits.errors.cancelled");
    if (row.state === decision.state) fail(400, "audits.errors.alreadyDecided");
    await spec.check?.(tx, row, decision);
    const updated = await spec.apply(tx, row, decision, actor);
    await recordAudit(tx, {
      conferenceId: row.conferenceId,
      accountId: actor.id,
      action: `${spec.kind}.audit`,
      target: `${spec.kind}:${row.id}`,
      detail: { from: row.state, state: decision.state, remark: decision.remark ?? "" },
      at: deps.now(),
    });
    return updated;
  });
}

/** The audited tables whose decision is just a state and a remark. */
export type RemarkedTable = typeof papers | typeof conferenceFiles | typeof hotelBookings | typeof sponsorHotelRequests;

/** The spec of a table with `state` and `remark` columns (papers, files, hotel stays). */
export function remarkedSpec<T extends RemarkedTable>(
  deps: { now: () => Date },
  kind: string,
  table: T,
  options: { check?: (tx: Db, row: T["$inferSelect"], decision: AuditDecision) => Promise<void>; touch?: boolean } = {},
): AuditedSpec<T["$inferSelect"]> {
  type Row = T["$inferSelect"];
  const byId = (db: Db, id: number) =>
    db
      .select()
      .from(table as RemarkedTable)
      .where(eq(table.id, id));
  return {
    kind,
    find: async (db, id) => (await byId(db, id).limit(1))[0] as Row | undefined,
    lock: async (tx, id) => (await byId(tx, id).for("update"))[0] as Row | undefined,
    check: options.check,
    apply: async (tx, row, decision) => {
      const values = { state: decision.state, remark: decision.remark ?? null, ...(options.touch ? { updatedAt: deps.now() } : {}) };
      const [updated] = await tx
        .update(table as RemarkedTable)
        .set(values as never)
        .where(eq(table.id, row.id))
        .returning();
      return updated as Row;
    },
  };
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

const remarkOf = (now: Date, by: number, text: string): Remark => ({ by, at: now.toISOString(), text });

/** A sponsor or exhibitor application approved or rejected; the decision's remark is appended to its remarks. */
export const sponsorSpec = (deps: { now: () => Date }): AuditedSpec<typeof sponsors.$inferSelect> => ({
  kind: "sponsor",
  find: async (db, id) => (await db.select().from(sponsors).where(eq(sponsors.id, id)).limit(1))[0],
  lock: async (tx, id) => (await tx.select().from(sponsors).where(eq(sponsors.id, id)).for("update"))[0],
  apply: async (tx, sponsor, decision, by) =>
    (
      await tx
        .update(sponsors)
        .set({ state: decision.state, remarks: decision.remark ? [...sponsor.remarks, remarkOf(deps.now(), by.id, decision.remark)] : sponsor.remarks })
        .where(eq(sponsors.id, sponsor.id))
        .returning()
    )[0],
});

/** The organiser's remark appended to a sponsor's remarks (`{by, at, text}`), with its audit row. */
export async function addSponsorRemark(deps: { db: Db; now: () => Date }, actor: Actor, input: { id: number; text: string }) {
  const { id, text } = input;
  return deps.db.transaction(async (tx) => {
    const [sponsor] = await tx.select().from(sponsors).where(eq(sponsors.id, id)).for("update");
    const [updated] = await tx
      .update(sponsors)
      .set({ remarks: [...sponsor.remarks, remarkOf(deps.now(), actor.id, text)] })
      .where(eq(sponsors.id, id))
      .returning();
    await recordAudit(tx, {
      conferenceId: sponsor.conferenceId,
      accountId: actor.id,
      action: "sponsor.remark",
      target: `sponsor:${id}`,
      detail: { text },
      at: deps.now(),
    });
    return updated;
  });
}
