import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments } from "../db/schema";
import { type ConferenceSetup, person, postForm, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";
import { alipayGateway } from "./alipay";
import { type FakeAlipay, startFakeAlipay } from "./fake-alipay";
import { type FakePayPal, startFakePayPal } from "./fake-paypal";
import { type FakeUnionPay, startFakeUnionPay } from "./fake-unionpay";
import { paypalGateway } from "./paypal";
import { unionPayGateway } from "./unionpay";

/**
 * One open online intent per registration (issue 13 item 15, decision 031): a new payment
 * closes the open one at its gateway, whose fake checks the request it receives; a notice
 * that still arrives paid for a replaced intent is recorded and flagged for refund.
 */
const pair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = pair();
const alipayKeys = pair();
const unionKeys = pair();
const pem = (key: crypto.KeyObject) => key.export({ type: key.type === "private" ? "pkcs8" : "spki", format: "pem" }).toString();

let alipay: FakeAlipay;
let union: FakeUnionPay;
let paypal: FakePayPal;
let p: TestPlatform;
let s: ConferenceSetup;
beforeAll(async () => {
  alipay = await startFakeAlipay({ merchantPublicKey: merchant.publicKey, alipayPrivateKey: alipayKeys.privateKey });
  union = await startFakeUnionPay({ merchantPublicKey: merchant.publicKey, unionPrivateKey: unionKeys.privateKey });
  paypal = await startFakePayPal();
  p = await testPlatform({
    payments: {
      alipay: alipayGateway({ appId: alipay.appId, privateKey: pem(merchant.privateKey), alipayPublicKey: pem(alipayKeys.publicKey), gateway: alipay.url }),
      union: unionPayGateway({
        merId: union.merId,
        privateKey: pem(merchant.privateKey),
        certId: "68759663125",
        unionPublicKey: pem(unionKeys.publicKey),
        frontUrl: union.url,
      }),
      paypal: paypalGateway({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiUrl: paypal.url }),
      publicUrl: "https://meeting.example",
    },
  });
  s = await setupConference(p, { paymentMethods: ["transfer", "alipay", "union", "paypal"] });
});
afterAll(async () => {
  await p.close();
  await Promise.all([alipay.close(), union.close(), paypal.close()]);
});

type Intent = { payment: { id: number; tradeNo: string; state: string }; form?: { action: string; fields: Record<string, string> }; orderId?: string };
const submit = (form: { action: string; fields: Record<string, string> }) =>
  fetch(form.action, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form.fields).toString() });

async function registered() {
  const who = await person(p);
  const reg = await p.call<{ id: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(s) });
  return { ...who, registrationId: reg.data.id };
}
const start = (who: { token: string; registrationId: number }, method: "alipay" | "union" | "paypal", idempotencyKey: string = crypto.randomUUID()) =>
  p.call<Intent>("POST", method === "union" ? `/union/${s.conference.id}` : `/${method}`, {
    token: who.token,
    body: { registrationId: who.registrationId, idempotencyKey },
  });
const rows = (registrationId: number) => p.db.select().from(payments).where(eq(payments.registrationId, registrationId)).orderBy(payments.id);
const open = async (registrationId: number) => (await rows(registrationId)).filter((row) => row.state === "unpaid");

