import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, authTokens, conferences, coupons, payments, registrations } from "../db/schema";
import { sha256 } from "../services/identity";
import { ANSWERS, type ConferenceSetup, person, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { mintTicket } from "../services/sign-in-guard";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let open: ConferenceSetup; // no moderation: registrations are confirmed at once
let moderated: ConferenceSetup;

beforeAll(async () => {
  p = await testPlatform();
  open = await setupConference(p);
  moderated = await setupConference(p, { moderation: true });
});
afterAll(() => p.close());

type Reg = {
  id: number;
  state: string;
  feeFen: number;
  ticketCode: string;
  answers: Record<string, unknown>;
  accountId: number | null;
  paymentState: string | null;
  needsPayment: boolean;
  invoiceState: string | null;
  identity: { nameZh: string } | null;
  conference: { nameZh: string } | null;
};

describe("registering", () => {
  it("registers the signed-in account with the fee the platform computes, confirmed when there is no moderation", async () => {
    const me = await person(p);
    const res = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(open) });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ state: "confirmed", feeFen: 80_000, accountId: me.id, paymentState: "unpaid", needsPayment: true, invoiceState: null });
    expect(res.data.ticketCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(res.data.identity?.nameZh).toBe("学生");
    const [row] = await p.db.select().from(registrations).where(eq(registrations.id, res.data.id));
    expect(row.mobile).toBe(me.mobile);
  });

  it("leaves it pending when the conference moderates", async () => {
    const me = await person(p);
    const res = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(moderated, { identityId: moderated.regular.id }) });
    expect(res.data).toMatchObject({ state: "pending", feeFen: 200_000 });
  });

  it("ignores fields the form doesn't have (state, fee, paid …)", async () => {
    const me = await person(p);
    const res = await p.call<Reg>("POST", "/conference/user", {
      token: me.token,
      body: registrationBody(moderated, {
        state: "confirmed",
        status: 1,
        feeFen: 1,
        price: 0,
        paid: true,
        accountId: 1,
        ticketCode: "AAAAAAAAAA",
        couponId: 5,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ state: "pending", feeFen: 80_000, accountId: me.id });
    expect(res.data.ticketCode).not.toBe("AAAAAAAAAA");
  });

  it("needs a signed-in account", async () => {
    const res = await p.call("POST", "/conference/user", { body: registrationBody(open) });
    expect(res.status).toBe(401);
  });

  it("answers a repeat with the same idempotency key with the first registration, sequential or concurrent", async () => {
    const me = await person(p);
    const body = registrationBody(open);
    const first = await p.call<Reg>("POST", "/conference/user", { token: me.token, body });
    const again = await p.call<Reg>("POST", "/conference/user", { token: me.token, body });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");

    const other = await person(p);
    const twinBody = registrationBody(open);
    const twins = await Promise.all([1, 2, 3].map(() => p.call<Reg>("POST", "/conference/user", { token: other.token, body: twinBody })));
    expect(twins.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(twins.map((r) => r.data.id)).size).toBe(1);
    const rows = await p.db.select().from(registrations).where(eq(registrations.accountId, other.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses someone else's idempotency key and a second registration without one", async () => {
    const me = await person(p);
    const body = registrationBody(open);
    expect((await p.call("POST", "/conference/user", { token: me.token, body })).status).toBe(200);
    const thief = await person(p);
    expect((await p.call("POST", "/conference/user", { token: thief.token, body })).status).toBe(409);
    const second = await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(open), lang: "en" });
    expect(second.status).toBe(400);
    expect(second.message).toBe("You have already registered for this conference");
  });

  it("requires a field only while its condition shows it, and drops hidden and unknown answers", async () => {
    const me = await person(p);
    const missing = await p.call<{ fields: Record<string, string> }>("POST", "/conference/user", {
      token: me.token,
      body: registrationBody(open, { answers: { department: "数学系", presenting: "yes" } }),
    });
    expect(missing.status).toBe(400);
    expect(missing.data.fields).toEqual({ "answers.talkTitle": { key: "registration.validation.fieldRequired" } });

    const res = await p.call<Reg>("POST", "/conference/user", {
      token: me.token,
      body: registrationBody(open, { answers: { department: "数学系", presenting: "no", talkTitle: "不该保存", extra: "x", dietary: ["halal"] } }),
    });
    expect(res.status).toBe(200);
    expect(res.data.answers).toEqual({ department: "数学系", presenting: "no", dietary: ["halal"] });
  });

  it("refuses an option that isn't the field's and a required field left empty", async () => {
    const me = await person(p);
    const res = await p.call<{ fields: Record<string, string> }>("POST", "/conference/user", {
      token: me.token,
      lang: "en",
      body: registrationBody(open, { answers: { department: "  ", presenting: "maybe" } }),
    });
    expect(res.status).toBe(400);
    expect(res.data.fields).toEqual({
      "answers.department": { key: "registration.validation.fieldRequired" },
      "answers.presenting": { key: "registration.validation.optionInvalid" },
    });
    expect(res.messages).toEqual(["Answer this question", "Please choose one of the options"]);
  });

  it("refuses an identity of another conference and an unpublished conference", async () => {
    const me = await person(p);
    const res = await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(open, { identityId: moderated.student.id }) });
    expect(res.status).toBe(400);
    expect(res.message).toBe("该参会身份不属于本会议");
    const hidden = await setupConference(p);
    await p.db.update(conferences).set({ isPublish: false }).where(eq(conferences.id, hidden.conference.id));
    expect((await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(hidden) })).status).toBe(404);
  });
});

