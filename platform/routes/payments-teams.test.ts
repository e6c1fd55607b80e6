import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments, registrations } from "../db/schema";
import { type ConferenceSetup, person, setupConference, uploadProof } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let s: ConferenceSetup;
beforeAll(async () => {
  p = await testPlatform();
  s = await setupConference(p, { moderation: true });
});
afterAll(() => p.close());

type Member = { id: number; name: string; feeFen: number; accountId: number | null; teamId: number; state: string; paymentState: string | null };
type Payment = { id: number; state: string; amountFen: number; teamId: number; registrationIds: number[] };

let seq = 0;
const mobile = () => `1377777${String(++seq).padStart(4, "0")}`;

async function teamWithMembers(count = 3) {
  const leader = await person(p, "领队");
  const team = await p.call<{ id: number; leaderAccountId: number }>("POST", "/team", {
    token: leader.token,
    body: { conferenceId: s.conference.id, name: "课题组" },
  });
  const members = Array.from({ length: count }, (_, i) => ({ name: `成员${i + 1}`, mobile: mobile(), identityId: i === 0 ? s.regular.id : s.student.id }));
  const added = await p.call<{ added: number; list: Member[] }>("POST", "/team/user", { token: leader.token, body: { teamId: team.data.id, members } });
  return { leader, teamId: team.data.id, members, added };
}

describe("teams", () => {
  it("a leader creates a team and adds members, who become registrations without an account", async () => {
    const { leader, teamId, added } = await teamWithMembers(3);
    expect(added.status).toBe(200);
    expect(added.data.added).toBe(3);
    expect(added.data.list.map((m) => [m.name, m.feeFen, m.accountId, m.teamId, m.state])).toEqual([
      ["成员1", 200_000, null, teamId, "pending"],
      ["成员2", 80_000, null, teamId, "pending"],
      ["成员3", 80_000, null, teamId, "pending"],
    ]);
    const list = await p.call<{ list: Member[]; total: number }>("GET", `/team/user/${teamId}`, { token: leader.token });
    expect(list.data.total).toBe(3);
    const mine = await p.call<{ list: Array<{ id: number; members: number }> }>("GET", `/team/account/${leader.id}`, { token: leader.token });
    expect(mine.data.list).toEqual([expect.objectContaining({ id: teamId, members: 3 })]);
    const byConference = await p.call<{ list: Array<{ id: number }> }>("GET", `/team/conf/${s.conference.id}`, { token: leader.token });
    expect(byConference.data.list.map((t) => t.id)).toEqual([teamId]);
    const organiserView = await p.call<{ total: number }>("GET", `/team/conf/${s.conference.id}`, { token: s.organiser.token });
    expect(organiserView.data.total).toBeGreaterThanOrEqual(1);
  });

  it("adding the same members again adds nobody twice", async () => {
    const { leader, teamId, members } = await teamWithMembers(2);
    const again = await p.call<{ added: number; total: number }>("POST", "/team/user", { token: leader.token, body: { teamId, members } });
    expect(again.data).toMatchObject({ added: 0, total: 2 });
  });

  it("only the leader adds members or sees them; another account's teams are not listed", async () => {
    const { teamId, leader } = await teamWithMembers(1);
    const stranger = await person(p);
    expect(
      (await p.call("POST", "/team/user", { token: stranger.token, body: { teamId, name: "混入", mobile: mobile(), identityId: s.student.id } })).status,
    ).toBe(404);
    expect((await p.call("GET", `/team/user/${teamId}`, { token: stranger.token })).status).toBe(404);
    expect((await p.call("GET", `/team/account/${leader.id}`, { token: stranger.token })).status).toBe(404);
    expect((await p.call<{ total: number }>("GET", `/team/conf/${s.conference.id}`, { token: stranger.token })).data.total).toBe(0);
  });

  it("refuses a member whose mobile is registered for the conference already", async () => {
    const first = await teamWithMembers(1);
    const { leader, teamId } = await teamWithMembers(1);
    const res = await p.call("POST", "/team/user", {
      token: leader.token,
      body: { teamId, name: "重复", mobile: first.members[0].mobile, identityId: s.student.id },
    });
    expect(res.status).toBe(400);
    expect(res.message).toBe(`手机号 ${first.members[0].mobile} 已报名本会议`);
  });
});

