import crypto from "node:crypto";
import { chinaTime, privateKey, publicKey, rsaSha256Sign, rsaSha256Verify } from "./common";
import type { UnionPayGateway } from "./types";

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
  };
}