describe("the check calls", () => {
  it("say whether a mobile or an e-mail is registered for the conference", async () => {
    const me = await person(p);
    await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(open, { email: "Chen@Example.com" }) });
    const asker = await person(p);
    // From the conference's own registration page: its check ticket for this account.
    const check = (path: string, conferenceId: number) => {
      const ticket = mintTicket(p.deps, { address: "", scope: `check:${conferenceId}:${asker.id}` });
      return p.call<{ exists: boolean }>("GET", `${path}&conferenceId=${conferenceId}&ticket=${ticket}`, { token: asker.token });
    };
    expect((await check(`/user/check?mobile=${me.mobile}`, open.conference.id)).data.exists).toBe(true);
    expect((await check(`/user/check?mobile=${me.mobile}`, moderated.conference.id)).data.exists).toBe(false);
    expect((await check(`/user/check-email?email=chen@example.com`, open.conference.id)).data.exists).toBe(true);
    expect((await check(`/user/check-email?email=nobody@example.com`, open.conference.id)).data.exists).toBe(false);
    expect((await check(`/user/check?mobile=123`, open.conference.id)).status).toBe(400);
  });

  it("refuse a second live registration for the same mobile", async () => {
    const me = await person(p);
    await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(open) });
    const other = await person(p);
    // Another number needs its code first (ADR 027); proven, it is still held by the first registration.
    const res = await p.call("POST", "/conference/user", { token: other.token, body: registrationBody(open, { mobile: me.mobile }) });
    expect(res.status).toBe(400);
    expect(res.message).toBe("这不是您账号的手机号：请向它发送验证码并填写验证码");
    const entered = await p.call("POST", "/user/admin", {
      token: open.organiser.token,
      body: { conferenceId: open.conference.id, identityId: open.student.id, name: "同号", mobile: me.mobile },
    });
    expect(entered.status).toBe(400);
    expect(entered.message).toBe("该手机号已报名本会议");
  });
});

