import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, hotelBookings, hotelRooms, hotels, payments, type RegistrationState, registrations, teams } from "../db/schema";
import { newTicketCode } from "../services/registration";
import { type ConferenceSetup, nextMobile, person, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let s: ConferenceSetup;
let other: ConferenceSetup;
beforeAll(async () => {
  p = await testPlatform();
  s = await setupConference(p);
  other = await setupConference(p);
});
afterAll(() => p.close());

type Person = {
  id: number;
  name: string;
  institution: string;
  identity: { nameZh: string } | null;
  checkedIn: boolean;
  checkedInAt: string | null;
  state: string;
};
type Answer = { result: string; registration: Person | null };

/** A registration put straight into the table: confirmed and free unless told otherwise. */
async function ticket(
  setup: ConferenceSetup,
  values: { state?: RegistrationState; feeFen?: number; name?: string; institution?: string; identityId?: number } = {},
) {
  const [row] = await p.db
    .insert(registrations)
    .values({
      conferenceId: setup.conference.id,
      mobile: nextMobile(),
      name: values.name ?? "签到测试",
      institution: values.institution ?? "测试大学",
      identityId: values.identityId ?? setup.student.id,
      state: values.state ?? "confirmed",
      feeFen: values.feeFen ?? 0,
      ticketCode: newTicketCode(),
      ...p.stamp(),
    })
    .returning();
  return row;
}

const checkIn = (body: Record<string, unknown>, token = s.organiser.token, query = "") =>
  p.call<Answer>("POST", `/user/checkin${query}`, { token, body: { conferenceId: s.conference.id, ...body } });

const audits = (registrationId: number, action: string) =>
  p.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `registration:${registrationId}`), eq(auditLog.action, action)));

