import { and, asc, count, desc, eq, gt, gte, inArray, like, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { chinaDayStart } from "#contract/clock";
import type { ApplicantFilters } from "#contract/schemas/applicants";
import { mobileSearchKeyword } from "#contract/schemas/mobile";
import { builtOnce, type Db } from "../db";
import { conferences, payments, registrations, vipLevels } from "../db/schema";
import { fail } from "../http";
import { recordAudit } from "./audit";
import { releaseCoupon } from "./fees";
import { markPaid, newTradeNo } from "./payments";
import { checkCapacity, LIVE_STATES, lockConference, paymentsCovering, type Registration } from "./registration";

/**
 * The organiser's registration list (issue 7): which rows a filter selects, and the changes an
 * organiser makes to one registration. Each change runs in its own transaction with its audit
 * row, so a bulk action is the same change repeated, and a refused row leaves nothing behind.
 */

type Deps = { db: Db; now: () => Date };

/** The same table under another name, for the subqueries below. */
const hit = alias(registrations, "hit");

/**
 * What the keyword is matched against: name, mobile, institution and ticket code, lower-cased.
 * The same expression is indexed (trigram and CJK grams, migration 0009), so keep them equal.
 */
const searchExpression = sql`lower(${hit.name} || ' ' || ${hit.mobile} || ' ' || ${hit.institution} || ' ' || ${hit.ticketCode})`;

/** One or two characters of the CJK ideograph blocks cjk_grams() indexes (see docs/decisions/006). */
const SHORT_CJK = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{1,2}$/u;

/**
 * The registration's id is among those a subquery lists. Written so that Postgres runs the
 * subquery once and probes a hash of its ids per row ("hashed SubPlan"): as a plain `in`, it is
 * turned into a join, and without table statistics (PGlite never runs ANALYZE) the planner may
 * then run the subquery again for every row (a keyword with filters took 47 s at 50,000 rows).
 */
const idIn = (subquery: SQL) => sql`coalesce(${registrations.id} in (${subquery}), false)`;

/**
 * The keyword, answered by the search indexes. `conference_id + 0` keeps the conference's index
 * out of the subquery, so the trigram or gram index finds the matches instead of the planner
 * computing the expression on each of the conference's rows (600 ms at 50,000 rows).
 * One or two Chinese characters (most surnames and given names) have no trigram: the gram index
 * answers them.
 */
function keywordCondition(conferenceId: number, raw: string): SQL {
  // A mobile in any typed form meets the stored one; other keywords are unchanged.
  const keyword = mobileSearchKeyword(raw.trim()).toLowerCase();
  const expression = searchExpression;
  const contains = like(expression, `%${keyword.replace(/[\\%_]/g, "\\$&")}%`);
  const match = SHORT_CJK.test(keyword) ? and(sql`cjk_grams(${expression}) @> array[${keyword}]::text[]`, contains) : contains;
  return idIn(sql`select ${hit.id} from "registrations" as "hit" where ${match} and ${hit.conferenceId} + 0 = ${conferenceId}`);
}

/**
 * The ids of a conference's registrations covered by a payment in one of `states`: their own,
 * or a team payment that lists them: one subquery over the (conference, state) index of
 * payments, hashed once, instead of two look-ups per registration.
 */
function coveredBy(conferenceId: number, states: string[]): SQL {
  const list = sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  );
  return idIn(sql`
    select "p"."registration_id" from "payments" as "p"
      where "p"."conference_id" = ${conferenceId} and "p"."state" in (${list}) and "p"."registration_id" is not null
    union all
    select ("m"."value")::int from "payments" as "p", jsonb_array_elements_text("p"."details" -> 'registrationIds') as "m"
      where "p"."conference_id" = ${conferenceId} and "p"."state" in (${list}) and "p"."registration_id" is null and "p"."team_id" is not null`);
}

/** Midnight in China (where the conferences are) at the start of a calendar day. */

