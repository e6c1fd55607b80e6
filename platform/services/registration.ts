import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from "drizzle-orm";
import type { AttendRegistration } from "#contract/views/attend";
import type { Sent } from "#contract/views/sent";
import { builtOnce, type Db } from "../db";
import {
  type PaymentState,
  type RegistrationState,
  accounts,
  conferences,
  coupons,
  identities,
  invoices,
  payments,
  registrationFields,
  registrations,
} from "../db/schema";
import { fail } from "../http";
import { recordAudit } from "./audit";
import { applyCoupon, quoteFee, releaseCoupon, useCoupon } from "./fees";

/**
 * Registrations (conference users): creating them under the conference's capacity, the
 * idempotency key, and what an attendee sees of them.
 *
 * Rules:
 * - capacity counts registrations that hold a place (`holdsPlace`): live, their unpaid hold not
 *   run out, and for a team member, claimed or of a mobile with an account; the conference row
 *   is locked (`select … for update`) for the check and the insert, so concurrent requests
 *   can't overbook on PostgreSQL (PGlite runs transactions one at a time anyway);
 * - one registration per account and conference (a cancelled one is revived by registering
 *   again), and one live registration per mobile number and conference;
 * - a new registration is confirmed when the conference has no moderation (or an organiser
 *   entered it), else pending until the organiser decides.
 */

export type Registration = typeof registrations.$inferSelect;
type Conference = typeof conferences.$inferSelect;

/** States that hold a place. */
export const LIVE_STATES: RegistrationState[] = ["pending", "confirmed"];
const DEAD_STATES: RegistrationState[] = ["cancelled", "rejected"];

const TICKET_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A ticket code: 10 characters without look-alikes (0/O, 1/I). */
export function newTicketCode() {
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (byte) => TICKET_ALPHABET[byte % TICKET_ALPHABET.length]).join("");
}

/** True for a unique-index violation (optionally of one index), through drizzle's wrapping. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return !constraint || name === constraint;
  }
  return false;
}

export async function fieldsOf(db: Db, conferenceId: number) {
  const rows = await db
    .select({ field: registrationFields.field })
    .from(registrationFields)
    .where(eq(registrationFields.conferenceId, conferenceId))
    .orderBy(asc(registrationFields.sort), asc(registrationFields.id));
  return rows.map((row) => row.field);
}

/** Locks the conference row for the rest of the transaction; 404 when there is none. */
export async function lockConference(tx: Db, conferenceId: number): Promise<Conference> {
  const [conference] = await tx.select().from(conferences).where(eq(conferences.id, conferenceId)).for("update");
  if (!conference) fail(404, "errors.notFound");
  return conference;
}

const HOUR = 3_600_000;

/** When an unpaid registration made (or given a place) at `now` stops holding it; null when there is nothing to pay (decision 030). */
export function holdDeadline(conference: Pick<Conference, "paymentWindowHours">, feeFen: number, now: Date): Date | null {
  return feeFen > 0 ? new Date(now.getTime() + conference.paymentWindowHours * HOUR) : null;
}

/**
 * The registrations that take a place at `now` (decision 030): live, an unpaid hold not run
 * out, and a team member only once the mobile is real: claimed, or of an account (which
 * signed in with a code to that mobile).
 */
export function holdsPlace(now: Date) {
  return and(
    inArray(registrations.state, LIVE_STATES),
    or(isNull(registrations.holdUntil), gt(registrations.holdUntil, now)),
    or(
      isNull(registrations.teamId),
      isNotNull(registrations.accountId),
      sql`exists (select 1 from ${accounts} where ${accounts.mobile} = ${registrations.mobile})`,
    ),
  );
}

/** Places taken at a conference now. */
export async function placesTaken(db: Db, conferenceId: number, now: Date) {
  const [{ taken }] = await db
    .select({ taken: count() })
    .from(registrations)
    .where(and(eq(registrations.conferenceId, conferenceId), holdsPlace(now)));
  return taken;
}

/**
 * Cancels the conference's registrations whose unpaid hold ran out (marked `expiredAt`), and
 * gives their coupon uses back. Called under the conference lock, before places are counted.
 */
