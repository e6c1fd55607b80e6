import { and, eq } from "drizzle-orm";
import { paymentAuditSchema } from "#contract/schemas/registration";
import { type Ctx, type PlatformDeps, parse, readBody, readBodyAsSent, requireAccount } from "../context";
import { type PaymentMethod, type PaymentState, conferences, payments } from "../db/schema";
import { fail, idParam, ok } from "../http";
import { GatewayError, noGateways, type PaymentGateways } from "../payments/types";
import { canManageConference } from "../services/access";
import { type Payment, auditPayment, closeOpenIntents, createPayment, recordMismatch } from "../services/payments";
import { publicPayment } from "../services/registration";
import { requireManager as requireManagerOf } from "./guards";

/** What the payment routes share: look-ups, the organiser's guard, the gateways' plumbing. */

export const PAYMENT_STATES: PaymentState[] = ["unpaid", "pending_audit", "paid", "rejected", "refunded", "cancelled"];

/**
 * The states a gateway's verified "paid" moves from: open, or replaced by a newer intent (the
 * money arrived anyway; `markPaid` flags it for refund when something else covers it, decision 031).
 * PayPal is not among them: it charges only when we capture, and a replaced order is never captured.
 */
export const OPEN_OR_REPLACED: PaymentState[] = ["unpaid", "cancelled"];

export const gatewaysOf = (deps: PlatformDeps): PaymentGateways => deps.payments ?? noGateways;

/** Reads a gateway's form (or JSON) post as plain strings; files and nested values are dropped. */
export async function stringFields(c: Ctx): Promise<Record<string, string>> {
  const body = await readBodyAsSent(c);
  const fields: Record<string, string> = {};
  if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") fields[key] = value;
  }
  return fields;
}

export const requireManager = (deps: PlatformDeps, c: Ctx, conferenceId: number) => requireManagerOf(deps.db, c, conferenceId, 403);

export const paymentById = async (deps: PlatformDeps, id: number) => {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!row) fail(404, "errors.notFound");
  return row;
};

/** A payment the caller made, or (for organisers) one of their conference; 404 otherwise. */
export const visiblePayment = async (deps: PlatformDeps, c: Ctx, id: number) => {
  const account = requireAccount(c);
  const row = await paymentById(deps, id);
  if (row.accountId !== account.id && !(await canManageConference(deps.db, account, row.conferenceId))) fail(404, "errors.notFound");
  return row;
};

export const byTradeNo = async (deps: PlatformDeps, tradeNo: string, method: PaymentMethod) => {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.tradeNo, tradeNo.slice(0, 64)), eq(payments.method, method)))
    .limit(1);
  return row ?? null;
};

export const reload = async (deps: PlatformDeps, id: number) => publicPayment(await paymentById(deps, id));

export const conferenceOf = async (deps: PlatformDeps, id: number) => {
  const [row] = await deps.db.select().from(conferences).where(eq(conferences.id, id)).limit(1);
  if (!row) fail(404, "errors.notFound");
  return row;
};

/** A gateway's answer that disagrees with our payment: kept for the organiser, never paid. */
export const mismatch = (deps: PlatformDeps, payment: Payment, source: string, detail: Record<string, unknown>) =>
  recordMismatch(deps, { payment, source, detail });

export const gatewayCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayError) {
      console.error("[payments]", error.message);
      fail(502, "payment.errors.gatewayFailed");
    }
    throw error;
  }
};

/** The public address the gateway returns the payer to, with our trade number. */
export const returnUrl = (deps: PlatformDeps, path: string, tradeNo: string) => {
  const url = new URL(path, `${gatewaysOf(deps).publicUrl}/`);
  url.searchParams.set("tradeNo", tradeNo);
  return url.toString();
};

/**
 * A new online intent: the registration's open one is closed at its gateway first (decision
 * 031). A repeat of a request whose intent has been replaced since is refused: its page is stale.
 */
export const startIntent = async (
  deps: PlatformDeps,
  c: Ctx,
  accountId: number,
  method: PaymentMethod,
  input: { registrationId: number; idempotencyKey?: string },
) => {
  await closeOpenIntents(deps, { accountId, registrationId: input.registrationId, idempotencyKey: input.idempotencyKey });
  const { payment, replayed } = await createPayment(deps, { accountId, registrationId: input.registrationId, method, idempotencyKey: input.idempotencyKey });
  if (replayed) c.header("Idempotent-Replayed", "true");
  if (payment.method !== method) fail(409, "registration.errors.idempotencyConflict");
  if (payment.state === "cancelled") fail(400, "payment.errors.intentReplaced");
  return payment;
};

/** What a gateway's notice did. */
export type Outcome = { result: "paid" | "unchanged" | "invalid"; payment: Payment | null };

/** The organiser's audit of a transfer: paid or rejected (with a remark); written to audit_log. */
export const transferAudit = (deps: PlatformDeps, teamOnly: boolean) => async (c: Ctx) => {
  const payment = await paymentById(deps, idParam(c.req.param("id")));
  if (teamOnly && payment.teamId === null) fail(404, "errors.notFound");
  const organiser = await requireManager(deps, c, payment.conferenceId);
  const input = parse(c, paymentAuditSchema, await readBody(c));
  const updated = await auditPayment(deps, { paymentId: payment.id, organiserId: organiser.id, state: input.state, remark: input.remark });
  return ok(c, publicPayment(updated));
};
