import { and, asc, count, desc, eq, getTableColumns, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { CheckinPerson } from "#contract/checkin";
import { mobileSearchKeyword } from "#contract/schemas/mobile";
import type { Db } from "../db";
import { identities, registrations } from "../db/schema";
import { recordAudit, recordAuditFrom } from "./audit";

/**
 * Check-in (docs/decisions/014-check-in.md). One ticket is checked in once, whatever number
 * of desks and scanners try at the same moment: the change is a single conditional UPDATE
 * (`checkin_state = false` and the ticket may enter) that returns the row and, in the same
 * statement, records the audit row; every request that changed nothing is told "already" with
 * the first time. The rule for who may enter lives in `MAY_ENTER`.
 *
 * The same functions serve the desk (code or search), the scanner, and the applicant list's
 * manual switch (PUT /user/checkState/{id}).
 */

/** What a check-in answers; the undo answers `undone` or `not_checked_in`. */
export type CheckinResult = "checked_in" | "already" | "not_found" | "not_confirmed" | "not_paid";

type Registration = typeof registrations.$inferSelect;

/**
 * A confirmed registration whose fee is settled: nothing to pay, or a paid payment that covers
 * it (its own, or a team payment listing it). Written out in SQL so the UPDATE can test it
 * atomically with the state; the tables are named in full because the subquery's own `id`
 * would otherwise capture an unqualified column.
 */
const MAY_ENTER = sql`(${registrations.state} = 'confirmed' and (${registrations.feeFen} = 0 or exists (
  select 1 from "payments" as "p"
  where "p"."state" = 'paid'
    and ("p"."registration_id" = "registrations"."id"
      or ("p"."registration_id" is null and "p"."team_id" = "registrations"."team_id"
        and "p"."details" -> 'registrationIds' @> jsonb_build_array("registrations"."id")))
)))`;

/** Which ticket: by its code or by the registration's id, always inside one conference. */
export type TicketRef = { conferenceId: number; code?: string; registrationId?: number };

function ticketWhere(ref: TicketRef): SQL {
  const which = ref.code !== undefined ? eq(registrations.ticketCode, ref.code) : eq(registrations.id, ref.registrationId ?? 0);
  return and(eq(registrations.conferenceId, ref.conferenceId), which)!;
}

/**
 * A registration with its identity's names, read in the same statement (a scalar subquery), so
 * a check-in costs no extra round trip for them.
 */
const PERSON = {
  ...getTableColumns(registrations),
  identityZh: sql<string | null>`(select "name_zh" from "identities" where "identities"."id" = "registrations"."identity_id")`,
  identityEn: sql<string | null>`(select "name_en" from "identities" where "identities"."id" = "registrations"."identity_id")`,
};
type PersonRow = Pick<Registration, "id" | "name" | "institution" | "mobile" | "ticketCode" | "state" | "checkinState" | "checkedInAt"> & {
  identityZh: string | null;
  identityEn: string | null;
};

function person(r: PersonRow): CheckinPerson {
  return {
    id: r.id,
    name: r.name,
    institution: r.institution,
    mobile: r.mobile,
    ticketCode: r.ticketCode,
    identity: r.identityZh !== null ? { nameZh: r.identityZh, nameEn: r.identityEn ?? "" } : null,
    state: r.state,
    checkedIn: r.checkinState,
    checkedInAt: r.checkedInAt ? new Date(r.checkedInAt).toISOString() : null,
  };
}

/** Why a ticket that was not checked in now was refused (or had been checked in before). */
async function refusal(db: Db, ref: TicketRef): Promise<{ result: CheckinResult; registration: CheckinPerson | null }> {
  const [row] = await db.select(PERSON).from(registrations).where(ticketWhere(ref)).limit(1);
  if (!row) return { result: "not_found", registration: null };
  const registration = person(row);
  if (row.checkinState) return { result: "already", registration };
  if (row.state !== "confirmed") return { result: "not_confirmed", registration };
  return { result: "not_paid", registration };
}

/** The columns of `registrations` a check-in answers with, as the raw statement returns them. */
type RawPerson = {
  id: number;
  name: string;
  institution: string;
  mobile: string;
  ticket_code: string;
  identity_zh: string | null;
  identity_en: string | null;
  state: Registration["state"];
  checkin_state: boolean;
  checked_in_at: Date | string | null;
};

/**
 * Checks a ticket in. `checked_in` only for the one request whose conditional UPDATE changed
 * the row. The audit row (`registration.checkin`, with how: desk code, search, scanner, manual) is
 * inserted by the same statement (`recordAuditFrom`), a data-modifying CTE: one atomic statement instead of BEGIN, UPDATE, INSERT, COMMIT, which measured 3× faster
 * on PGlite, where every desk's request waits for the one before (scripts/bench-checkin.ts).
 */
export async function checkIn(
  db: Db,
  ref: TicketRef & { accountId: number; now: Date; via: "code" | "search" | "scan" | "manual" },
): Promise<{ result: CheckinResult; registration: CheckinPerson | null }> {
  const now = ref.now.toISOString();
  const answer = await db.execute<RawPerson>(sql`
    with changed as (
      update ${registrations} set "checkin_state" = true, "checked_in_at" = ${now}::timestamptz, "updated_at" = ${now}::timestamptz
      where ${and(ticketWhere(ref), eq(registrations.checkinState, false), MAY_ENTER)}
      returning *
    ), audit as (
      ${recordAuditFrom(sql`changed`, {
        conferenceId: sql`"conference_id"`,
        accountId: sql`${ref.accountId}::int`,
        action: "registration.checkin",
        target: sql`'registration:' || "id"`,
        detail: sql`jsonb_build_object('via', ${ref.via}::text, 'name', "name", 'ticketCode', "ticket_code")`,
        at: ref.now,
      })}
    )
    select "id", "name", "institution", "mobile", "ticket_code", "state", "checkin_state", "checked_in_at",
      (select "name_zh" from ${identities} where ${identities.id} = changed."identity_id") as "identity_zh",
      (select "name_en" from ${identities} where ${identities.id} = changed."identity_id") as "identity_en"
    from changed`);
  const [row] = (answer as { rows: RawPerson[] }).rows;
  if (!row) return refusal(db, ref);
  return {
    result: "checked_in",
    registration: person({
      id: row.id,
      name: row.name,
      institution: row.institution,
      mobile: row.mobile,
      state: row.state,
      ticketCode: row.ticket_code,
      identityZh: row.identity_zh,
      identityEn: row.identity_en,
      checkinState: row.checkin_state,
      checkedInAt: row.checked_in_at === null ? null : new Date(row.checked_in_at),
    }),
  };
}

/** What a check-in of this ticket would answer now, without changing anything (the look-up). */
export async function lookUpTicket(db: Db, ref: TicketRef) {
  const [row] = await db
    .select({ ...PERSON, mayEnter: sql<boolean>`${MAY_ENTER}` })
    .from(registrations)
    .where(ticketWhere(ref))
    .limit(1);
  if (row?.mayEnter && !row.checkinState) return { result: "ready" as const, registration: person(row) };
  return refusal(db, ref);
}

/**
 * Takes a check-in back (a wrong person at the desk). Conditional like the check-in, so two
 * undos answer one `undone` and one `not_checked_in`; audited as `registration.checkin_undo`.
 */
export async function undoCheckIn(db: Db, ref: TicketRef & { accountId: number; now: Date; via: "desk" | "manual" }) {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select({ checkedInAt: registrations.checkedInAt }).from(registrations).where(ticketWhere(ref)).for("update");
    if (!before) return null;
    const [row] = await tx
      .update(registrations)
      .set({ checkinState: false, checkedInAt: null, updatedAt: ref.now })
      .where(and(ticketWhere(ref), eq(registrations.checkinState, true)))
      .returning(PERSON);
    if (!row) return null;
    await recordAudit(tx, {
      conferenceId: row.conferenceId,
      accountId: ref.accountId,
      action: "registration.checkin_undo",
      target: `registration:${row.id}`,
      detail: { via: ref.via, name: row.name, checkedInAt: before.checkedInAt?.toISOString() ?? null },
      at: ref.now,
    });
    return row;
  });
  if (changed) return { result: "undone" as const, registration: person(changed) };
  const [row] = await db.select(PERSON).from(registrations).where(ticketWhere(ref)).limit(1);
  return { result: row ? ("not_checked_in" as const) : ("not_found" as const), registration: row ? person(row) : null };
}

