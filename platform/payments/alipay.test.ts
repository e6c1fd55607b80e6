import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments } from "../db/schema";
import { type ConferenceSetup, person, postForm, registrationBody, setupConference } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";
import { alipayGateway } from "./alipay";
import { type FakeAlipay, startFakeAlipay } from "./fake-alipay";
import { GatewayError } from "./types";

const pair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = pair();
const alipayKeys = pair();
const attacker = pair();
const pem = {
  merchantPrivate: merchant.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  alipayPublic: alipayKeys.publicKey.export({ type: "spki", format: "pem" }).toString(),
  attackerPublic: attacker.publicKey.export({ type: "spki", format: "pem" }).toString(),
};

let fake: FakeAlipay;
beforeAll(async () => {
  fake = await startFakeAlipay({ merchantPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey });
});
afterAll(() => fake.close());

const gateway = (overrides: { alipayPublicKey?: string; privateKey?: string } = {}) =>
  alipayGateway({
    appId: fake.appId,
    privateKey: overrides.privateKey ?? pem.merchantPrivate,
    alipayPublicKey: overrides.alipayPublicKey ?? pem.alipayPublic,
    gateway: fake.url,
  });

const now = new Date("2026-11-21T08:00:00Z");
const tradeNo = () => `A${Date.now()}${crypto.randomInt(1e6)}`;

/** What the payer's browser does with the form: post it to Alipay. */
const submit = (form: { action: string; fields: Record<string, string> }) =>
  fetch(form.action, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form.fields).toString() });

describe("the Alipay adapter against the fake", () => {
  it("signs the page-pay form with RSA2 over the sorted parameters; the fake verifies it", async () => {
    const no = tradeNo();
    const form = gateway().pagePay({
      tradeNo: no,
      amountFen: 80_050,
      subject: "会议注册费",
      returnUrl: "https://m.example/r",
      notifyUrl: "https://m.example/api/alipay/notify",
      now,
    });
    expect(form.action).toBe(fake.url);
    expect(form.fields).toMatchObject({
      app_id: fake.appId,
      method: "alipay.trade.page.pay",
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: "2026-11-21 16:00:00",
      version: "1.0",
      notify_url: "https://m.example/api/alipay/notify",
      return_url: "https://m.example/r",
    });
    expect(JSON.parse(form.fields.biz_content)).toEqual({
      out_trade_no: no,
      total_amount: "800.50",
      subject: "会议注册费",
      product_code: "FAST_INSTANT_TRADE_PAY",
    });
    const response = await submit(form);
    expect(response.status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: "alipay.trade.page.pay", verified: true, problem: null });
    expect(fake.trades.get(no)?.totalAmount).toBe("800.50");
  });

  it("is refused by the fake when a signed field is changed or another key signed", async () => {
    const form = gateway().pagePay({
      tradeNo: tradeNo(),
      amountFen: 100,
      subject: "x",
      returnUrl: "https://m.example/r",
      notifyUrl: "https://m.example/n",
      now,
    });
    const biz = JSON.parse(form.fields.biz_content);
    const tampered = { ...form, fields: { ...form.fields, biz_content: JSON.stringify({ ...biz, total_amount: "0.01" }) } };
    expect((await submit(tampered)).status).toBe(400);
    expect(fake.requests.at(-1)?.problem).toBe("invalid-signature");
    const wrongKey = gateway({ privateKey: attacker.privateKey.export({ type: "pkcs8", format: "pem" }).toString() });
    expect(
      (
        await submit(
          wrongKey.pagePay({ tradeNo: tradeNo(), amountFen: 100, subject: "x", returnUrl: "https://m.example/r", notifyUrl: "https://m.example/n", now }),
        )
      ).status,
    ).toBe(400);
  });

  it("verifies notices signed by Alipay's key only, and any change breaks them", async () => {
    const no = tradeNo();
    await submit(gateway().pagePay({ tradeNo: no, amountFen: 100, subject: "x", returnUrl: "https://m.example/r", notifyUrl: "https://m.example/n", now }));
    const notice = fake.pay(no);
    expect(gateway().verifyNotice(notice)).toBe(true);
    expect(gateway().verifyNotice({ ...notice, total_amount: "0.01" })).toBe(false);
    expect(gateway().verifyNotice(fake.notice(no, {}, attacker.privateKey))).toBe(false);
    expect(gateway().verifyNotice({ ...notice, sign: "" })).toBe(false);
  });

  it("queries a trade, checking the answer's signature", async () => {
    const no = tradeNo();
    expect(await gateway().queryTrade(no, now)).toMatchObject({ found: false });
    await submit(gateway().pagePay({ tradeNo: no, amountFen: 1234, subject: "x", returnUrl: "https://m.example/r", notifyUrl: "https://m.example/n", now }));
    expect(await gateway().queryTrade(no, now)).toMatchObject({ found: true, tradeStatus: "WAIT_BUYER_PAY", totalAmount: "12.34" });
    fake.pay(no);
    expect(await gateway().queryTrade(no, now)).toMatchObject({ found: true, tradeStatus: "TRADE_SUCCESS", outTradeNo: no });
    expect(fake.requests.at(-1)).toMatchObject({ method: "alipay.trade.query", verified: true });
    const distrustful = gateway({ alipayPublicKey: pem.attackerPublic });
    const error = await distrustful.queryTrade(no, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe("bad-signature");
  });

  it("accepts keys as bare base64, as Alipay's key tool prints them", async () => {
    const bare = (text: string) => text.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const plain = gateway({ privateKey: bare(pem.merchantPrivate), alipayPublicKey: bare(pem.alipayPublic) });
    const form = plain.pagePay({ tradeNo: tradeNo(), amountFen: 100, subject: "x", returnUrl: "https://m.example/r", notifyUrl: "https://m.example/n", now });
    expect((await submit(form)).status).toBe(200);
  });

  it("verifies a notice with an empty field as Alipay signs it (empty values left out), and refuses RSA1 notices", async () => {
    const no = tradeNo();
    await submit(gateway().pagePay({ tradeNo: no, amountFen: 100, subject: "x", returnUrl: "https://m.example/r", notifyUrl: "https://m.example/n", now }));
    fake.pay(no);
    expect(gateway().verifyNotice(fake.notice(no, { passback_params: "" }))).toBe(true);
    expect(gateway().verifyNotice(fake.notice(no, { sign_type: "RSA" }))).toBe(false);
  });

  it("refuses an answer without a signature, and says so when Alipay can't be reached", async () => {
    const unsigned = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"alipay_trade_query_response":{"code":"10000","msg":"Success","out_trade_no":"X","trade_status":"TRADE_SUCCESS","total_amount":"0.01"}}');
    });
    await new Promise<void>((resolve) => unsigned.listen(0, "127.0.0.1", resolve));
    const { port } = unsigned.address() as AddressInfo;
    const lying = alipayGateway({
      appId: fake.appId,
      privateKey: pem.merchantPrivate,
      alipayPublicKey: pem.alipayPublic,
      gateway: `http://127.0.0.1:${port}/gateway.do`,
    });
    const error = await lying.queryTrade("X", now).catch((e: unknown) => e);
    await new Promise((resolve) => unsigned.close(resolve));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: "bad-answer" });
    const gone = alipayGateway({
      appId: fake.appId,
      privateKey: pem.merchantPrivate,
      alipayPublicKey: pem.alipayPublic,
      gateway: `http://127.0.0.1:${port}/gateway.do`,
    });
    expect(await gone.queryTrade("X", now).catch((e: unknown) => e)).toMatchObject({ code: "unreachable" });
  });
});

