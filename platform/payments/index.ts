import type { PlatformConfig } from "../config";
import { alipayGateway } from "./alipay";
import { paypalGateway } from "./paypal";
import type { PaymentGateways } from "./types";
import { unionPayGateway } from "./unionpay";

export type { PaymentGateways } from "./types";
export { noGateways } from "./types";

/** A key that doesn't parse stops the server at start, with the setting's name. */
function build<T>(names: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw new Error(`Invalid environment: ${names}: ${(error as Error).message}`);
  }
}

/** The gateways whose settings are given (readConfig has checked they come complete). */
export function gatewaysFromConfig(config: PlatformConfig): PaymentGateways {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = config;
  const { ALIPAY_APP_ID: appId, ALIPAY_PRIVATE_KEY: alipayPrivate, ALIPAY_PUBLIC_KEY: alipayPublic } = config;
  const { UNIONPAY_MER_ID: merId, UNIONPAY_PRIVATE_KEY: unionPrivate, UNIONPAY_CERT_ID: certId, UNIONPAY_PUBLIC_KEY: unionPublic } = config;
  return {
    publicUrl: (config.PAYMENT_PUBLIC_URL ?? "").replace(/\/+$/, ""),
    paypal: clientId && clientSecret ? paypalGateway({ clientId, clientSecret, apiUrl: config.PAYPAL_API_URL }) : null,
    alipay:
      appId && alipayPrivate && alipayPublic
        ? build("ALIPAY_PRIVATE_KEY / ALIPAY_PUBLIC_KEY", () =>
            alipayGateway({ appId, privateKey: alipayPrivate, alipayPublicKey: alipayPublic, gateway: config.ALIPAY_GATEWAY }),
          )
        : null,
    union:
      merId && unionPrivate && certId && unionPublic
        ? build("UNIONPAY_PRIVATE_KEY / UNIONPAY_PUBLIC_KEY", () =>
            unionPayGateway({ merId, privateKey: unionPrivate, certId, unionPublicKey: unionPublic, frontUrl: config.UNIONPAY_FRONT_URL }),
          )
        : null,
  };
}
