import crypto from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { z } from "zod";
import type { payeeSchema } from "#contract/schemas/registration";
import type { Db } from "../db";
import { type PaymentMethod, type PaymentState, conferences, invoices, payees, payments, registrations, teams, uploads } from "../db/schema";
import { fail } from "../http";
import { decimalToFen } from "../payments/common";
import { GatewayError, type PaymentGateways } from "../payments/types";
import { type Actor, recordAudit } from "./audit";
import { holdDeadline, holdExpired, isUniqueViolation, LIVE_STATES, paymentsCovering, retakePlace } from "./registration";

/**
 * Payments: intents for a registration or a team, the transfer audit, and "paid once".
 *
 * Rules:
 * - a transfer carries a proof (an upload of the payer's own) and waits for audit
 *   (pending_audit); an online intent starts unpaid and only the gateway's verified word
 *   (signed notice, capture, or query) makes it paid;
 * - a payment becomes paid by a conditional update (`where state in (…)`), so repeated or
 *   concurrent notices, captures and queries change it once; each change writes one
 *   `payment.paid` row to audit_log;
 * - a paid payment confirms its registrations that are still pending when the conference
 *   has no moderation; with moderation the organiser's decision stands;
 * - no new payment while one covering the registration is paid or waiting for audit;
 * - one open online intent per registration, whatever the method (decision 031): a new payment
 *   first closes the open one at its gateway (`closeOpenIntents`), then cancels it here; a
 *   unique index holds the rule. A cancelled intent that the gateway still reports paid is
 *   paid (the money arrived) and flagged for refund when something else covers the registration;
 * - a payment for a registration whose unpaid hold ran out takes a place again if one is free,
 *   else it is flagged for refund (`noSeat`) or, before any money moved, refused (decision 030).
 */

export type Payment = typeof payments.$inferSelect;
type Conference = typeof conferences.$inferSelect;

/** Our trade number: China time to the second plus 10 random digits (24 alphanumerics fit every gateway). */
export function newTradeNo(now: Date) {
  const local = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
  return local + String(crypto.randomInt(0, 10_000_000_000)).padStart(10, "0");
}

/** The methods a payer may use: enabled by the conference and, for online ones, configured here (Alipay and UnionPay take CNY only). */
export function availableMethods(conference: Pick<Conference, "paymentMethods" | "currency">, gateways: PaymentGateways | undefined): PaymentMethod[] {
  return conference.paymentMethods.filter((method) => {
    if (method === "transfer") return true;
    if (method === "paypal") return Boolean(gateways?.paypal);
    return Boolean(gateways?.[method]) && conference.currency === "CNY";
  });
}

/** The caller's own upload, or 400: a proof (or an invoice file) must be something they uploaded. */
export async function checkOwnUpload(db: Db, accountId: number, key: string, message = "payment.errors.proofInvalid") {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    // A private upload only (decision 032): a public image would be served to anyone who has its key.
    .where(and(eq(uploads.key, key), eq(uploads.ownerAccountId, accountId), eq(uploads.isPublic, false)))
    .limit(1);
  if (!row) fail(400, message);
}

async function byIdempotencyKey(db: Db, accountId: number, key: string | undefined) {
  if (!key) return null;
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key)).limit(1);
  if (!row) return null;
  if (row.accountId !== accountId) fail(409, "registration.errors.idempotencyConflict");
  return row;
}

/** Refuses a new payment while an earlier one is paid or waiting for audit. */
function checkNothingPending(list: Pick<Payment, "state">[]) {
  if (list.some((p) => p.state === "paid")) fail(400, "payment.errors.alreadyPaid");
  if (list.some((p) => p.state === "pending_audit")) fail(400, "payment.errors.awaitingAudit");
}

/** Runs `make` in a transaction; a racing twin with the same idempotency key gets the first one's payment. */
async function idempotent(db: Db, accountId: number, key: string | undefined, make: (tx: Db) => Promise<{ payment: Payment; replayed: boolean }>) {
  const earlier = await byIdempotencyKey(db, accountId, key);
  if (earlier) return { payment: earlier, replayed: true };
  try {
    return await db.transaction(make);
  } catch (error) {
    if (key && isUniqueViolation(error, "payments_idempotency_key_index")) {
      const row = await byIdempotencyKey(db, accountId, key);
      if (row) return { payment: row, replayed: true };
    }
    throw error;
  }
}

