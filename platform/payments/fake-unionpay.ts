import crypto, { type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { cashierPage, listenOnLoopback, readBody, sendPage as page } from "../providers/fake-server";

type FakeOrder = { orderId: string; txnTime: string; txnAmt: string; frontUrl: string; backUrl: string; queryId: string; paid: boolean };

export interface FakeUnionPay {
  /** The front transaction address (…/gateway/api/frontTransReq.do). */
  url: string;
  merId: string;
  orders: Map<string, FakeOrder>;
  /** Front transactions and status queries as received, with what was wrong (null when nothing). */
  requests: Array<{ path: string; params: Record<string, string>; problem: string | null }>;
  /** The payer pays: the order succeeds, and the notice UnionPay would post is returned, signed. */
  pay(orderId: string): Record<string, string>;
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

/** The transaction status query (queryTrans.do) of ACP 5.1.0. */
const QUERY_REQUIRED: Record<string, RegExp> = {
  version: /^5\.1\.0$/,
  encoding: /^UTF-8$/,
  signMethod: /^01$/,
  txnType: /^00$/,
  txnSubType: /^00$/,
  bizType: /^000000$/,
  accessType: /^0$/,
  orderId: /^[0-9A-Za-z]{8,32}$/,
  txnTime: /^\d{14}$/,
  certId: /^\d+$/,
};

/**
 * UnionPay's ACP gateway on loopback: the front transaction a browser posts and the status
 * query a merchant sends are checked field by field and their signature verified with the
 * merchant's public key; notices and query answers are signed with UnionPay's private key.
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
      order.paid = true;
      await fetch(order.backUrl, { method: "POST", body: new URLSearchParams(notice(order.orderId)) }).catch(() => null);
      return page(
        res,
        200,
        cashierPage({ heading: "银联在线支付", lines: ["支付成功"], action: order.frontUrl, fields: notice(order.orderId), button: "返回商户" }),
      );
    }
    if (req.method !== "POST" || (url.pathname !== "/gateway/api/frontTransReq.do" && url.pathname !== "/gateway/api/queryTrans.do"))
      return page(res, 404, "not found");
    const query = url.pathname.endsWith("queryTrans.do");
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    let problem: string | null = null;
    for (const [key, pattern] of Object.entries(query ? QUERY_REQUIRED : REQUIRED)) {
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
    requests.push({ path: url.pathname, params, problem });
    if (query) return answerQuery(res, params, problem);
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
        paid: false,
      });
    }
    const amount = `¥${(Number(params.txnAmt) / 100).toFixed(2)}`;
    return page(
      res,
      200,
      cashierPage({ heading: "银联在线支付", lines: [amount], action: "/gateway/pay", fields: { orderId: params.orderId }, button: "确认付款" }),
    );
  };

  const signed = (params: Record<string, string>) => ({
    ...params,
    signature: crypto.sign("sha256", Buffer.from(digestOf(params), "utf8"), options.unionPrivateKey).toString("base64"),
  });

  /**
   * The synchronous answer to a status query, as UnionPay writes it (`k=v&…`, signed): 00 with
   * the order's own result in origRespCode, or 34 when no payment of that order exists.
   */
  const answerQuery = (res: ServerResponse, params: Record<string, string>, problem: string | null) => {
    const common = {
      version: "5.1.0",
      encoding: "UTF-8",
      certId: options.unionCertId ?? "69629715588",
      signMethod: "01",
      txnType: "00",
      txnSubType: "00",
      bizType: "000000",
      accessType: "0",
      merId,
    };
    const order = orders.get(params.orderId ?? "");
    let answer: Record<string, string>;
    if (problem) answer = { ...common, orderId: params.orderId ?? "", txnTime: params.txnTime ?? "", respCode: "11", respMsg: problem };
    else if (!order || !order.paid || order.txnTime !== params.txnTime)
      answer = { ...common, orderId: params.orderId, txnTime: params.txnTime, respCode: "34", respMsg: "查无此交易" };
    else
      answer = {
        ...common,
        orderId: order.orderId,
        txnTime: order.txnTime,
        txnAmt: order.txnAmt,
        currencyCode: "156",
        queryId: order.queryId,
        respCode: "00",
        respMsg: "成功[0000000]",
        origRespCode: "00",
        origRespMsg: "成功[0000000]",
      };
    const body = Object.entries(signed(answer))
      .map(([key, value]) => `${key}=${value}`)
      .join("&");
    res.writeHead(200, { "Content-Type": "text/plain;charset=UTF-8" });
    res.end(body);
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
    pay(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake UnionPay has no order ${orderId}`);
      order.paid = true;
      return notice(orderId);
    },
    close,
  };
}
