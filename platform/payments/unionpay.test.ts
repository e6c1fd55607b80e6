import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments } from "../db/schema";
import { type ConferenceSetup, person, postForm, registrationBody, setupConference } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";
import { type FakeUnionPay, startFakeUnionPay } from "./fake-unionpay";
import { unionPayGateway, unionSignContent } from "./unionpay";

const pair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchant = pair();
const unionKeys = pair();
const attacker = pair();

let fake: FakeUnionPay;
beforeAll(async () => {
  fake = await startFakeUnionPay({ merchantPublicKey: merchant.publicKey, unionPrivateKey: unionKeys.privateKey });
});
afterAll(() => fake.close());

const gateway = (overrides: { merId?: string; privateKey?: crypto.KeyObject } = {}) =>
  unionPayGateway({
    merId: overrides.merId ?? fake.merId,
    privateKey: (overrides.privateKey ?? merchant.privateKey).export({ type: "pkcs8", format: "pem" }).toString(),
    certId: "68759663125",
    unionPublicKey: unionKeys.publicKey.export({ type: "spki", format: "pem" }).toString(),
    frontUrl: fake.url,
  });

const orderId = () => `U${Date.now()}${crypto.randomInt(1e6)}`;
const submit = (form: { action: string; fields: Record<string, string> }) =>
  fetch(form.action, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form.fields).toString() });
const formFor = (id: string, amountFen = 80_000, g = gateway()) =>
  g.frontForm({
    tradeNo: id,
    amountFen,
    txnTime: new Date("2026-11-21T08:00:00Z"),
    frontUrl: "https://m.example/attend/union/return",
    backUrl: "https://m.example/api/union/notify",
  });

describe("the UnionPay adapter against the fake", () => {
  it("builds the ACP 5.1.0 front form, signed over the SHA-256 of the sorted fields; the fake verifies it", async () => {
    const id = orderId();
    const form = formFor(id);
    expect(form.action).toBe(fake.url);
    expect(form.fields).toMatchObject({
      version: "5.1.0",
      encoding: "UTF-8",
      signMethod: "01",
      txnType: "01",
      txnSubType: "01",
      bizType: "000201",
      channelType: "07",
      accessType: "0",
      merId: fake.merId,
      orderId: id,
      txnTime: "20261121160000",
      txnAmt: "80000",
      currencyCode: "156",
      certId: "68759663125",
    });
    expect(crypto.verify("sha256", Buffer.from(unionSignContent(form.fields)), merchant.publicKey, Buffer.from(form.fields.signature, "base64"))).toBe(true);
    expect((await submit(form)).status).toBe(200);
    expect(fake.requests.at(-1)?.problem).toBeNull();
  });

  it("is refused by the fake for a changed amount, another merchant or another key", async () => {
    const form = formFor(orderId());
    expect((await submit({ ...form, fields: { ...form.fields, txnAmt: "1" } })).status).toBe(400);
    expect(fake.requests.at(-1)?.problem).toBe("verify signature failed");
    expect((await submit(formFor(orderId(), 100, gateway({ merId: "777000000000000" })))).status).toBe(400);
    expect((await submit(formFor(orderId(), 100, gateway({ privateKey: attacker.privateKey })))).status).toBe(400);
  });

  it("verifies notices signed with UnionPay's key only", async () => {
    const id = orderId();
    await submit(formFor(id));
    const notice = fake.notice(id);
    expect(gateway().verifyNotice(notice)).toBe(true);
    expect(gateway().verifyNotice({ ...notice, txnAmt: "1" })).toBe(false);
    expect(gateway().verifyNotice(fake.notice(id, {}, attacker.privateKey))).toBe(false);
    expect(gateway().verifyNotice({ ...notice, signMethod: "02" })).toBe(false);
  });
});