/**
 * A payment for one of the caller's registrations: a transfer with its proof (pending_audit)
 * or an online intent (unpaid). The amount is the registration's fee, whatever was sent.
 */
export async function createPayment(
  deps: { db: Db; now: () => Date; payments?: PaymentGateways },
  input: { accountId: number; registrationId: number; method: PaymentMethod; proofKey?: string; idempotencyKey?: string },
) {
  return idempotent(deps.db, input.accountId, input.idempotencyKey, async (tx) => {
    // The registration's row lock serialises payments for it: two tabs can't both pass the checks.
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, input.registrationId)).for("update");
    if (!registration || registration.accountId !== input.accountId) fail(404, "errors.notFound");
    const twin = await byIdempotencyKey(tx, input.accountId, input.idempotencyKey);
    if (twin) return { payment: twin, replayed: true };
    const now = deps.now();
    const expired = holdExpired(registration, now);
    if (!LIVE_STATES.includes(registration.state) && !expired) fail(400, "payment.errors.registrationClosed");
    if (registration.feeFen <= 0) fail(400, "payment.errors.nothingToPay");
    checkNothingPending((await paymentsCovering(tx, [registration])).get(registration.id) ?? []);
    const [conference] = await tx.select().from(conferences).where(eq(conferences.id, registration.conferenceId));
    if (!availableMethods(conference, deps.payments).includes(input.method)) fail(400, "payment.errors.methodUnavailable");
    const transfer = input.method === "transfer";
    if (transfer) await checkOwnUpload(tx, input.accountId, input.proofKey ?? "");
    let refundDue: "noSeat" | undefined;
    // A late payer takes a place again if one is free. Online, no money has moved yet, so a
    // full conference is a plain refusal; a transfer may already have left the payer's bank,
    // so its proof is kept and flagged for the organiser to give the money back.
    if (expired && !(await retakePlace(tx, registration, now, transfer))) {
      if (!transfer) fail(400, "payment.errors.holdExpiredFull");
      refundDue = "noSeat";
    }
    await cancelOpenIntents(tx, registration.id, now);
    // A proof waiting for audit keeps the place until the organiser decides.
    if (transfer && !refundDue) await tx.update(registrations).set({ holdUntil: null }).where(eq(registrations.id, registration.id));
    const [payment] = await tx
      .insert(payments)
      .values({
        conferenceId: conference.id,
        registrationId: registration.id,
        accountId: input.accountId,
        method: input.method,
        amountFen: registration.feeFen,
        currency: conference.currency,
        state: input.method === "transfer" ? "pending_audit" : "unpaid",
        tradeNo: newTradeNo(now),
        proofKey: input.method === "transfer" ? input.proofKey : null,
        idempotencyKey: input.idempotencyKey ?? null,
        details: refundDue ? { refundDue } : {},
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (refundDue) await flagRefund(tx, payment, refundDue, now);
    return { payment, replayed: false };
  });
}

/** Cancels the registration's open online intents here (their gateways were asked first by `closeOpenIntents`). */
async function cancelOpenIntents(tx: Db, registrationId: number, now: Date, except?: number) {
  await tx
    .update(payments)
    .set({ state: "cancelled", updatedAt: now })
    .where(and(eq(payments.registrationId, registrationId), eq(payments.state, "unpaid"), except ? ne(payments.id, except) : undefined));
}

/** Marks money to be given back, with a row in the audit trail the organiser reads. */
async function flagRefund(tx: Db, payment: Payment, reason: "duplicate" | "noSeat", now: Date) {
  await tx
    .update(payments)
    .set({ details: { ...payment.details, refundDue: reason }, updatedAt: now })
    .where(eq(payments.id, payment.id));
  await recordAudit(tx, {
    conferenceId: payment.conferenceId,
    accountId: null,
    action: "payment.refund_due",
    target: `payment:${payment.id}`,
    detail: { reason, amountFen: payment.amountFen, method: payment.method, tradeNo: payment.tradeNo },
    at: now,
  });
}