describe("checking a ticket in", () => {
  it("checks in by code once: the same code again answers 'already' with the first time", async () => {
    const row = await ticket(s, { name: "王签到", institution: "浙江大学" });
    const first = await checkIn({ code: row.ticketCode.toLowerCase().replace(/(.{5})/, "$1-") });
    expect(first.status).toBe(200);
    expect(first.data.result).toBe("checked_in");
    expect(first.data.registration).toMatchObject({ name: "王签到", institution: "浙江大学", identity: { nameZh: "学生" }, checkedIn: true });
    expect(first.data.registration!.checkedInAt).toBe(p.deps.now().toISOString());
    p.advance(60_000);
    const again = await checkIn({ code: row.ticketCode });
    expect(again.data.result).toBe("already");
    expect(again.data.registration!.checkedInAt).toBe(first.data.registration!.checkedInAt);
    const [audit] = await audits(row.id, "registration.checkin");
    expect(audit).toMatchObject({ conferenceId: s.conference.id, accountId: s.organiser.id, detail: { via: "code", name: "王签到" } });
  });

  it("lets exactly one of twenty desks check the same ticket in at once", async () => {
    const row = await ticket(s);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => checkIn(i % 2 ? { code: row.ticketCode } : { registrationId: row.id })));
    expect(answers.map((a) => a.status).every((status) => status === 200)).toBe(true);
    expect(answers.filter((a) => a.data.result === "checked_in")).toHaveLength(1);
    expect(answers.filter((a) => a.data.result === "already")).toHaveLength(19);
    expect(await audits(row.id, "registration.checkin")).toHaveLength(1);
  });

  it("refuses unknown codes, other conferences' tickets, and registrations that are not confirmed", async () => {
    expect((await checkIn({ code: "NOSUCHCODE" })).data).toEqual({ result: "not_found", registration: null });
    const elsewhere = await ticket(other);
    expect((await checkIn({ code: elsewhere.ticketCode })).data.result).toBe("not_found");
    expect((await checkIn({ registrationId: elsewhere.id })).data.result).toBe("not_found");
    for (const state of ["pending", "cancelled", "rejected"] as const) {
      const row = await ticket(s, { state });
      const answer = await checkIn({ code: row.ticketCode });
      expect(answer.data.result).toBe("not_confirmed");
      expect(answer.data.registration).toMatchObject({ state, checkedIn: false });
    }
    const [unchanged] = await p.db.select().from(registrations).where(eq(registrations.id, elsewhere.id));
    expect(unchanged.checkinState).toBe(false);
  });

  it("lets a registration with a fee in only once its payment is paid", async () => {
    const who = await person(p, "缴费人");
    const reg = await p.call<{ id: number; feeFen: number; ticketCode: string }>("POST", "/conference/user", {
      token: who.token,
      body: registrationBody(s, { name: "缴费人" }),
    });
    expect(reg.data.feeFen).toBeGreaterThan(0);
    expect((await checkIn({ code: reg.data.ticketCode })).data.result).toBe("not_paid");
    const proofKey = await uploadProof(p, who.token);
    const payment = await p.call<{ id: number }>("POST", "/payment", { token: who.token, body: { registrationId: reg.data.id, method: "transfer", proofKey } });
    // Waiting for audit is not paid yet.
    expect((await checkIn({ code: reg.data.ticketCode })).data.result).toBe("not_paid");
    expect((await p.call("PATCH", `/payment/${payment.data.id}`, { token: s.organiser.token, body: { state: "paid" } })).status).toBe(200);
    expect((await checkIn({ code: reg.data.ticketCode }, s.organiser.token, "?via=scan")).data.result).toBe("checked_in");
    const [audit] = await audits(reg.data.id, "registration.checkin");
    expect(audit.detail).toMatchObject({ via: "scan" });
  });

  it("counts a team payment that lists the member", async () => {
    const [team] = await p.db
      .insert(teams)
      .values({ conferenceId: s.conference.id, leaderAccountId: s.organiser.id, name: "课题组", ...p.stamp() })
      .returning();
    const [member, left] = await Promise.all([ticket(s, { feeFen: 80_000 }), ticket(s, { feeFen: 80_000 })]);
    await p.db
      .update(registrations)
      .set({ teamId: team.id })
      .where(inArray(registrations.id, [member.id, left.id]));
    expect((await checkIn({ registrationId: member.id })).data.result).toBe("not_paid");
    await p.db.insert(payments).values({
      conferenceId: s.conference.id,
      teamId: team.id,
      method: "transfer",
      amountFen: 80_000,
      state: "paid",
      tradeNo: `T${team.id}`,
      details: { registrationIds: [member.id] },
      ...p.stamp(),
    });
    expect((await checkIn({ registrationId: member.id })).data.result).toBe("checked_in");
    // A team member the payment does not list still owes the fee.
    expect((await checkIn({ registrationId: left.id })).data.result).toBe("not_paid");
  });

  it("rejects a body without a code or id, and a malformed code, per field", async () => {
    const none = await checkIn({});
    expect(none.status).toBe(400);
    expect(none.message).toBe("请输入票号");
    const bad = await checkIn({ code: "<script>" }, s.organiser.token);
    expect(bad.status).toBe(400);
    expect((bad.data as unknown as { fields: Record<string, string> }).fields.code).toEqual({ key: "checkin.validation.codeInvalid" });
  });
});

describe("undo", () => {
  it("takes a check-in back once, audited, and the ticket can be checked in again", async () => {
    const row = await ticket(s);
    await checkIn({ registrationId: row.id });
    const [a, b] = await Promise.all([
      p.call<Answer>("DELETE", `/user/checkin/${row.id}`, { token: s.organiser.token }),
      p.call<Answer>("DELETE", `/user/checkin/${row.id}`, { token: s.organiser.token }),
    ]);
    expect([a.data.result, b.data.result].sort()).toEqual(["not_checked_in", "undone"]);
    expect(await audits(row.id, "registration.checkin_undo")).toHaveLength(1);
    const [after] = await p.db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(after).toMatchObject({ checkinState: false, checkedInAt: null });
    expect((await checkIn({ code: row.ticketCode })).data.result).toBe("checked_in");
    expect((await p.call("DELETE", "/user/checkin/99999999", { token: s.organiser.token })).status).toBe(404);
  });
});