describe("Alipay through the platform", () => {
  let p: TestPlatform;
  let s: ConferenceSetup;
  type Started = { payment: { id: number; tradeNo: string; state: string }; form: { action: string; method: string; fields: Record<string, string> } };

  beforeAll(async () => {
    p = await testPlatform({ payments: { paypal: null, alipay: gateway(), union: null, publicUrl: "https://meeting.example" } });
    s = await setupConference(p, { paymentMethods: ["transfer", "alipay"] });
  });
  afterAll(() => p.close());

  /** Registers, starts an Alipay payment and posts the form to the fake, as the browser would. */
  async function started() {
    const who = await person(p);
    const reg = await p.call<{ id: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(s) });
    const key = crypto.randomUUID();
    const res = await p.call<Started>("POST", "/alipay", { token: who.token, body: { registrationId: reg.data.id, idempotencyKey: key } });
    expect(res.status).toBe(200);
    expect((await submit(res.data.form)).status).toBe(200);
    return { ...who, registrationId: reg.data.id, key, payment: res.data.payment, form: res.data.form };
  }

  const state = async (id: number) => (await p.db.select().from(payments).where(eq(payments.id, id)))[0];
  const paidRows = (id: number) =>
    p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `payment:${id}`), eq(auditLog.action, "payment.paid")));

  it("returns the gateway and a signed form with our notify and return addresses; a repeat is the same payment", async () => {
    const { token, registrationId, key, payment, form } = await started();
    expect(form.method).toBe("POST");
    expect(form.fields.notify_url).toBe("https://meeting.example/api/alipay/notify");
    expect(form.fields.return_url).toBe(`https://meeting.example/attend/alipay/return?tradeNo=${payment.tradeNo}`);
    expect(JSON.parse(form.fields.biz_content)).toMatchObject({ out_trade_no: payment.tradeNo, total_amount: "800.00" });
    const replay = await p.call<Started>("POST", "/alipay", { token, body: { registrationId, idempotencyKey: key } });
    expect(replay.data.payment.id).toBe(payment.id);
    expect(await p.db.select().from(payments).where(eq(payments.registrationId, registrationId))).toHaveLength(1);
  });

  it("marks paid on a verified notice, answering exactly `success`, and once for repeats", async () => {
    const { payment } = await started();
    const notice = fake.pay(payment.tradeNo);
    const res = await postForm(p, "/alipay/notify", notice);
    expect(res).toMatchObject({ status: 200, text: "success" });
    expect(res.contentType).toContain("text/plain");
    const row = await state(payment.id);
    expect(row).toMatchObject({ state: "paid", gatewayTradeNo: notice.trade_no });
    expect((await postForm(p, "/alipay/notify", notice)).text).toBe("success");
    expect((await state(payment.id)).paidAt).toEqual(row.paidAt);
    expect(await paidRows(payment.id)).toHaveLength(1);
  });

  it("confirms once when notices and the return query race", async () => {
    const { payment } = await started();
    const notice = fake.pay(payment.tradeNo);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => postForm(p, "/alipay/notify", notice)),
      p.call<{ state: string }>("PUT", `/alipay/${payment.tradeNo}`),
      p.call<{ state: string }>("PUT", `/alipay/${payment.tradeNo}`),
    ]);
    expect(results.slice(0, 4).map((r) => ("text" in r ? r.text : ""))).toEqual(["success", "success", "success", "success"]);
    expect((await state(payment.id)).state).toBe("paid");
    expect(await paidRows(payment.id)).toHaveLength(1);
  });

  it("refuses a forged signature with `failure`", async () => {
    const { payment } = await started();
    fake.pay(payment.tradeNo);
    const forged = fake.notice(payment.tradeNo, {}, attacker.privateKey);
    expect((await postForm(p, "/alipay/notify", forged)).text).toBe("failure");
    const tampered = { ...fake.notice(payment.tradeNo), trade_status: "TRADE_SUCCESS", total_amount: "0.01" };
    expect((await postForm(p, "/alipay/notify", tampered)).text).toBe("failure");
    expect((await state(payment.id)).state).toBe("unpaid");
  });

  it("never marks paid for another amount, another app id or an unknown trade, even when Alipay signed it", async () => {
    const { payment } = await started();
    fake.pay(payment.tradeNo);
    expect((await postForm(p, "/alipay/notify", fake.notice(payment.tradeNo, { total_amount: "8.00" }))).text).toBe("failure");
    expect((await postForm(p, "/alipay/notify", fake.notice(payment.tradeNo, { app_id: "2021999999999999" }))).text).toBe("failure");
    expect((await postForm(p, "/alipay/notify", fake.notice(payment.tradeNo, { out_trade_no: "UNKNOWN123" }))).text).toBe("failure");
    expect((await state(payment.id)).state).toBe("unpaid");
    const trail = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `payment:${payment.id}`));
    expect(trail.map((t) => t.action)).toEqual(["payment.mismatch"]);
  });

  it("acknowledges a notice of an unpaid or closed trade without paying", async () => {
    const { payment } = await started();
    expect((await postForm(p, "/alipay/notify", fake.notice(payment.tradeNo, { trade_status: "WAIT_BUYER_PAY" }))).text).toBe("success");
    expect((await postForm(p, "/alipay/notify", fake.notice(payment.tradeNo, { trade_status: "TRADE_CLOSED" }))).text).toBe("success");
    expect((await state(payment.id)).state).toBe("unpaid");
  });

  it("asks Alipay on return: unpaid while the payer hasn't paid, paid once they have (no notice needed)", async () => {
    const { payment } = await started();
    const waiting = await p.call<{ state: string; gatewayStatus: string }>("PUT", `/alipay/${payment.tradeNo}`);
    expect(waiting.data).toMatchObject({ state: "unpaid", gatewayStatus: "WAIT_BUYER_PAY" });
    const trade = fake.trades.get(payment.tradeNo)!;
    trade.status = "TRADE_SUCCESS";
    const paid = await p.call<{ state: string; gatewayTradeNo: string }>("PUT", `/alipay/${payment.tradeNo}`);
    expect(paid.data).toMatchObject({ state: "paid", gatewayTradeNo: trade.tradeNo });
  });

  it("never marks paid on return when Alipay's trade has another amount", async () => {
    const { payment } = await started();
    const trade = fake.trades.get(payment.tradeNo)!;
    trade.status = "TRADE_SUCCESS";
    trade.totalAmount = "0.01";
    const res = await p.call("PUT", `/alipay/${payment.tradeNo}`);
    expect(res.status).toBe(400);
    expect((await state(payment.id)).state).toBe("unpaid");
  });
});
