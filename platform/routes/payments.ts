import { and, count, desc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import {
  invoiceAuditSchema,
  invoiceEditSchema,
  invoiceRequestSchema,
  onlinePaymentSchema,
  payeeSchema,
  paymentAuditSchema,
  paymentProofSchema,
  paymentStatusSchema,
  teamPaymentRemoveSchema,
  teamPaymentSchema,
  teamRefSchema,
  transferPaymentSchema,
} from "#contract/schemas/registration";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, readBodyAsSent, requireAccount } from "../context";
import { type PaymentMethod, type PaymentState, auditLog, conferences, invoices, payees, payments, registrations, savedTaxIds, teams, uploads } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { decimalToFen } from "../payments/common";
import { GatewayError, noGateways, type PaymentGateways } from "../payments/types";
import { canManageConference, requireManager as requireManagerOf } from "../services/access";
import {
  type Payment,
  auditPayment,
  availableMethods,
  checkOwnUpload,
  closeOpenIntents,
  createPayment,
  createTeamPayment,
  markPaid,
  replaceProof,
  teamOutstanding,
} from "../services/payments";
import { isUniqueViolation, publicPayment } from "../services/registration";

const PAYMENT_STATES: PaymentState[] = ["unpaid", "pending_audit", "paid", "rejected", "refunded", "cancelled"];

/**
 * The states a gateway's verified "paid" moves from: open, or replaced by a newer intent (the
 * money arrived anyway; `markPaid` flags it for refund when something else covers it, decision 031).
 * PayPal is not among them: it charges only when we capture, and a replaced order is never captured.
 */
const OPEN_OR_REPLACED: PaymentState[] = ["unpaid", "cancelled"];

/** Reads a gateway's form (or JSON) post as plain strings; files and nested values are dropped. */
async function stringFields(c: Ctx): Promise<Record<string, string>> {
  const body = await readBodyAsSent(c);
  const fields: Record<string, string> = {};
  if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") fields[key] = value;
  }
  return fields;
}

/**
 * Payments (spec §7): transfers with proof and the organiser's audit, PayPal, Alipay and
 * UnionPay intents with their return and notice calls, invoices, payees, team payments.
 * The rules live in platform/services/payments.ts.
 */