/** What a gateway says of an intent we are about to cancel. */
type Closing = { paid: false } | { paid: true; gatewayTradeNo: string | null };

/**
 * Asks the gateway to close one open intent (decision 031): Alipay `alipay.trade.close`;
 * UnionPay has no close for an unpaid consumption, so its status query tells whether it was
 * paid; PayPal charges only when we capture, and a cancelled order is never captured. A trade
 * the gateway reports paid is answered `paid` (for our amount only).
 */
async function closeAtGateway(gateways: PaymentGateways | undefined, intent: Payment, now: Date): Promise<Closing> {
  if (intent.method === "alipay" && gateways?.alipay) {
    const alipay = gateways.alipay;
    const closed = await alipay.closeTrade(intent.tradeNo, now);
    if (closed !== "paid") return { paid: false };
    const trade = await alipay.queryTrade(intent.tradeNo, now);
    const paid =
      trade.found && (trade.tradeStatus === "TRADE_SUCCESS" || trade.tradeStatus === "TRADE_FINISHED") && decimalToFen(trade.totalAmount) === intent.amountFen;
    return paid ? { paid: true, gatewayTradeNo: trade.tradeNo } : { paid: false };
  }
  if (intent.method === "union" && gateways?.union) {
    const order = await gateways.union.queryOrder(intent.tradeNo, intent.createdAt);
    return order.paid && order.txnAmt === String(intent.amountFen) ? { paid: true, gatewayTradeNo: order.queryId } : { paid: false };
  }
  return { paid: false };
}

/**
 * Before a new payment for the caller's registration: each open online intent is closed at
 * its gateway; one the gateway reports paid is marked paid (and the new payment is then
 * refused as already paid). A gateway that can't be reached doesn't block the new payment:
 * the intent is cancelled here anyway, and a late notice for it is still recorded. Nothing
 * happens for a repeat of an earlier request (same idempotency key) or someone else's registration.
 */
export async function closeOpenIntents(
  deps: { db: Db; now: () => Date; payments?: PaymentGateways },
  input: { accountId: number; registrationId: number; idempotencyKey?: string },
) {
  if (input.idempotencyKey) {
    const [earlier] = await deps.db.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey)).limit(1);
    if (earlier) return;
  }
  const [registration] = await deps.db
    .select({ accountId: registrations.accountId })
    .from(registrations)
    .where(eq(registrations.id, input.registrationId))
    .limit(1);
  if (!registration || registration.accountId !== input.accountId) return;
  const open = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.registrationId, input.registrationId), eq(payments.state, "unpaid")));
  for (const intent of open) {
    let closing: Closing = { paid: false };
    try {
      closing = await closeAtGateway(deps.payments, intent, deps.now());
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      console.warn(`[payments] could not close ${intent.method} intent ${intent.id} (${intent.tradeNo}) at the gateway:`, error.message);
    }
    if (closing.paid) {
      await markPaid(deps, { paymentId: intent.id, from: ["unpaid"], gatewayTradeNo: closing.gatewayTradeNo, by: null, source: `${intent.method}-close` });
    }
  }
}

/** A team's members that count for a team payment: live, and not covered by a team payment that is paid or waiting. */
export async function teamOutstanding(db: Db, teamId: number, exceptPaymentId?: number) {
  const members = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.teamId, teamId), inArray(registrations.state, LIVE_STATES)));
  const covering = await paymentsCovering(db, members);
  const open = members.filter((m) => !(covering.get(m.id) ?? []).some((p) => p.id !== exceptPaymentId && (p.state === "paid" || p.state === "pending_audit")));
  return { members: open, totalFen: open.reduce((sum, m) => sum + m.feeFen, 0) };
}

