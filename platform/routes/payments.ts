import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { payeeSchema, paymentProofSchema, paymentStatusSchema, transferPaymentSchema } from "#contract/schemas/registration";
import type { PaymentMethod } from "#contract/states";
import type { AttendPayee, AttendPayment } from "#contract/views/attend";
import type { Sent } from "#contract/views/sent";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { type PaymentState, invoices, payees, payments, uploads } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { canManageConference } from "../services/access";
import { availableMethods, closeOpenIntents, createPayment, refundPayment, replaceProof, setPayee } from "../services/payments";
import { publicPayment } from "../services/registration";
import { paymentAlipayRoutes } from "./payments-alipay";
import { PAYMENT_STATES, conferenceOf, paymentById, requireManager, transferAudit, visiblePayment } from "./payments-common";
import { paymentInvoiceRoutes, requestInvoice } from "./payments-invoices";
import { paymentPaypalRoutes } from "./payments-paypal";
import { paymentTeamRoutes } from "./payments-teams";
import { paymentUnionRoutes } from "./payments-union";

/**
 * Payments (spec §7): transfers with proof and the organiser's audit, PayPal, Alipay and
 * UnionPay intents with their return and notice calls, invoices, payees, team payments.
 * The rules live in platform/services/payments.ts; each area has its route file beside this one.
 */
export function paymentRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  app.route("/", paymentTransferRoutes(deps));
  app.route("/", paymentInvoiceRoutes(deps));
  app.route("/", paymentPaypalRoutes(deps));
  app.route("/", paymentAlipayRoutes(deps));
  app.route("/", paymentUnionRoutes(deps));
  app.route("/", paymentTeamRoutes(deps));
  return app;
}

/** The payee and methods, transfers with proof, the organiser's audit and refunds. */
function paymentTransferRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  // ─── Payee and methods ────────────────────────────────────────────────────────────

  /** Where to send a bank transfer (the conference's payee), or null when none is set. */
  app.get("/payee/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    const conference = await conferenceOf(deps, conferenceId);
    if (!conference.isPublish && !(await canManageConference(deps.db, c.get("account"), conferenceId))) fail(404, "errors.notFound");
    const [payee] = await deps.db.select().from(payees).where(eq(payees.conferenceId, conferenceId)).orderBy(payees.id).limit(1);
    return ok(c, (payee ?? null) satisfies Sent<AttendPayee>);
  });

  /** Sets the conference's payee (organisers). */
  app.post("/payee/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    const organiser = await requireManager(deps, c, conferenceId);
    const input = parse(c, payeeSchema, await readBody(c));
    const payee = await setPayee(deps, organiser, { conferenceId, payee: input });
    return ok(c, payee);
  });

  /** The methods a payer can use for this conference now. */
  app.get("/payment/methods/:conferenceId{[0-9]+}", async (c) => {
    const conference = await conferenceOf(deps, idParam(c.req.param("conferenceId")));
    return ok(c, availableMethods(conference, deps.payments) satisfies PaymentMethod[]);
  });

  // ─── Transfers and the organiser's audit ──────────────────────────────────────────

  /** A transfer with its proof (an upload of mine) → pending_audit; or, with `type: "invoice"`, an invoice request. */
  app.post("/payment", async (c) => {
    const body = await readBody(c);
    if (body && typeof body === "object" && (body as { type?: unknown }).type === "invoice") return requestInvoice(deps, c, body);
    const account = requireAccount(c);
    const input = parse(c, transferPaymentSchema, body);
    await closeOpenIntents(deps, { accountId: account.id, registrationId: input.registrationId, idempotencyKey: input.idempotencyKey });
    const { payment, replayed } = await createPayment(deps, { ...input, accountId: account.id });
    if (replayed) c.header("Idempotent-Replayed", "true");
    return ok(c, publicPayment(payment) satisfies Sent<AttendPayment>);
  });

  /** My payments (`registrationId`, `conferenceId` filters); `manage=1&conferenceId=` lists a conference's for its organisers. */
  app.get("/payment", async (c) => {
    const account = requireAccount(c);
    const { pageSize, offset } = paging(c);
    const q = c.req.query();
    const where: SQL[] = [];
    if (q.manage === "1") {
      const conferenceId = idParam(q.conferenceId);
      await requireManager(deps, c, conferenceId);
      where.push(eq(payments.conferenceId, conferenceId));
    } else {
      where.push(eq(payments.accountId, account.id));
      if (q.conferenceId) where.push(eq(payments.conferenceId, idParam(q.conferenceId)));
    }
    if (q.registrationId) where.push(eq(payments.registrationId, idParam(q.registrationId)));
    if (PAYMENT_STATES.includes(q.state as PaymentState)) where.push(eq(payments.state, q.state as PaymentState));
    const condition = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      deps.db.select().from(payments).where(condition).orderBy(desc(payments.id)).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(payments).where(condition),
    ]);
    return page(c, rows.map(publicPayment) satisfies Array<Sent<AttendPayment>>, total);
  });

  app.get("/payment/:id{[0-9]+}", async (c) => {
    const payment = await visiblePayment(deps, c, idParam(c.req.param("id")));
    const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.paymentId, payment.id)).limit(1);
    return ok(c, { ...publicPayment(payment), invoice: invoice ?? null });
  });

  /**
   * The proof of a transfer, for its payer and the conference's organisers only (others get
   * 404), whether the upload itself is public or private.
   */
  app.get("/payment/:id{[0-9]+}/proof", async (c) => {
    const payment = await visiblePayment(deps, c, idParam(c.req.param("id")));
    if (!payment.proofKey) fail(404, "errors.notFound");
    const [meta] = await deps.db.select().from(uploads).where(eq(uploads.key, payment.proofKey)).limit(1);
    const object = meta ? await deps.storage.get(meta.key) : null;
    if (!meta || !object) fail(404, "errors.notFound");
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": meta.contentType,
      "Content-Length": String(object.body.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `inline; filename="${encodeURIComponent(meta.originalName)}"`,
      "Cache-Control": "private, no-store",
    });
  });

  /** A new proof for my transfer that waits for audit or was refused. */
  app.put("/payment/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, paymentProofSchema, await readBody(c));
    const updated = await replaceProof(deps, { accountId: account.id, paymentId: idParam(c.req.param("id")), proofKey: input.proofKey, teamOnly: false });
    return ok(c, publicPayment(updated) satisfies Sent<AttendPayment>);
  });

  app.patch("/payment/:id{[0-9]+}", transferAudit(deps, false));

  /** A paid payment refunded (organisers). */
  app.patch("/payment/status/:id{[0-9]+}", async (c) => {
    const payment = await paymentById(deps, idParam(c.req.param("id")));
    const organiser = await requireManager(deps, c, payment.conferenceId);
    const input = parse(c, paymentStatusSchema, await readBody(c));
    const updated = await refundPayment(deps, organiser, { payment, state: input.state, remark: input.remark });
    return ok(c, publicPayment(updated) satisfies Sent<AttendPayment>);
  });

  return app;
}
