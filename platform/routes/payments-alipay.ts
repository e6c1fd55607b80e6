import { Hono } from "hono";
import { onlinePaymentSchema } from "#contract/schemas/registration";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { fail, ok } from "../http";
import { decimalToFen } from "../payments/common";
import { markPaid } from "../services/payments";
import { publicPayment } from "../services/registration";
import {
  OPEN_OR_REPLACED,
  type Outcome,
  byTradeNo,
  conferenceOf,
  gatewayCall,
  gatewaysOf,
  mismatch,
  reload,
  returnUrl,
  startIntent,
  stringFields,
} from "./payments-common";

/** Alipay: the signed page-pay form, the asynchronous notice, and the query when the payer is back. */
export function paymentAlipayRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const gateways = gatewaysOf(deps);

  /** Starts an Alipay page payment: the gateway address and the signed form the browser posts there. */
  app.post("/alipay", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, onlinePaymentSchema, await readBody(c));
    const alipay = gateways.alipay;
    if (!alipay) fail(400, "payment.errors.methodUnavailable");
    const payment = await startIntent(deps, c, account.id, "alipay", input);
    const conference = await conferenceOf(deps, payment.conferenceId);
    const form = alipay.pagePay({
      tradeNo: payment.tradeNo,
      amountFen: payment.amountFen,
      subject: `${conference.shortName || conference.nameZh} 注册费`,
      notifyUrl: `${gateways.publicUrl}/api/alipay/notify`,
      returnUrl: returnUrl(deps, input.returnPath ?? "/attend/alipay/return", payment.tradeNo),
      now: deps.now(),
    });
    return ok(c, { payment: publicPayment(payment), form });
  });

  /** An Alipay notice: signature, app id, trade, amount; TRADE_SUCCESS / TRADE_FINISHED pays once. */
  const alipayNotice = async (params: Record<string, string>): Promise<Outcome> => {
    const alipay = gateways.alipay;
    if (!alipay || !alipay.verifyNotice(params) || params.app_id !== alipay.appId) return { result: "invalid", payment: null };
    const payment = await byTradeNo(deps, params.out_trade_no ?? "", "alipay");
    if (!payment) return { result: "invalid", payment: null };
    if (decimalToFen(params.total_amount) !== payment.amountFen) {
      await mismatch(deps, payment, "alipay-notify", { total_amount: params.total_amount, trade_no: params.trade_no });
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
    const payment = await byTradeNo(deps, c.req.param("tradeNo"), "alipay");
    if (!payment || !alipay) fail(404, "errors.notFound");
    // A replaced trade is asked about too: a payer may have paid it in an old tab.
    if (!OPEN_OR_REPLACED.includes(payment.state)) return ok(c, publicPayment(payment));
    const trade = await gatewayCall(() => alipay.queryTrade(payment.tradeNo, deps.now()));
    if (!trade.found) return ok(c, { ...publicPayment(payment), gatewayStatus: null });
    if (trade.outTradeNo !== payment.tradeNo || decimalToFen(trade.totalAmount) !== payment.amountFen) {
      await mismatch(deps, payment, "alipay-query", { out_trade_no: trade.outTradeNo, total_amount: trade.totalAmount });
      fail(400, "payment.errors.gatewayMismatch");
    }
    if (trade.tradeStatus === "TRADE_SUCCESS" || trade.tradeStatus === "TRADE_FINISHED") {
      await markPaid(deps, { paymentId: payment.id, from: OPEN_OR_REPLACED, gatewayTradeNo: trade.tradeNo, by: null, source: "alipay-query" });
      return ok(c, await reload(deps, payment.id));
    }
    return ok(c, { ...publicPayment(payment), gatewayStatus: trade.tradeStatus });
  });

  return app;
}