/** One transfer for all of a team's outstanding members; only the team's leader pays. */
export async function createTeamPayment(
  deps: { db: Db; now: () => Date; payments?: PaymentGateways },
  input: { accountId: number; teamId: number; proofKey: string; idempotencyKey?: string },
) {
  return idempotent(deps.db, input.accountId, input.idempotencyKey, async (tx) => {
    const [team] = await tx.select().from(teams).where(eq(teams.id, input.teamId)).for("update");
    if (!team || team.leaderAccountId !== input.accountId) fail(404, "errors.notFound");
    const twin = await byIdempotencyKey(tx, input.accountId, input.idempotencyKey);
    if (twin) return { payment: twin, replayed: true };
    const { members, totalFen } = await teamOutstanding(tx, team.id);
    if (members.length === 0 || totalFen <= 0) fail(400, "payment.errors.nothingToPay");
    const [conference] = await tx.select().from(conferences).where(eq(conferences.id, team.conferenceId));
    if (!availableMethods(conference, deps.payments).includes("transfer")) fail(400, "payment.errors.methodUnavailable");
    await checkOwnUpload(tx, input.accountId, input.proofKey);
    const now = deps.now();
    const [payment] = await tx
      .insert(payments)
      .values({
        conferenceId: conference.id,
        teamId: team.id,
        accountId: input.accountId,
        method: "transfer",
        amountFen: totalFen,
        currency: conference.currency,
        state: "pending_audit",
        tradeNo: newTradeNo(now),
        proofKey: input.proofKey,
        idempotencyKey: input.idempotencyKey ?? null,
        details: { registrationIds: members.map((m) => m.id) },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(registrations)
      .set({ holdUntil: null })
      .where(
        inArray(
          registrations.id,
          members.map((m) => m.id),
        ),
      );
    return { payment, replayed: false };
  });
}

/**
 * A payment became paid: its registrations stop waiting on a payment window. For one
 * registration: another paid or waiting payment makes this one a `duplicate` to refund; an
 * expired hold takes a place again if one is free, else the money is flagged `noSeat`; any
 * other open intent is cancelled.
 */
async function settleCovered(tx: Db, payment: Payment, now: Date) {
  if (payment.registrationId === null) {
    const ids = payment.details.registrationIds ?? [];
    if (ids.length)
      await tx
        .update(registrations)
        .set({ holdUntil: null })
        .where(and(inArray(registrations.id, ids), inArray(registrations.state, LIVE_STATES)));
    return;
  }
  const [registration] = await tx.select().from(registrations).where(eq(registrations.id, payment.registrationId)).for("update");
  if (!registration) return;
  await cancelOpenIntents(tx, registration.id, now, payment.id);
  const others = ((await paymentsCovering(tx, [registration])).get(registration.id) ?? []).filter((p) => p.id !== payment.id);
  if (others.some((p) => p.state === "paid" || p.state === "pending_audit")) return flagRefund(tx, payment, "duplicate", now);
  if (holdExpired(registration, now)) {
    if (!(await retakePlace(tx, registration, now, true))) await flagRefund(tx, payment, "noSeat", now);
    return;
  }
  if (LIVE_STATES.includes(registration.state)) await tx.update(registrations).set({ holdUntil: null }).where(eq(registrations.id, registration.id));
}

/** Confirms the payment's pending registrations when the conference has no moderation. */
async function confirmCovered(tx: Db, payment: Payment, now: Date) {
  const [conference] = await tx.select({ moderation: conferences.moderation }).from(conferences).where(eq(conferences.id, payment.conferenceId));
  if (!conference || conference.moderation) return;
  const ids = payment.registrationId ? [payment.registrationId] : (payment.details.registrationIds ?? []);
  if (ids.length === 0) return;
  await tx
    .update(registrations)
    .set({ state: "confirmed", updatedAt: now })
    .where(and(inArray(registrations.id, ids), eq(registrations.state, "pending")));
}

/**
 * Marks a payment paid if it is still in one of `from` states; null when it was not (already
 * paid, or refused, or refunded). Records the gateway's trade number and one audit row.
 */
export async function markPaid(
  deps: { db: Db; now: () => Date },
  input: {
    paymentId: number;
    from: PaymentState[];
    gatewayTradeNo?: string | null;
    /** The organiser who approved; null for a gateway. */
    by: number | null;
    source: string;
    remark?: string;
  },
): Promise<Payment | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [before] = await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, input.paymentId)).for("update");
    const [paid] = await tx
      .update(payments)
      .set({
        state: "paid",
        paidAt: now,
        updatedAt: now,
        ...(input.gatewayTradeNo ? { gatewayTradeNo: input.gatewayTradeNo } : {}),
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
      })
      .where(and(eq(payments.id, input.paymentId), inArray(payments.state, input.from)))
      .returning();
    if (!paid) return null;
    await settleCovered(tx, paid, now);
    await confirmCovered(tx, paid, now);
    await recordAudit(tx, {
      conferenceId: paid.conferenceId,
      accountId: input.by,
      action: input.by === null ? "payment.paid" : "payment.audit",
      target: `payment:${paid.id}`,
      detail: {
        state: "paid",
        source: input.source,
        amountFen: paid.amountFen,
        ...(input.gatewayTradeNo ? { gatewayTradeNo: input.gatewayTradeNo } : {}),
        ...(input.remark ? { remark: input.remark } : {}),
        // Paid after it was replaced by a newer intent (decision 031).
        ...(before?.state === "cancelled" ? { late: true } : {}),
      },
      at: now,
    });
    const [settled] = await tx.select().from(payments).where(eq(payments.id, paid.id));
    return settled;
  });
}