describe("team payments", () => {
  it("count the team total as the sum of the members' fees", async () => {
    const { leader, teamId } = await teamWithMembers(3);
    const count = await p.call<{ count: number; totalFen: number }>("POST", "/team/payment/count", { token: leader.token, body: { teamId } });
    expect(count.data).toMatchObject({ count: 3, totalFen: 360_000 });
  });

  it("pay for all members at once with one transfer, once per key; the organiser's audit confirms it", async () => {
    const { leader, teamId } = await teamWithMembers(2);
    const proofKey = await uploadProof(p, leader.token);
    const key = crypto.randomUUID();
    const body = { teamId, method: "transfer", proofKey, idempotencyKey: key, amountFen: 1 };
    const [a, b] = await Promise.all([
      p.call<Payment>("POST", "/team/payment", { token: leader.token, body }),
      p.call<Payment>("POST", "/team/payment", { token: leader.token, body }),
    ]);
    expect(a.data.id).toBe(b.data.id);
    expect(a.data).toMatchObject({ state: "pending_audit", amountFen: 280_000, teamId });
    expect(a.data.registrationIds).toHaveLength(2);
    expect(await p.db.select().from(payments).where(eq(payments.teamId, teamId))).toHaveLength(1);

    // Nothing left to pay while it waits.
    const left = await p.call<{ count: number; totalFen: number }>("POST", "/team/payment/count", { token: leader.token, body: { teamId } });
    expect(left.data).toMatchObject({ count: 0, totalFen: 0 });
    expect((await p.call("POST", "/team/payment", { token: leader.token, body: { ...body, idempotencyKey: crypto.randomUUID() } })).message).toBe("无需缴费");

    expect((await p.call("PATCH", `/team/payment/${a.data.id}`, { token: leader.token, body: { state: "paid" } })).status).toBe(403);
    const audited = await p.call<Payment>("PATCH", `/team/payment/${a.data.id}`, {
      token: s.organiser.token,
      body: { state: "paid", remark: "团队转账已到账" },
    });
    expect(audited.data.state).toBe("paid");
    const trail = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `payment:${a.data.id}`));
    expect(trail).toMatchObject([{ action: "payment.audit", accountId: s.organiser.id }]);
    const membersView = await p.call<{ list: Member[] }>("GET", `/team/user/${teamId}`, { token: leader.token });
    expect(membersView.data.list.map((m) => m.paymentState)).toEqual(["paid", "paid"]);

    // A member added later is outstanding on their own.
    await p.call("POST", "/team/user", { token: leader.token, body: { teamId, name: "后来者", mobile: mobile(), identityId: s.student.id } });
    const later = await p.call<{ count: number; totalFen: number }>("POST", "/team/payment/count", { token: leader.token, body: { teamId } });
    expect(later.data).toMatchObject({ count: 1, totalFen: 80_000 });
  });

  it("the organiser's payment audit finds a team payment by the leader's mobile, as its hint says", async () => {
    const { leader, teamId } = await teamWithMembers(1);
    const proofKey = await uploadProof(p, leader.token);
    const paid = await p.call<Payment>("POST", "/team/payment", {
      token: leader.token,
      body: { teamId, method: "transfer", proofKey, idempotencyKey: crypto.randomUUID(), amountFen: 1 },
    });
    type Found = { list: Array<{ id: number; payerMobile: string | null }>; total: number };
    const search = (keyword: string) => p.call<Found>("GET", `/payment/manage/${s.conference.id}?keyword=${keyword}`, { token: s.organiser.token });
    const byMobile = await search(leader.mobile);
    expect(byMobile.data.list.map((row) => row.id)).toEqual([paid.data.id]);
    expect(byMobile.data.total).toBe(1);
    expect(byMobile.data.list[0].payerMobile).toBe(leader.mobile);
    expect((await search(leader.mobile.slice(-6))).data.list.map((row) => row.id)).toContain(paid.data.id);
  });

  it("are listed for the leader, edited with a new proof and removed while not paid", async () => {
    const { leader, teamId } = await teamWithMembers(1);
    const proofKey = await uploadProof(p, leader.token);
    const payment = await p.call<Payment>("POST", "/team/payment", { token: leader.token, body: { teamId, method: "transfer", proofKey } });
    const listed = await p.call<{ list: Payment[] }>("GET", `/team/payment?teamId=${teamId}`, { token: leader.token });
    expect(listed.data.list.map((x) => x.id)).toEqual([payment.data.id]);
    await p.call("POST", "/team/user", { token: leader.token, body: { teamId, name: "新成员", mobile: mobile(), identityId: s.student.id } });
    const newProof = await uploadProof(p, leader.token);
    const edited = await p.call<Payment>("PUT", `/team/payment/${payment.data.id}`, { token: leader.token, body: { proofKey: newProof } });
    expect(edited.data).toMatchObject({ state: "pending_audit", amountFen: 280_000 });
    expect(edited.data.registrationIds).toHaveLength(2);

    const stranger = await person(p);
    expect((await p.call("PATCH", "/team/payment", { token: stranger.token, body: { id: payment.data.id } })).status).toBe(404);
    const removed = await p.call<{ removed: number }>("PATCH", "/team/payment", { token: leader.token, body: { id: payment.data.id } });
    expect(removed.data.removed).toBe(payment.data.id);
    expect(await p.db.select().from(payments).where(eq(payments.id, payment.data.id))).toHaveLength(0);
  });

  it("a paid team payment can't be removed", async () => {
    const { leader, teamId } = await teamWithMembers(1);
    const proofKey = await uploadProof(p, leader.token);
    const payment = await p.call<Payment>("POST", "/team/payment", { token: leader.token, body: { teamId, method: "transfer", proofKey } });
    await p.call("PATCH", `/team/payment/${payment.data.id}`, { token: s.organiser.token, body: { state: "paid" } });
    const res = await p.call("PATCH", "/team/payment", { token: leader.token, body: { id: payment.data.id } });
    expect(res.status).toBe(400);
  });

  it("a member claims their registration and sees the team's payment", async () => {
    const { leader, teamId, members } = await teamWithMembers(1);
    const proofKey = await uploadProof(p, leader.token);
    const payment = await p.call<Payment>("POST", "/team/payment", { token: leader.token, body: { teamId, method: "transfer", proofKey } });
    await p.call("PATCH", `/team/payment/${payment.data.id}`, { token: s.organiser.token, body: { state: "paid" } });
    const [row] = await p.db.select().from(registrations).where(eq(registrations.mobile, members[0].mobile));
    await p.sendCode(members[0].mobile);
    const claimed = await p.call<{ account: { token: string } }>("POST", `/conference/user/claim/${row.id}`, {
      body: { mobile: members[0].mobile, code: await p.code(members[0].mobile) },
    });
    const mine = await p.call<{ list: Member[] }>("GET", "/my-user", { token: claimed.data.account.token });
    expect(mine.data.list).toMatchObject([{ id: row.id, teamId, paymentState: "paid" }]);
  });
});
