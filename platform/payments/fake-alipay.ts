import crypto, { type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { cashierPage, listenOnLoopback, readBody, sendPage as page } from "../providers/fake-server";

type FakeTrade = {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED" | "TRADE_FINISHED";
  tradeNo: string;
};

export interface FakeAlipay {
  /** The gateway address (…/gateway.do). */
  url: string;
  appId: string;
  trades: Map<string, FakeTrade>;
  /** Each call: its method, parameters, and whether the merchant's signature verified. */
  requests: Array<{ method: string; params: Record<string, string>; verified: boolean; problem: string | null }>;
  /** The payer pays: the trade succeeds, and the notice Alipay would post is returned, signed. */
  pay(outTradeNo: string): Record<string, string>;
  /** A notice for a trade, signed with Alipay's key (or `signWith`), with fields replaced by `overrides`. */
  notice(outTradeNo: string, overrides?: Record<string, string>, signWith?: KeyObject): Record<string, string>;
  close(): Promise<void>;
}

/** Alipay's own rule, written out again here so an adapter bug can't agree with itself. */
function contentOf(params: Record<string, string>, skip: string[]) {
  return Object.keys(params)
    .filter((key) => !skip.includes(key) && params[key] !== "")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
}

const sign = (content: string, key: KeyObject) => crypto.sign("sha256", Buffer.from(content, "utf8"), key).toString("base64");

/**
 * Alipay's open-platform gateway on loopback. It verifies the merchant's RSA2 signature on
 * every call with the merchant's public key and checks the common and business parameters
 * of `alipay.trade.page.pay` (as the browser would post them), `alipay.trade.query` and
 * `alipay.trade.close` (a closed trade can't be paid any more);
 * answers and notices are signed with Alipay's private key.
 */
export async function startFakeAlipay(options: {
  appId?: string;
  merchantPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
  port?: number;
}): Promise<FakeAlipay> {
  const appId = options.appId ?? "2021000000000001";
  const trades = new Map<string, FakeTrade>();
  const requests: FakeAlipay["requests"] = [];

  /** What is wrong with a request's common parameters and signature, or null. */
  const problemOf = (params: Record<string, string>, method: string): string | null => {
    const valid = crypto.verify(
      "sha256",
      Buffer.from(contentOf(params, ["sign"]), "utf8"),
      options.merchantPublicKey,
      Buffer.from(params.sign ?? "", "base64"),
    );
    if (!valid) return "invalid-signature";
    if (params.app_id !== appId) return "isv.invalid-app-id";
    if (params.method !== method) return "isv.invalid-method";
    if (params.format && params.format !== "JSON") return "isv.invalid-format";
    if (params.charset !== "utf-8") return "isv.invalid-charset";
    if (params.sign_type !== "RSA2") return "isv.invalid-signature-type";
    if (params.version !== "1.0") return "isv.invalid-version";
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? "")) return "isv.invalid-timestamp";
    return null;
  };

  const biz = (params: Record<string, string>): Record<string, unknown> | null => {
    try {
      const value: unknown = JSON.parse(params.biz_content ?? "");
      return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };

  /** Signs the `…_response` member as written, the way Alipay does. */
  const signedAnswer = (res: ServerResponse, member: string, answer: Record<string, unknown>) => {
    const inner = JSON.stringify(answer);
    res.writeHead(200, { "Content-Type": "application/json;charset=utf-8" });
    res.end(`{"${member}":${inner},"sign":"${sign(inner, options.alipayPrivateKey)}"}`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake-alipay");
    // The cashier's "pay" button: the trade succeeds, the signed notice goes to notify_url, and
    // the browser returns to return_url, as Alipay does after a payment.
    if (url.pathname === "/cashier/pay" && req.method === "POST") {
      const trade = trades.get(new URLSearchParams(await readBody(req)).get("out_trade_no") ?? "");
      if (!trade) return page(res, 404, "<p>交易不存在</p>");
      if (trade.status === "TRADE_CLOSED") return page(res, 400, "<p>交易已关闭</p>");
      trade.status = "TRADE_SUCCESS";
      await fetch(trade.notifyUrl, { method: "POST", body: new URLSearchParams(notice(trade.outTradeNo)) }).catch(() => null);
      const back = new URL(trade.returnUrl);
      back.searchParams.set("out_trade_no", trade.outTradeNo);
      back.searchParams.set("trade_no", trade.tradeNo);
      back.searchParams.set("total_amount", trade.totalAmount);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (url.pathname !== "/gateway.do" || req.method !== "POST") return page(res, 404, "not found");
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [key, value] of new URLSearchParams(await readBody(req))) params[key] = value;
    const method = params.method ?? "";
    const problem = problemOf(params, method === "alipay.trade.query" || method === "alipay.trade.close" ? method : "alipay.trade.page.pay");
    const content = biz(params);

    if (method === "alipay.trade.page.pay") {
      let issue = problem;
      const amount = String(content?.total_amount ?? "");
      if (!issue && !content) issue = "isv.invalid-biz-content";
      if (!issue && content?.product_code !== "FAST_INSTANT_TRADE_PAY") issue = "isv.invalid-product-code";
      if (!issue && !/^\d+\.\d{2}$/.test(amount)) issue = "isv.invalid-total-amount";
      if (!issue && !(Number(amount) >= 0.01 && Number(amount) <= 100_000_000)) issue = "isv.invalid-total-amount";
      if (!issue && (typeof content?.out_trade_no !== "string" || !/^[0-9A-Za-z_]{1,64}$/.test(content.out_trade_no))) issue = "isv.invalid-out-trade-no";
      if (!issue && (typeof content?.subject !== "string" || !content.subject)) issue = "isv.missing-subject";
      if (!issue && !/^https?:\/\//.test(params.notify_url ?? "")) issue = "isv.invalid-notify-url";
      requests.push({ method, params, verified: problem !== "invalid-signature", problem: issue });
      if (issue) return page(res, 400, `<h1>支付宝 - 错误</h1><p>错误代码 ${issue}</p>`);
      const outTradeNo = content!.out_trade_no as string;
      const existing = trades.get(outTradeNo);
      if (existing && existing.totalAmount !== amount) return page(res, 400, "<p>错误代码 ACQ.CONTEXT_INCONSISTENT</p>");
      if (existing?.status === "TRADE_CLOSED") return page(res, 400, "<p>错误代码 ACQ.TRADE_HAS_CLOSE</p>");
      if (!existing) {
        trades.set(outTradeNo, {
          outTradeNo,
          totalAmount: amount,
          subject: content!.subject as string,
          notifyUrl: params.notify_url,
          returnUrl: params.return_url ?? "",
          status: "WAIT_BUYER_PAY",
          tradeNo: `2026${crypto.randomInt(0, 1e9).toString().padStart(9, "0")}${crypto.randomInt(0, 1e9).toString().padStart(9, "0")}`,
        });
      }
      return page(
        res,
        200,
        cashierPage({ heading: "支付宝收银台", lines: [`¥${amount}`], action: "/cashier/pay", fields: { out_trade_no: outTradeNo }, button: "确认付款" }),
      );
    }

    if (method === "alipay.trade.query") {
      requests.push({ method, params, verified: problem !== "invalid-signature", problem });
      const member = "alipay_trade_query_response";
      if (problem) return signedAnswer(res, member, { code: "40002", msg: "Invalid Arguments", sub_code: problem, sub_msg: problem });
      const trade = trades.get(String(content?.out_trade_no ?? ""));
      if (!trade) return signedAnswer(res, member, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" });
      return signedAnswer(res, member, {
        code: "10000",
        msg: "Success",
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        buyer_logon_id: "159****5620",
      });
    }

    if (method === "alipay.trade.close") {
      // Only the trade's number is sent; an unsigned, mis-signed or incomplete call closes nothing.
      const outTradeNo = typeof content?.out_trade_no === "string" ? content.out_trade_no : "";
      const issue = problem ?? (!content ? "isv.invalid-biz-content" : !/^[0-9A-Za-z_]{1,64}$/.test(outTradeNo) ? "isv.invalid-out-trade-no" : null);
      requests.push({ method, params, verified: problem !== "invalid-signature", problem: issue });
      const member = "alipay_trade_close_response";
      if (issue) return signedAnswer(res, member, { code: "40002", msg: "Invalid Arguments", sub_code: issue, sub_msg: issue });
      const trade = trades.get(outTradeNo);
      if (!trade) return signedAnswer(res, member, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" });
      if (trade.status !== "WAIT_BUYER_PAY" && trade.status !== "TRADE_CLOSED") {
        return signedAnswer(res, member, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" });
      }
      trade.status = "TRADE_CLOSED";
      return signedAnswer(res, member, { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    }

    requests.push({ method, params, verified: problem !== "invalid-signature", problem: "isv.invalid-method" });
    return page(res, 400, "<p>错误代码 isv.invalid-method</p>");
  };

  const notice = (outTradeNo: string, overrides: Record<string, string> = {}, signWith?: KeyObject) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`fake Alipay has no trade ${outTradeNo}`);
    const params: Record<string, string> = {
      notify_time: "2026-11-21 16:00:00",
      notify_type: "trade_status_sync",
      notify_id: crypto.randomBytes(16).toString("hex"),
      app_id: appId,
      charset: "utf-8",
      version: "1.0",
      sign_type: "RSA2",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      subject: trade.subject,
      trade_status: trade.status,
      gmt_create: "2026-11-21 15:59:00",
      gmt_payment: "2026-11-21 16:00:00",
      seller_id: "2088000000000001",
      buyer_id: "2088000000000002",
      ...overrides,
    };
    params.sign = sign(contentOf(params, ["sign", "sign_type"]), signWith ?? options.alipayPrivateKey);
    return params;
  };

  const { port, close } = await listenOnLoopback(handle, options.port);

  return {
    url: `http://127.0.0.1:${port}/gateway.do`,
    appId,
    trades,
    requests,
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake Alipay has no trade ${outTradeNo}`);
      trade.status = "TRADE_SUCCESS";
      return notice(outTradeNo);
    },
    notice,
    close,
  };
}