describe("look-up, search and counts", () => {
  it("looks a ticket up without checking it in", async () => {
    const row = await ticket(s, { name: "查票人" });
    const found = await p.call<Answer>("GET", `/user/checkin?conferenceId=${s.conference.id}&code=${row.ticketCode}`, { token: s.organiser.token });
    expect(found.data).toMatchObject({ result: "ready", registration: { name: "查票人", checkedIn: false } });
    const [still] = await p.db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(still.checkinState).toBe(false);
    await checkIn({ code: row.ticketCode });
    const again = await p.call<Answer>("GET", `/user/checkin?conferenceId=${s.conference.id}&code=${row.ticketCode}`, { token: s.organiser.token });
    expect(again.data.result).toBe("already");
  });

  it("finds registrations by name, mobile or institution (wildcards taken literally)", async () => {
    const row = await ticket(s, { name: "欧阳查找", institution: "复旦大学_100%" });
    const search = (keyword: string) =>
      p.call<{ list: Person[]; total: number }>("GET", `/user/checkin?conferenceId=${s.conference.id}&keyword=${encodeURIComponent(keyword)}`, {
        token: s.organiser.token,
      });
    expect((await search("欧阳")).data.list.map((r) => r.id)).toEqual([row.id]);
    expect((await search(row.mobile.slice(-6))).data.list.map((r) => r.id)).toContain(row.id);
    expect((await search("_100%")).data.list.map((r) => r.id)).toEqual([row.id]);
    expect((await search("%")).data.total).toBe(1);
    const empty = await search(" ");
    expect(empty.status).toBe(400);
    expect(empty.message).toBe("请输入姓名、手机号或单位");
  });

  it("counts confirmed registrations checked in per identity", async () => {
    const setup = await setupConference(p);
    const rows = await Promise.all([
      ticket(setup, { identityId: setup.student.id }),
      ticket(setup, { identityId: setup.student.id }),
      ticket(setup, { identityId: setup.regular.id }),
      ticket(setup, { identityId: setup.regular.id, state: "pending" }),
    ]);
    for (const row of [rows[0], rows[2]])
      await p.call("POST", "/user/checkin", { token: setup.organiser.token, body: { conferenceId: setup.conference.id, registrationId: row.id } });
    const counts = await p.call<{
      conference: { nameZh: string };
      total: { registered: number; checkedIn: number };
      byIdentity: Array<{ identity: { nameZh: string }; registered: number; checkedIn: number }>;
      recent: Person[];
    }>("GET", `/user/checkin/counts/${setup.conference.id}`, { token: setup.organiser.token });
    expect(counts.data.conference.nameZh).toBe("测试学术会议");
    expect(counts.data.total).toEqual({ registered: 3, checkedIn: 2 });
    expect(counts.data.byIdentity.map((row) => [row.identity.nameZh, row.registered, row.checkedIn])).toEqual([
      ["学生", 2, 1],
      ["普通参会者", 1, 1],
    ]);
    expect(counts.data.recent.map((row) => row.id).sort()).toEqual([rows[0].id, rows[2].id].sort());
  });
});

