import { and, count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { invoiceAuditSchema, invoiceEditSchema, invoiceRequestSchema } from "#contract/schemas/registration";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { invoices, payments, savedTaxIds } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { checkOwnUpload, decideInvoice } from "../services/payments";
import { isUniqueViolation } from "../services/registration";
import { requireManager, visiblePayment } from "./payments-common";

/** Invoice request (`type: "invoice"`) for a paid payment of mine: title, tax id, e-mail; the amount is the paid amount. */
export const requestInvoice = async (deps: PlatformDeps, c: Ctx, body: unknown) => {
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
  await rememberTaxId(deps, account.id, input.title, input.taxId);
  return ok(c, invoice);
};

const rememberTaxId = async (deps: PlatformDeps, accountId: number, title: string, taxId: string) => {
  if (!taxId) return;
  await deps.db
    .insert(savedTaxIds)
    .values({ accountId, title, taxId })
    .onConflictDoUpdate({ target: [savedTaxIds.accountId, savedTaxIds.taxId], set: { title } });
};

/** Invoices: the attendee's request and edits, the organiser's decision, saved tax ids. */
export function paymentInvoiceRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

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
    await rememberTaxId(deps, account.id, input.title, input.taxId);
    return ok(c, updated);
  });

  /** The organiser issues (optionally with the invoice file) or refuses an invoice. */
  app.patch("/payment/invoice/:id{[0-9]+}", async (c) => {
    const [invoice] = await deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!invoice) fail(404, "errors.notFound");
    const organiser = await requireManager(deps, c, invoice.conferenceId);
    const input = parse(c, invoiceAuditSchema, await readBody(c));
    // The attendee may download the invoice file: it must be one the organiser uploaded, not any key they know.
    if (input.fileKey && input.fileKey !== invoice.fileKey) await checkOwnUpload(deps.db, organiser.id, input.fileKey, "payment.errors.invoiceFileInvalid");
    const updated = await decideInvoice(deps, organiser, { invoice, state: input.state, remark: input.remark, fileKey: input.fileKey });
    return ok(c, updated);
  });

  const taxIdList = async (accountId: number) =>
    deps.db
      .select({ id: savedTaxIds.id, title: savedTaxIds.title, taxId: savedTaxIds.taxId })
      .from(savedTaxIds)
      .where(eq(savedTaxIds.accountId, accountId))
      .orderBy(desc(savedTaxIds.id));

  /** My saved titles and tax ids, for look-up. */
  app.get("/invoice/tax-ids", async (c) => ok(c, await taxIdList(requireAccount(c).id)));

  /** `?paymentId=`: that payment's invoice (or null); `?taxIds=1`: my saved tax ids; neither: my invoices. */
  app.get("/invoice", async (c) => {
    const account = requireAccount(c);
    if (c.req.query("taxIds")) return ok(c, await taxIdList(account.id));
    const paymentId = c.req.query("paymentId");
    if (paymentId) {
      const payment = await visiblePayment(deps, c, idParam(paymentId));
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

  return app;
}
