import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { onlinePaymentSchema } from "#contract/schemas/registration";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { payments } from "../db/schema";
import { fail, ok } from "../http";
import { decimalToFen } from "../payments/common";
import { GatewayError } from "../payments/types";
import { markPaid } from "../services/payments";
import { publicPayment } from "../services/registration";
import { OPEN_OR_REPLACED, byTradeNo, conferenceOf, gatewayCall, gatewaysOf, mismatch, reload, returnUrl, startIntent } from "./payments-common";

/** PayPal (Orders v2): the order with its approve link, and the capture when the payer is back. */
export function paymentPaypalRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const gateways = gatewaysOf(deps);

  /** Starts a PayPal payment: an Orders v2 order; answers the approve link. A repeat with the same key answers the same order. */
  app.post("/paypal", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, onlinePaymentSchema, await readBody(c));
    const paypal = gateways.paypal;
    if (!paypal) fail(400, "payment.errors.methodUnavailable");
    const payment = await startIntent(deps, c, account.id, "paypal", input);
    if (payment.details.orderId && payment.details.approveUrl) {
      return ok(c, { payment: publicPayment(payment), orderId: payment.details.orderId, approveUrl: payment.details.approveUrl });
    }
    const conference = await conferenceOf(deps, payment.conferenceId);
    const order = await gatewayCall(() =>
      paypal.createOrder({
        tradeNo: payment.tradeNo,
        amountFen: payment.amountFen,
        currency: payment.currency,
        description: conference.nameEn || conference.nameZh,
        returnUrl: returnUrl(deps, input.returnPath ?? "/attend/paypal/success", payment.tradeNo),
        cancelUrl: returnUrl(deps, "/attend/paypal/cancel", payment.tradeNo),
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
    const payment = await byTradeNo(deps, c.req.param("tradeId"), "paypal");
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
    if (
      order.orderId !== orderId ||
      capture.customId !== payment.tradeNo ||
      capture.currency !== payment.currency ||
      decimalToFen(capture.amountValue) !== payment.amountFen
    ) {
      await mismatch(deps, payment, "paypal-capture", {
        orderId: order.orderId,
        customId: capture.customId,
        currency: capture.currency,
        value: capture.amountValue,
      });
      fail(400, "payment.errors.gatewayMismatch");
    }
    // A capture that raced a newer intent still moved the money: it is recorded (and flagged if need be).
    await markPaid(deps, { paymentId: payment.id, from: OPEN_OR_REPLACED, gatewayTradeNo: capture.id, by: null, source: "paypal-capture" });
    return ok(c, await reload(deps, payment.id));
  });

  return app;
}
