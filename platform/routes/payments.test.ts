import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons, payments, registrations } from "../db/schema";
import { type ConferenceSetup, person, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let s: ConferenceSetup;
let moderated: ConferenceSetup;
beforeAll(async () => {
  p = await testPlatform();
  s = await setupConference(p);
  moderated = await setupConference(p, { moderation: true });
});
afterAll(() => p.close());

type Payment = {
  id: number;
  state: string;
  amountFen: number;
  method: string;
  registrationId: number;
  proofKey: string | null;
  remark: string | null;
  tradeNo: string;
};
type Invoice = { id: number; state: string; amountFen: number; title: string; taxId: string; email: string; paymentId: number };

/** A registered attendee with a proof uploaded. */
async function registered(setup = s) {
  const who = await person(p);
  const reg = await p.call<{ id: number; feeFen: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(setup) });
  const proofKey = await uploadProof(p, who.token);
  return { ...who, registrationId: reg.data.id, feeFen: reg.data.feeFen, proofKey };
}

const pay = (who: { token: string; registrationId: number; proofKey: string }, extra: Record<string, unknown> = {}) =>
  p.call<Payment>("POST", "/payment", { token: who.token, body: { registrationId: who.registrationId, method: "transfer", proofKey: who.proofKey, ...extra } });

const approve = (id: number, remark?: string) => p.call<Payment>("PATCH", `/payment/${id}`, { token: s.organiser.token, body: { state: "paid", remark } });

describe("the payee", () => {
  it("shows the conference's bank account for transfers", async () => {
    const res = await p.call<{ accountName: string; bankName: string; accountNo: string }>("GET", `/payee/${s.conference.id}`);
    expect(res.data).toMatchObject({ accountName: "测试大学", bankName: "中国银行杭州分行", accountNo: "6217000000000000" });
  });

  it("is set by organisers only", async () => {
    const body = { accountName: "会务组", bankName: "工商银行", accountNo: "6222 0000 1111 2222" };
    const outsider = await person(p);
    expect((await p.call("POST", `/payee/${s.conference.id}`, { token: outsider.token, body })).status).toBe(403);
    const res = await p.call<{ accountNo: string }>("POST", `/payee/${s.conference.id}`, { token: s.organiser.token, body });
    expect(res.data.accountNo).toBe("6222000011112222");
    await p.call("POST", `/payee/${s.conference.id}`, {
      token: s.organiser.token,
      body: { accountName: "测试大学", bankName: "中国银行杭州分行", accountNo: "6217000000000000" },
    });
  });
});

