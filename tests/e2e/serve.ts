/**
 * The server the journeys run against: a fresh data directory, the demo seed, the SMS outbox,
 * and a fake WeChat on a loopback port (so the real WeChat adapter is exercised end to end).
 * Fake PayPal, Alipay and UnionPay run on fixed loopback ports too, with RSA keys made at start.
 *
 * The server runs under Debian's libfaketime, its wall clock offset by what E2E_CLOCK_FILE says
 * (`+0` at start): a journey that must let a minute pass moves it on (`serverClock` in support.ts,
 * decision 058) instead of waiting it out. Nothing of this is in the app: only this harness,
 * which never runs in production, preloads the library and owns the file.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startFakeAlipay } from "../../platform/payments/fake-alipay";
import { startFakePayPal } from "../../platform/payments/fake-paypal";
import { startFakeUnionPay } from "../../platform/payments/fake-unionpay";
import { startFakeWeChat } from "../../platform/providers/fake-wechat";
import { E2E_CLOCK_FILE, E2E_DATA_DIR, E2E_FAKE_PORTS, E2E_PORT } from "../../playwright.config";
import { TEST_SESSION_SECRET } from "../signed-cookies";

const { wechat: E2E_WECHAT_PORT, paypal: E2E_PAYPAL_PORT, alipay: E2E_ALIPAY_PORT, unionpay: E2E_UNIONPAY_PORT } = E2E_FAKE_PORTS;

const dataDir = path.resolve(E2E_DATA_DIR);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

/** Debian's libfaketime (the `faketime` package, which scripts/test.sh installs). */
const libfaketime = ["x86_64-linux-gnu", "aarch64-linux-gnu", ""]
  .map((arch) => path.join("/usr/lib", arch, "faketime/libfaketime.so.1"))
  .find((file) => fs.existsSync(file));
if (!libfaketime) throw new Error("[e2e] libfaketime not found: install Debian's faketime (scripts/test.sh does)");
const clockFile = path.resolve(E2E_CLOCK_FILE);
fs.writeFileSync(clockFile, "+0\n");

const wechat = await startFakeWeChat({ port: E2E_WECHAT_PORT, webhookUrl: `http://localhost:${E2E_PORT}/api/officialaccount/webhook` });
const pem = (key: crypto.KeyObject) => key.export({ type: key.type === "private" ? "pkcs8" : "spki", format: "pem" }).toString();
const merchant = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const alipayKeys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const paypal = await startFakePayPal({ port: E2E_PAYPAL_PORT });
const alipay = await startFakeAlipay({ port: E2E_ALIPAY_PORT, merchantPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey });
const unionMerchant = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const unionKeys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const union = await startFakeUnionPay({ port: E2E_UNIONPAY_PORT, merchantPublicKey: unionMerchant.publicKey, unionPrivateKey: unionKeys.privateKey });
const closeFakes = () => Promise.all([wechat.close(), paypal.close(), alipay.close(), union.close()]);
const server = spawn("node", ["server.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    // The wall clock read from the file at every call (no cache), so a move shows on the next request;
    // timers and timeouts keep the real monotonic clock.
    LD_PRELOAD: [libfaketime, process.env.LD_PRELOAD].filter(Boolean).join(" "),
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: "1",
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    PORT: String(E2E_PORT),
    DATA_DIR: dataDir,
    COOKIE_SECURE: "false",
    // Known to the journeys, which set the signed language cookie by hand (tests/signed-cookies.ts).
    SESSION_SECRETS: TEST_SESSION_SECRET,
    // Playwright stands in for a proxy on loopback: each journey's X-Forwarded-For is its own address.
    TRUSTED_PROXIES: "loopback",
    WECHAT_APP_ID: wechat.appId,
    WECHAT_APP_SECRET: wechat.appSecret,
    WECHAT_OAUTH_URL: wechat.url,
    WECHAT_API_URL: wechat.url,
    WECHAT_MP_APPID: wechat.official.appId,
    WECHAT_MP_SECRET: wechat.official.appSecret,
    WECHAT_MP_TOKEN: wechat.official.token,
    PAYMENT_PUBLIC_URL: `http://localhost:${E2E_PORT}`,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: pem(merchant.privateKey),
    ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey),
    ALIPAY_GATEWAY: alipay.url,
    UNIONPAY_MER_ID: union.merId,
    UNIONPAY_PRIVATE_KEY: pem(unionMerchant.privateKey),
    UNIONPAY_CERT_ID: "68759663125",
    UNIONPAY_PUBLIC_KEY: pem(unionKeys.publicKey),
    UNIONPAY_FRONT_URL: union.url,
  },
});
const stop = async () => {
  server.kill("SIGTERM");
  await closeFakes();
};
process.on("SIGTERM", () => void stop().then(() => process.exit(0)));
process.on("SIGINT", () => void stop().then(() => process.exit(0)));
server.on("exit", (code) => {
  void closeFakes().then(() => process.exit(code ?? 0));
});
