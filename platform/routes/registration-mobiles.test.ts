import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, payments, registrations, smsCodes } from "../db/schema";
import { newTicketCode } from "../services/registration";
import { type ConferenceSetup, nextMobile, person, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Issue 13 items 4 and 5, as a stranger would try them over HTTP: one stored form for a mobile
 * (ADR 026), and a registration's number is the account's own or proven by a code, with its
 * owner able to take over or cancel one someone else made under it (ADR 027).
 * Codes come from the outbox, asked for as a sign-in page does (a ticket, then `GET /login`).
 */

let p: TestPlatform;
let conf: ConferenceSetup;

beforeAll(async () => {
  p = await testPlatform();
  conf = await setupConference(p);
});
afterAll(() => p.close());

type Reg = { id: number; accountId: number | null; state: string; mobile: string; name: string };
type Claimed = { registration: Reg; account: { token: string; data: { id: number; mobile: string } } };

/** A fresh code texted to the number (a minute later, so the per-number limit never bites). */
async function codeFor(mobile: string) {
  p.advance(61_000);
  await p.sendCode(mobile);
  return (await p.code(mobile))!;
}

/** A registration another account made under `mobile` before numbers had to be proven. */
async function legacySquat(mobile: string, by: { id: number }) {
  const [row] = await p.db
    .insert(registrations)
    .values({
      conferenceId: conf.conference.id,
      accountId: by.id,
      mobile,
      name: "冒名者",
      ticketCode: newTicketCode(),
      state: "confirmed",
      feeFen: 80_000,
      identityId: conf.student.id,
      createdBy: by.id,
      ...p.stamp(),
    })
    .returning();
  return row;
}

describe("one stored form for a mobile", () => {
  it("signs `+86 138 0013 8000`, `0086…` and full-width digits in to the account of 13800138000", async () => {
    const token = await p.signIn("13800138000", "本人");
    const [me] = await p.db.select().from(accounts).where(eq(accounts.mobile, "13800138000"));
    for (const typed of ["+86 138 0013 8000", "0086-138-0013-8000", "８６１３８００１３８０００"]) {
      const code = await codeFor(typed);
      const res = await p.call<{ token: string; data: { id: number; mobile: string } }>("POST", "/login", { body: { mobile: typed, code } });
      expect(res.status, typed).toBe(200);
      expect(res.data.data).toMatchObject({ id: me.id, mobile: "13800138000" });
    }
    // Registering `+86…` as a new account is refused: it is the same number.
    const code = await codeFor("+8613800138000");
    const again = await p.call("PUT", "/login", { body: { mobile: "+8613800138000", code, name: "又一个", agree: true } });
    expect(again.status).toBe(400);
    expect(await p.db.select().from(accounts).where(eq(accounts.mobile, "+8613800138000"))).toEqual([]);
    // Codes and their quotas are kept under the stored form.
    const sent = await p.db.select({ mobile: smsCodes.mobile }).from(smsCodes);
    expect(sent.every((row) => /^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/.test(row.mobile))).toBe(true);
    expect(token).toBeTruthy();
  });

  it("finds 13800138000 at the check-in desk, the applicant list and the payment audit when `+86 138-0013-8000` is searched", async () => {
    const mobile = nextMobile();
    const entered = await p.call<Reg>("POST", "/user/admin", {
      token: conf.organiser.token,
      body: {
        conferenceId: conf.conference.id,
        identityId: conf.student.id,
        name: "签到人",
        mobile: `+86 ${mobile.slice(0, 3)}-${mobile.slice(3, 7)}-${mobile.slice(7)}`,
      },
    });
    expect(entered.data.mobile).toBe(mobile);
    const typed = encodeURIComponent(`+86 ${mobile.slice(0, 3)}-${mobile.slice(3, 7)}-${mobile.slice(7)}`);
    const desk = await p.call<{ list: Array<{ id: number }> }>("GET", `/user/checkin?conferenceId=${conf.conference.id}&keyword=${typed}`, {
      token: conf.organiser.token,
    });
    expect(desk.data.list.map((r) => r.id)).toEqual([entered.data.id]);
    const part = await p.call<{ list: Array<{ id: number }> }>(
      "GET",
      `/user/checkin?conferenceId=${conf.conference.id}&keyword=${encodeURIComponent(mobile.slice(3, 7) + " " + mobile.slice(7))}`,
      { token: conf.organiser.token },
    );
    expect(part.data.list.map((r) => r.id)).toEqual([entered.data.id]);
    const applicants = await p.call<{ list: Array<{ id: number }> }>("GET", `/user/manage/${conf.conference.id}?keyword=${typed}`, {
      token: conf.organiser.token,
    });
    expect(applicants.data.list.map((r) => r.id)).toEqual([entered.data.id]);
    const list = await p.call<{ list: Array<{ id: number }> }>("GET", `/conference/user?conferenceId=${conf.conference.id}&keyword=${typed}`, {
      token: conf.organiser.token,
    });
    expect(list.data.list.map((r) => r.id)).toEqual([entered.data.id]);

    const payer = await person(p, "付款人");
    const reg = await p.call<Reg>("POST", "/conference/user", { token: payer.token, body: registrationBody(conf) });
    await p.call("POST", "/payment", {
      token: payer.token,
      body: { registrationId: reg.data.id, method: "transfer", proofKey: await uploadProof(p, payer.token) },
    });
    const spaced = encodeURIComponent(`0086 ${payer.mobile.slice(0, 3)} ${payer.mobile.slice(3, 7)} ${payer.mobile.slice(7)}`);
    const audit = await p.call<{ list: Array<{ registrationId: number }> }>("GET", `/payment/manage/${conf.conference.id}?keyword=${spaced}`, {
      token: conf.organiser.token,
    });
    expect(audit.data.list.map((row) => row.registrationId)).toEqual([reg.data.id]);
  });

  it("lets the owner claim a hand entry typed `+86…` by the organiser, with the number in any form", async () => {
    const mobile = nextMobile();
    const entered = await p.call<Reg>("POST", "/user/admin", {
      token: conf.organiser.token,
      body: { conferenceId: conf.conference.id, identityId: conf.student.id, name: "手填者", mobile: `+86${mobile}` },
    });
    expect(entered.data.mobile).toBe(mobile);
    const shown = await p.call<{ heldByOther: boolean }>("GET", `/user/claim/${entered.data.id}?mobile=${encodeURIComponent(`0086 ${mobile}`)}`);
    expect(shown.status).toBe(200);
    expect(shown.data.heldByOther).toBe(false);
    const code = await codeFor(mobile);
    const claimed = await p.call<Claimed>("POST", `/conference/user/claim/${entered.data.id}`, { body: { mobile: `+86 ${mobile}`, code } });
    expect(claimed.status).toBe(200);
    expect(claimed.data.account.data.mobile).toBe(mobile);
    expect(claimed.data.registration.accountId).toBe(claimed.data.account.data.id);
  });
});

describe("guessing which number holds a registration", () => {
  it("is limited per address: a stranger's 31st lookup by number is refused with the wait, another address still looks", async () => {
    const stranger = "198.51.100.77";
    let last = { status: 0, message: "" };
    for (let guess = 0; guess < 31; guess++) {
      last = await p.call("GET", `/user/claim/${1000 + guess}?mobile=139${String(guess).padStart(8, "0")}`, { client: stranger, lang: "en" });
      if (guess < 30) expect(last.status).toBe(404);
    }
    expect(last.status).toBe(429);
    expect(last.message).toMatch(/^Too many checks\. Try again in \d+ minutes?\.$/);
    expect((await p.call("GET", "/user/claim/1000?mobile=13900000000", { client: "198.51.100.78" })).status).toBe(404);
    p.advance(10 * 60_000 + 1000);
    expect((await p.call("GET", "/user/claim/1000?mobile=13900000000", { client: stranger })).status).toBe(404);
  });
});

describe("a registration's number is the account's own, or proven by a code", () => {
  it("refuses a stranger who registers another person's number, and leaves the owner free to register", async () => {
    const stranger = await person(p, "陌生人");
    const victim = await person(p, "机主");
    const res = await p.call<Reg>("POST", "/conference/user", { token: stranger.token, body: registrationBody(conf, { mobile: victim.mobile }), lang: "en" });
    expect(res.status).toBe(400);
    expect(res.message).toBe("This is not your account's mobile number: send a code to it and enter the code");
    expect((res.data as unknown as { fields: Record<string, unknown> }).fields.mobile).toEqual({ key: "registration.errors.mobileNotYours" });
    const wrong = await p.call("POST", "/conference/user", {
      token: stranger.token,
      body: registrationBody(conf, { mobile: `+86 ${victim.mobile}`, code: "000000" }),
    });
    expect(wrong.status).toBe(400);
    expect(await p.db.select().from(registrations).where(eq(registrations.mobile, victim.mobile))).toEqual([]);
    const own = await p.call<Reg>("POST", "/conference/user", { token: victim.token, body: registrationBody(conf) });
    expect(own.status).toBe(200);
    expect(own.data.mobile).toBe(victim.mobile);
  });

  it("takes another number with the code texted to it (someone registering for a colleague)", async () => {
    const secretary = await person(p, "秘书");
    const professor = nextMobile();
    const code = await codeFor(professor);
    const res = await p.call<Reg>("POST", "/conference/user", {
      token: secretary.token,
      body: registrationBody(conf, { name: "王教授", mobile: `+86 ${professor}`, code }),
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ mobile: professor, accountId: secretary.id });
  });
});

describe("the owner of a number and a registration someone else made under it", () => {
  it("takes it over after proving the number: it moves to the owner's account and the organiser's log says so", async () => {
    const secretary = await person(p, "秘书");
    const owner = await person(p, "李教授");
    const code = await codeFor(owner.mobile);
    const made = await p.call<Reg>("POST", "/conference/user", {
      token: secretary.token,
      body: registrationBody(conf, { name: "李教授", mobile: owner.mobile, code }),
    });

    // The owner registering finds the number held, and learns which registration holds it.
    const refused = await p.call<{ registrationId: number }>("POST", "/conference/user", { token: owner.token, body: registrationBody(conf) });
    expect(refused.status).toBe(400);
    expect(refused.data.registrationId).toBe(made.data.id);

    const shown = await p.call<{ heldByOther: boolean; name: string }>("GET", `/user/claim/${made.data.id}`, { token: owner.token });
    expect(shown.data).toMatchObject({ heldByOther: true, name: "李**" });
    // The account that holds it sees nothing to claim; a wrong number sees nothing at all.
    expect((await p.call("GET", `/user/claim/${made.data.id}`, { token: secretary.token })).status).toBe(404);
    expect((await p.call("GET", `/user/claim/${made.data.id}?mobile=13900000000`)).status).toBe(404);

    const proof = await codeFor(owner.mobile);
    const undecided = await p.call("POST", `/conference/user/claim/${made.data.id}`, { body: { mobile: owner.mobile, code: proof } });
    expect(undecided.status).toBe(400);
    const taken = await p.call<Claimed>("POST", `/conference/user/claim/${made.data.id}`, { body: { mobile: owner.mobile, code: proof, resolve: "takeover" } });
    expect(taken.status).toBe(200);
    expect(taken.data.registration).toMatchObject({ id: made.data.id, accountId: owner.id, state: "confirmed" });
    const mine = await p.call<{ list: Reg[] }>("GET", "/my-user", { token: owner.token });
    expect(mine.data.list.map((r) => r.id)).toContain(made.data.id);
    const theirs = await p.call<{ list: Reg[] }>("GET", "/my-user", { token: secretary.token });
    expect(theirs.data.list.map((r) => r.id)).not.toContain(made.data.id);
    const [entry] = await p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.takeOver"), eq(auditLog.target, `registration:${made.data.id}`)));
    expect(entry).toMatchObject({
      conferenceId: conf.conference.id,
      accountId: owner.id,
      detail: { heldBy: secretary.id, owner: owner.id, mobile: owner.mobile },
    });
  });

  it("cancels a squatter's registration, after which the owner registers; the code is required", async () => {
    const squatter = await person(p, "冒名者");
    const owner = await person(p, "机主");
    const squat = await legacySquat(owner.mobile, squatter);
    const blocked = await p.call<{ registrationId: number }>("POST", "/conference/user", { token: owner.token, body: registrationBody(conf) });
    expect(blocked.data.registrationId).toBe(squat.id);

    const noCode = await p.call("POST", `/conference/user/claim/${squat.id}`, { body: { mobile: owner.mobile, code: "000000", resolve: "cancel" } });
    expect(noCode.status).toBe(400);
    // The squatter can't cancel or take it over for the owner's number without the owner's phone.
    const byStranger = await p.call("POST", `/conference/user/claim/${squat.id}`, {
      body: { mobile: squatter.mobile, code: await codeFor(squatter.mobile), resolve: "takeover" },
    });
    expect(byStranger.status).toBe(404);

    const cancelled = await p.call<Claimed>("POST", `/conference/user/claim/${squat.id}`, {
      body: { mobile: `+86 ${owner.mobile}`, code: await codeFor(owner.mobile), resolve: "cancel" },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.registration).toMatchObject({ id: squat.id, state: "cancelled", accountId: squatter.id });
    expect(cancelled.data.account.data.id).toBe(owner.id);
    const [entry] = await p.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.cancelByOwner"), eq(auditLog.target, `registration:${squat.id}`)));
    expect(entry).toMatchObject({ conferenceId: conf.conference.id, accountId: owner.id, detail: { heldBy: squatter.id, name: "冒名者" } });
    const own = await p.call<Reg>("POST", "/conference/user", { token: owner.token, body: registrationBody(conf) });
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ accountId: owner.id, mobile: owner.mobile });
  });

  it("won't cancel one with money on it (take it over instead), nor take one over when the owner is registered already", async () => {
    const squatter = await person(p, "冒名者");
    const owner = await person(p, "机主");
    const squat = await legacySquat(owner.mobile, squatter);
    await p.db.insert(payments).values({
      conferenceId: conf.conference.id,
      registrationId: squat.id,
      accountId: squatter.id,
      method: "transfer",
      amountFen: 80_000,
      currency: "CNY",
      state: "paid",
      tradeNo: `T${squat.id}X`,
      ...p.stamp(),
    });
    const refused = await p.call("POST", `/conference/user/claim/${squat.id}`, {
      body: { mobile: owner.mobile, code: await codeFor(owner.mobile), resolve: "cancel" },
      lang: "en",
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/can't be cancelled here; you can take it over/);
    // Taken over instead: the payment goes with it, the squatter no longer sees it.
    const taken = await p.call<Claimed>("POST", `/conference/user/claim/${squat.id}`, {
      body: { mobile: owner.mobile, code: await codeFor(owner.mobile), resolve: "takeover" },
    });
    expect(taken.status).toBe(200);
    const [payment] = await p.db.select().from(payments).where(eq(payments.registrationId, squat.id));
    expect(payment.accountId).toBe(owner.id);
    expect((await p.call("GET", `/payment/${payment.id}`, { token: squatter.token })).status).toBe(404);

    const other = await person(p, "另一位");
    const second = await legacySquat(other.mobile, await person(p, "冒名者二"));
    // The owner's own registration, under their own number, made before the squat was found.
    await p.db.update(registrations).set({ state: "cancelled" }).where(eq(registrations.id, second.id));
    await p.call("POST", "/conference/user", { token: other.token, body: registrationBody(conf) });
    await p.db.update(registrations).set({ state: "confirmed" }).where(eq(registrations.id, second.id));
    const takeover = await p.call("POST", `/conference/user/claim/${second.id}`, {
      body: { mobile: other.mobile, code: await codeFor(other.mobile), resolve: "takeover" },
      lang: "en",
    });
    expect(takeover.status).toBe(400);
    expect(takeover.message).toMatch(/already registered .* you can cancel it/);
  });
});