export async function expireHolds(tx: Db, conferenceId: number, now: Date) {
  const expired = await tx
    .update(registrations)
    .set({ state: "cancelled", expiredAt: now, updatedAt: now })
    .where(and(eq(registrations.conferenceId, conferenceId), inArray(registrations.state, LIVE_STATES), lte(registrations.holdUntil, now)))
    .returning({ id: registrations.id, couponId: registrations.couponId });
  for (const row of expired)
    if (row.couponId)
      await tx
        .update(coupons)
        .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
        .where(eq(coupons.id, row.couponId));
  return expired.length;
}

/** True when the hold of this registration ran out (swept or not yet). */
export function holdExpired(r: Pick<Registration, "state" | "holdUntil" | "expiredAt">, now: Date) {
  if (r.state === "cancelled") return r.expiredAt !== null;
  return LIVE_STATES.includes(r.state) && r.holdUntil !== null && r.holdUntil.getTime() <= now.getTime();
}

/** Refuses when `adding` more places would pass the capacity; expired holds are swept first. */
export async function checkCapacity(tx: Db, conference: Conference, now: Date, adding = 1) {
  await expireHolds(tx, conference.id, now);
  if (conference.capacity === null || adding <= 0) return;
  const taken = await placesTaken(tx, conference.id, now);
  if (taken + adding > conference.capacity) fail(400, "registration.errors.full", { params: { capacity: conference.capacity } });
}

/**
 * A payment arrives for a registration whose hold ran out: it takes a place again when one is
 * free (a fresh hold, or none when `paid`), and answers false when the conference is full.
 */
export async function retakePlace(tx: Db, registration: Registration, now: Date, paid: boolean): Promise<boolean> {
  const conference = await lockConference(tx, registration.conferenceId);
  await expireHolds(tx, conference.id, now);
  // The sweep may just have cancelled this one (and given its coupon use back): read it again.
  const [current] = await tx.select().from(registrations).where(eq(registrations.id, registration.id));
  if (conference.capacity !== null && (await placesTaken(tx, conference.id, now)) + 1 > conference.capacity) return false;
  // Its mobile registered again meanwhile (one live registration per mobile): no place for this one.
  if (await mobileTaken(tx, conference.id, current.mobile, current.id)) return false;
  await tx
    .update(registrations)
    .set({
      state: conference.moderation ? "pending" : "confirmed",
      expiredAt: null,
      holdUntil: paid ? null : holdDeadline(conference, registration.feeFen, now),
      updatedAt: now,
    })
    .where(eq(registrations.id, registration.id));
  if (current.state === "cancelled" && current.couponId)
    await tx
      .update(coupons)
      .set({ used: sql`${coupons.used} + 1` })
      .where(eq(coupons.id, current.couponId));
  return true;
}

/** The id of the live registration the mobile holds at the conference (other than `except`), or null. */
export async function mobileTaken(tx: Db, conferenceId: number, mobile: string, except?: number): Promise<number | null> {
  const [taken] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.conferenceId, conferenceId),
        eq(registrations.mobile, mobile),
        notInArray(registrations.state, DEAD_STATES),
        except ? ne(registrations.id, except) : undefined,
      ),
    )
    .limit(1);
  return taken?.id ?? null;
}

export type NewRegistration = {
  conferenceId: number;
  /** The registering account; null for an organiser's entry (claimed later). */
  accountId: number | null;
  /** Who made the request: the account itself, or the organiser. */
  createdBy: number;
  byOrganiser: boolean;
  identityId?: number;
  name: string;
  mobile: string;
  email?: string;
  institution?: string;
  couponCode?: string;
  answers: Record<string, unknown>;
  remark?: string;
  idempotencyKey?: string;
};

/** The registration made earlier with this key, when it is the caller's own; a key of someone else's is refused. */
async function byIdempotencyKey(db: Db, input: NewRegistration) {
  if (!input.idempotencyKey) return null;
  const [row] = await db.select().from(registrations).where(eq(registrations.idempotencyKey, input.idempotencyKey)).limit(1);
  if (!row) return null;
  if (row.createdBy !== input.createdBy) fail(409, "registration.errors.idempotencyConflict");
  return row;
}

/**
 * Creates a registration (or replays the one made with the same idempotency key). The
 * fee is computed here from identity × strategy in force × coupon; the coupon's use is
 * counted in the same transaction.
 */