describe("UnionPay through the platform", () => {
  let p: TestPlatform;
  let s: ConferenceSetup;
  type Started = { payment: { id: number; tradeNo: string }; form: { action: string; fields: Record<string, string> } };

  beforeAll(async () => {
    p = await testPlatform({ payments: { paypal: null, alipay: null, union: gateway(), publicUrl: "https://meeting.example" } });
    s = await setupConference(p, { paymentMethods: ["transfer", "union"] });
  });
  afterAll(() => p.close());

  async function started() {
    const who = await person(p);
    const reg = await p.call<{ id: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(s) });
    const key = crypto.randomUUID();
    const res = await p.call<Started>("POST", `/union/${s.conference.id}`, { token: who.token, body: { registrationId: reg.data.id, idempotencyKey: key } });
    expect(res.status).toBe(200);
    expect((await submit(res.data.form)).status).toBe(200);
    return { ...who, registrationId: reg.data.id, key, ...res.data };
  }

  const state = async (id: number) => (await p.db.select().from(payments).where(eq(payments.id, id)))[0];
  const paidRows = (id: number) =>
    p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `payment:${id}`), eq(auditLog.action, "payment.paid")));

  it("returns the signed form with our back and front addresses; a repeat is the same payment and the same order", async () => {
    const { token, registrationId, key, payment, form } = await started();
    expect(form.fields).toMatchObject({
      orderId: payment.tradeNo,
      txnAmt: "80000",
      backUrl: "https://meeting.example/api/union/notify",
      frontUrl: "https://meeting.example/attend/union/return",
    });
    const replay = await p.call<Started>("POST", `/union/${s.conference.id}`, { token, body: { registrationId, idempotencyKey: key } });
    expect(replay.data.payment.id).toBe(payment.id);
    expect(replay.data.form.fields.txnTime).toBe(form.fields.txnTime);
    expect((await submit(replay.data.form)).status).toBe(200);
  });

  it("checks the conference in the path", async () => {
    const who = await person(p);
    const reg = await p.call<{ id: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(s) });
    expect((await p.call("POST", `/union/${s.conference.id + 1000}`, { token: who.token, body: { registrationId: reg.data.id } })).status).toBe(404);
  });

  it("marks paid on a verified back notice, answering 200 ok, once for repeats and concurrent notices", async () => {
    const { payment } = await started();
    const notice = fake.notice(payment.tradeNo);
    const results = await Promise.all(Array.from({ length: 5 }, () => postForm(p, "/union/notify", notice)));
    expect(results.map((r) => [r.status, r.text])).toEqual(Array.from({ length: 5 }, () => [200, "ok"]));
    expect(await state(payment.id)).toMatchObject({ state: "paid", gatewayTradeNo: notice.queryId });
    expect((await postForm(p, "/union/notify", notice)).text).toBe("ok");
    expect(await paidRows(payment.id)).toHaveLength(1);
  });

  it("confirms once when the front return and the back notice race", async () => {
    const { payment } = await started();
    const notice = fake.notice(payment.tradeNo);
    await Promise.all([postForm(p, "/union/notify", notice), postForm(p, `/union/${payment.tradeNo}`, notice, "PUT")]);
    expect((await state(payment.id)).state).toBe("paid");
    expect(await paidRows(payment.id)).toHaveLength(1);
  });

  it("refuses a forged signature, another amount, another merchant or an unknown order", async () => {
    const { payment } = await started();
    const cases = [
      fake.notice(payment.tradeNo, {}, attacker.privateKey),
      { ...fake.notice(payment.tradeNo), txnAmt: "1" },
      fake.notice(payment.tradeNo, { txnAmt: "1" }),
      fake.notice(payment.tradeNo, { merId: "777000000000000" }),
      fake.notice(payment.tradeNo, { orderId: "UNKNOWN12345" }),
      fake.notice(payment.tradeNo, { currencyCode: "840" }),
    ];
    for (const notice of cases) expect(await postForm(p, "/union/notify", notice)).toMatchObject({ status: 400, text: "fail" });
    expect((await state(payment.id)).state).toBe("unpaid");
  });

  it("acknowledges a failed payment's notice without paying", async () => {
    const { payment } = await started();
    expect((await postForm(p, "/union/notify", fake.notice(payment.tradeNo, { respCode: "05", respMsg: "失败" }))).text).toBe("ok");
    expect((await state(payment.id)).state).toBe("unpaid");
  });

  it("marks paid from the front return's signed fields, refusing them for another order", async () => {
    const { payment } = await started();
    const notice = fake.notice(payment.tradeNo);
    const other = await started();
    const wrong = await p.call("PUT", `/union/${other.payment.tradeNo}`, { body: notice });
    expect(wrong.status).toBe(404);
    const res = await p.call<{ state: string }>("PUT", `/union/${payment.tradeNo}`, { body: notice });
    expect(res.data.state).toBe("paid");
  });
});