export function paymentRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const gateways: PaymentGateways = deps.payments ?? noGateways;

  const requireManager = (c: Ctx, conferenceId: number) => requireManagerOf(deps.db, c, conferenceId, 403);

  const paymentById = async (id: number) => {
    const [row] = await deps.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    if (!row) fail(404, "errors.notFound");
    return row;
  };

  /** A payment the caller made, or (for organisers) one of their conference; 404 otherwise. */
  const visiblePayment = async (c: Ctx, id: number) => {
    const account = requireAccount(c);
    const row = await paymentById(id);
    if (row.accountId !== account.id && !(await canManageConference(deps.db, account, row.conferenceId))) fail(404, "errors.notFound");
    return row;
  };

  const byTradeNo = async (tradeNo: string, method: PaymentMethod) => {
    const [row] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.tradeNo, tradeNo.slice(0, 64)), eq(payments.method, method)))
      .limit(1);
    return row ?? null;
  };

  const reload = async (id: number) => publicPayment(await paymentById(id));

  /** A gateway's answer that disagrees with our payment: kept for the organiser, never paid. */
  const mismatch = async (payment: Payment, source: string, detail: Record<string, unknown>) => {
    console.warn(`[payments] ${source}: payment ${payment.id} (${payment.tradeNo}) does not match the gateway`, detail);
    await deps.db.insert(auditLog).values({
      conferenceId: payment.conferenceId,
      accountId: null,
      action: "payment.mismatch",
      target: `payment:${payment.id}`,
      detail: { source, ...detail },
      createdAt: deps.now(),
    });
  };

  const gatewayCall = async <T>(call: () => Promise<T>): Promise<T> => {
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
  const returnUrl = (path: string, tradeNo: string) => {
    const url = new URL(path, `${gateways.publicUrl}/`);
    url.searchParams.set("tradeNo", tradeNo);
    return url.toString();
  };

  /**
   * A new online intent: the registration's open one is closed at its gateway first (decision
   * 031). A repeat of a request whose intent has been replaced since is refused: its page is stale.
   */
  const startIntent = async (c: Ctx, accountId: number, method: PaymentMethod, input: { registrationId: number; idempotencyKey?: string }) => {
    await closeOpenIntents(deps, { accountId, registrationId: input.registrationId, idempotencyKey: input.idempotencyKey });
    const { payment, replayed } = await createPayment(deps, { accountId, registrationId: input.registrationId, method, idempotencyKey: input.idempotencyKey });
    if (replayed) c.header("Idempotent-Replayed", "true");
    if (payment.method !== method) fail(409, "registration.errors.idempotencyConflict");
    if (payment.state === "cancelled") fail(400, "payment.errors.intentReplaced");
    return payment;
  };

  const conferenceOf = async (id: number) => {
    const [row] = await deps.db.select().from(conferences).where(eq(conferences.id, id)).limit(1);
    if (!row) fail(404, "errors.notFound");
    return row;
  };

  // ─── Payee and methods ────────────────────────────────────────────────────────────

  /** Where to send a bank transfer (the conference's payee), or null when none is set. */
  app.get("/payee/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    const conference = await conferenceOf(conferenceId);
    if (!conference.isPublish && !(await canManageConference(deps.db, c.get("account"), conferenceId))) fail(404, "errors.notFound");
    const [payee] = await deps.db.select().from(payees).where(eq(payees.conferenceId, conferenceId)).orderBy(payees.id).limit(1);
    return ok(c, payee ?? null);
  });

  /** Sets the conference's payee (organisers). */
  app.post("/payee/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    const organiser = await requireManager(c, conferenceId);
    const input = parse(c, payeeSchema, await readBody(c));
    const payee = await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: payees.id }).from(payees).where(eq(payees.conferenceId, conferenceId)).orderBy(payees.id).limit(1);
      const [row] = existing
        ? await tx.update(payees).set(input).where(eq(payees.id, existing.id)).returning()
        : await tx.insert(payees).values({ ...input, conferenceId }).returning();
      await tx.insert(auditLog).values({ conferenceId, accountId: organiser.id, action: "payee.update", target: `payee:${row.id}`, detail: input, createdAt: deps.now() });
      return row;
    });
    return ok(c, payee);
  });

  /** The methods a payer can use for this conference now. */
  app.get("/payment/methods/:conferenceId{[0-9]+}", async (c) => {
    const conference = await conferenceOf(idParam(c.req.param("conferenceId")));
    return ok(c, availableMethods(conference, deps.payments));
  });

  // ─── Transfers, invoices, the organiser's audit ───────────────────────────────────

  /** Invoice request (`type: "invoice"`) for a paid payment of mine: title, tax id, e-mail; the amount is the paid amount. */
  const requestInvoice = async (c: Ctx, body: unknown) => {
    const account = requireAccount(c);
    const input = parse(c, invoiceRequestSchema, body);
    const [payment] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.accountId, account.id)))
      .limit(1);
    if (!payment) fail(404, "errors.notFound");
    if (payment.state !== "paid") fail(400, "payment.errors.invoiceNeedsPaid");
    const same = (row: typeof invoices.$inferSelect) => row.title === input.title && row.taxId === input.taxId && row.email === input.email;
    const existing = async () => (await deps.db.select().from(invoices).where(eq(invoices.paymentId, payment.id)).limit(1))[0];
    let invoice = await existing();
    if (!invoice) {
      try {
        [invoice] = await deps.db
          .insert(invoices)
          .values({
            conferenceId: payment.conferenceId,
            paymentId: payment.id,
            accountId: account.id,
            title: input.title,
            taxId: input.taxId,
            amountFen: payment.amountFen,
            email: input.email,
            createdAt: deps.now(),
            updatedAt: deps.now(),
          })
          .returning();
      } catch (error) {
        if (!isUniqueViolation(error, "invoices_payment_id_index")) throw error;
        invoice = await existing();
      }
      // A resubmitted form (same fields) gets the invoice it made; different fields go through PUT.
    } else if (!same(invoice)) {
      fail(400, "payment.errors.invoiceExists", { data: { id: invoice.id } });
    }
    await rememberTaxId(account.id, input.title, input.taxId);
    return ok(c, invoice);
  };

  const rememberTaxId = async (accountId: number, title: string, taxId: string) => {
    if (!taxId) return;
    await deps.db
      .insert(savedTaxIds)
      .values({ accountId, title, taxId })
      .onConflictDoUpdate({ target: [savedTaxIds.accountId, savedTaxIds.taxId], set: { title } });
  };

  /** A transfer with its proof (an upload of mine) → pending_audit; or, with `type: "invoice"`, an invoice request. */
  app.post("/payment", async (c) => {
    const body = await readBody(c);
    if (body && typeof body === "object" && (body as { type?: unknown }).type === "invoice") return requestInvoice(c, body);
    const account = requireAccount(c);
    const input = parse(c, transferPaymentSchema, body);
    await closeOpenIntents(deps, { accountId: account.id, registrationId: input.registrationId, idempotencyKey: input.idempotencyKey });
    const { payment, replayed } = await createPayment(deps, { ...input, accountId: account.id });
    if (replayed) c.header("Idempotent-Replayed", "true");
    return ok(c, publicPayment(payment));
  });

  /** Edits an invoice of mine while it is requested (`type: "invoice"`, `id`). */
  app.put("/payment", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, invoiceEditSchema, await readBody(c));
    const [invoice] = await deps.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, input.id), eq(invoices.accountId, account.id)))
      .limit(1);
    if (!invoice) fail(404, "errors.notFound");
    const [updated] = await deps.db
      .update(invoices)
      .set({ title: input.title, taxId: input.taxId, email: input.email, updatedAt: deps.now() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.state, "requested")))
      .returning();
    if (!updated) fail(400, "payment.errors.invoiceNotEditable");
    await rememberTaxId(account.id, input.title, input.taxId);
    return ok(c, updated);
  });

  /** My payments (`registrationId`, `conferenceId` filters); `manage=1&conferenceId=` lists a conference's for its organisers. */
  app.get("/payment", async (c) => {
    const account = requireAccount(c);
    const { pageSize, offset } = paging(c);
    const q = c.req.query();
    const where: SQL[] = [];
    if (q.manage === "1") {
      const conferenceId = idParam(q.conferenceId);
      await requireManager(c, conferenceId);
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
    return page(c, rows.map(publicPayment), total);
  });

  app.get("/payment/:id{[0-9]+}", async (c) => {
    const payment = await visiblePayment(c, idParam(c.req.param("id")));
    const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.paymentId, payment.id)).limit(1);
    return ok(c, { ...publicPayment(payment), invoice: invoice ?? null });
  });

  /**
   * The proof of a transfer, for its payer and the conference's organisers only (others get
   * 404), whether the upload itself is public or private.
   */
  app.get("/payment/:id{[0-9]+}/proof", async (c) => {
    const payment = await visiblePayment(c, idParam(c.req.param("id")));
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
    return ok(c, publicPayment(updated));
  });

  /** The organiser's audit of a transfer: paid or rejected (with a remark); written to audit_log. */
  const audit = (teamOnly: boolean) => async (c: Ctx) => {
    const payment = await paymentById(idParam(c.req.param("id")));
    if (teamOnly && payment.teamId === null) fail(404, "errors.notFound");
    const organiser = await requireManager(c, payment.conferenceId);
    const input = parse(c, paymentAuditSchema, await readBody(c));
    const updated = await auditPayment(deps, { paymentId: payment.id, organiserId: organiser.id, state: input.state, remark: input.remark });
    return ok(c, publicPayment(updated));
  };
  app.patch("/payment/:id{[0-9]+}", audit(false));

  /** A paid payment refunded (organisers). */
  app.patch("/payment/status/:id{[0-9]+}", async (c) => {
    const payment = await paymentById(idParam(c.req.param("id")));
    const organiser = await requireManager(c, payment.conferenceId);
    const input = parse(c, paymentStatusSchema, await readBody(c));
    const updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ state: input.state, remark: input.remark ?? payment.remark, updatedAt: deps.now() })
        .where(and(eq(payments.id, payment.id), eq(payments.state, "paid")))
        .returning();
      if (!row) fail(400, "payment.errors.notPaid");
      await tx.insert(auditLog).values({
        conferenceId: row.conferenceId,
        accountId: organiser.id,
        action: "payment.refund",
        target: `payment:${row.id}`,
        detail: { state: input.state, amountFen: row.amountFen, remark: input.remark ?? "" },
        createdAt: deps.now(),
      });
      return row;
    });
    return ok(c, publicPayment(updated));
  });

  /** The organiser issues (optionally with the invoice file) or refuses an invoice. */
  app.patch("/payment/invoice/:id{[0-9]+}", async (c) => {
    const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, idParam(c.req.param("id")))).limit(1);
    if (!invoice) fail(404, "errors.notFound");
    const organiser = await requireManager(c, invoice.conferenceId);
    const input = parse(c, invoiceAuditSchema, await readBody(c));
    // The attendee may download the invoice file: it must be one the organiser uploaded, not any key they know.
    if (input.fileKey && input.fileKey !== invoice.fileKey) await checkOwnUpload(deps.db, organiser.id, input.fileKey, "payment.errors.invoiceFileInvalid");
    const updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(invoices)
        .set({ state: input.state, remark: input.remark ?? null, fileKey: input.fileKey ?? invoice.fileKey, updatedAt: deps.now() })
        .where(and(eq(invoices.id, invoice.id), eq(invoices.state, "requested")))
        .returning();
      if (!row) fail(400, "payment.errors.invoiceNotEditable");
      await tx.insert(auditLog).values({
        conferenceId: row.conferenceId,
        accountId: organiser.id,
        action: "invoice.audit",
        target: `invoice:${row.id}`,
        detail: { state: input.state, remark: input.remark ?? "" },
        createdAt: deps.now(),
      });
      return row;
    });
    return ok(c, updated);
  });

  const taxIdList = async (accountId: number) =>
    deps.db.select({ id: savedTaxIds.id, title: savedTaxIds.title, taxId: savedTaxIds.taxId }).from(savedTaxIds).where(eq(savedTaxIds.accountId, accountId)).orderBy(desc(savedTaxIds.id));

  /** My saved titles and tax ids, for look-up. */
  app.get("/invoice/tax-ids", async (c) => ok(c, await taxIdList(requireAccount(c).id)));

  /** `?paymentId=`: that payment's invoice (or null); `?taxIds=1`: my saved tax ids; neither: my invoices. */
  app.get("/invoice", async (c) => {
    const account = requireAccount(c);
    if (c.req.query("taxIds")) return ok(c, await taxIdList(account.id));
    const paymentId = c.req.query("paymentId");
    if (paymentId) {
      const payment = await visiblePayment(c, idParam(paymentId));
      const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.paymentId, payment.id)).limit(1);
      return ok(c, invoice ?? null);
    }
    const { pageSize, offset } = paging(c);
    const where = eq(invoices.accountId, account.id);
    const [rows, [{ total }]] = await Promise.all([
      deps.db.select().from(invoices).where(where).orderBy(desc(invoices.id)).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(invoices).where(where),
    ]);
    return page(c, rows, total);
  });

  // ─── PayPal ───────────────────────────────────────────────────────────────────────

  /** Starts a PayPal payment: an Orders v2 order; answers the approve link. A repeat with the same key answers the same order. */
  app.post("/paypal", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, onlinePaymentSchema, await readBody(c));
    const paypal = gateways.paypal;
    if (!paypal) fail(400, "payment.errors.methodUnavailable");
    const payment = await startIntent(c, account.id, "paypal", input);
    if (payment.details.orderId && payment.details.approveUrl) {
      return ok(c, { payment: publicPayment(payment), orderId: payment.details.orderId, approveUrl: payment.details.approveUrl });
    }
    const conference = await conferenceOf(payment.conferenceId);
    const order = await gatewayCall(() =>
      paypal.createOrder({
        tradeNo: payment.tradeNo,
        amountFen: payment.amountFen,
        currency: payment.currency,
        description: conference.nameEn || conference.nameZh,
        returnUrl: returnUrl(input.returnPath ?? "/attend/paypal/success", payment.tradeNo),
        cancelUrl: returnUrl("/attend/paypal/cancel", payment.tradeNo),
      }),
    );
    const [updated] = await deps.db
      .update(payments)
      .set({ details: { ...payment.details, orderId: order.orderId, approveUrl: order.approveUrl ?? undefined }, updatedAt: deps.now() })
      .where(eq(payments.id, payment.id))
      .returning();
    return ok(c, { payment: publicPayment(updated), orderId: order.orderId, approveUrl: order.approveUrl });
  });

  /**
   * The payer is back from PayPal (`tradeId` is our trade number, in the return address):
   * captures, and marks paid only when PayPal says COMPLETED for our amount, currency and
   * trade number. Open without login (the return page is); repeating it is harmless.
   */
  app.put("/paypal/:tradeId", async (c) => {
    const paypal = gateways.paypal;
    const payment = await byTradeNo(c.req.param("tradeId"), "paypal");
    if (!payment || !paypal) fail(404, "errors.notFound");
    if (payment.state !== "unpaid") return ok(c, publicPayment(payment));
    const orderId = payment.details.orderId;
    if (!orderId) fail(400, "payment.errors.notApproved");
    const order = await gatewayCall(async () => {
      try {
        return await paypal.capture(orderId);
      } catch (error) {
        // The payer came back without approving (cancelled, or an address typed by hand).
        if (error instanceof GatewayError && error.code === "ORDER_NOT_APPROVED") fail(400, "payment.errors.notApproved");
        throw error;
      }
    });
    const capture = order.capture;
    if (order.status !== "COMPLETED" || !capture || capture.status !== "COMPLETED") {
      return ok(c, { ...publicPayment(payment), gatewayStatus: capture?.status ?? order.status });
    }
    if (order.orderId !== orderId || capture.customId !== payment.tradeNo || capture.currency !== payment.currency || decimalToFen(capture.amountValue) !== payment.amountFen) {
      await mismatch(payment, "paypal-capture", { orderId: order.orderId, customId: capture.customId, currency: capture.currency, value: capture.amountValue });
      fail(400, "payment.errors.gatewayMismatch");
    }
    // A capture that raced a newer intent still moved the money: it is recorded (and flagged if need be).
    await markPaid(deps, { paymentId: payment.id, from: OPEN_OR_REPLACED, gatewayTradeNo: capture.id, by: null, source: "paypal-capture" });
    return ok(c, await reload(payment.id));
  });

  // ─── Alipay ───────────────────────────────────────────────────────────────────────

  /** Starts an Alipay page payment: the gateway address and the signed form the browser posts there. */
  app.post("/alipay", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, onlinePaymentSchema, await readBody(c));
    const alipay = gateways.alipay;
    if (!alipay) fail(400, "payment.errors.methodUnavailable");
    const payment = await startIntent(c, account.id, "alipay", input);
    const conference = await conferenceOf(payment.conferenceId);
    const form = alipay.pagePay({
      tradeNo: payment.tradeNo,
      amountFen: payment.amountFen,
      subject: `${conference.shortName || conference.nameZh} 注册费`,
      notifyUrl: `${gateways.publicUrl}/api/alipay/notify`,
      returnUrl: returnUrl(input.returnPath ?? "/attend/alipay/return", payment.tradeNo),
      now: deps.now(),
    });
    return ok(c, { payment: publicPayment(payment), form });
  });

  type Outcome = { result: "paid" | "unchanged" | "invalid"; payment: Payment | null };

  /** An Alipay notice: signature, app id, trade, amount; TRADE_SUCCESS / TRADE_FINISHED pays once. */
  const alipayNotice = async (params: Record<string, string>): Promise<Outcome> => {
    const alipay = gateways.alipay;
    if (!alipay || !alipay.verifyNotice(params) || params.app_id !== alipay.appId) return { result: "invalid", payment: null };
    const payment = await byTradeNo(params.out_trade_no ?? "", "alipay");
    if (!payment) return { result: "invalid", payment: null };
    if (decimalToFen(params.total_amount) !== payment.amountFen) {
      await mismatch(payment, "alipay-notify", { total_amount: params.total_amount, trade_no: params.trade_no });
      return { result: "invalid", payment };
    }
    if (params.trade_status !== "TRADE_SUCCESS" && params.trade_status !== "TRADE_FINISHED") return { result: "unchanged", payment };
    const paid = await markPaid(deps, { paymentId: payment.id, from: OPEN_OR_REPLACED, gatewayTradeNo: params.trade_no, by: null, source: "alipay-notify" });
    return { result: paid ? "paid" : "unchanged", payment };
  };

  /** Alipay's asynchronous notice (form-encoded). Answers exactly `success` when handled or handled before, else `failure`. */
  app.post("/alipay/notify", async (c) => {
    const outcome = await alipayNotice(await stringFields(c));
    return c.text(outcome.result === "invalid" ? "failure" : "success", 200);
  });

  /** The payer is back from Alipay: the platform asks Alipay (alipay.trade.query) rather than trusting the browser. */
  app.put("/alipay/:tradeNo", async (c) => {
    const alipay = gateways.alipay;
    const payment = await byTradeNo(c.req.param("tradeNo"), "alipay");
    if (!payment || !alipay) fail(404, "errors.notFound");
    // A replaced trade is asked about too: a payer may have paid it in an old tab.
    if (!OPEN_OR_REPLACED.includes(payment.state)) return ok(c, publicPayment(payment));
    const trade = await gatewayCall(() => alipay.queryTrade(payment.tradeNo, deps.now()));
    if (!trade.found) return ok(c, { ...publicPayment(payment), gatewayStatus: null });
    if (trade.outTradeNo !== payment.tradeNo || decimalToFen(trade.totalAmount) !== payment.amountFen) {
      await mismatch(payment, "alipay-query", { out_trade_no: trade.outTradeNo, total_amount: trade.totalAmount });
      fail(400, "payment.errors.gatewayMismatch");
    }
    if (trade.tradeStatus === "TRADE_SUCCESS" || trade.tradeStatus === "TRADE_FINISHED") {
      await markPaid(deps, { paymentId: payment.id, from: OPEN_OR_REPLACED, gatewayTradeNo: trade.tradeNo, by: null, source: "alipay-query" });
      return ok(c, await reload(payment.id));
    }
    return ok(c, { ...publicPayment(payment), gatewayStatus: trade.tradeStatus });
  });

  // ─── UnionPay ─────────────────────────────────────────────────────────────────────

  /** Starts a UnionPay payment: the signed front-transaction form the browser posts to UnionPay. */
  app.post("/union/:conferenceId{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const conferenceId = idParam(c.req.param("conferenceId"));
    const input = parse(c, onlinePaymentSchema, await readBody(c));
    const union = gateways.union;
    if (!union) fail(400, "payment.errors.methodUnavailable");
    const [registration] = await deps.db.select({ conferenceId: registrations.conferenceId }).from(registrations).where(eq(registrations.id, input.registrationId)).limit(1);
    if (!registration || registration.conferenceId !== conferenceId) fail(404, "errors.notFound");
    const payment = await startIntent(c, account.id, "union", input);
    const form = union.frontForm({
      tradeNo: payment.tradeNo,
      amountFen: payment.amountFen,
      // The same order always carries the same time, so a resubmitted form is the same order to UnionPay.
      txnTime: payment.createdAt,
      frontUrl: new URL(input.returnPath ?? "/attend/union/return", `${gateways.publicUrl}/`).toString(),
      backUrl: `${gateways.publicUrl}/api/union/notify`,
    });
    return ok(c, { payment: publicPayment(payment), form });
  });

  /** A UnionPay notice (back or front): signature, merchant, order, amount; respCode 00 pays once. */
  const unionNotice = async (params: Record<string, string>): Promise<Outcome> => {
    const union = gateways.union;
    if (!union || !union.verifyNotice(params) || params.merId !== union.merId) return { result: "invalid", payment: null };
    const payment = await byTradeNo(params.orderId ?? "", "union");
    if (!payment) return { result: "invalid", payment: null };
    if (params.txnAmt !== String(payment.amountFen) || (params.currencyCode && params.currencyCode !== "156")) {
      await mismatch(payment, "union-notice", { txnAmt: params.txnAmt, currencyCode: params.currencyCode, queryId: params.queryId });
      return { result: "invalid", payment };
    }
    if (params.respCode !== "00") return { result: "unchanged", payment };
    const paid = await markPaid(deps, { paymentId: payment.id, from: OPEN_OR_REPLACED, gatewayTradeNo: params.queryId, by: null, source: "union-notice" });
    return { result: paid ? "paid" : "unchanged", payment };
  };

  /** UnionPay's back notice: 200 "ok" when handled (or handled before); 400 "fail" for one that doesn't verify or match. */
  app.post("/union/notify", async (c) => {
    const outcome = await unionNotice(await stringFields(c));
    return outcome.result === "invalid" ? c.text("fail", 400) : c.text("ok", 200);
  });

  /** The payer is back from UnionPay: the web passes on the signed fields UnionPay posted to the front address. */
  app.put("/union/:tradeNo", async (c) => {
    const fields = await stringFields(c);
    if (fields.orderId !== c.req.param("tradeNo")) fail(404, "errors.notFound");
    const outcome = await unionNotice(fields);
    if (outcome.result === "invalid") fail(400, "payment.errors.gatewayMismatch");
    return ok(c, await reload(outcome.payment!.id));
  });

  // ─── Team payments ────────────────────────────────────────────────────────────────

  const teamFor = async (c: Ctx, teamId: number) => {
    const account = requireAccount(c);
    const [team] = await deps.db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
    if (!team || (team.leaderAccountId !== account.id && !(await canManageConference(deps.db, account, team.conferenceId)))) fail(404, "errors.notFound");
    return team;
  };

  /** The team's total: the sum of the fees of members not yet covered by a paid or waiting team payment. */
  app.post("/team/payment/count", async (c) => {
    const { teamId } = parse(c, teamRefSchema, await readBody(c));
    const team = await teamFor(c, teamId);
    const conference = await conferenceOf(team.conferenceId);
    const { members, totalFen } = await teamOutstanding(deps.db, team.id);
    return ok(c, {
      teamId: team.id,
      count: members.length,
      totalFen,
      currency: conference.currency,
      members: members.map((m) => ({ id: m.id, name: m.name, mobile: m.mobile, identityId: m.identityId, feeFen: m.feeFen })),
    });
  });

  /** One transfer (with proof) for all of the team's outstanding members; only the leader pays. */
  app.post("/team/payment", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, teamPaymentSchema, await readBody(c));
    const { payment, replayed } = await createTeamPayment(deps, { accountId: account.id, teamId: input.teamId, proofKey: input.proofKey, idempotencyKey: input.idempotencyKey });
    if (replayed) c.header("Idempotent-Replayed", "true");
    return ok(c, publicPayment(payment));
  });

  /** `?teamId=`: that team's payments (leader or organiser); `?conferenceId=`: all of a conference's (organisers); neither: mine. */
  app.get("/team/payment", async (c) => {
    const account = requireAccount(c);
    const q = c.req.query();
    let where: SQL | undefined;
    if (q.teamId) where = eq(payments.teamId, (await teamFor(c, idParam(q.teamId))).id);
    else if (q.conferenceId) {
      const conferenceId = idParam(q.conferenceId);
      await requireManager(c, conferenceId);
      where = and(eq(payments.conferenceId, conferenceId), isNotNull(payments.teamId));
    } else where = and(eq(payments.accountId, account.id), isNotNull(payments.teamId));
    const rows = await deps.db.select().from(payments).where(where).orderBy(desc(payments.id));
    return page(c, rows.map(publicPayment), rows.length);
  });

  /** A new proof for the team's transfer (waiting or refused); the total is worked out afresh. */
  app.put("/team/payment/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, paymentProofSchema, await readBody(c));
    const updated = await replaceProof(deps, { accountId: account.id, paymentId: idParam(c.req.param("id")), proofKey: input.proofKey, teamOnly: true });
    return ok(c, publicPayment(updated));
  });

  /** Withdraws (deletes) one of my team payments that is not paid. */
  app.patch("/team/payment", async (c) => {
    const account = requireAccount(c);
    const { id } = parse(c, teamPaymentRemoveSchema, await readBody(c));
    const payment = await paymentById(id);
    if (payment.teamId === null || payment.accountId !== account.id) fail(404, "errors.notFound");
    const removed = await deps.db
      .delete(payments)
      .where(and(eq(payments.id, payment.id), eq(payments.accountId, account.id), isNotNull(payments.teamId), inArray(payments.state, ["unpaid", "pending_audit", "rejected"])))
      .returning({ id: payments.id });
    if (removed.length === 0) fail(400, "payment.errors.notRemovable");
    return ok(c, { removed: payment.id });
  });

  app.patch("/team/payment/:id{[0-9]+}", audit(true));

  return app;
}
