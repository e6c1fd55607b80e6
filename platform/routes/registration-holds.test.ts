import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, conferences, coupons, payments, registrations, teams } from "../db/schema";
import { nextMobile, person, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Seats can't be filled for free (issue 13 item 6, decision 030): unpaid holds run out after
 * the conference's payment window (on the test clock), team size and teams per account are
 * limited, team members take a place only once their mobile is real, and a late payer either
 * gets a place back or is recorded for a refund.
 */
let p: TestPlatform;
beforeAll(async () => {
  p = await testPlatform();
});
afterAll(() => p.close());

const HOUR = 3_600_000;
type Described = {
  id: number;
  state: string;
  holdUntil: string | null;
  holdExpired: boolean;
  holdsPlace: boolean;
  refundDue: string | null;
  paymentState: string | null;
};
const remaining = async (conferenceId: number) =>
  (await p.call<{ conference: { remaining: number | null; paymentWindowHours: number } }>("GET", `/registration/form/${conferenceId}`)).data.conference;
const fakeMembers = (count: number, identityId: number) => Array.from({ length: count }, (_, i) => ({ name: `成员${i}`, mobile: nextMobile(), identityId }));

describe("teams", () => {
  it("refuse 200 made-up members in one request, and more than 30 in one team, in the caller's language", async () => {
    const s = await setupConference(p, { capacity: 500 });
    const leader = await person(p);
    const team = await p.call<{ id: number }>("POST", "/team", { token: leader.token, body: { conferenceId: s.conference.id, name: "刷票队" } });
    const flood = await p.call("POST", "/team/user", {
      token: leader.token,
      lang: "en",
      body: { teamId: team.data.id, members: fakeMembers(200, s.student.id) },
    });
    expect(flood.status).toBe(400);
    expect(flood.message).toBe("At most 30 members can be added at once");
    const zh = await p.call("POST", "/team/user", { token: leader.token, body: { teamId: team.data.id, members: fakeMembers(200, s.student.id) } });
    expect(zh.message).toBe("一次最多添加 30 名成员");
    expect((await p.call("POST", "/team/user", { token: leader.token, body: { teamId: team.data.id, members: fakeMembers(25, s.student.id) } })).status).toBe(
      200,
    );
    const over = await p.call("POST", "/team/user", { token: leader.token, lang: "en", body: { teamId: team.data.id, members: fakeMembers(6, s.student.id) } });
    expect(over.status).toBe(400);
    expect(over.message).toBe("A team has at most 30 members; 5 more can join");
    const count = await p.db.select({ id: registrations.id }).from(registrations).where(eq(registrations.teamId, team.data.id));
    expect(count).toHaveLength(25);
  });

  it("are made once for one name: the same team sent twice (or twice at once) answers the first, another name is a new team", async () => {
    const s = await setupConference(p);
    const leader = await person(p);
    const make = (name: string) =>
      p.call<{ id: number; replayed: boolean }>("POST", "/team", { token: leader.token, body: { conferenceId: s.conference.id, name } });
    const first = await make("课题组 A");
    expect(first.data.replayed).toBe(false);
    const again = await make(" 课题组  a ");
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ id: first.data.id, replayed: true });
    const [x, y] = await Promise.all([make("实验室"), make("实验室")]);
    expect(x.data.id).toBe(y.data.id);
    const led = await p.db.select({ id: teams.id }).from(teams).where(eq(teams.leaderAccountId, leader.id));
    expect(led).toHaveLength(2);
    // Another leader may use the same name.
    const other = await person(p);
    const theirs = await p.call<{ id: number }>("POST", "/team", { token: other.token, body: { conferenceId: s.conference.id, name: "课题组 A" } });
    expect(theirs.data.id).not.toBe(first.data.id);
  });

  it("are at most 3 per account and conference", async () => {
    const s = await setupConference(p);
    const leader = await person(p);
    for (let i = 0; i < 3; i++)
      expect((await p.call("POST", "/team", { token: leader.token, body: { conferenceId: s.conference.id, name: `队${i}` } })).status).toBe(200);
    const fourth = await p.call("POST", "/team", { token: leader.token, lang: "en", body: { conferenceId: s.conference.id, name: "队4" } });
    expect(fourth.status).toBe(400);
    expect(fourth.message).toBe("You can lead at most 3 teams for this conference");
    const zh = await p.call("POST", "/team", { token: leader.token, body: { conferenceId: s.conference.id, name: "队4" } });
    expect(zh.message).toBe("每位用户在一个会议最多创建 3 个团队");
    // Another conference is counted apart.
    const other = await setupConference(p);
    expect((await p.call("POST", "/team", { token: leader.token, body: { conferenceId: other.conference.id, name: "队" } })).status).toBe(200);
  });

  it("take no place for members who never proved their mobile, until they claim", async () => {
    const s = await setupConference(p, { capacity: 2 });
    const leader = await person(p);
    const team = await p.call<{ id: number }>("POST", "/team", { token: leader.token, body: { conferenceId: s.conference.id, name: "课题组" } });
    const added = await p.call<{ holding: number; list: Described[] }>("POST", "/team/user", {
      token: leader.token,
      body: { teamId: team.data.id, members: fakeMembers(10, s.student.id) },
    });
    expect(added.status).toBe(200);
    expect(added.data.holding).toBe(0);
    expect(added.data.list.every((m) => !m.holdsPlace && m.holdUntil === null)).toBe(true);
    expect((await remaining(s.conference.id)).remaining).toBe(2);
    // Real people still get in.
    const a = await person(p);
    expect((await p.call("POST", "/conference/user", { token: a.token, body: registrationBody(s) })).status).toBe(200);
    // A member who claims takes a place (and starts the payment window) while one is free.
    const claim = async (member: Described) => {
      const mobile = await memberMobile(member.id);
      return p.call<{ registration: Described }>("POST", `/conference/user/claim/${member.id}`, { lang: "en", body: { mobile, code: await codeFor(mobile) } });
    };
    const first = await claim(added.data.list[0]);
    expect(first.status).toBe(200);
    expect(first.data.registration).toMatchObject({ holdsPlace: true });
    expect(new Date(first.data.registration.holdUntil!).getTime()).toBe(p.deps.now().getTime() + 24 * HOUR);
    expect((await remaining(s.conference.id)).remaining).toBe(0);
    const full = await claim(added.data.list[1]);
    expect(full.status).toBe(400);
    expect(full.message).toBe("The conference is full (2 places)");
  });
});