describe("my registrations", () => {
  it("lists mine only, with state, fee, payment and invoice state; others' are 404", async () => {
    const me = await person(p);
    const mine = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(open) });
    await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(moderated) });
    const list = await p.call<{ list: Reg[]; total: number }>("GET", "/my-user", { token: me.token });
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((r) => r.conference?.nameZh)).toEqual(["测试学术会议", "测试学术会议"]);

    const stranger = await person(p);
    expect((await p.call<{ total: number }>("GET", "/my-user", { token: stranger.token })).data.total).toBe(0);
    expect((await p.call("GET", `/conference/user/${mine.data.id}`, { token: stranger.token })).status).toBe(404);
    expect((await p.call("PUT", `/conference/user/${mine.data.id}`, { token: stranger.token, body: { answers: ANSWERS } })).status).toBe(404);
    expect((await p.call("POST", `/conference/user/${mine.data.id}`, { token: stranger.token })).status).toBe(404);
    // The organiser sees it.
    expect((await p.call("GET", `/conference/user/${mine.data.id}`, { token: open.organiser.token })).status).toBe(200);
  });

  it("edits answers while pending, not once confirmed", async () => {
    const me = await person(p);
    const reg = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(moderated) });
    const edited = await p.call<Reg>("PUT", `/conference/user/${reg.data.id}`, {
      token: me.token,
      body: { answers: { department: "物理系", presenting: "yes", talkTitle: "量子计算" }, state: "confirmed", feeFen: 0 },
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ state: "pending", feeFen: 80_000, answers: { department: "物理系", presenting: "yes", talkTitle: "量子计算" } });
    await p.db.update(registrations).set({ state: "confirmed" }).where(eq(registrations.id, reg.data.id));
    const late = await p.call("PUT", `/conference/user/${reg.data.id}`, { token: me.token, body: { answers: ANSWERS } });
    expect(late.status).toBe(400);
    expect(late.message).toBe("报名已审核，不能再修改");
  });

  it("prices an edit again only when the identity changes, with the coupon it holds even when used up since", async () => {
    await p.db.insert(coupons).values({ conferenceId: moderated.conference.id, code: "HALF", kind: "percent", value: 50, useLimit: 1 });
    const me = await person(p);
    const reg = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(moderated, { couponCode: "HALF" }) });
    expect(reg.data.feeFen).toBe(40_000);
    const changed = await p.call<Reg>("PUT", `/conference/user/${reg.data.id}`, {
      token: me.token,
      body: { identityId: moderated.regular.id, name: "陈新名", answers: ANSWERS },
    });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ feeFen: 100_000, name: "陈新名", identity: { nameZh: "普通参会者" }, state: "pending" });
    // The same identity again keeps the fee as it is.
    const same = await p.call<Reg>("PUT", `/conference/user/${reg.data.id}`, { token: me.token, body: { identityId: moderated.regular.id, answers: ANSWERS } });
    expect(same.data.feeFen).toBe(100_000);
    const foreign = await p.call("PUT", `/conference/user/${reg.data.id}`, { token: me.token, body: { identityId: open.student.id, answers: ANSWERS } });
    expect(foreign.status).toBe(400);
    expect((await p.call<Reg>("GET", `/conference/user/${reg.data.id}`, { token: me.token })).data.feeFen).toBe(100_000);
  });

  it("refuses an edit once a payment is waiting for audit, and an identity change once an online payment started", async () => {
    const me = await person(p);
    const reg = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(moderated) });
    const [intent] = await p.db
      .insert(payments)
      .values({
        conferenceId: moderated.conference.id,
        registrationId: reg.data.id,
        accountId: me.id,
        method: "paypal",
        amountFen: 80_000,
        tradeNo: `T${reg.data.id}X${Date.now()}`,
        ...p.stamp(),
      })
      .returning();
    const started = await p.call("PUT", `/conference/user/${reg.data.id}`, { token: me.token, body: { identityId: moderated.regular.id, answers: ANSWERS } });
    expect(started.status).toBe(400);
    expect(started.message).toContain("在线支付");
    expect((await p.call("PUT", `/conference/user/${reg.data.id}`, { token: me.token, body: { institution: "浙江大学", answers: ANSWERS } })).status).toBe(200);
    await p.db.delete(payments).where(eq(payments.id, intent.id));
    const proofKey = await uploadProof(p, me.token);
    expect((await p.call("POST", "/payment", { token: me.token, body: { registrationId: reg.data.id, method: "transfer", proofKey } })).status).toBe(200);
    const waiting = await p.call("PUT", `/conference/user/${reg.data.id}`, { token: me.token, lang: "en", body: { answers: ANSWERS } });
    expect(waiting.status).toBe(400);
    expect(waiting.message).toMatch(/paid, or whose payment is being checked/);
  });

  it("cancels while unpaid, and registering again revives it", async () => {
    const me = await person(p);
    const reg = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(open) });
    const cancelled = await p.call<Reg>("POST", `/conference/user/${reg.data.id}`, { token: me.token });
    expect(cancelled.data.state).toBe("cancelled");
    expect((await p.call("POST", `/conference/user/${reg.data.id}`, { token: me.token })).status).toBe(400);
    const again = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(open, { identityId: open.regular.id }) });
    expect(again.data).toMatchObject({ id: reg.data.id, state: "confirmed", feeFen: 200_000 });
  });

  it("won't cancel once a transfer waits for audit", async () => {
    const me = await person(p);
    const reg = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(open) });
    const proofKey = await uploadProof(p, me.token);
    expect((await p.call("POST", "/payment", { token: me.token, body: { registrationId: reg.data.id, method: "transfer", proofKey } })).status).toBe(200);
    const res = await p.call("POST", `/conference/user/${reg.data.id}`, { token: me.token });
    expect(res.status).toBe(400);
    expect(res.message).toBe("已缴费或缴费审核中的报名不能取消");
  });

  it("gives a coupon's use back on cancel", async () => {
    const [coupon] = await p.db
      .insert(coupons)
      .values({ conferenceId: open.conference.id, code: "ONCE", kind: "amount", value: 1000, useLimit: 1 })
      .returning();
    const me = await person(p);
    const reg = await p.call<Reg>("POST", "/conference/user", { token: me.token, body: registrationBody(open, { couponCode: "once" }) });
    expect(reg.data.feeFen).toBe(79_000);
    const used = async () => (await p.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0].used;
    expect(await used()).toBe(1);
    await p.call("POST", `/conference/user/${reg.data.id}`, { token: me.token });
    expect(await used()).toBe(0);
  });
});