/** The rows of one conference that the list's filters select. */
export function applicantCondition(conferenceId: number, filters: ApplicantFilters): SQL {
  const where: SQL[] = [eq(registrations.conferenceId, conferenceId)];
  if (filters.keyword) where.push(keywordCondition(conferenceId, filters.keyword));
  if (filters.state) where.push(eq(registrations.state, filters.state));
  if (filters.identityId) where.push(eq(registrations.identityId, filters.identityId));
  if (filters.levelId) where.push(eq(registrations.levelId, filters.levelId));
  if (filters.checkin) where.push(eq(registrations.checkinState, filters.checkin === "yes"));
  if (filters.from) where.push(gte(registrations.createdAt, chinaDayStart(filters.from)));
  if (filters.to) where.push(lt(registrations.createdAt, chinaDayStart(filters.to, 1)));
  if (filters.ids?.length) where.push(inArray(registrations.id, filters.ids));
  switch (filters.paymentState) {
    case "paid":
      where.push(coveredBy(conferenceId, ["paid"]));
      break;
    case "pending_audit":
      where.push(sql`not ${coveredBy(conferenceId, ["paid"])}`, coveredBy(conferenceId, ["pending_audit"]));
      break;
    case "unpaid":
      where.push(gt(registrations.feeFen, 0), sql`not ${coveredBy(conferenceId, ["paid", "pending_audit"])}`);
      break;
    case "free":
      where.push(eq(registrations.feeFen, 0), sql`not ${coveredBy(conferenceId, ["paid", "pending_audit"])}`);
      break;
  }
  return and(...where)!;
}

/**
 * A page of the list, newest first, and how many the filter selects. The list as it opens (no
 * filter) is read through statements built once per database: drizzle building the select of
 * every column anew was ~15 % of the list's platform call.
 */
export async function applicantPage(db: Db, conferenceId: number, filters: ApplicantFilters, limit: number, offset: number) {
  if (Object.values(filters).every((value) => value === undefined || (Array.isArray(value) && value.length === 0))) {
    const [rows, [{ total }]] = await Promise.all([openingPage(db).execute({ conferenceId, limit, offset }), openingTotal(db).execute({ conferenceId })]);
    return { rows, total };
  }
  const condition = applicantCondition(conferenceId, filters);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(registrations).where(condition).orderBy(desc(registrations.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(registrations).where(condition),
  ]);
  return { rows, total };
}