describe("a second intent", () => {
  it("closes the open Alipay trade with a signed alipay.trade.close; the fake checks it, and the old cashier can't be paid", async () => {
    const who = await registered();
    const first = await start(who, "alipay");
    expect((await submit(first.data.form!)).status).toBe(200);
    const second = await start(who, "alipay");
    expect(second.status).toBe(200);
    const close = alipay.requests.find(
      (r) => r.method === "alipay.trade.close" && JSON.parse(r.params.biz_content).out_trade_no === first.data.payment.tradeNo,
    );
    expect(close).toMatchObject({ verified: true, problem: null, params: { app_id: alipay.appId, sign_type: "RSA2", charset: "utf-8", version: "1.0" } });
    expect(alipay.trades.get(first.data.payment.tradeNo)?.status).toBe("TRADE_CLOSED");
    // The payer's old tab: Alipay refuses to take the money.
    const oldTab = await fetch(new URL("/cashier/pay", alipay.url), {
      method: "POST",
      body: new URLSearchParams({ out_trade_no: first.data.payment.tradeNo }),
    });
    expect(oldTab.status).toBe(400);
    const list = await rows(who.registrationId);
    expect(list.map((row) => row.state)).toEqual(["cancelled", "unpaid"]);
    expect(await open(who.registrationId)).toHaveLength(1);
  });

  it("across methods: a UnionPay intent after an Alipay one closes the Alipay trade; a PayPal one after UnionPay queries UnionPay", async () => {
    const who = await registered();
    const ali = await start(who, "alipay");
    await submit(ali.data.form!);
    const up = await start(who, "union");
    expect(up.status).toBe(200);
    expect(alipay.trades.get(ali.data.payment.tradeNo)?.status).toBe("TRADE_CLOSED");
    await submit(up.data.form!);
    const before = union.requests.length;
    const pp = await start(who, "paypal");
    expect(pp.status).toBe(200);
    // UnionPay has no close for an unpaid consumption: its signed status query tells it was never paid.
    const query = union.requests.slice(before).find((r) => r.path === "/gateway/api/queryTrans.do");
    expect(query).toMatchObject({
      problem: null,
      params: { txnType: "00", txnSubType: "00", bizType: "000000", orderId: up.data.payment.tradeNo, merId: union.merId },
    });
    expect((await rows(who.registrationId)).map((row) => [row.method, row.state])).toEqual([
      ["alipay", "cancelled"],
      ["union", "cancelled"],
      ["paypal", "unpaid"],
    ]);
  });

  it("a transfer proof closes the open intent too", async () => {
    const who = await registered();
    const ali = await start(who, "alipay");
    await submit(ali.data.form!);
    const proofKey = await uploadProof(p, who.token);
    const sent = await p.call<{ state: string }>("POST", "/payment", {
      token: who.token,
      body: { registrationId: who.registrationId, method: "transfer", proofKey },
    });
    expect(sent.data.state).toBe("pending_audit");
    expect(alipay.trades.get(ali.data.payment.tradeNo)?.status).toBe("TRADE_CLOSED");
    expect(await open(who.registrationId)).toHaveLength(0);
  });

  it("finds the old trade paid when Alipay can't close it: that payment counts and the new one is refused", async () => {
    const who = await registered();
    const ali = await start(who, "alipay");
    await submit(ali.data.form!);
    alipay.trades.get(ali.data.payment.tradeNo)!.status = "TRADE_SUCCESS"; // paid; its notice is still on its way
    const second = await start(who, "union");
    expect(second.status).toBe(400);
    expect(second.message).toBe("已缴费，无需重复缴费");
    expect((await rows(who.registrationId)).map((row) => row.state)).toEqual(["paid"]);
  });

  it("a repeat of the first request (same key) is the same intent and closes nothing; once replaced, its page is stale", async () => {
    const who = await registered();
    const key = crypto.randomUUID();
    const first = await start(who, "alipay", key);
    const closes = alipay.requests.filter((r) => r.method === "alipay.trade.close").length;
    const again = await start(who, "alipay", key);
    expect(again.data.payment.id).toBe(first.data.payment.id);
    expect(alipay.requests.filter((r) => r.method === "alipay.trade.close").length).toBe(closes);
    await start(who, "union");
    const stale = await start(who, "alipay", key);
    expect(stale.status).toBe(400);
    expect(stale.message).toBe("该付款已被新的付款取代，请刷新页面后重新付款");
  });

  it("can't be used to close someone else's intent", async () => {
    const victim = await registered();
    const ali = await start(victim, "alipay");
    await submit(ali.data.form!);
    const attacker = await person(p);
    const res = await start({ token: attacker.token, registrationId: victim.registrationId }, "union");
    expect(res.status).toBe(404);
    expect(alipay.trades.get(ali.data.payment.tradeNo)?.status).toBe("WAIT_BUYER_PAY");
    expect(await open(victim.registrationId)).toHaveLength(1);
  });

  it("is never captured on PayPal once replaced: the payer who approved the old order is not charged", async () => {
    const who = await registered();
    const pp = await start(who, "paypal");
    paypal.approve(pp.data.orderId!);
    await start(who, "alipay");
    const back = await p.call<{ state: string }>("PUT", `/paypal/${pp.data.payment.tradeNo}`);
    expect(back.data.state).toBe("cancelled");
    expect(paypal.requests.some((r) => r.path.endsWith(`/${pp.data.orderId}/capture`))).toBe(false);
  });
});

