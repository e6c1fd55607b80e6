import crypto from "node:crypto";
import { chinaTime, privateKey, publicKey, rsaSha256Sign, rsaSha256Verify } from "./common";
import { GatewayError, type UnionPayGateway, type UnionPayOrder } from "./types";

export interface UnionPayConfig {
  merId: string;
  /** The merchant's signing private key in PEM (exported from the .pfx UnionPay issues). */
  privateKey: string;
  /** Serial number (decimal) of the merchant's signing certificate. */
  certId: string;
  /** UnionPay's signature-verifying public key or certificate, in PEM. */
  unionPublicKey: string;
  /** Default https://gateway.95516.com/gateway/api/frontTransReq.do (test: https://gateway.test.95516.com/…). */
  frontUrl?: string;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 15_000;

/** An ACP answer (`k=v&k=v`, values not encoded; a value may hold `=` but not `&`). */
export function parseAcpAnswer(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of text.trim().split("&")) {
    const at = pair.indexOf("=");
    if (at > 0) fields[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return fields;
}

/**
 * ACP 5.1.0 with signMethod 01: every field but `signature`, in key order, as `k=v&…`; its
 * SHA-256 in lower-case hex is what gets signed with SHA256withRSA.
 */
export function unionSignContent(params: Record<string, string>) {
  const pairs = Object.keys(params)
    .filter((key) => key !== "signature")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
  return crypto.createHash("sha256").update(pairs, "utf8").digest("hex");
}

/** UnionPay online payment (银联在线支付 / ACP), consumption through the front transaction. */
export function unionPayGateway(config: UnionPayConfig): UnionPayGateway {
  const action = config.frontUrl ?? "https://gateway.95516.com/gateway/api/frontTransReq.do";
  // The status query sits beside the front transaction on the same host.
  const queryUrl = action.replace(/frontTransReq\.do$/, "queryTrans.do");
  const doFetch = config.fetch ?? fetch;
  const ownKey = privateKey(config.privateKey);
  const unionKey = publicKey(config.unionPublicKey);

  return {
    merId: config.merId,

    frontForm(input) {
      const fields: Record<string, string> = {
        version: "5.1.0",
        encoding: "UTF-8",
        signMethod: "01",
        txnType: "01",
        txnSubType: "01",
        bizType: "000201",
        channelType: "07",
        accessType: "0",
        merId: config.merId,
        orderId: input.tradeNo,
        txnTime: chinaTime(input.txnTime).compact,
        txnAmt: String(input.amountFen),
        currencyCode: "156",
        frontUrl: input.frontUrl,
        backUrl: input.backUrl,
        certId: config.certId,
      };
      fields.signature = rsaSha256Sign(unionSignContent(fields), ownKey);
      return { action, method: "POST", fields };
    },

    verifyNotice(params) {
      if (params.signMethod !== "01") return false;
      // Only the configured key is trusted; a `signPubKeyCert` carried by the notice itself is not.
      return rsaSha256Verify(unionSignContent(params), params.signature ?? "", unionKey);
    },

    async queryOrder(tradeNo, txnTime): Promise<UnionPayOrder> {
      const fields: Record<string, string> = {
        version: "5.1.0",
        encoding: "UTF-8",
        signMethod: "01",
        txnType: "00",
        txnSubType: "00",
        bizType: "000000",
        accessType: "0",
        merId: config.merId,
        orderId: tradeNo,
        txnTime: chinaTime(txnTime).compact,
        certId: config.certId,
      };
      fields.signature = rsaSha256Sign(unionSignContent(fields), ownKey);
      let text: string;
      try {
        const response = await doFetch(queryUrl, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" },
          body: new URLSearchParams(fields).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        text = await response.text();
      } catch (error) {
        throw new GatewayError("union", "unreachable", (error as Error).message);
      }
      const answer = parseAcpAnswer(text);
      if (answer.signMethod !== "01" || !rsaSha256Verify(unionSignContent(answer), answer.signature ?? "", unionKey)) {
        throw new GatewayError("union", "bad-signature", "query answer's signature does not verify");
      }
      // 34: no such transaction (the payer never paid this order).
      if (answer.respCode === "34") return { found: false, paid: false, queryId: null, txnAmt: null };
      if (answer.respCode !== "00") throw new GatewayError("union", answer.respCode ?? "bad-answer", answer.respMsg ?? "");
      if (answer.orderId !== tradeNo || answer.merId !== config.merId) throw new GatewayError("union", "bad-answer", "query answer is for another order");
      return { found: true, paid: answer.origRespCode === "00", queryId: answer.queryId ?? null, txnAmt: answer.txnAmt ?? null };
    },
  };
}