export async function createRegistration(
  deps: { db: Db; now: () => Date },
  input: NewRegistration,
): Promise<{ registration: Registration; replayed: boolean }> {
  const earlier = await byIdempotencyKey(deps.db, input);
  if (earlier) return { registration: earlier, replayed: true };
  try {
    return await deps.db.transaction(async (tx) => {
      const conference = await lockConference(tx, input.conferenceId);
      if (!conference.isPublish && !input.byOrganiser) fail(404, "errors.notFound");
      // A twin request holding the same key waited for the lock; it now sees the first one's row.
      const twin = await byIdempotencyKey(tx, input);
      if (twin) return { registration: twin, replayed: true };
      const now = deps.now();
      // A hold of this account that ran out is cancelled first, so registering again revives it.
      await expireHolds(tx, conference.id, now);
      let revive: Registration | undefined;
      if (input.accountId !== null) {
        [revive] = await tx
          .select()
          .from(registrations)
          .where(and(eq(registrations.conferenceId, conference.id), eq(registrations.accountId, input.accountId)))
          .limit(1);
        if (revive && revive.state !== "cancelled") fail(400, "registration.errors.alreadyRegistered", { data: { id: revive.id } });
      }
      const holder = await mobileTaken(tx, conference.id, input.mobile, revive?.id);
      // The caller has proven the number (ADR 027): it may learn which registration holds it, to claim it.
      if (holder) fail(400, "registration.errors.mobileRegistered", { data: { registrationId: holder } });
      await checkCapacity(tx, conference, now);
      const quote = await quoteFee(tx, { conferenceId: conference.id, identityId: input.identityId, couponCode: input.couponCode, now });
      if (quote.coupon) await useCoupon(tx, quote.coupon.id);
      const values = {
        conferenceId: conference.id,
        accountId: input.accountId,
        mobile: input.mobile,
        name: input.name,
        email: input.email ?? null,
        institution: input.institution ?? "",
        identityId: quote.identityId,
        strategyId: quote.strategyId,
        couponId: quote.coupon?.id ?? null,
        feeFen: quote.amountFen,
        state: (input.byOrganiser || !conference.moderation ? "confirmed" : "pending") as RegistrationState,
        answers: input.answers,
        remark: input.remark ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        createdBy: input.createdBy,
        // An organiser's entry waits for the organiser, not for a payment window.
        holdUntil: input.byOrganiser ? null : holdDeadline(conference, quote.amountFen, now),
        expiredAt: null,
        updatedAt: now,
      };
      const [registration] = revive
        ? await tx.update(registrations).set(values).where(eq(registrations.id, revive.id)).returning()
        : await tx
            .insert(registrations)
            .values({ ...values, ticketCode: newTicketCode(), createdAt: now })
            .returning();
      if (input.byOrganiser) {
        await recordAudit(tx, {
          conferenceId: conference.id,
          accountId: input.createdBy,
          action: "registration.create",
          target: `registration:${registration.id}`,
          detail: { name: registration.name, mobile: registration.mobile, feeFen: registration.feeFen },
          at: now,
        });
      }
      return { registration, replayed: false };
    });
  } catch (error) {
    // Safety net for racing twins that got past the lock some other way: answer like a replay.
    if (input.idempotencyKey && isUniqueViolation(error, "registrations_idempotency_key_index")) {
      const row = await byIdempotencyKey(deps.db, input);
      if (row) return { registration: row, replayed: true };
    }
    if (isUniqueViolation(error, "registrations_conference_account")) fail(400, "registration.errors.alreadyRegistered");
    throw error;
  }
}

/**
 * Binds an unclaimed registration to the claimant's account (undefined when someone claimed
 * it first). A team member takes a place now, so the capacity is checked under the conference
 * lock, and an unpaid one starts its payment window (decision 030).
 */