describe("quick login", () => {
  it("answers code 1101 with the mobile when it has no account, without spending the code", async () => {
    const mobile = "13955550001";
    await p.sendCode(mobile);
    const code = await p.code(mobile);
    const res = await p.call<{ mobile: string }>("POST", "/login/quick", { body: { mobile, code, conferenceId: open.conference.id } });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1101);
    expect(res.data).toEqual({ mobile });
    // The registration form that follows uses the same code.
    expect((await p.call("PUT", "/login", { body: { mobile, code, name: "新用户", agree: true } })).status).toBe(200);
  });

  it("signs an existing account in and says whether it registered for the conference", async () => {
    const me = await person(p);
    await p.call("POST", "/conference/user", { token: me.token, body: registrationBody(open) });
    p.advance(61_000);
    await p.sendCode(me.mobile);
    const res = await p.call<{ token: string; data: { id: number }; registration: { state: string } | null }>("POST", "/login/quick", {
      body: { mobile: me.mobile, code: await p.code(me.mobile), conferenceId: open.conference.id },
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.data.id).toBe(me.id);
    expect(res.data.registration?.state).toBe("confirmed");
    expect((await p.call("GET", "/account", { token: res.data.token })).status).toBe(200);
  });

  it("refuses a wrong code for an existing account", async () => {
    const me = await person(p);
    const res = await p.call("POST", "/login/quick", { body: { mobile: me.mobile, code: "000000", conferenceId: open.conference.id } });
    expect(res.status).toBe(400);
    // Said beside the code field, so the form keeps the number and says what is wrong where it is.
    expect((res.data as { fields: Record<string, unknown> }).fields).toEqual({ code: { key: "errors.codeInvalid" } });
  });

  it("refuses a wrong code for a number without an account, beside the code field, and does not send it on to sign-up", async () => {
    const mobile = "13955550002";
    await p.sendCode(mobile);
    const res = await p.call("POST", "/login/quick", { body: { mobile, code: "000000", conferenceId: open.conference.id } });
    expect(res.status).toBe(400);
    expect(res.code).not.toBe(1101);
    expect((res.data as { fields: Record<string, unknown> }).fields).toEqual({ code: { key: "errors.codeInvalid" } });
  });
});

