import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { readConfig } from "../config";
import { gatewaysFromConfig } from "./index";

const env = (settings: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: "test",
  SESSION_SECRET: "0123456789abcdef0123",
  DATA_DIR: "/tmp/unused-by-this-test",
  ...settings,
});
const keys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicPem = keys.publicKey.export({ type: "spki", format: "pem" }).toString();
// Env files often hold a PEM on one line with literal \n.
const oneLine = (pem: string) => pem.trim().replace(/\n/g, "\\n");

describe("payment settings", () => {
  it("turn no gateway on by default", () => {
    expect(gatewaysFromConfig(readConfig(env()))).toEqual({ paypal: null, alipay: null, union: null, publicUrl: "" });
  });

  it("turn on each gateway whose settings are complete, with the public address", () => {
    const gateways = gatewaysFromConfig(
      readConfig(
        env({
          PAYMENT_PUBLIC_URL: "https://meeting.example/",
          PAYPAL_CLIENT_ID: "id",
          PAYPAL_CLIENT_SECRET: "secret",
          ALIPAY_APP_ID: "2021000000000001",
          ALIPAY_PRIVATE_KEY: oneLine(privatePem),
          ALIPAY_PUBLIC_KEY: oneLine(publicPem),
        }),
      ),
    );
    expect(gateways.publicUrl).toBe("https://meeting.example");
    expect(gateways.paypal).not.toBeNull();
    expect(gateways.alipay?.appId).toBe("2021000000000001");
    expect(gateways.union).toBeNull();
  });

  it("stop the server on a half-configured gateway, a missing public address or a key that doesn't parse", () => {
    expect(() => readConfig(env({ PAYMENT_PUBLIC_URL: "https://m.example", ALIPAY_APP_ID: "x" }))).toThrow(
      "Invalid environment: Alipay needs ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY",
    );
    expect(() => readConfig(env({ PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" }))).toThrow("PayPal needs PAYMENT_PUBLIC_URL");
    const union = env({
      PAYMENT_PUBLIC_URL: "https://m.example",
      UNIONPAY_MER_ID: "777",
      UNIONPAY_CERT_ID: "1",
      UNIONPAY_PUBLIC_KEY: publicPem,
      UNIONPAY_PRIVATE_KEY: "not a key",
    });
    expect(() => gatewaysFromConfig(readConfig(union))).toThrow(/^Invalid environment: UNIONPAY_PRIVATE_KEY/);
  });
});
