import crypto, { type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { cashierPage, listenOnLoopback, readBody, sendPage as page } from "../providers/fake-server";

type FakeOrder = { orderId: string; txnTime: string; txnAmt: string; frontUrl: string; backUrl: string; queryId: string };

export interface FakeUnionPay {
  /** The front transaction address (…/gateway/api/frontTransReq.do). */
  url: string;
  merId: string;
  orders: Map<string, FakeOrder>;
  requests: Array<{ params: Record<string, string>; problem: string | null }>;
  /** The notice UnionPay posts (back or front), signed with its key (or `signWith`); `overrides` replace fields. */
  notice(orderId: string, overrides?: Record<string, string>, signWith?: KeyObject): Record<string, string>;
  close(): Promise<void>;
}

/** ACP 5.1.0, signMethod 01, written out again here so an adapter bug can't agree with itself. */
function digestOf(params: Record<string, string>) {
  const text = Object.keys(params)
    .filter((key) => key !== "signature")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
  return crypto.createHash("sha256").update(text, "utf8").digest("hex");
}

const REQUIRED: Record<string, RegExp> = {
  version: /^5\.1\.0$/,
  encoding: /^UTF-8$/,
  signMethod: /^01$/,
  txnType: /^01$/,
  txnSubType: /^01$/,
  bizType: /^000201$/,
  channelType: /^07$/,
  accessType: /^0$/,
  orderId: /^[0-9A-Za-z]{8,32}$/,
  txnTime: /^\d{14}$/,
  txnAmt: /^[1-9]\d{0,11}$/,
  currencyCode: /^156$/,
  frontUrl: /^https?:\/\//,
  backUrl: /^https?:\/\//,
  certId: /^\d+$/,
};

/**
 * UnionPay's ACP gateway on loopback: the front transaction a browser posts is checked
 * field by field and its signature verified with the merchant's public key; notices are
 * signed with UnionPay's private key.
 */
export async function startFakeUnionPay(options: {
  merId?: string;
  merchantPublicKey: KeyObject;
  unionPrivateKey: KeyObject;
  unionCertId?: string;
  port?: number;
}): Promise<FakeUnionPay> {
  const merId = options.merId ?? "777290058110048";
  const orders = new Map<string, FakeOrder>();
  const requests: FakeUnionPay["requests"] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake-union");
    // The cashier's "pay" button: the back notice goes to backUrl, then the browser carries the
    // signed front notice to frontUrl (a form with a "return to merchant" button, as UnionPay shows).
    if (url.pathname === "/gateway/pay" && req.method === "POST") {
      const order = orders.get(new URLSearchParams(await readBody(req)).get("orderId") ?? "");
      if (!order) return page(res, 404, "<p>订单不存在</p>");
      await fetch(order.backUrl, { method: "POST", body: new URLSearchParams(notice(order.orderId)) }).catch(() => null);
      return page(res, 200, cashierPage({ heading: "银联在线支付", lines: ["支付成功"], action: order.frontUrl, fields: notice(order.orderId), button: "返回商户" }));
    }
    if (url.pathname !== "/gateway/api/frontTransReq.do" || req.method !== "POST") return page(res, 404, "not found");
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    let problem: string | null = null;
    for (const [key, pattern] of Object.entries(REQUIRED)) {
      if (!pattern.test(params[key] ?? "")) {
        problem = `${key} invalid`;
        break;
      }
    }
    if (!problem && params.merId !== merId) problem = "merId invalid";
    if (!problem) {
      const valid = crypto.verify("sha256", Buffer.from(digestOf(params), "utf8"), options.merchantPublicKey, Buffer.from(params.signature ?? "", "base64"));
      if (!valid) problem = "verify signature failed";
    }
    requests.push({ params, problem });
    if (problem) return page(res, 400, `<p>respCode=11 respMsg=${problem}</p>`);
    const existing = orders.get(params.orderId);
    if (existing && (existing.txnTime !== params.txnTime || existing.txnAmt !== params.txnAmt)) return page(res, 400, "<p>respCode=12 重复交易</p>");
    if (!existing) {
      orders.set(params.orderId, {
        orderId: params.orderId,
        txnTime: params.txnTime,
        txnAmt: params.txnAmt,
        frontUrl: params.frontUrl,
        backUrl: params.backUrl,
        queryId: String(crypto.randomInt(1e9, 1e10)) + String(crypto.randomInt(1e9, 1e10)) + "01",
      });
    }
    const amount = `¥${(Number(params.txnAmt) / 100).toFixed(2)}`;
    return page(res, 200, cashierPage({ heading: "银联在线支付", lines: [amount], action: "/gateway/pay", fields: { orderId: params.orderId }, button: "确认付款" }));
  };

  const notice: FakeUnionPay["notice"] = (orderId, overrides = {}, signWith) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake UnionPay has no order ${orderId}`);
    const params: Record<string, string> = {
      version: "5.1.0",
      encoding: "UTF-8",
      certId: options.unionCertId ?? "69629715588",
      signMethod: "01",
      txnType: "01",
      txnSubType: "01",
      bizType: "000201",
      accessType: "0",
      merId,
      orderId: order.orderId,
      txnTime: order.txnTime,
      txnAmt: order.txnAmt,
      currencyCode: "156",
      queryId: order.queryId,
      respCode: "00",
      respMsg: "成功[0000000]",
      settleAmt: order.txnAmt,
      settleCurrencyCode: "156",
      settleDate: order.txnTime.slice(4, 8),
      traceNo: String(crypto.randomInt(100000, 999999)),
      traceTime: order.txnTime.slice(4),
      accNo: "6216***********0018",
      payType: "0001",
      ...overrides,
    };
    params.signature = crypto.sign("sha256", Buffer.from(digestOf(params), "utf8"), signWith ?? options.unionPrivateKey).toString("base64");
    return params;
  };

  const { port, close } = await listenOnLoopback(handle, options.port);

  return {
    url: `http://127.0.0.1:${port}/gateway/api/frontTransReq.do`,
    merId,
    orders,
    requests,
    notice,
    close,
  };
}