describe("organiser entry and claims", () => {
  it("lets only the conference's organisers enter an attendee by hand", async () => {
    const outsider = await person(p);
    const body = { conferenceId: open.conference.id, identityId: open.regular.id, name: "王教授", mobile: "13955550100" };
    expect((await p.call("POST", "/user/admin", { token: outsider.token, body })).status).toBe(403);
    const res = await p.call<Reg>("POST", "/user/admin", { token: open.organiser.token, body });
    expect(res.data).toMatchObject({ accountId: null, state: "confirmed", feeFen: 200_000 });
    const [entry] = await p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.create"), eq(auditLog.target, `registration:${res.data.id}`)));
    expect(entry.accountId).toBe(open.organiser.id);
  });

  it("shows an unclaimed registration to its mobile only, then binds it to the proven account with a 31-day token", async () => {
    const mobile = "13955550200";
    const entered = await p.call<Reg>("POST", "/user/admin", {
      token: open.organiser.token,
      body: { conferenceId: open.conference.id, identityId: open.student.id, name: "李同学", mobile, email: "li@example.com" },
    });
    const id = entered.data.id;
    expect((await p.call("GET", `/user/claim/${id}`)).status).toBe(404);
    expect((await p.call("GET", `/user/claim/${id}?mobile=13955550201`)).status).toBe(404);
    const shown = await p.call<{ name: string; mobile: string; feeFen: number; conference: { nameZh: string } }>("GET", `/user/claim/${id}?mobile=${mobile}`);
    expect(shown.data).toMatchObject({ name: "李**", mobile: "139****0200", feeFen: 80_000, conference: { nameZh: "测试学术会议" } });

    await p.sendCode(mobile);
    const code = (await p.code(mobile))!;
    expect((await p.call("POST", `/conference/user/claim/${id}`, { body: { mobile: "13955550201", code } })).status).toBe(404);
    const claimed = await p.call<{ registration: Reg; account: { token: string; data: { id: number; hasClaimed: boolean; name: string } } }>(
      "POST",
      `/conference/user/claim/${id}`,
      { body: { mobile, code } },
    );
    expect(claimed.status).toBe(200);
    expect(claimed.data.account.data).toMatchObject({ hasClaimed: true, name: "李同学" });
    expect(claimed.data.registration.accountId).toBe(claimed.data.account.data.id);
    const [token] = await p.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(claimed.data.account.token)));
    expect(token.expiresAt.getTime() - p.deps.now().getTime()).toBe(31 * 24 * 3600_000);
    const mine = await p.call<{ list: Reg[] }>("GET", "/my-user", { token: claimed.data.account.token });
    expect(mine.data.list.map((r) => r.id)).toEqual([id]);
    // Claimed: it is no longer there to claim.
    expect((await p.call("GET", `/user/claim/${id}?mobile=${mobile}`)).status).toBe(404);
  });

  it("binds to an existing account of that mobile", async () => {
    const me = await person(p);
    const entered = await p.call<Reg>("POST", "/user/admin", {
      token: moderated.organiser.token,
      body: { conferenceId: moderated.conference.id, identityId: moderated.student.id, name: "张三", mobile: me.mobile, idempotencyKey: crypto.randomUUID() },
    });
    p.advance(61_000);
    await p.sendCode(me.mobile);
    const claimed = await p.call<{ account: { data: { id: number } } }>("POST", `/conference/user/claim/${entered.data.id}`, {
      body: { mobile: me.mobile, code: await p.code(me.mobile) },
    });
    expect(claimed.data.account.data.id).toBe(me.id);
  });
});

describe("the fee and the form", () => {
  it("answers the registration form's needs", async () => {
    const res = await p.call<{
      identities: Array<{ nameZh: string; fee: { priceFen: number } | null }>;
      fields: unknown[];
      conference: { paymentMethods: string[] };
    }>("GET", `/registration/form/${open.conference.id}`);
    expect(res.data.identities.map((i) => [i.nameZh, i.fee?.priceFen])).toEqual([
      ["学生", 80_000],
      ["普通参会者", 200_000],
    ]);
    expect(res.data.fields).toHaveLength(4);
    expect(res.data.conference.paymentMethods).toEqual(["transfer"]);
  });

  it("POST /coupon/amount computes without registering", async () => {
    const before = await p.db.select().from(registrations);
    const res = await p.call<{ feeFen: number; amountFen: number; display: { amount: string } }>("POST", "/coupon/amount", {
      body: { conferenceId: open.conference.id, identityId: open.regular.id },
    });
    expect(res.data).toMatchObject({ feeFen: 200_000, amountFen: 200_000, display: { amount: "2000.00" } });
    expect(await p.db.select().from(registrations)).toHaveLength(before.length);
  });
});
