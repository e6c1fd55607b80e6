import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { onlinePaymentSchema } from "#contract/schemas/registration";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { registrations } from "../db/schema";
import { fail, idParam, ok } from "../http";
import { markPaid } from "../services/payments";
import { publicPayment } from "../services/registration";
import { OPEN_OR_REPLACED, type Outcome, byTradeNo, gatewaysOf, mismatch, reload, startIntent, stringFields } from "./payments-common";

/** UnionPay: the signed front-transaction form, the back notice, and the signed fields the payer brings back. */
export function paymentUnionRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const gateways = gatewaysOf(deps);

  /** Starts a UnionPay payment: the signed front-transaction form the browser posts to UnionPay. */
  app.post("/union/:conferenceId{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const conferenceId = idParam(c.req.param("conferenceId"));
    const input = parse(c, onlinePaymentSchema, await readBody(c));
    const union = gateways.union;
    if (!union) fail(400, "payment.errors.methodUnavailable");
    const [registration] = await deps.db
      .select({ conferenceId: registrations.conferenceId })
      .from(registrations)
      .where(eq(registrations.id, input.registrationId))
      .limit(1);
    if (!registration || registration.conferenceId !== conferenceId) fail(404, "errors.notFound");
    const payment = await startIntent(deps, c, account.id, "union", input);
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
    const payment = await byTradeNo(deps, params.orderId ?? "", "union");
    if (!payment) return { result: "invalid", payment: null };
    if (params.txnAmt !== String(payment.amountFen) || (params.currencyCode && params.currencyCode !== "156")) {
      await mismatch(deps, payment, "union-notice", { txnAmt: params.txnAmt, currencyCode: params.currencyCode, queryId: params.queryId });
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
    return ok(c, await reload(deps, outcome.payment!.id));
  });

  return app;
}