/** A sign-in code texted to the mobile (the claim proves the mobile with it). */
async function codeFor(mobile: string) {
  await p.sendCode(mobile);
  return (await p.code(mobile))!;
}

async function memberMobile(id: number) {
  const [row] = await p.db.select({ mobile: registrations.mobile }).from(registrations).where(eq(registrations.id, id));
  return row.mobile;
}

describe("unpaid holds", () => {
  it("run out after the conference's payment window and give the place back", async () => {
    const s = await setupConference(p, { capacity: 1 });
    await p.db.update(conferences).set({ paymentWindowHours: 2 }).where(eq(conferences.id, s.conference.id));
    const a = await person(p);
    const reg = await p.call<Described>("POST", "/conference/user", { token: a.token, body: registrationBody(s) });
    expect(new Date(reg.data.holdUntil!).getTime()).toBe(p.deps.now().getTime() + 2 * HOUR);
    const b = await person(p);
    const refused = await p.call("POST", "/conference/user", { token: b.token, lang: "en", body: registrationBody(s) });
    expect(refused.message).toBe("The conference is full (1 places)");
    p.advance(2 * HOUR - 1000);
    expect((await p.call("POST", "/conference/user", { token: b.token, body: registrationBody(s) })).status).toBe(400);
    p.advance(1000);
    // Counted lazily on the clock: the form shows the place free before anyone writes.
    expect((await remaining(s.conference.id)).remaining).toBe(1);
    const mine = await p.call<{ list: Described[] }>("GET", "/my-user", { token: a.token });
    expect(mine.data.list[0]).toMatchObject({ holdExpired: true, holdUntil: null, holdsPlace: false });
    expect((await p.call("POST", "/conference/user", { token: b.token, body: registrationBody(s) })).status).toBe(200);
    const [row] = await p.db.select().from(registrations).where(eq(registrations.id, reg.data.id));
    expect(row.state).toBe("cancelled");
    expect(row.expiredAt?.getTime()).toBe(p.deps.now().getTime());
  });

  it("last as long as the organiser sets (whole hours, 1 to 720), told in the organiser's language", async () => {
    const s = await setupConference(p);
    const put = (value: unknown, lang: "zh" | "en" = "en") =>
      p.call("PUT", `/registration/settings/${s.conference.id}`, { token: s.organiser.token, lang, body: { capacity: "", paymentWindowHours: value } });
    for (const bad of ["0", "721", "1.5", "一天"]) {
      const res = await put(bad);
      expect(res.status).toBe(400);
      expect(res.message).toBe("Enter a whole number of hours from 1 to 720");
    }
    expect((await put("0", "zh")).message).toBe("请输入 1 到 720 之间的整数小时数");
    expect((await put("48")).status).toBe(200);
    expect((await remaining(s.conference.id)).paymentWindowHours).toBe(48);
    const a = await person(p);
    const reg = await p.call<Described>("POST", "/conference/user", { token: a.token, body: registrationBody(s) });
    expect(new Date(reg.data.holdUntil!).getTime()).toBe(p.deps.now().getTime() + 48 * HOUR);
    // Left empty: the default day.
    expect((await put("")).status).toBe(200);
    expect((await remaining(s.conference.id)).paymentWindowHours).toBe(24);
  });

  it("end when a proof is sent, and start again for a day when the organiser refuses it", async () => {
    const s = await setupConference(p, { capacity: 1 });
    const a = await person(p);
    const reg = await p.call<Described>("POST", "/conference/user", { token: a.token, body: registrationBody(s) });
    const proofKey = await uploadProof(p, a.token);
    const paid = await p.call<{ id: number }>("POST", "/payment", { token: a.token, body: { registrationId: reg.data.id, method: "transfer", proofKey } });
    expect(paid.status).toBe(200);
    p.advance(48 * HOUR);
    expect((await remaining(s.conference.id)).remaining).toBe(0);
    // Tokens don't outlive two days on the moved clock: sign in again.
    const organiser = await p.signIn(s.organiser.mobile);
    expect((await p.call("PATCH", `/payment/${paid.data.id}`, { token: organiser, body: { state: "rejected", remark: "看不清" } })).status).toBe(200);
    const after = await p.call<Described>("GET", `/conference/user/${reg.data.id}`, { token: await p.signIn(a.mobile) });
    expect(new Date(after.data.holdUntil!).getTime()).toBe(p.deps.now().getTime() + 24 * HOUR);
  });

  it("are not set on an organiser's entry", async () => {
    const s = await setupConference(p, { capacity: 1 });
    const entered = await p.call<Described>("POST", "/user/admin", {
      token: s.organiser.token,
      body: { conferenceId: s.conference.id, identityId: s.student.id, name: "手工录入", mobile: nextMobile() },
    });
    expect(entered.data.holdUntil).toBeNull();
    p.advance(30 * 24 * HOUR);
    expect((await remaining(s.conference.id)).remaining).toBe(0);
  });
});

