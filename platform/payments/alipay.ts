import { createRequire } from "node:module";
import type * as AlipaySdkModule from "alipay-sdk";
import { chinaTime, fenToDecimal, privateKey, publicKey } from "./common";
import { type AlipayGateway, type AlipayTrade, GatewayError } from "./types";

export interface AlipayConfig {
  appId: string;
  /** The merchant's application private key (PEM, or the bare base64 Alipay's key tool prints). */
  privateKey: string;
  /** Alipay's public key (not the merchant's own). */
  alipayPublicKey: string;
  /** Default https://openapi.alipay.com/gateway.do (sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do). */
  gateway?: string;
}

const TIMEOUT_MS = 15_000;

/**
 * Loading the SDK costs about a second and 35 MB (urllib and its kin), so only a server with
 * Alipay configured loads it, when it builds the gateway (as exceljs, decision 034).
 */
let loaded: typeof AlipaySdkModule | null = null;
const alipaySdk = (): typeof AlipaySdkModule => (loaded ??= createRequire(import.meta.url)("alipay-sdk"));

const asText = (value: unknown) => (typeof value === "string" ? value : null);

/** The SDK's failures as ours: it could not reach Alipay, Alipay's signature failed, or the answer made no sense. */
function gatewayError(method: string, error: unknown): GatewayError {
  if (error instanceof alipaySdk().AlipayRequestError) {
    if (error.message.startsWith("验签失败")) return new GatewayError("alipay", "bad-signature", `${method} answer's signature does not verify`);
    if (error.responseDataRaw === undefined) return new GatewayError("alipay", "unreachable", error.message);
    return new GatewayError("alipay", "bad-answer", `${method}: ${error.message}`);
  }
  // An answer without a `sign` makes the SDK's verifier throw a TypeError.
  return new GatewayError("alipay", "bad-answer", `${method}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Alipay open platform (RSA2) through Alipay's own SDK: computer-website page pay, trade query
 * and close, notice verification. What the SDK leaves to us (decision 044): reading keys in
 * every form merchants hold them, the timestamp from the injected clock in China time, and a
 * plain form the browser posts without script.
 */
export function alipayGateway(config: AlipayConfig): AlipayGateway {
  const gateway = config.gateway ?? "https://openapi.alipay.com/gateway.do";
  const sdk = new (alipaySdk().AlipaySdk)({
    appId: config.appId,
    privateKey: privateKey(config.privateKey).export({ type: "pkcs8", format: "pem" }).toString(),
    keyType: "PKCS8",
    alipayPublicKey: publicKey(config.alipayPublicKey).export({ type: "spki", format: "pem" }).toString(),
    signType: "RSA2",
    gateway,
    timeout: TIMEOUT_MS,
    // Answers keep Alipay's own field names (out_trade_no, sub_code).
    camelcase: false,
  });

  /** A signed server-to-server call; the SDK checks the answer's signature before we read it. */
  const call = async (method: string, bizContent: Record<string, string>, now: Date): Promise<AlipaySdkModule.AlipaySdkCommonResult> => {
    try {
      return await sdk.exec(method, { bizContent, format: "JSON", timestamp: chinaTime(now).readable }, { validateSign: true });
    } catch (error) {
      throw gatewayError(method, error);
    }
  };

  const failure = (answer: AlipaySdkModule.AlipaySdkCommonResult) =>
    new GatewayError("alipay", asText(answer.sub_code) ?? asText(answer.code) ?? "unknown", asText(answer.sub_msg) ?? asText(answer.msg) ?? "");

  return {
    appId: config.appId,

    pagePay(input) {
      // sdkExecute signs the parameters and answers them as a query string; the SDK's own
      // pageExecute would answer HTML with an inline script, while our page renders the form.
      const signed = sdk.sdkExecute(
        "alipay.trade.page.pay",
        {
          bizContent: {
            out_trade_no: input.tradeNo,
            total_amount: fenToDecimal(input.amountFen),
            subject: input.subject.slice(0, 256),
            product_code: "FAST_INSTANT_TRADE_PAY",
          },
          notify_url: input.notifyUrl,
          return_url: input.returnUrl,
          format: "JSON",
          timestamp: chinaTime(input.now).readable,
        },
        { bizContentAutoSnakeCase: false },
      );
      return { action: gateway, method: "POST", fields: Object.fromEntries(new URLSearchParams(signed)) };
    },

    verifyNotice(params) {
      // RSA (SHA-1) notices would verify in the SDK too: only RSA2 is ours.
      if (params.sign_type && params.sign_type !== "RSA2") return false;
      // Alipay leaves empty values out of what it signs; the SDK would keep them as `key=`.
      return sdk.checkNotifySignV2(Object.fromEntries(Object.entries(params).filter(([, value]) => value !== "")));
    },

    async queryTrade(tradeNo, now): Promise<AlipayTrade> {
      const answer = await call("alipay.trade.query", { out_trade_no: tradeNo }, now);
      if (answer.code !== "10000") {
        if (answer.sub_code === "ACQ.TRADE_NOT_EXIST") return { found: false, outTradeNo: tradeNo, tradeNo: null, tradeStatus: null, totalAmount: null };
        throw failure(answer);
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
      const answer = await call("alipay.trade.close", { out_trade_no: tradeNo }, now);
      if (answer.code === "10000") return "closed";
      if (answer.sub_code === "ACQ.TRADE_NOT_EXIST") return "absent";
      // Only a trade waiting for payment can be closed; a paid one answers this.
      if (answer.sub_code === "ACQ.TRADE_STATUS_ERROR") return "paid";
      throw failure(answer);
    },
  };
}