export async function takePlaceOnClaim(deps: { db: Db; now: () => Date }, id: number, accountId: number): Promise<Registration | undefined> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for("update");
    if (!row || row.accountId !== null) return undefined;
    const now = deps.now();
    let holdUntil = row.holdUntil;
    if (row.teamId !== null) {
      const conference = await lockConference(tx, row.conferenceId);
      await expireHolds(tx, conference.id, now);
      // The claimant's account exists by now, so this member is counted among the places taken.
      if (conference.capacity !== null && (await placesTaken(tx, conference.id, now)) > conference.capacity) {
        fail(400, "registration.errors.full", { params: { capacity: conference.capacity } });
      }
      const covered = (await paymentsCovering(tx, [row])).get(row.id) ?? [];
      if (holdUntil === null && !covered.some((p) => p.state === "paid" || p.state === "pending_audit")) holdUntil = holdDeadline(conference, row.feeFen, now);
    }
    const [claimed] = await tx
      .update(registrations)
      .set({ accountId, holdUntil, updatedAt: now })
      .where(and(eq(registrations.id, row.id), isNull(registrations.accountId), inArray(registrations.state, LIVE_STATES)))
      .returning();
    return claimed;
  });
}

/**
 * An attendee's own change to a pending registration (the caller has checked ownership and
 * the answers). Refused once a payment covering it is paid or waiting for audit. A different
 * identity prices it again like a new registration (the strategy in force now), with the
 * coupon it already holds: that use was counted when it registered, so the coupon's window
 * and limit are not checked again. While an online payment is started (unpaid intent at the
 * old amount) the identity can't change, so the gateway never collects a stale amount.
 */