describe("a payment after the hold ran out", () => {
  async function expiredHold(capacity: number) {
    const s = await setupConference(p, { capacity });
    const a = await person(p);
    const reg = await p.call<Described>("POST", "/conference/user", { token: a.token, body: registrationBody(s) });
    const proofKey = await uploadProof(p, a.token);
    p.advance(24 * HOUR);
    return { s, a: { ...a, token: await p.signIn(a.mobile) }, registrationId: reg.data.id, proofKey };
  }

  it("takes the place again when one is free", async () => {
    const { a, registrationId, proofKey } = await expiredHold(1);
    const paid = await p.call<{ state: string }>("POST", "/payment", { token: a.token, body: { registrationId, method: "transfer", proofKey } });
    expect(paid.status).toBe(200);
    expect(paid.data.state).toBe("pending_audit");
    const after = await p.call<Described>("GET", `/conference/user/${registrationId}`, { token: a.token });
    expect(after.data).toMatchObject({ state: "confirmed", holdExpired: false, holdsPlace: true, refundDue: null, paymentState: "pending_audit" });
  });

  it("counts the coupon's use again when the place comes back", async () => {
    const s = await setupConference(p, { capacity: 5 });
    await p.db.insert(coupons).values({ conferenceId: s.conference.id, code: "HOLD10", kind: "percent", value: 10, useLimit: 5, used: 0 });
    const a = await person(p);
    const reg = await p.call<Described>("POST", "/conference/user", { token: a.token, body: registrationBody(s, { couponCode: "HOLD10" }) });
    expect(reg.status).toBe(200);
    const used = async () => (await p.db.select({ used: coupons.used }).from(coupons).where(eq(coupons.conferenceId, s.conference.id)))[0].used;
    expect(await used()).toBe(1);
    const proofKey = await uploadProof(p, a.token);
    p.advance(24 * HOUR);
    const token = await p.signIn(a.mobile);
    expect((await p.call("POST", "/payment", { token, body: { registrationId: reg.data.id, method: "transfer", proofKey } })).status).toBe(200);
    expect(await used()).toBe(1);
  });

  it("keeps a transfer's proof and flags it for refund when the conference filled meanwhile", async () => {
    const { s, a, registrationId, proofKey } = await expiredHold(1);
    const b = await person(p);
    expect((await p.call("POST", "/conference/user", { token: b.token, body: registrationBody(s) })).status).toBe(200);
    const paid = await p.call<{ id: number; state: string }>("POST", "/payment", { token: a.token, body: { registrationId, method: "transfer", proofKey } });
    expect(paid.status).toBe(200);
    const [row] = await p.db.select().from(payments).where(eq(payments.id, paid.data.id));
    expect(row.details.refundDue).toBe("noSeat");
    const trail = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `payment:${paid.data.id}`));
    expect(trail.map((r) => r.action)).toContain("payment.refund_due");
    const after = await p.call<Described>("GET", `/conference/user/${registrationId}`, { token: a.token });
    expect(after.data).toMatchObject({ holdExpired: true, refundDue: "noSeat" });
  });
});