describe("bank transfer", () => {
  it("waits for audit with the payer's proof; the amount is the fee, whatever is sent", async () => {
    const who = await registered();
    const res = await pay(who, { amountFen: 1, state: "paid", amount: 1 });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ state: "pending_audit", amountFen: 80_000, method: "transfer", proofKey: who.proofKey });
    const mine = await p.call<{ list: Array<{ paymentState: string; needsPayment: boolean }> }>("GET", "/my-user", { token: who.token });
    expect(mine.data.list[0]).toMatchObject({ paymentState: "pending_audit", needsPayment: false });
  });

  it("makes one payment for a repeated request with the same key", async () => {
    const who = await registered();
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([pay(who, { idempotencyKey: key }), pay(who, { idempotencyKey: key })]);
    const c = await pay(who, { idempotencyKey: key });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.data.id, b.data.id, c.data.id]).size).toBe(1);
    expect(await p.db.select().from(payments).where(eq(payments.registrationId, who.registrationId))).toHaveLength(1);
    // A new key while one waits for audit is refused, not a second payment.
    const another = await pay(who, { idempotencyKey: crypto.randomUUID() });
    expect(another.status).toBe(400);
    expect(another.message).toBe("已有缴费正在审核中");
  });

  it("needs a proof the payer uploaded, and a registration of theirs", async () => {
    const who = await registered();
    const other = await registered();
    expect((await pay(who, { proofKey: other.proofKey })).message).toBe("转账凭证无效，请重新上传");
    expect((await pay(who, { proofKey: "u/none.png" })).status).toBe(400);
    expect((await pay({ ...who, registrationId: other.registrationId })).status).toBe(404);
    expect((await pay(who, { method: "cash" })).status).toBe(400);
  });

  it("refuses a method the conference doesn't enable", async () => {
    const who = await registered();
    const res = await p.call("POST", "/paypal", { token: who.token, body: { registrationId: who.registrationId } });
    expect(res.status).toBe(400);
    expect(res.message).toBe("本会议暂不支持该缴费方式");
  });

  it("is audited by the organiser only, once, and written to the audit trail", async () => {
    const who = await registered();
    const payment = await pay(who);
    expect((await p.call("PATCH", `/payment/${payment.data.id}`, { token: who.token, body: { state: "paid" } })).status).toBe(403);
    const approved = await approve(payment.data.id, "已到账");
    expect(approved.data).toMatchObject({ state: "paid", remark: "已到账" });
    const twice = await approve(payment.data.id);
    expect(twice.status).toBe(400);
    expect(twice.message).toBe("该缴费不在待审核状态");
    const trail = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `payment:${payment.data.id}`));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: "payment.audit", accountId: s.organiser.id, conferenceId: s.conference.id });
    expect(trail[0].detail).toMatchObject({ state: "paid", remark: "已到账" });
    const mine = await p.call<{ list: Array<{ paymentState: string }> }>("GET", "/my-user", { token: who.token });
    expect(mine.data.list[0].paymentState).toBe("paid");
    // Paid: no second payment.
    expect((await pay(who, { idempotencyKey: crypto.randomUUID() })).message).toBe("已缴费，无需重复缴费");
  });

  it("a refusal needs a remark; the payer then sends a new proof", async () => {
    const who = await registered();
    const payment = await pay(who);
    const bare = await p.call<{ fields: Record<string, string> }>("PATCH", `/payment/${payment.data.id}`, {
      token: s.organiser.token,
      body: { state: "rejected" },
    });
    expect(bare.data.fields.remark).toEqual({ key: "payment.validation.remarkRequired" });
    const rejected = await p.call<Payment>("PATCH", `/payment/${payment.data.id}`, {
      token: s.organiser.token,
      body: { state: "rejected", remark: "凭证模糊" },
    });
    expect(rejected.data).toMatchObject({ state: "rejected", remark: "凭证模糊" });
    const newProof = await uploadProof(p, who.token);
    const again = await p.call<Payment>("PUT", `/payment/${payment.data.id}`, { token: who.token, body: { proofKey: newProof } });
    expect(again.data).toMatchObject({ state: "pending_audit", proofKey: newProof, remark: null });
    const trail = await p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `payment:${payment.data.id}`), eq(auditLog.action, "payment.audit")));
    expect(trail.map((row) => row.detail.state)).toEqual(["rejected"]);
  });

  it("confirms a pending registration when paid only if the conference doesn't moderate", async () => {
    const who = await registered(moderated);
    const payment = await pay(who);
    await p.call("PATCH", `/payment/${payment.data.id}`, { token: moderated.organiser.token, body: { state: "paid" } });
    const [row] = await p.db.select().from(registrations).where(eq(registrations.id, who.registrationId));
    expect(row.state).toBe("pending");
  });

  it("hides another attendee's payment", async () => {
    const who = await registered();
    const payment = await pay(who);
    const stranger = await person(p);
    expect((await p.call("GET", `/payment/${payment.data.id}`, { token: stranger.token })).status).toBe(404);
    expect((await p.call("PUT", `/payment/${payment.data.id}`, { token: stranger.token, body: { proofKey: who.proofKey } })).status).toBe(404);
    expect((await p.call<{ total: number }>("GET", "/payment", { token: stranger.token })).data.total).toBe(0);
    expect((await p.call("GET", `/invoice?paymentId=${payment.data.id}`, { token: stranger.token })).status).toBe(404);
    expect((await p.call<{ total: number }>("GET", "/payment", { token: who.token })).data.total).toBe(1);
  });

  it("serves the proof file to the payer and the organisers, 404 to anyone else", async () => {
    const who = await registered();
    const payment = await pay(who);
    const get = (token?: string) =>
      p.app.fetch(new Request(`http://platform.test/api/payment/${payment.data.id}/proof`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
    const own = await get(who.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect((await get(s.organiser.token)).status).toBe(200);
    const stranger = await person(p);
    expect((await get(stranger.token)).status).toBe(404);
    expect((await get()).status).toBe(401);
  });

  it("lists a conference's payments for its organisers", async () => {
    const outsider = await person(p);
    expect((await p.call("GET", `/payment?manage=1&conferenceId=${s.conference.id}`, { token: outsider.token })).status).toBe(403);
    const list = await p.call<{ total: number; list: Payment[] }>("GET", `/payment?manage=1&conferenceId=${s.conference.id}&state=pending_audit`, {
      token: s.organiser.token,
    });
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.list.every((row) => row.state === "pending_audit")).toBe(true);
  });

  it("has nothing to pay for a free registration", async () => {
    const who = await person(p);
    await p.db.insert(coupons).values({ conferenceId: s.conference.id, code: "FREE", kind: "percent", value: 100 });
    const reg = await p.call<{ id: number; paymentState: string | null; needsPayment: boolean }>("POST", "/conference/user", {
      token: who.token,
      body: registrationBody(s, { couponCode: "FREE" }),
    });
    expect(reg.data).toMatchObject({ paymentState: null, needsPayment: false });
    const proofKey = await uploadProof(p, who.token);
    expect((await pay({ token: who.token, registrationId: reg.data.id, proofKey })).message).toBe("无需缴费");
  });
});