/** The organiser's decision on a transfer waiting for audit; 400 when it is not waiting (decided already). */
export async function auditPayment(
  deps: { db: Db; now: () => Date },
  input: { paymentId: number; organiserId: number; state: "paid" | "rejected"; remark?: string },
) {
  if (input.state === "paid") {
    const paid = await markPaid(deps, { paymentId: input.paymentId, from: ["pending_audit"], by: input.organiserId, source: "audit", remark: input.remark });
    if (!paid) fail(400, "payment.errors.notAwaitingAudit");
    return paid;
  }
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [rejected] = await tx
      .update(payments)
      .set({ state: "rejected", remark: input.remark ?? null, updatedAt: now })
      .where(and(eq(payments.id, input.paymentId), eq(payments.state, "pending_audit")))
      .returning();
    if (!rejected) fail(400, "payment.errors.notAwaitingAudit");
    await restartHolds(tx, rejected, now);
    await recordAudit(tx, {
      conferenceId: rejected.conferenceId,
      accountId: input.organiserId,
      action: "payment.audit",
      target: `payment:${rejected.id}`,
      detail: { state: "rejected", source: "audit", amountFen: rejected.amountFen, remark: input.remark ?? "" },
      at: now,
    });
    return rejected;
  });
}

/** A refused proof no longer keeps the places it covered: each unpaid one gets a fresh payment window. */
async function restartHolds(tx: Db, payment: Payment, now: Date) {
  const ids = payment.registrationId !== null ? [payment.registrationId] : (payment.details.registrationIds ?? []);
  if (ids.length === 0) return;
  const [conference] = await tx.select().from(conferences).where(eq(conferences.id, payment.conferenceId));
  const rows = await tx
    .select()
    .from(registrations)
    .where(and(inArray(registrations.id, ids), inArray(registrations.state, LIVE_STATES)));
  for (const row of rows) {
    const organiserEntry = row.teamId === null && row.createdBy !== row.accountId;
    const unclaimedMember = row.teamId !== null && row.accountId === null;
    if (row.holdUntil !== null || organiserEntry || unclaimedMember) continue;
    await tx
      .update(registrations)
      .set({ holdUntil: holdDeadline(conference, row.feeFen, now) })
      .where(eq(registrations.id, row.id));
  }
}

/**
 * A new proof for one of the caller's transfers that waits for audit or was refused: it
 * waits for audit again. The amount is worked out afresh (a team may have changed).
 */