const openingPage = builtOnce((db) =>
  db
    .select()
    .from(registrations)
    .where(eq(registrations.conferenceId, sql.placeholder("conferenceId")))
    .orderBy(desc(registrations.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("applicants_opening_page"),
);

const openingTotal = builtOnce((db) =>
  db
    .select({ total: count() })
    .from(registrations)
    .where(eq(registrations.conferenceId, sql.placeholder("conferenceId")))
    .prepare("applicants_opening_total"),
);

/**
 * Every row a filter selects, in id order, read in pages of `batch` by keyset (never offset, and
 * never the whole set at once): what an export streams from.
 */
export async function* applicantBatches(db: Db, condition: SQL, batch = 500): AsyncGenerator<Registration[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(registrations)
      .where(and(condition, gt(registrations.id, after)))
      .orderBy(asc(registrations.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
    if (rows.length < batch) return;
  }
}

// ─── Changes to one registration ────────────────────────────────────────────────────

/** The registration, locked for the rest of the transaction; 404 when it left the conference meanwhile. */
async function lockRow(tx: Db, row: Registration) {
  const [locked] = await tx.select().from(registrations).where(eq(registrations.id, row.id)).for("update");
  if (!locked) fail(404, "errors.notFound");
  return locked;
}

const target = (row: Registration) => `registration:${row.id}`;

/**
 * Confirms or rejects. Confirming a rejected one takes a place again, so the capacity is checked
 * under the conference's lock; rejecting gives the coupon's use back. Cancelled ones are the
 * attendee's decision and stay.
 */
export async function decideRegistration(deps: Deps, by: number, row: Registration, state: "confirmed" | "rejected") {
  return deps.db.transaction(async (tx) => {
    if (state === "confirmed" && row.state === "rejected") await checkCapacity(tx, await lockConference(tx, row.conferenceId), deps.now());
    const current = await lockRow(tx, row);
    if (current.state === "cancelled") fail(400, "applicants.errors.cancelled");
    if (current.state === state) return current;
    const [updated] = await tx.update(registrations).set({ state, updatedAt: deps.now() }).where(eq(registrations.id, current.id)).returning();
    if (state === "rejected" && current.couponId) await releaseCoupon(tx, current.couponId);
    await recordAudit(tx, {
      conferenceId: current.conferenceId,
      accountId: by,
      action: state === "confirmed" ? "registration.confirm" : "registration.reject",
      target: target(current),
      detail: { from: current.state, to: state, name: current.name },
      at: deps.now(),
    });
    return updated;
  });
}

export async function remarkRegistration(deps: Deps, by: number, row: Registration, remark: string) {
  return deps.db.transaction(async (tx) => {
    const current = await lockRow(tx, row);
    const [updated] = await tx
      .update(registrations)
      .set({ remark: remark || null, updatedAt: deps.now() })
      .where(eq(registrations.id, current.id))
      .returning();
    await recordAudit(tx, {
      conferenceId: current.conferenceId,
      accountId: by,
      action: "registration.remark",
      target: target(current),
      at: deps.now(),
      detail: { from: current.remark ?? "", to: remark },
    });
    return updated;
  });
}

/** Sets (or, with null, clears) the VIP level; only a level of the registration's own conference. */
export async function levelRegistration(deps: Deps, by: number, row: Registration, levelId: number | null) {
  if (levelId !== null) {
    const [level] = await deps.db
      .select({ id: vipLevels.id })
      .from(vipLevels)
      .where(and(eq(vipLevels.id, levelId), eq(vipLevels.conferenceId, row.conferenceId)))
      .limit(1);
    if (!level) fail(400, "applicants.validation.levelInvalid", { data: { fields: {} } });
  }
  return deps.db.transaction(async (tx) => {
    const current = await lockRow(tx, row);
    const [updated] = await tx.update(registrations).set({ levelId, updatedAt: deps.now() }).where(eq(registrations.id, current.id)).returning();
    await recordAudit(tx, {
      conferenceId: current.conferenceId,
      accountId: by,
      action: "registration.level",
      target: target(current),
      at: deps.now(),
      detail: { from: current.levelId, to: levelId },
    });
    return updated;
  });
}

/**
 * Deletes a registration nobody has paid for: a paid or audited payment is money the
 * organiser must refund first (payment audit), or the totals would lose it. The coupon's use is
 * given back when the registration still held a place.
 */
export async function deleteRegistration(deps: Deps, by: number, row: Registration) {
  return deps.db.transaction(async (tx) => {
    const current = await lockRow(tx, row);
    const covering = (await paymentsCovering(tx, [current])).get(current.id) ?? [];
    if (covering.some((p) => p.state === "paid" || p.state === "pending_audit")) fail(400, "applicants.errors.paidNotDeletable");
    if (current.couponId && LIVE_STATES.includes(current.state)) await releaseCoupon(tx, current.couponId);
    await tx.delete(registrations).where(eq(registrations.id, current.id));
    await recordAudit(tx, {
      conferenceId: current.conferenceId,
      accountId: by,
      action: "registration.delete",
      target: target(current),
      detail: { name: current.name, mobile: current.mobile, ticketCode: current.ticketCode, state: current.state, feeFen: current.feeFen },
      at: deps.now(),
    });
    return current;
  });
}

/**
 * Records money the organiser received outside the platform (cash at the desk, a transfer
 * seen on the bank statement): the registration's own transfer waiting for audit is approved,
 * or else a transfer for its fee is recorded and made paid by the same `markPaid` the audits
 * and gateways use, so the payment totals and the `payment.audit` trail stay one story.
 */
export async function markRegistrationPaid(deps: Deps, by: number, row: Registration, remark?: string) {
  return deps.db.transaction(async (tx) => {
    const current = await lockRow(tx, row);
    if (!LIVE_STATES.includes(current.state)) fail(400, "payment.errors.registrationClosed");
    if (current.feeFen <= 0) fail(400, "payment.errors.nothingToPay");
    const covering = (await paymentsCovering(tx, [current])).get(current.id) ?? [];
    if (covering.some((p) => p.state === "paid")) fail(400, "payment.errors.alreadyPaid");
    const waiting = covering.find((p) => p.state === "pending_audit");
    // A team's transfer covers others too: it is decided in the payment audit, not from one member.
    if (waiting && waiting.registrationId !== current.id) fail(400, "payment.errors.awaitingAudit");
    let paymentId = waiting?.id;
    if (!paymentId) {
      const now = deps.now();
      const [conference] = await tx.select({ currency: conferences.currency }).from(conferences).where(eq(conferences.id, current.conferenceId));
      const [created] = await tx
        .insert(payments)
        .values({
          conferenceId: current.conferenceId,
          registrationId: current.id,
          accountId: current.accountId,
          method: "transfer",
          amountFen: current.feeFen,
          currency: conference?.currency ?? "CNY",
          state: "unpaid",
          tradeNo: newTradeNo(now),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: payments.id });
      paymentId = created.id;
    }
    const paid = await markPaid({ db: tx, now: deps.now }, { paymentId, from: waiting ? ["pending_audit"] : ["unpaid"], by, source: "manual", remark });
    if (!paid) fail(400, "payment.errors.alreadyPaid");
    return paid;
  });
}