describe("invoices", () => {
  async function paid() {
    const who = await registered();
    const payment = await pay(who);
    await approve(payment.data.id);
    return { ...who, paymentId: payment.data.id };
  }

  it("are requested for a paid payment of mine, for the paid amount", async () => {
    const who = await paid();
    const res = await p.call<Invoice>("POST", "/payment", {
      token: who.token,
      body: { type: "invoice", paymentId: who.paymentId, title: "浙江大学", taxId: "12330000470003281x", email: "fin@example.com", amount: 1, amountFen: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ state: "requested", amountFen: 80_000, taxId: "12330000470003281X" });
    const state = await p.call<Invoice>("GET", `/invoice?paymentId=${who.paymentId}`, { token: who.token });
    expect(state.data.state).toBe("requested");
    const mine = await p.call<{ list: Array<{ invoiceState: string | null }> }>("GET", "/my-user", { token: who.token });
    expect(mine.data.list[0].invoiceState).toBe("requested");
  });

  it("are refused for an unpaid payment and for someone else's", async () => {
    const who = await registered();
    const pending = await pay(who);
    const body = { type: "invoice", paymentId: pending.data.id, title: "个人", email: "me@example.com" };
    expect((await p.call("POST", "/payment", { token: who.token, body })).message).toBe("缴费完成后才能申请发票");
    const other = await paid();
    expect((await p.call("POST", "/payment", { token: who.token, body: { ...body, paymentId: other.paymentId } })).status).toBe(404);
  });

  it("answer a resubmitted request with the same invoice, and refuse a different second one", async () => {
    const who = await paid();
    const body = { type: "invoice", paymentId: who.paymentId, title: "个人", email: "me@example.com" };
    const first = await p.call<Invoice>("POST", "/payment", { token: who.token, body });
    const again = await p.call<Invoice>("POST", "/payment", { token: who.token, body });
    expect(again.data.id).toBe(first.data.id);
    const different = await p.call("POST", "/payment", { token: who.token, body: { ...body, title: "公司" } });
    expect(different.status).toBe(400);
  });

  it("are edited while requested, not once issued; only by their owner", async () => {
    const who = await paid();
    const created = await p.call<Invoice>("POST", "/payment", {
      token: who.token,
      body: { type: "invoice", paymentId: who.paymentId, title: "浙江大学", taxId: "12330000470003281X", email: "a@example.com" },
    });
    const stranger = await person(p);
    const edit = { type: "invoice", id: created.data.id, title: "浙江大学计算机学院", taxId: "91330000MA27XXXX1A", email: "b@example.com" };
    expect((await p.call("PUT", "/payment", { token: stranger.token, body: edit })).status).toBe(404);
    const edited = await p.call<Invoice>("PUT", "/payment", { token: who.token, body: edit });
    expect(edited.data).toMatchObject({ title: "浙江大学计算机学院", email: "b@example.com", state: "requested" });
    const bad = await p.call<{ fields: Record<string, string> }>("PUT", "/payment", { token: who.token, body: { ...edit, taxId: "123" } });
    expect(bad.data.fields.taxId).toEqual({ key: "payment.validation.taxIdInvalid" });

    // An invoice file must be the organiser's own upload: the attendee will be able to download it.
    const someoneElses = await uploadProof(p, stranger.token);
    const smuggled = await p.call("PATCH", `/payment/invoice/${created.data.id}`, {
      token: s.organiser.token,
      body: { state: "issued", fileKey: someoneElses },
    });
    expect(smuggled.status).toBe(400);
    expect(smuggled.message).toBe("发票文件无效，请重新上传");
    const invoiceFile = await uploadProof(p, s.organiser.token);
    const issued = await p.call<Invoice & { fileKey: string }>("PATCH", `/payment/invoice/${created.data.id}`, {
      token: s.organiser.token,
      body: { state: "issued", fileKey: invoiceFile },
    });
    expect(issued.data.state).toBe("issued");
    expect(issued.data.fileKey).toBe(invoiceFile);
    expect((await p.call("PUT", "/payment", { token: who.token, body: edit })).message).toBe("发票已处理，不能再修改");
    expect((await p.call<Invoice>("GET", `/invoice?paymentId=${who.paymentId}`, { token: who.token })).data.state).toBe("issued");
  });

  it("remember titles and tax ids per account for look-up", async () => {
    const who = await paid();
    await p.call("POST", "/payment", {
      token: who.token,
      body: { type: "invoice", paymentId: who.paymentId, title: "某某科技有限公司", taxId: "91110000600037341L", email: "a@example.com" },
    });
    const saved = await p.call<Array<{ title: string; taxId: string }>>("GET", "/invoice?taxIds=1", { token: who.token });
    expect(saved.data).toEqual([expect.objectContaining({ title: "某某科技有限公司", taxId: "91110000600037341L" })]);
    expect((await p.call<unknown[]>("GET", "/invoice/tax-ids", { token: who.token })).data).toHaveLength(1);
    const stranger = await person(p);
    expect((await p.call<unknown[]>("GET", "/invoice?taxIds=1", { token: stranger.token })).data).toEqual([]);
  });
});

describe("refunds", () => {
  it("turn a paid payment refunded (organisers), with a trail", async () => {
    const who = await registered();
    const payment = await pay(who);
    await approve(payment.data.id);
    const refunded = await p.call<Payment>("PATCH", `/payment/status/${payment.data.id}`, {
      token: s.organiser.token,
      body: { state: "refunded", remark: "退会" },
    });
    expect(refunded.data.state).toBe("refunded");
    const trail = await p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `payment:${payment.data.id}`), eq(auditLog.action, "payment.refund")));
    expect(trail).toHaveLength(1);
    // A refused change leaves no trail: the audit row is written in the change's transaction.
    const again = await p.call("PATCH", `/payment/status/${payment.data.id}`, { token: s.organiser.token, body: { state: "refunded", remark: "再退" } });
    expect(again.status).toBe(400);
    expect(
      await p.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `payment:${payment.data.id}`), eq(auditLog.action, "payment.refund"))),
    ).toHaveLength(1);
  });
});