describe("permissions", () => {
  it("answers 404 to another account on every call and changes nothing", async () => {
    const outsider = await person(p, "路人");
    const row = await ticket(s);
    const calls = [
      p.call("GET", `/user/checkin?conferenceId=${s.conference.id}&code=${row.ticketCode}`, { token: outsider.token }),
      p.call("GET", `/user/checkin?conferenceId=${s.conference.id}&keyword=签到`, { token: outsider.token }),
      p.call("POST", "/user/checkin", { token: outsider.token, body: { conferenceId: s.conference.id, code: row.ticketCode } }),
      p.call("GET", `/user/checkin/counts/${s.conference.id}`, { token: outsider.token }),
      p.call("GET", `/statistics/${s.conference.id}`, { token: outsider.token }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    expect((await p.call("POST", "/user/checkin", { body: { conferenceId: s.conference.id, code: row.ticketCode } })).status).toBe(401);
    await checkIn({ registrationId: row.id });
    expect((await p.call("DELETE", `/user/checkin/${row.id}`, { token: outsider.token })).status).toBe(404);
    const [after] = await p.db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(after.checkinState).toBe(true);
    expect(await audits(row.id, "registration.checkin_undo")).toHaveLength(0);
  });

  it("lets the conference's admin users check in", async () => {
    const admin = await person(p, "协办");
    expect(
      (await p.call("POST", "/admin-user", { token: s.organiser.token, body: { conferenceId: s.conference.id, mobile: admin.mobile } })).status,
    ).toBeLessThan(300);
    const row = await ticket(s);
    expect((await checkIn({ code: row.ticketCode }, admin.token)).data.result).toBe("checked_in");
  });
});

describe("statistics", () => {
  it("adds up registrations, identities, institutions, payments, check-ins and hotel use", async () => {
    const setup = await setupConference(p);
    const organiser = setup.organiser.token;
    const day = (iso: string) => new Date(iso);
    const rows = await Promise.all([
      ticket(setup, { institution: "浙江大学" }),
      ticket(setup, { institution: "浙江大学", identityId: setup.regular.id }),
      ticket(setup, { institution: "复旦大学" }),
      ticket(setup, { institution: "浙江大学", state: "cancelled" }),
    ]);
    // Created on two China days: 2026-11-20 23:30 (UTC 15:30) and 2026-11-21.
    await p.db
      .update(registrations)
      .set({ createdAt: day("2026-11-20T15:30:00Z") })
      .where(eq(registrations.id, rows[0].id));
    for (const row of rows.slice(1))
      await p.db
        .update(registrations)
        .set({ createdAt: day("2026-11-21T02:00:00Z") })
        .where(eq(registrations.id, row.id));
    await p.db.insert(payments).values([
      {
        conferenceId: setup.conference.id,
        registrationId: rows[0].id,
        method: "transfer",
        amountFen: 80_000,
        state: "paid",
        tradeNo: `S${rows[0].id}a`,
        ...p.stamp(),
      },
      {
        conferenceId: setup.conference.id,
        registrationId: rows[1].id,
        method: "alipay",
        amountFen: 200_000,
        state: "paid",
        tradeNo: `S${rows[1].id}b`,
        ...p.stamp(),
      },
      {
        conferenceId: setup.conference.id,
        registrationId: rows[2].id,
        method: "transfer",
        amountFen: 80_000,
        state: "pending_audit",
        tradeNo: `S${rows[2].id}c`,
        ...p.stamp(),
      },
    ]);
    await p.call("POST", "/user/checkin", { token: organiser, body: { conferenceId: setup.conference.id, registrationId: rows[0].id } });
    const [hotel] = await p.db.insert(hotels).values({ conferenceId: setup.conference.id, nameZh: "会议酒店" }).returning();
    const [room] = await p.db
      .insert(hotelRooms)
      .values({ hotelId: hotel.id, typeZh: "大床房", priceFen: 45_000, inventory: 10, startDate: "2027-01-09", endDate: "2027-01-12" })
      .returning();
    await p.db.insert(hotelBookings).values([
      {
        conferenceId: setup.conference.id,
        accountId: setup.organiser.id,
        roomId: room.id,
        checkIn: "2027-01-09",
        checkOut: "2027-01-11",
        rooms: 2,
        priceFen: 0,
        state: "approved",
        ...p.stamp(),
      },
      {
        conferenceId: setup.conference.id,
        accountId: setup.organiser.id,
        roomId: room.id,
        checkIn: "2027-01-10",
        checkOut: "2027-01-11",
        rooms: 1,
        priceFen: 0,
        state: "pending",
        ...p.stamp(),
      },
      {
        conferenceId: setup.conference.id,
        accountId: setup.organiser.id,
        roomId: room.id,
        checkIn: "2027-01-10",
        checkOut: "2027-01-12",
        rooms: 5,
        priceFen: 0,
        state: "rejected",
        ...p.stamp(),
      },
    ]);

    const stats = await p.call<{
      registrations: {
        total: number;
        confirmed: number;
        cancelled: number;
        perDay: Array<{ day: string; count: number }>;
        byIdentity: Array<{ identity: { nameZh: string }; count: number }>;
        topInstitutions: Array<{ institution: string; count: number }>;
      };
      payments: { paidCount: number; paidFen: number; byMethod: Array<{ method: string; count: number; amountFen: number }>; pendingAudit: number };
      checkins: { checkedIn: number; confirmed: number; today: number; buckets: Array<{ label: string; count: number }> };
      hotels: Array<{ nameZh: string; inventoryNights: number; bookedNights: number; pendingNights: number }>;
    }>("GET", `/statistics/${setup.conference.id}`, { token: organiser });
    expect(stats.status).toBe(200);
    const { registrations: r, payments: pay, checkins, hotels: hotelUse } = stats.data;
    expect(r).toMatchObject({ total: 4, confirmed: 3, cancelled: 1 });
    expect(r.perDay).toEqual([
      { day: "2026-11-20", count: 1 },
      { day: "2026-11-21", count: 3 },
    ]);
    expect(r.byIdentity.map((row) => [row.identity.nameZh, row.count])).toEqual([
      ["学生", 2],
      ["普通参会者", 1],
    ]);
    expect(r.topInstitutions).toEqual([
      { institution: "浙江大学", count: 2 },
      { institution: "复旦大学", count: 1 },
    ]);
    expect(pay).toEqual({
      currency: "CNY",
      paidCount: 2,
      paidFen: 280_000,
      byMethod: [
        { method: "alipay", count: 1, amountFen: 200_000 },
        { method: "transfer", count: 1, amountFen: 80_000 },
      ],
      pendingAudit: 1,
    });
    // The test clock is 16:00 in China: the check-in lands in the 16:00 bucket.
    expect(checkins).toMatchObject({ checkedIn: 1, confirmed: 3, today: 1 });
    expect(checkins.buckets.find((b) => b.count > 0)?.label).toBe("16:00");
    expect(hotelUse).toEqual([{ hotelId: hotel.id, nameZh: "会议酒店", nameEn: "", inventoryNights: 30, bookedNights: 4, pendingNights: 1 }]);
  });
});

describe("the attendee's own view", () => {
  it("shows the attendee when the desk checked them in, and nothing once the check-in is undone", async () => {
    const who = await person(p, "看签到");
    const [row] = await p.db
      .insert(registrations)
      .values({
        conferenceId: s.conference.id,
        accountId: who.id,
        mobile: who.mobile,
        name: "看签到",
        state: "confirmed",
        ticketCode: newTicketCode(),
        ...p.stamp(),
      })
      .returning();
    const mine = async () =>
      (await p.call<{ list: Array<{ id: number; checkedInAt: string | null }> }>("GET", "/my-user", { token: who.token })).data.list.find(
        (r) => r.id === row.id,
      );
    expect((await mine())?.checkedInAt).toBeNull();
    await checkIn({ code: row.ticketCode });
    expect((await mine())?.checkedInAt).toBe(p.deps.now().toISOString());
    await p.call("DELETE", `/user/checkin/${row.id}`, { token: s.organiser.token });
    expect((await mine())?.checkedInAt).toBeNull();
  });
});
