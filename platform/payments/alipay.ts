import { chinaTime, fenToDecimal, privateKey, publicKey, rsaSha256Sign, rsaSha256Verify, sortedPairs } from "./common";
import { type AlipayGateway, type AlipayTrade, GatewayError } from "./types";

export interface AlipayConfig {
  appId: string;
  /** The merchant's application private key (PEM, or the bare base64 Alipay's key tool prints). */
  privateKey: string;
  /** Alipay's public key (not the merchant's own). */
  alipayPublicKey: string;
  /** Default https://openapi.alipay.com/gateway.do (sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  gateway?: string;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 15_000;

/** The string Alipay signs for a request: every non-empty parameter but `sign`, in key order. */
export function alipayRequestContent(params: Record<string, string>) {
  return sortedPairs(params, (key, value) => key !== "sign" && value !== "");
}

/** The string Alipay signs on a notice: `sign` and `sign_type` are left out as well. */
export function alipayNoticeContent(params: Record<string, string>) {
  return sortedPairs(params, (key, value) => key !== "sign" && key !== "sign_type" && value !== "");
}

/**
 * The exact text of one top-level member of a JSON document: Alipay signs the answer's
 * `…_response` object as it wrote it, so it is cut out rather than re-serialised.
 */
export function rawJsonMember(text: string, key: string): string | null {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return null;
  let i = at + key.length + 2;
  while (i < text.length && /[\s:]/.test(text[i])) i++;
  if (text[i] !== "{") return null;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

const asText = (value: unknown) => (typeof value === "string" ? value : null);

/** Alipay open platform (RSA2): computer-website page pay, trade query and close, notice verification. */
export function alipayGateway(config: AlipayConfig): AlipayGateway {
  const gateway = config.gateway ?? "https://openapi.alipay.com/gateway.do";
  const ownKey = privateKey(config.privateKey);
  const alipayKey = publicKey(config.alipayPublicKey);
  const doFetch = config.fetch ?? fetch;

  const signed = (method: string, bizContent: Record<string, string>, now: Date, extra: Record<string, string> = {}) => {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: chinaTime(now).readable,
      version: "1.0",
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    params.sign = rsaSha256Sign(alipayRequestContent(params), ownKey);
    return params;
  };

  /** A signed server-to-server call; answers the `…_response` member once its signature verifies. */
  const call = async (method: string, member: string, bizContent: Record<string, string>, now: Date) => {
    const params = signed(method, bizContent, now);
    let text: string;
    let status: number;
    try {
      const response = await doFetch(gateway, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded;charset=utf-8" },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new GatewayError("alipay", "unreachable", (error as Error).message);
    }
    const raw = rawJsonMember(text, member);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new GatewayError("alipay", "bad-answer", `${method} answered HTTP ${status} with a body that is not JSON`);
    }
    const answer = parsed[member];
    if (!raw || !answer || typeof answer !== "object") throw new GatewayError("alipay", "bad-answer", `${method} answer lacks ${member}`);
    if (typeof parsed.sign !== "string" || !rsaSha256Verify(raw, parsed.sign, alipayKey)) {
      throw new GatewayError("alipay", "bad-signature", `${method} answer's signature does not verify`);
    }
    return answer as Record<string, unknown>;
  };

  return {
    appId: config.appId,

    pagePay(input) {
      const fields = signed(
        "alipay.trade.page.pay",
        {
          out_trade_no: input.tradeNo,
          total_amount: fenToDecimal(input.amountFen),
          subject: input.subject.slice(0, 256),
          product_code: "FAST_INSTANT_TRADE_PAY",
        },
        input.now,
        { notify_url: input.notifyUrl, return_url: input.returnUrl },
      );
      return { action: gateway, method: "POST", fields };
    },

    verifyNotice(params) {
      if (params.sign_type && params.sign_type !== "RSA2") return false;
      return rsaSha256Verify(alipayNoticeContent(params), params.sign ?? "", alipayKey);
    },

    async queryTrade(tradeNo, now): Promise<AlipayTrade> {
      const answer = await call("alipay.trade.query", "alipay_trade_query_response", { out_trade_no: tradeNo }, now);
      if (answer.code !== "10000") {
        if (answer.sub_code === "ACQ.TRADE_NOT_EXIST") return { found: false, outTradeNo: tradeNo, tradeNo: null, tradeStatus: null, totalAmount: null };
        throw new GatewayError("alipay", asText(answer.sub_code) ?? asText(answer.code) ?? "unknown", asText(answer.sub_msg) ?? asText(answer.msg) ?? "");
      }
      return {
        found: true,
        outTradeNo: asText(answer.out_trade_no) ?? "",
        tradeNo: asText(answer.trade_no),
        tradeStatus: asText(answer.trade_status),
        totalAmount: asText(answer.total_amount),
      };
    },

    async closeTrade(tradeNo, now) {
      const answer = await call("alipay.trade.close", "alipay_trade_close_response", { out_trade_no: tradeNo }, now);
      if (answer.code === "10000") return "closed";
      if (answer.sub_code === "ACQ.TRADE_NOT_EXIST") return "absent";
      // Only a trade waiting for payment can be closed; a paid one answers this.
      if (answer.sub_code === "ACQ.TRADE_STATUS_ERROR") return "paid";
      throw new GatewayError("alipay", asText(answer.sub_code) ?? asText(answer.code) ?? "unknown", asText(answer.sub_msg) ?? asText(answer.msg) ?? "");
    },
  };
}