describe("a paid notice for a replaced intent (race)", () => {
  const trail = (paymentId: number) =>
    p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `payment:${paymentId}`));

  it("is recorded paid and flagged for refund when the newer payment was paid too", async () => {
    const who = await registered();
    const old = await start(who, "union");
    await submit(old.data.form!);
    const fresh = await start(who, "alipay");
    await submit(fresh.data.form!);
    const notice = alipay.pay(fresh.data.payment.tradeNo);
    expect((await postForm(p, "/alipay/notify", notice)).text).toBe("success");
    // The payer had paid the replaced UnionPay order in an old tab; its notice comes late.
    const late = union.pay(old.data.payment.tradeNo);
    const answer = await postForm(p, "/union/notify", late);
    expect(answer).toMatchObject({ status: 200, text: "ok" });
    const [row] = await p.db.select().from(payments).where(eq(payments.id, old.data.payment.id));
    expect(row).toMatchObject({ state: "paid", gatewayTradeNo: late.queryId });
    expect(row.details.refundDue).toBe("duplicate");
    const actions = (await trail(row.id)).map((r) => [r.action, r.detail]);
    expect(actions).toContainEqual(["payment.paid", expect.objectContaining({ late: true, source: "union-notice" })]);
    expect(actions).toContainEqual(["payment.refund_due", expect.objectContaining({ reason: "duplicate" })]);
    // A repeat of the notice changes nothing.
    await postForm(p, "/union/notify", late);
    expect((await trail(row.id)).filter((r) => r.action === "payment.refund_due")).toHaveLength(1);
    // The organiser's payment list says which one to give back.
    const listed = await p.call<{ list: Array<{ id: number; state: string; refundDue: string | null }> }>(
      "GET",
      `/payment/manage/${s.conference.id}?pageSize=100`,
      { token: s.organiser.token },
    );
    expect(listed.data.list.find((r) => r.id === row.id)).toMatchObject({ state: "paid", refundDue: "duplicate" });
    expect(listed.data.list.find((r) => r.id === fresh.data.payment.id)).toMatchObject({ state: "paid", refundDue: null });
  });

  it("pays the registration when the newer intent was never paid, and cancels that one", async () => {
    const who = await registered();
    const old = await start(who, "alipay");
    await submit(old.data.form!);
    const fresh = await start(who, "union");
    // Alipay closed the trade, but its notice of a payment made a moment before still arrives.
    const late = alipay.notice(old.data.payment.tradeNo, { trade_status: "TRADE_SUCCESS" });
    expect((await postForm(p, "/alipay/notify", late)).text).toBe("success");
    const list = await rows(who.registrationId);
    expect(list.map((row) => [row.id, row.state, row.details.refundDue ?? null])).toEqual([
      [old.data.payment.id, "paid", null],
      [fresh.data.payment.id, "cancelled", null],
    ]);
    const mine = await p.call<{ list: Array<{ id: number; paymentState: string }> }>("GET", "/my-user", { token: who.token });
    expect(mine.data.list.find((r) => r.id === who.registrationId)?.paymentState).toBe("paid");
    // Forged late notices still get nothing.
    const forged = { ...late, total_amount: "0.01" };
    expect((await postForm(p, "/alipay/notify", forged)).text).toBe("failure");
  });
});

describe("the database", () => {
  it("refuses a second open intent for one registration even when written directly", async () => {
    const who = await registered();
    await start(who, "alipay");
    const [first] = await open(who.registrationId);
    const { id: _id, tradeNo: _t, idempotencyKey: _k, ...copy } = first;
    await expect(p.db.insert(payments).values({ ...copy, tradeNo: `X${Date.now()}`, idempotencyKey: null })).rejects.toThrow();
    expect(await open(who.registrationId)).toHaveLength(1);
    expect(
      await p.db
        .select()
        .from(payments)
        .where(and(eq(payments.registrationId, who.registrationId), eq(payments.state, "unpaid"))),
    ).toHaveLength(1);
  });
});