export async function editRegistration(
  deps: { db: Db; now: () => Date },
  id: number,
  input: { identityId?: number; name?: string; email?: string; institution?: string; answers: Record<string, unknown> },
): Promise<Registration> {
  return deps.db.transaction(async (tx) => {
    // The same row lock as a new payment takes: a payment and an edit can't interleave.
    const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for("update");
    if (!row || row.state !== "pending") fail(400, "registration.errors.notEditable");
    const covering = (await paymentsCovering(tx, [row])).get(row.id) ?? [];
    if (covering.some((p) => p.state === "paid" || p.state === "pending_audit")) fail(400, "registration.errors.paidNotEditable");
    const now = deps.now();
    let price: Partial<Pick<Registration, "identityId" | "strategyId" | "feeFen">> = {};
    if (input.identityId !== undefined && input.identityId !== row.identityId) {
      if (covering.some((p) => p.state === "unpaid")) fail(400, "registration.errors.paymentStarted");
      const quote = await quoteFee(tx, { conferenceId: row.conferenceId, identityId: input.identityId, now });
      const [coupon] = row.couponId ? await tx.select().from(coupons).where(eq(coupons.id, row.couponId)).limit(1) : [];
      price = { identityId: quote.identityId, strategyId: quote.strategyId, feeFen: applyCoupon(quote.feeFen, coupon ?? null).amountFen };
    }
    const [updated] = await tx
      .update(registrations)
      .set({
        ...price,
        answers: input.answers,
        ...(input.name ? { name: input.name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.institution !== undefined ? { institution: input.institution } : {}),
        updatedAt: now,
      })
      .where(eq(registrations.id, row.id))
      .returning();
    return updated;
  });
}

// ─── What an attendee sees ───────────────────────────────────────────────────────────

type Payment = typeof payments.$inferSelect;

/** Which of a registration's payments speaks for it: a paid one, else one waiting for audit, else the newest. */
export function leadingPayment<T extends Pick<Payment, "id" | "state">>(list: T[]): T | null {
  const rank = (state: PaymentState) => (state === "paid" ? 3 : state === "pending_audit" ? 2 : 1);
  return [...list].sort((a, b) => rank(b.state) - rank(a.state) || b.id - a.id)[0] ?? null;
}

/** The payments that cover each registration: its own, and team payments that list it. */
export async function paymentsCovering(db: Db, list: Pick<Registration, "id" | "teamId">[]) {
  const ids = list.map((r) => r.id);
  const teamIds = [...new Set(list.map((r) => r.teamId).filter((id): id is number => id !== null))];
  const covering = new Map<number, Payment[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return covering;
  const rows = teamIds.length
    ? await registrationsAndTeamsPayments(db).execute({ ids: intArray(ids), teamIds: intArray(teamIds) })
    : await registrationsPayments(db).execute({ ids: intArray(ids) });
  for (const registration of list) {
    covering.set(
      registration.id,
      rows.filter(
        (p) =>
          p.registrationId === registration.id ||
          (p.registrationId === null && p.teamId !== null && p.teamId === registration.teamId && (p.details.registrationIds ?? []).includes(registration.id)),
      ),
    );
  }
  return covering;
}

/**
 * The payments of some registrations, and those of their teams: reads built once. Every
 * registration list and attendee page asks one; built anew, its SQL took ~0.13 ms of a list's
 * platform call (issue 16). The ids travel as one array each (PostgreSQL's text form). The teams'
 * read is apart so that a page without a team keeps to the registrations' index.
 */
const coveringPayments = (withTeams: boolean) =>
  builtOnce((db) =>
    db
      .select()
      .from(payments)
      .where(
        withTeams
          ? sql`${payments.registrationId} = any(${sql.placeholder("ids")}::int[]) or ${payments.teamId} = any(${sql.placeholder("teamIds")}::int[])`
          : sql`${payments.registrationId} = any(${sql.placeholder("ids")}::int[])`,
      )
      .orderBy(desc(payments.id))
      .prepare(withTeams ? "payments_of_registrations_and_teams" : "payments_of_registrations"),
  );
const registrationsPayments = coveringPayments(false);
const registrationsAndTeamsPayments = coveringPayments(true);

/** The invoices of some payments: a read built once, as the payments' (a list of paid registrations asks it). */
const paymentsInvoices = builtOnce((db) =>
  db
    .select({ paymentId: invoices.paymentId, id: invoices.id, state: invoices.state })
    .from(invoices)
    .where(sql`${invoices.paymentId} = any(${sql.placeholder("paymentIds")}::int[])`)
    .prepare("invoices_of_payments"),
);

/** Whole numbers as a PostgreSQL array literal: `{1,2,3}`. */
const intArray = (values: number[]) => `{${values.map((value) => Math.trunc(value)).join(",")}}`;

/** The public view of a payment (no idempotency key, nothing internal). */
export function publicPayment(p: Payment) {
  return {
    id: p.id,
    conferenceId: p.conferenceId,
    registrationId: p.registrationId,
    teamId: p.teamId,
    method: p.method,
    amountFen: p.amountFen,
    currency: p.currency,
    state: p.state,
    tradeNo: p.tradeNo,
    gatewayTradeNo: p.gatewayTradeNo,
    proofKey: p.proofKey,
    remark: p.remark,
    registrationIds: p.details.registrationIds ?? (p.registrationId ? [p.registrationId] : []),
    paidAt: p.paidAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/**
 * Registrations as their owner sees them: state, fee, the payment that speaks for each, its
 * invoice's state, the ticket code; with the conference's and identity's names.
 */
/** What describing a registration reads of its conference. */
export function conferenceFacts(db: Db, ids: number[]) {
  return db
    .select({
      id: conferences.id,
      nameZh: conferences.nameZh,
      nameEn: conferences.nameEn,
      startDate: conferences.startDate,
      endDate: conferences.endDate,
      currency: conferences.currency,
      paymentMethods: conferences.paymentMethods,
    })
    .from(conferences)
    .where(inArray(conferences.id, ids));
}

/** What describing a registration reads of its identity. */
export async function identityNames(db: Db, ids: number[]): Promise<Array<{ id: number; nameZh: string; nameEn: string }>> {
  if (!ids.length) return [];
  return db.select({ id: identities.id, nameZh: identities.nameZh, nameEn: identities.nameEn }).from(identities).where(inArray(identities.id, ids));
}

export type RegistrationFacts = { conferences: Awaited<ReturnType<typeof conferenceFacts>>; identities: Awaited<ReturnType<typeof identityNames>> };

/**
 * Registrations as their attendee sees them. `known`: a caller that already holds the rows'
 * conferences and identities (the organiser's list keeps its conference's) saves reading them;
 * what it lacks is read.
 */
export async function describeRegistrations(db: Db, list: Registration[], now: Date, known?: RegistrationFacts) {
  if (list.length === 0) return [];
  const covering = await paymentsCovering(db, list);
  const unclaimedMobiles = [...new Set(list.filter((r) => r.teamId !== null && r.accountId === null).map((r) => r.mobile))];
  const realMobiles = new Set(
    unclaimedMobiles.length
      ? (await db.select({ mobile: accounts.mobile }).from(accounts).where(inArray(accounts.mobile, unclaimedMobiles))).map((row) => row.mobile)
      : [],
  );
  const conferenceIds = [...new Set(list.map((r) => r.conferenceId))];
  const identityIds = [...new Set(list.map((r) => r.identityId).filter((id): id is number => id !== null))];
  const knows = <T extends { id: number }>(rows: T[] | undefined, ids: number[]): rows is T[] =>
    rows !== undefined && ids.every((id) => rows.some((row) => row.id === id));
  const [conferenceRows, identityRows] = await Promise.all([
    knows(known?.conferences, conferenceIds) ? known.conferences : conferenceFacts(db, conferenceIds),
    knows(known?.identities, identityIds) ? known.identities : identityNames(db, identityIds),
  ]);
  const leading = new Map(list.map((r) => [r.id, leadingPayment(covering.get(r.id) ?? [])]));
  const paymentIds = [...leading.values()].filter((p): p is Payment => p !== null).map((p) => p.id);
  const invoiceRows = paymentIds.length ? await paymentsInvoices(db).execute({ paymentIds: intArray(paymentIds) }) : [];
  return list.map((r) => {
    const payment = leading.get(r.id) ?? null;
    const invoice = payment ? (invoiceRows.find((row) => row.paymentId === payment.id) ?? null) : null;
    const conference = conferenceRows.find((row) => row.id === r.conferenceId) ?? null;
    const expired = holdExpired(r, now);
    const live = LIVE_STATES.includes(r.state);
    const view = {
      id: r.id,
      conferenceId: r.conferenceId,
      conference,
      accountId: r.accountId,
      teamId: r.teamId,
      name: r.name,
      mobile: r.mobile,
      email: r.email,
      institution: r.institution,
      identityId: r.identityId,
      identity: identityRows.find((row) => row.id === r.identityId) ?? null,
      strategyId: r.strategyId,
      couponId: r.couponId,
      feeFen: r.feeFen,
      currency: conference?.currency ?? "CNY",
      state: r.state,
      ticketCode: r.ticketCode,
      /** When the desk checked the attendee in; null until then (or once the check-in was undone). */
      checkedInAt: r.checkinState ? r.checkedInAt : null,
      answers: r.answers,
      /** Nothing to pay when the fee is 0; else the leading payment's state, `unpaid` when there is none. */
      needsPayment: r.feeFen > 0 && !["paid", "pending_audit"].includes(payment?.state ?? ""),
      paymentState: r.feeFen > 0 || payment ? (payment?.state ?? "unpaid") : null,
      payment: payment ? publicPayment(payment) : null,
      invoiceState: invoice?.state ?? null,
      invoiceId: invoice?.id ?? null,
      /** The unpaid hold's end ("pay by"); null when nothing is to be paid or a payment is paid or waiting. */
      holdUntil: live && !expired ? r.holdUntil : null,
      /** The unpaid hold ran out (the place went back); paying takes one again if any is free (decision 030). */
      holdExpired: expired,
      /** Whether it takes a place now: a team member only once claimed or of a mobile with an account. */
      holdsPlace: live && !expired && (r.teamId === null || r.accountId !== null || realMobiles.has(r.mobile)),
      /** Money that arrived for it and is to be given back (`duplicate`, `noSeat`), from the leading payment. */
      refundDue: payment?.details.refundDue ?? null,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
    return view satisfies Sent<AttendRegistration>;
  });
}

/** A registration of the caller, or 404 (someone else's registration is not there for them). */
export async function ownRegistration(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, id), eq(registrations.accountId, accountId)))
    .limit(1);
  if (!row) fail(404, "errors.notFound");
  return row;
}

/** `张三` → `张*`, `Anna Lee` → `A*******`: a name shown to someone who hasn't proven who they are. */
export function maskName(name: string) {
  const chars = Array.from(name);
  return chars.length <= 1 ? "*" : chars[0] + "*".repeat(chars.length - 1);
}

/** `13800000002` → `138****0002`. */
export function maskMobile(mobile: string) {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : "****";
}

/** Live registrations exist for this mobile / e-mail at the conference (the check calls). */
export async function registeredWith(db: Db, conferenceId: number, by: { mobile?: string; email?: string }) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.conferenceId, conferenceId),
        notInArray(registrations.state, DEAD_STATES),
        by.mobile ? eq(registrations.mobile, by.mobile) : undefined,
        by.email ? sql`lower(${registrations.email}) = lower(${by.email})` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

// ─── A registration made under someone else's number ─────────────────────────────────

/** True when a payment covering it is paid or waiting for audit: money is involved. */
async function hasMoney(tx: Db, row: Registration) {
  const covering = (await paymentsCovering(tx, [row])).get(row.id) ?? [];
  return covering.some((p) => p.state === "paid" || p.state === "pending_audit");
}

/**
 * Cancels a live registration while nothing is paid or waiting for audit (the money would need
 * a refund first); the coupon's use is given back. The caller holds the row lock.
 */
export async function cancelLocked(tx: Db, row: Registration, now: Date, paidKey = "registration.errors.paidNotCancellable") {
  if (!LIVE_STATES.includes(row.state)) fail(400, "registration.errors.notCancellable");
  if (await hasMoney(tx, row)) fail(400, paidKey);
  const [updated] = await tx.update(registrations).set({ state: "cancelled", updatedAt: now }).where(eq(registrations.id, row.id)).returning();
  if (row.couponId) await releaseCoupon(tx, row.couponId);
  return updated;
}

/**
 * The owner of a number, proven by a code, deals with a live registration another account made
 * under it (docs/decisions/027): `takeover` moves it (answers, fee, its own payments and their
 * invoices) to the owner's account; `cancel` cancels it while nothing is paid. Either is written to the conference's
 * audit log, so its organisers see who held the number and who reported it.
 */
export async function resolveHeldRegistration(
  deps: { db: Db; now: () => Date },
  input: { id: number; owner: number; mobile: string; resolve: "takeover" | "cancel" },
): Promise<Registration> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(registrations).where(eq(registrations.id, input.id)).for("update");
      if (!row || row.mobile !== input.mobile || !LIVE_STATES.includes(row.state) || row.accountId === null) fail(404, "errors.notFound");
      if (row.accountId === input.owner) fail(400, "registration.errors.alreadyClaimed");
      const now = deps.now();
      let updated: Registration;
      if (input.resolve === "takeover") {
        [updated] = await tx.update(registrations).set({ accountId: input.owner, updatedAt: now }).where(eq(registrations.id, row.id)).returning();
        // Its own payments and their invoices go with it: the owner pays, proves and asks for the invoice now.
        const moved = await tx
          .update(payments)
          .set({ accountId: input.owner, updatedAt: now })
          .where(and(eq(payments.registrationId, row.id), eq(payments.accountId, row.accountId)))
          .returning({ id: payments.id });
        if (moved.length)
          await tx
            .update(invoices)
            .set({ accountId: input.owner })
            .where(
              inArray(
                invoices.paymentId,
                moved.map((p) => p.id),
              ),
            );
      } else updated = await cancelLocked(tx, row, now, "registration.errors.paidTakeOverInstead");
      await recordAudit(tx, {
        conferenceId: row.conferenceId,
        accountId: input.owner,
        action: input.resolve === "takeover" ? "registration.takeOver" : "registration.cancelByOwner",
        target: `registration:${row.id}`,
        detail: { mobile: row.mobile, name: row.name, heldBy: row.accountId, owner: input.owner, state: row.state },
        at: now,
      });
      return updated;
    });
  } catch (error) {
    // The owner already has a registration of their own for this conference.
    if (isUniqueViolation(error, "registrations_conference_account")) fail(400, "registration.errors.alreadyRegisteredCancelInstead");
    throw error;
  }
}

/** Cancels my registration while nothing is paid or waiting for audit (`cancelLocked`); 404 for another's. */
export async function cancelRegistration(deps: { db: Db; now: () => Date }, actor: { id: number }, input: { id: number }) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(registrations).where(eq(registrations.id, input.id)).for("update");
    if (!row || row.accountId !== actor.id) fail(404, "errors.notFound");
    return cancelLocked(tx, row, deps.now());
  });
}
