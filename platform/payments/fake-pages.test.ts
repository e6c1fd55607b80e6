import crypto from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alipayGateway } from "./alipay";
import { startFakeAlipay } from "./fake-alipay";
import { startFakePayPal } from "./fake-paypal";
import { startFakeUnionPay } from "./fake-unionpay";
import { paypalGateway } from "./paypal";
import { unionPayGateway } from "./unionpay";

/**
 * The fakes' browser-facing pages (used by the e2e journeys): each sends the payer back to the
 * merchant the way the real gateway does, and the server-side notices reach the notify address.
 */
const pair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = (key: crypto.KeyObject) => key.export({ type: key.type === "private" ? "pkcs8" : "spki", format: "pem" }).toString();

/** A notify address that records what it was sent. */
const notices: string[] = [];
const sink = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  req.on("end", () => {
    notices.push(body);
    res.end("success");
  });
});
let sinkUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", () => resolve()));
  sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/notify`;
});
afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

describe("fake gateway pages", () => {
  it("PayPal: the approve link shows a checkout page; Pay Now approves and returns with the token", async () => {
    const fake = await startFakePayPal();
    try {
      const paypal = paypalGateway({ clientId: fake.clientId, clientSecret: fake.clientSecret, apiUrl: fake.url });
      const order = await paypal.createOrder({
        tradeNo: "T1",
        amountFen: 12345,
        currency: "CNY",
        description: "x",
        returnUrl: "http://shop.test/back?tradeNo=T1",
        cancelUrl: "http://shop.test/cancel?tradeNo=T1",
      });
      const page = await fetch(order.approveUrl!);
      expect(await page.text()).toContain("Pay Now");
      const approved = await fetch(order.approveUrl!, { method: "POST", body: new URLSearchParams({ choice: "approve" }), redirect: "manual" });
      expect(approved.status).toBe(302);
      const back = new URL(approved.headers.get("location")!);
      expect(back.origin + back.pathname).toBe("http://shop.test/back");
      expect(back.searchParams.get("tradeNo")).toBe("T1");
      expect(back.searchParams.get("token")).toBe(order.orderId);
      expect(fake.orders.get(order.orderId)!.status).toBe("APPROVED");
      const cancelled = await fetch(order.approveUrl!, { method: "POST", body: new URLSearchParams({ choice: "cancel" }), redirect: "manual" });
      expect(cancelled.headers.get("location")).toContain("http://shop.test/cancel");
    } finally {
      await fake.close();
    }
  });

  it("Alipay: the cashier's pay button posts the signed notice and returns the browser", async () => {
    const merchant = pair();
    const alipayKeys = pair();
    const fake = await startFakeAlipay({ merchantPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey });
    try {
      const alipay = alipayGateway({ appId: fake.appId, privateKey: pem(merchant.privateKey), alipayPublicKey: pem(alipayKeys.publicKey), gateway: fake.url });
      const form = alipay.pagePay({
        tradeNo: "T2",
        amountFen: 50000,
        subject: "fee",
        returnUrl: "http://shop.test/alipage?tradeNo=T2",
        notifyUrl: sinkUrl,
        now: new Date(),
      });
      const cashier = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields) });
      expect(await cashier.text()).toContain('action="/cashier/pay"');
      const paid = await fetch(new URL("/cashier/pay", fake.url), { method: "POST", body: new URLSearchParams({ out_trade_no: "T2" }), redirect: "manual" });
      expect(paid.status).toBe(302);
      expect(new URL(paid.headers.get("location")!).searchParams.get("tradeNo")).toBe("T2");
      const notice = Object.fromEntries(new URLSearchParams(notices.at(-1)));
      expect(notice.out_trade_no).toBe("T2");
      expect(alipay.verifyNotice(notice)).toBe(true);
      expect(fake.trades.get("T2")!.status).toBe("TRADE_SUCCESS");
    } finally {
      await fake.close();
    }
  });

  it("UnionPay: paying sends the back notice and gives the browser the signed front form", async () => {
    const merchant = pair();
    const unionKeys = pair();
    const fake = await startFakeUnionPay({ merchantPublicKey: merchant.publicKey, unionPrivateKey: unionKeys.privateKey });
    try {
      const union = unionPayGateway({
        merId: fake.merId,
        privateKey: pem(merchant.privateKey),
        certId: "68759663125",
        unionPublicKey: pem(unionKeys.publicKey),
        frontUrl: fake.url,
      });
      const form = union.frontForm({
        tradeNo: "20261121000000T3",
        amountFen: 8800,
        txnTime: new Date(),
        frontUrl: "http://shop.test/attend/union/return",
        backUrl: sinkUrl,
      });
      const cashier = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields) });
      expect(await cashier.text()).toContain('action="/gateway/pay"');
      const done = await (
        await fetch(new URL("/gateway/pay", fake.url), { method: "POST", body: new URLSearchParams({ orderId: "20261121000000T3" }) })
      ).text();
      expect(done).toContain('action="http://shop.test/attend/union/return"');
      const back = Object.fromEntries(new URLSearchParams(notices.at(-1)));
      expect(back.orderId).toBe("20261121000000T3");
      expect(union.verifyNotice(back)).toBe(true);
    } finally {
      await fake.close();
    }
  });
});