/** Registrations matching a name, mobile or institution, for the desk's search (paged). */
export async function searchTickets(db: Db, conferenceId: number, keyword: string, paging: { pageSize: number; offset: number }) {
  const pattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  const like = pattern(keyword);
  const where = and(
    eq(registrations.conferenceId, conferenceId),
    // `+86 138-0013-8000` finds 13800138000: the mobile is matched in its stored form.
    or(ilike(registrations.name, like), ilike(registrations.mobile, pattern(mobileSearchKeyword(keyword))), ilike(registrations.institution, like)),
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select(PERSON).from(registrations).where(where).orderBy(asc(registrations.name), asc(registrations.id)).limit(paging.pageSize).offset(paging.offset),
    db.select({ total: count() }).from(registrations).where(where),
  ]);
  return { list: rows.map(person), total };
}

/**
 * The desk's live figures: confirmed registrations and how many of them are in, overall and
 * per identity; and the latest check-ins (for undo). Served by the (conference, state) and
 * (conference, checked_in_at) indexes.
 */
export async function checkinCounts(db: Db, conferenceId: number, recent = 8) {
  const [byIdentity, latest] = await Promise.all([
    db
      .select({
        identityId: registrations.identityId,
        nameZh: identities.nameZh,
        nameEn: identities.nameEn,
        registered: count(),
        checkedIn: sql<number>`count(*) filter (where ${registrations.checkinState})::int`,
      })
      .from(registrations)
      .leftJoin(identities, eq(identities.id, registrations.identityId))
      .where(and(eq(registrations.conferenceId, conferenceId), eq(registrations.state, "confirmed")))
      .groupBy(registrations.identityId, identities.nameZh, identities.nameEn, identities.sort)
      .orderBy(asc(identities.sort), asc(registrations.identityId)),
    db
      .select(PERSON)
      .from(registrations)
      .where(and(eq(registrations.conferenceId, conferenceId), isNotNull(registrations.checkedInAt)))
      .orderBy(desc(registrations.checkedInAt), desc(registrations.id))
      .limit(recent),
  ]);
  const total = byIdentity.reduce((sum, row) => ({ registered: sum.registered + row.registered, checkedIn: sum.checkedIn + row.checkedIn }), {
    registered: 0,
    checkedIn: 0,
  });
  return {
    total,
    byIdentity: byIdentity.map((row) => ({
      identityId: row.identityId,
      identity: row.identityId !== null && row.nameZh !== null ? { nameZh: row.nameZh, nameEn: row.nameEn ?? "" } : null,
      registered: row.registered,
      checkedIn: row.checkedIn,
    })),
    recent: latest.map(person),
  };
}