export async function replaceProof(deps: { db: Db; now: () => Date }, input: { accountId: number; paymentId: number; proofKey: string; teamOnly: boolean }) {
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!payment || payment.accountId !== input.accountId || (input.teamOnly && payment.teamId === null)) fail(404, "errors.notFound");
    if (payment.method !== "transfer") fail(400, "payment.validation.methodInvalid");
    if (payment.state !== "pending_audit" && payment.state !== "rejected") fail(400, "payment.errors.notEditable");
    let amountFen = payment.amountFen;
    let details = payment.details;
    if (payment.registrationId !== null) {
      const [registration] = await tx.select().from(registrations).where(eq(registrations.id, payment.registrationId)).for("update");
      if (!registration || !LIVE_STATES.includes(registration.state)) fail(400, "payment.errors.registrationClosed");
      const others = ((await paymentsCovering(tx, [registration])).get(registration.id) ?? []).filter((p) => p.id !== payment.id);
      checkNothingPending(others);
      amountFen = registration.feeFen;
    } else if (payment.teamId !== null) {
      await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, payment.teamId)).for("update");
      const { members, totalFen } = await teamOutstanding(tx, payment.teamId, payment.id);
      if (members.length === 0 || totalFen <= 0) fail(400, "payment.errors.nothingToPay");
      amountFen = totalFen;
      details = { ...details, registrationIds: members.map((m) => m.id) };
    }
    await checkOwnUpload(tx, input.accountId, input.proofKey);
    const covered = payment.registrationId !== null ? [payment.registrationId] : (details.registrationIds ?? []);
    if (covered.length)
      await tx
        .update(registrations)
        .set({ holdUntil: null })
        .where(and(inArray(registrations.id, covered), inArray(registrations.state, LIVE_STATES)));
    const [updated] = await tx
      .update(payments)
      .set({ proofKey: input.proofKey, state: "pending_audit", amountFen, details, remark: null, updatedAt: deps.now() })
      .where(eq(payments.id, payment.id))
      .returning();
    return updated;
  });
}

type Deps = { db: Db; now: () => Date };

/** Sets the conference's payee (the organiser's), the one row kept per conference. */
export async function setPayee(deps: Deps, actor: Actor, input: { conferenceId: number; payee: z.output<typeof payeeSchema> }) {
  const { conferenceId, payee } = input;
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: payees.id }).from(payees).where(eq(payees.conferenceId, conferenceId)).orderBy(payees.id).limit(1);
    const [row] = existing
      ? await tx.update(payees).set(payee).where(eq(payees.id, existing.id)).returning()
      : await tx
          .insert(payees)
          .values({ ...payee, conferenceId })
          .returning();
    await recordAudit(tx, { conferenceId, accountId: actor.id, action: "payee.update", target: `payee:${row.id}`, detail: payee, at: deps.now() });
    return row;
  });
}

/** A paid payment refunded by the organiser; 400 when it is not paid. */
export async function refundPayment(deps: Deps, actor: Actor, input: { payment: Payment; state: "refunded"; remark?: string }) {
  const { payment } = input;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ state: input.state, remark: input.remark ?? payment.remark, updatedAt: deps.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.state, "paid")))
      .returning();
    if (!row) fail(400, "payment.errors.notPaid");
    await recordAudit(tx, {
      conferenceId: row.conferenceId,
      accountId: actor.id,
      action: "payment.refund",
      target: `payment:${row.id}`,
      detail: { state: input.state, amountFen: row.amountFen, remark: input.remark ?? "" },
      at: deps.now(),
    });
    return row;
  });
}

/** The organiser issues (optionally with the invoice file) or refuses a requested invoice; 400 once decided. */
export async function decideInvoice(
  deps: Deps,
  actor: Actor,
  input: { invoice: typeof invoices.$inferSelect; state: "issued" | "rejected"; remark?: string; fileKey?: string },
) {
  const { invoice } = input;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ state: input.state, remark: input.remark ?? null, fileKey: input.fileKey ?? invoice.fileKey, updatedAt: deps.now() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.state, "requested")))
      .returning();
    if (!row) fail(400, "payment.errors.invoiceNotEditable");
    await recordAudit(tx, {
      conferenceId: row.conferenceId,
      accountId: actor.id,
      action: "invoice.audit",
      target: `invoice:${row.id}`,
      detail: { state: input.state, remark: input.remark ?? "" },
      at: deps.now(),
    });
    return row;
  });
}

/** A gateway's answer that disagrees with our payment: kept for the organiser (no actor: the gateway spoke), never paid. */
export async function recordMismatch(deps: Deps, input: { payment: Payment; source: string; detail: Record<string, unknown> }) {
  const { payment, source, detail } = input;
  console.warn(`[payments] ${source}: payment ${payment.id} (${payment.tradeNo}) does not match the gateway`, detail);
  await recordAudit(deps.db, {
    conferenceId: payment.conferenceId,
    accountId: null,
    action: "payment.mismatch",
    target: `payment:${payment.id}`,
    detail: { source, ...detail },
    at: deps.now(),
  });
}
