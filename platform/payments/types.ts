/**
 * Online payment gateways (ARCHITECTURE.md "Payments"). Each is an adapter enabled by env
 * (platform/payments/index.ts) with a fake on loopback for its tests. Adapters only talk to
 * the gateway and check signatures; the rules (amount equal, paid once) live in the routes.
 */

/** The gateway refused, answered nonsense or could not be reached (`code` is the gateway's, or "unreachable"/"bad-answer"). */
export class GatewayError extends Error {
  constructor(
    readonly gateway: "paypal" | "alipay" | "union",
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${gateway} error ${code}: ${detail}`);
    this.name = "GatewayError";
  }
}

export type PayPalOrder = {
  orderId: string;
  /** CREATED, APPROVED, COMPLETED, VOIDED … */
  status: string;
  approveUrl: string | null;
  /** The first purchase unit's capture, once captured. */
  capture: { id: string; status: string; amountValue: string; currency: string; customId: string | null } | null;
};

export interface PayPalGateway {
  /** Orders v2 with intent CAPTURE; PayPal-Request-Id = our trade number, so a repeat makes no second order. */
  createOrder(input: { tradeNo: string; amountFen: number; currency: string; description: string; returnUrl: string; cancelUrl: string }): Promise<PayPalOrder>;
  getOrder(orderId: string): Promise<PayPalOrder>;
  /** Captures an approved order; an order captured before is read back instead (ORDER_ALREADY_CAPTURED). */
  capture(orderId: string): Promise<PayPalOrder>;
}

export type SignedForm = { action: string; method: "POST"; fields: Record<string, string> };

export type AlipayTrade = {
  /** false when Alipay knows no such trade yet (the payer never opened the cashier). */
  found: boolean;
  outTradeNo: string;
  tradeNo: string | null;
  tradeStatus: string | null;
  totalAmount: string | null;
};

export interface AlipayGateway {
  readonly appId: string;
  /** `alipay.trade.page.pay`: the form the browser posts to Alipay's cashier. */
  pagePay(input: { tradeNo: string; amountFen: number; subject: string; returnUrl: string; notifyUrl: string; now: Date }): SignedForm;
  /** Checks an asynchronous notice's (or a return's) RSA2 signature with Alipay's public key. */
  verifyNotice(params: Record<string, string>): boolean;
  /** `alipay.trade.query`, the answer's signature checked. */
  queryTrade(tradeNo: string, now: Date): Promise<AlipayTrade>;
  /**
   * `alipay.trade.close` of an unpaid trade: `closed`, `absent` when Alipay knows no such trade
   * (the payer never opened the cashier), `paid` when it can't be closed because it was paid.
   */
  closeTrade(tradeNo: string, now: Date): Promise<"closed" | "absent" | "paid">;
}

export type UnionPayOrder = { found: boolean; paid: boolean; queryId: string | null; txnAmt: string | null };

export interface UnionPayGateway {
  readonly merId: string;
  /** The ACP 5.1.0 front transaction (consumption) form. */
  frontForm(input: { tradeNo: string; amountFen: number; txnTime: Date; frontUrl: string; backUrl: string }): SignedForm;
  /** Checks a notice's (back or front) signature with UnionPay's public key. */
  verifyNotice(params: Record<string, string>): boolean;
  /** The transaction status query (queryTrans.do, txnType 00) of one of our orders, the answer's signature checked. */
  queryOrder(tradeNo: string, txnTime: Date): Promise<UnionPayOrder>;
}

export type PaymentGateways = {
  paypal: PayPalGateway | null;
  alipay: AlipayGateway | null;
  union: UnionPayGateway | null;
  /** The site's public origin as gateways and browsers reach it, for notify and return addresses. */
  publicUrl: string;
};

export const noGateways: PaymentGateways = { paypal: null, alipay: null, union: null, publicUrl: "" };
