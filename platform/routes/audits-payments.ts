import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "../context";
import { type InvoiceState, type PaymentMethod, type PaymentState, accounts, invoices, payments, registrations, teams, uploads } from "../db/schema";
import { ok, paging } from "../http";
import { conferenceName, likePattern, managedConference } from "./audits-common";

const METHODS: PaymentMethod[] = ["transfer", "paypal", "alipay", "union"];
const PAYMENT_STATES: PaymentState[] = ["unpaid", "pending_audit", "paid", "rejected", "refunded", "cancelled"];
const INVOICE_STATES: InvoiceState[] = ["requested", "issued", "rejected"];

/**
 * The organiser's payment and invoice lists (the decisions themselves are payments.ts's
 * PATCH /payment/{id}, /team/payment/{id} and /payment/invoice/{id}): who paid, how, the
 * proof's type (an image is previewed, a PDF downloaded), the invoice, and totals per method.
 */
export function auditPaymentRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const db = deps.db;

  /** `method`, `state`, `kind` (team | individual) and `keyword` (payer, mobile, trade number). */
  app.get("/payment/manage/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const { pageSize, offset } = paging(c);
    const q = c.req.query();
    const where: SQL[] = [eq(payments.conferenceId, conference.id)];
    if (METHODS.includes(q.method as PaymentMethod)) where.push(eq(payments.method, q.method as PaymentMethod));
    if (PAYMENT_STATES.includes(q.state as PaymentState)) where.push(eq(payments.state, q.state as PaymentState));
    if (q.kind === "team") where.push(isNotNull(payments.teamId));
    if (q.kind === "individual") where.push(isNull(payments.teamId));
    const pattern = likePattern(q.keyword);
    if (pattern)
      // The payer's own account counts too: a team payment has no registration, its payer is the leader.
      where.push(
        or(
          ilike(registrations.name, pattern),
          ilike(registrations.mobile, pattern),
          ilike(teams.name, pattern),
          ilike(accounts.name, pattern),
          ilike(accounts.mobile, pattern),
          ilike(payments.tradeNo, pattern),
        )!,
      );
    const condition = and(...where);
    const listQuery = () =>
      db
        .select({
          id: payments.id,
          registrationId: payments.registrationId,
          teamId: payments.teamId,
          method: payments.method,
          amountFen: payments.amountFen,
          currency: payments.currency,
          state: payments.state,
          tradeNo: payments.tradeNo,
          gatewayTradeNo: payments.gatewayTradeNo,
          proofKey: payments.proofKey,
          remark: payments.remark,
          paidAt: payments.paidAt,
          createdAt: payments.createdAt,
          /** Money to give back: a second payment, or one that came after the place was gone (decisions 030, 031). */
          refundDue: sql<"duplicate" | "noSeat" | null>`${payments.details}->>'refundDue'`,
          payerName: sql<string | null>`coalesce(${registrations.name}, ${teams.name}, ${accounts.name})`,
          payerMobile: sql<string | null>`coalesce(${registrations.mobile}, ${accounts.mobile})`,
          teamName: teams.name,
          proofType: uploads.contentType,
          proofName: uploads.originalName,
          invoiceId: invoices.id,
          invoiceState: invoices.state,
        })
        .from(payments)
        .leftJoin(registrations, eq(registrations.id, payments.registrationId))
        .leftJoin(teams, eq(teams.id, payments.teamId))
        .leftJoin(accounts, eq(accounts.id, payments.accountId))
        .leftJoin(uploads, eq(uploads.key, payments.proofKey))
        .leftJoin(invoices, eq(invoices.paymentId, payments.id));
    const [rows, [{ total }], totals] = await Promise.all([
      listQuery().where(condition).orderBy(desc(payments.id)).limit(pageSize).offset(offset),
      db
        .select({ total: count() })
        .from(payments)
        .leftJoin(registrations, eq(registrations.id, payments.registrationId))
        .leftJoin(teams, eq(teams.id, payments.teamId))
        .leftJoin(accounts, eq(accounts.id, payments.accountId))
        .where(condition),
      db
        .select({
          method: payments.method,
          count: count(),
          paidCount: sql<number>`count(*) filter (where ${payments.state} = 'paid')::int`,
          paidFen: sql<number>`coalesce(sum(${payments.amountFen}) filter (where ${payments.state} = 'paid'), 0)::bigint`,
          pendingCount: sql<number>`count(*) filter (where ${payments.state} = 'pending_audit')::int`,
        })
        .from(payments)
        .where(eq(payments.conferenceId, conference.id))
        .groupBy(payments.method),
    ]);
    return ok(c, {
      list: rows,
      total,
      conference: conferenceName(conference),
      totals: METHODS.map((method) => {
        const row = totals.find((t) => t.method === method);
        return {
          method,
          count: row?.count ?? 0,
          paidCount: Number(row?.paidCount ?? 0),
          paidFen: Number(row?.paidFen ?? 0),
          pendingCount: Number(row?.pendingCount ?? 0),
        };
      }),
    });
  });

  /** The conference's invoices (`state` filter), with the payment they are for. */
  app.get("/invoice/manage/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const { pageSize, offset } = paging(c);
    const state = c.req.query("state");
    const where: SQL[] = [eq(invoices.conferenceId, conference.id)];
    if (INVOICE_STATES.includes(state as InvoiceState)) where.push(eq(invoices.state, state as InvoiceState));
    const condition = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: invoices.id,
          paymentId: invoices.paymentId,
          title: invoices.title,
          taxId: invoices.taxId,
          amountFen: invoices.amountFen,
          email: invoices.email,
          state: invoices.state,
          remark: invoices.remark,
          fileKey: invoices.fileKey,
          createdAt: invoices.createdAt,
          tradeNo: payments.tradeNo,
          method: payments.method,
          currency: payments.currency,
          payerName: sql<string | null>`coalesce(${registrations.name}, ${teams.name}, ${accounts.name})`,
        })
        .from(invoices)
        .innerJoin(payments, eq(payments.id, invoices.paymentId))
        .leftJoin(registrations, eq(registrations.id, payments.registrationId))
        .leftJoin(teams, eq(teams.id, payments.teamId))
        .leftJoin(accounts, eq(accounts.id, invoices.accountId))
        .where(condition)
        .orderBy(desc(invoices.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(invoices).where(condition),
    ]);
    return ok(c, { list: rows, total, conference: conferenceName(conference) });
  });

  return app;
}
