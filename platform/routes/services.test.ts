import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branches, conferences, hotelBookings, hotelRooms, hotels, modules, papers, schedules, sponsors } from "../db/schema";
import { type ConferenceSetup, person, setupConference } from "../services/registration-fixtures";
import { type TestPlatform, testPlatform } from "../testing";

/**
 * Attendee services (issue 6) on a real database: hotel inventory under concurrent bookings
 * (with TEST_DATABASE_URL truly concurrent on PostgreSQL, where the room row lock is what keeps
 * the count right), travel, papers and files with their uploads' ownership, the schedule
 * subscription and its feed, sponsor applications and their room requests.
 */
let p: TestPlatform;
beforeAll(async () => {
  p = await testPlatform();
});
afterAll(() => p.close());

type Person = Awaited<ReturnType<typeof person>>;

/** The test conference runs 2027-01-10..12; a room bookable 01-09..01-13 with `inventory` rooms. */
async function hotelRoom(s: ConferenceSetup, inventory: number, overrides: Partial<typeof hotelRooms.$inferInsert> = {}) {
  const [hotel] = await p.db.insert(hotels).values({ conferenceId: s.conference.id, nameZh: "西湖宾馆", nameEn: "West Lake Hotel" }).returning();
  const [room] = await p.db
    .insert(hotelRooms)
    .values({ hotelId: hotel.id, typeZh: "大床房", typeEn: "King", priceFen: 45_000, inventory, startDate: "2027-01-09", endDate: "2027-01-13", ...overrides })
    .returning();
  return room;
}

/** A signed-in attendee registered for the conference. */
async function attendee(s: ConferenceSetup, name = "参会者") {
  const who = await person(p, name);
  const res = await p.call("POST", "/conference/user", {
    token: who.token,
    body: {
      conferenceId: s.conference.id,
      identityId: s.student.id,
      name,
      answers: { department: "物理系", presenting: "no" },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(res.status).toBe(200);
  return who;
}

const booking = (s: ConferenceSetup, roomId: number, overrides: Record<string, unknown> = {}) => ({
  conferenceId: s.conference.id,
  roomId,
  checkIn: "2027-01-09",
  checkOut: "2027-01-12",
  rooms: 1,
  sharing: "single",
  ...overrides,
});

async function pdfUpload(who: Person, name = "paper.pdf") {
  const form = new FormData();
  form.set("file", new File([new TextEncoder().encode(`%PDF-1.4\n% ${name} ${crypto.randomUUID()}\n%%EOF\n`)], name, { type: "application/pdf" }));
  const res = await p.call<{ key: string; publicUrl: string }>("POST", "/cms/files/documentUpload", { token: who.token, form });
  expect(res.status).toBe(200);
  return res.data;
}

const download = (key: string, token: string) =>
  p.app.fetch(new Request(`http://platform.test/api/cms/files/${key}`, { headers: { Authorization: `Bearer ${token}` } }));

describe("hotel bookings", () => {
  it("lets exactly one of several concurrent bookings take the last room, and tells the others it is gone", async () => {
    const s = await setupConference(p);
    const room = await hotelRoom(s, 1);
    const people: Person[] = [];
    for (let i = 0; i < 6; i++) people.push(await attendee(s));
    const results = await Promise.all(
      people.map((who) => p.call("POST", "/user-hotel", { token: who.token, body: booking(s, room.id, { checkOut: "2027-01-13" }), lang: "en" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400)) expect(refused.message).toMatch(/booked out/);
    const rows = await p.db.select().from(hotelBookings).where(eq(hotelBookings.roomId, room.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "pending", priceFen: 4 * 45_000, rooms: 1 });
    const rooms = await p.call<{ list: Array<{ id: number; gone: boolean; fewestFree: number }> }>("GET", `/user-hotel/rooms/${s.conference.id}`, {
      token: people[0].token,
    });
    expect(rooms.data.list.find((r) => r.id === room.id)).toMatchObject({ gone: true, fewestFree: 0 });
  });

  it("counts per night, prices nights × rooms, and frees the rooms of a cancelled booking", async () => {
    const s = await setupConference(p);
    const room = await hotelRoom(s, 2);
    const [a, b, c] = [await attendee(s), await attendee(s), await attendee(s)];
    const first = await p.call<{ id: number; priceFen: number; state: string }>("POST", "/user-hotel", {
      token: a.token,
      body: booking(s, room.id, { checkIn: "2027-01-10", checkOut: "2027-01-12", rooms: 2 }),
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ priceFen: 2 * 2 * 45_000, state: "pending" });
    // The nights of the 10th and 11th are full; the 9th and the 12th are not.
    const clash = await p.call("POST", "/user-hotel", {
      token: b.token,
      body: booking(s, room.id, { checkIn: "2027-01-11", checkOut: "2027-01-13" }),
      lang: "en",
    });
    expect(clash.status).toBe(400);
    expect(clash.message).toContain("2027-01-11");
    expect((await p.call("POST", "/user-hotel", { token: b.token, body: booking(s, room.id, { checkIn: "2027-01-12", checkOut: "2027-01-13" }) })).status).toBe(
      200,
    );
    expect(
      (await p.call("POST", "/user-hotel", { token: c.token, body: booking(s, room.id, { checkIn: "2027-01-09", checkOut: "2027-01-10", rooms: 2 }) })).status,
    ).toBe(200);
    // Cancelling gives the nights back.
    expect((await p.call("DELETE", `/user-hotel/${first.data.id}`, { token: b.token })).status).toBe(404);
    expect((await p.call("DELETE", `/user-hotel/${first.data.id}`, { token: a.token })).status).toBe(200);
    expect((await p.call("POST", "/user-hotel", { token: b.token, body: booking(s, room.id, { checkIn: "2027-01-10", checkOut: "2027-01-12" }) })).status).toBe(
      200,
    );
  });

  it("changes a pending booking against the other bookings only, and not once audited", async () => {
    const s = await setupConference(p);
    const room = await hotelRoom(s, 1);
    const a = await attendee(s);
    const made = await p.call<{ id: number }>("POST", "/user-hotel", {
      token: a.token,
      body: booking(s, room.id, { checkIn: "2027-01-10", checkOut: "2027-01-11" }),
    });
    const changed = await p.call<{ priceFen: number; checkOut: string; sharing: string }>("PUT", `/user-hotel/${made.data.id}`, {
      token: a.token,
      body: { checkIn: "2027-01-10", checkOut: "2027-01-13", rooms: 1, sharing: "share" },
    });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ priceFen: 3 * 45_000, checkOut: "2027-01-13", sharing: "share" });
    const mine = await p.call<{ list: Array<{ id: number; hotelNameZh: string; roomTypeEn: string }> }>("GET", `/user-hotel?conferenceId=${s.conference.id}`, {
      token: a.token,
    });
    expect(mine.data.list).toEqual([
      expect.objectContaining({ id: made.data.id, hotelNameZh: "西湖宾馆", roomTypeEn: "King", priceFen: 3 * 45_000, roomPriceFen: 45_000 }),
    ]);
    await p.db.update(hotelBookings).set({ state: "approved" }).where(eq(hotelBookings.id, made.data.id));
    expect(
      (await p.call("PUT", `/user-hotel/${made.data.id}`, { token: a.token, body: { checkIn: "2027-01-10", checkOut: "2027-01-11", rooms: 1 } })).status,
    ).toBe(400);
    expect((await p.call("DELETE", `/user-hotel/${made.data.id}`, { token: a.token })).status).toBe(400);
  });

  it("refuses stays outside the window, hidden rooms, unpublished conferences and people not registered", async () => {
    const s = await setupConference(p);
    const room = await hotelRoom(s, 5);
    const hidden = await hotelRoom(s, 5, { showState: false });
    const a = await attendee(s);
    const outside = await p.call("POST", "/user-hotel", {
      token: a.token,
      body: booking(s, room.id, { checkIn: "2027-01-08", checkOut: "2027-01-10" }),
      lang: "en",
    });
    expect(outside.status).toBe(400);
    expect(outside.message).toContain("2027-01-09");
    const backwards = await p.call<unknown>("POST", "/user-hotel", {
      token: a.token,
      body: booking(s, room.id, { checkIn: "2027-01-11", checkOut: "2027-01-10" }),
      lang: "en",
    });
    expect(backwards.status).toBe(400);
    expect((backwards.data as { fields: Record<string, string> }).fields.checkOut).toBeTruthy();
    expect((await p.call("POST", "/user-hotel", { token: a.token, body: booking(s, hidden.id) })).status).toBe(400);
    const stranger = await person(p);
    const notRegistered = await p.call("POST", "/user-hotel", { token: stranger.token, body: booking(s, room.id), lang: "en" });
    expect(notRegistered.status).toBe(400);
    expect(notRegistered.message).toMatch(/register/i);
    await p.db.update(conferences).set({ isPublish: false }).where(eq(conferences.id, s.conference.id));
    expect((await p.call("POST", "/user-hotel", { token: a.token, body: booking(s, room.id) })).status).toBe(404);
    expect((await p.call("GET", `/user-hotel/rooms/${s.conference.id}`, { token: a.token })).status).toBe(404);
  });
});

describe("travel", () => {
  it("keeps one plan per attendee and conference, editable by its owner only", async () => {
    const s = await setupConference(p);
    const a = await attendee(s);
    const other = await attendee(s);
    const arrival = { mode: "train", number: "G7311", time: "2027-01-09T15:30", place: "杭州东站" };
    const made = await p.call<{ id: number }>("POST", "/travel", { token: a.token, body: { conferenceId: s.conference.id, arrival, departure: null } });
    expect(made.status).toBe(200);
    const again = await p.call<{ id: number }>("POST", "/travel", { token: a.token, body: { conferenceId: s.conference.id, arrival } });
    expect(again.status).toBe(400);
    expect(again.data.id).toBe(made.data.id);
    const half = await p.call<{ fields: Record<string, string> }>("PUT", `/travel/${made.data.id}`, {
      token: a.token,
      body: { arrival, departure: { mode: "flight", number: "MU5101" } },
    });
    expect(half.status).toBe(400);
    expect(Object.keys(half.data.fields)).toEqual(expect.arrayContaining(["departure.time", "departure.place"]));
    const departure = { mode: "flight", number: "MU5101", time: "2027-01-12T18:00", place: "萧山机场" };
    expect((await p.call("PUT", `/travel/${made.data.id}`, { token: a.token, body: { arrival, departure } })).status).toBe(200);
    expect((await p.call("PUT", `/travel/${made.data.id}`, { token: other.token, body: { arrival, departure } })).status).toBe(404);
    const mine = await p.call<{ list: Array<{ arrival: unknown; departure: unknown }> }>("GET", `/travel?conferenceId=${s.conference.id}`, { token: a.token });
    expect(mine.data.list).toEqual([expect.objectContaining({ arrival, departure })]);
    expect((await p.call<{ total: number }>("GET", "/travel", { token: other.token })).data.total).toBe(0);
  });
});

describe("papers and files", () => {
  it("takes a paper with the author's own private upload only, replaces its file while pending, and shows it to its author and the organisers only", async () => {
    const s = await setupConference(p);
    const [branch] = await p.db.insert(branches).values({ conferenceId: s.conference.id, nameZh: "凝聚态物理", nameEn: "Condensed matter" }).returning();
    const author = await attendee(s, "作者");
    const other = await attendee(s, "另一位");
    const mine = await pdfUpload(author);
    const theirs = await pdfUpload(other);
    const body = {
      conferenceId: s.conference.id,
      branchId: branch.id,
      title: "拓扑绝缘体的输运性质",
      authors: [
        { name: "陈思远", affiliation: "浙江大学" },
        { name: "Li Wei", affiliation: "MIT" },
      ],
      abstract: "我们研究……",
      keywords: "拓扑, 输运",
    };
    const stolen = await p.call<{ fields: Record<string, string> }>("POST", "/issue", {
      token: author.token,
      body: { ...body, uploadKey: theirs.key },
      lang: "en",
    });
    expect(stolen.status).toBe(400);
    expect(stolen.data.fields.uploadKey).toBeTruthy();
    const publicImage = await (async () => {
      const form = new FormData();
      form.set(
        "file",
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])], "page.png", { type: "image/png" }),
      );
      return (await p.call<{ key: string }>("POST", "/cms/files/upload", { token: author.token, form })).data.key;
    })();
    expect((await p.call("POST", "/issue", { token: author.token, body: { ...body, uploadKey: publicImage } })).status).toBe(400);
    const stranger = await person(p);
    const strangerUpload = await pdfUpload(stranger);
    expect((await p.call("POST", "/issue", { token: stranger.token, body: { ...body, uploadKey: strangerUpload.key } })).status).toBe(400);

    const made = await p.call<{ id: number; state: string }>("POST", "/issue", { token: author.token, body: { ...body, uploadKey: mine.key } });
    expect(made.status).toBe(200);
    expect(made.data.state).toBe("pending");
    // Someone else's file is refused to another attendee; the organiser may download it.
    expect((await download(mine.key, other.token)).status).toBe(404);
    expect((await download(mine.key, s.organiser.token)).status).toBe(200);
    expect((await p.call("GET", `/issue/${made.data.id}`, { token: other.token })).status).toBe(404);

    const replacement = await pdfUpload(author, "paper-v2.pdf");
    expect((await p.call("PUT", `/issue/${made.data.id}`, { token: other.token, body: { ...body, uploadKey: replacement.key } })).status).toBe(404);
    expect((await p.call("PUT", `/issue/${made.data.id}`, { token: author.token, body: { ...body, uploadKey: theirs.key } })).status).toBe(400);
    const replaced = await p.call("PUT", `/issue/${made.data.id}`, { token: author.token, body: { ...body, uploadKey: replacement.key } });
    expect(replaced.status).toBe(200);
    const list = await p.call<{ list: Array<{ uploadKey: string; file: { name: string }; branch: { nameEn: string }; authors: unknown[] }> }>(
      "GET",
      `/issue?conferenceId=${s.conference.id}`,
      { token: author.token },
    );
    expect(list.data.list).toEqual([
      expect.objectContaining({
        uploadKey: replacement.key,
        file: expect.objectContaining({ name: "paper-v2.pdf" }),
        branch: expect.objectContaining({ nameEn: "Condensed matter" }),
      }),
    ]);
    expect(list.data.list[0].authors).toHaveLength(2);

    await p.db.update(papers).set({ state: "rejected", remark: "请补充实验数据" }).where(eq(papers.id, made.data.id));
    expect((await p.call("PUT", `/issue/${made.data.id}`, { token: author.token, body: { ...body, uploadKey: mine.key } })).status).toBe(400);
    const seen = await p.call<{ state: string; remark: string }>("GET", `/issue/${made.data.id}`, { token: author.token });
    expect(seen.data).toMatchObject({ state: "rejected", remark: "请补充实验数据" });
  });

  it("takes other files per branch with the same rules, and withdraws them while pending", async () => {
    const s = await setupConference(p);
    const a = await attendee(s);
    const b = await attendee(s);
    const key = (await pdfUpload(a, "slides.pdf")).key;
    const foreignBranch = await setupConference(p).then(
      async (t) => (await p.db.insert(branches).values({ conferenceId: t.conference.id, nameZh: "别的会" }).returning())[0],
    );
    expect(
      (
        await p.call("POST", "/file", {
          token: a.token,
          body: { conferenceId: s.conference.id, branchId: foreignBranch.id, name: "报告幻灯片", uploadKey: key },
        })
      ).status,
    ).toBe(400);
    expect((await p.call("POST", "/file", { token: b.token, body: { conferenceId: s.conference.id, name: "报告幻灯片", uploadKey: key } })).status).toBe(400);
    const made = await p.call<{ id: number }>("POST", "/file", { token: a.token, body: { conferenceId: s.conference.id, name: "报告幻灯片", uploadKey: key } });
    expect(made.status).toBe(200);
    expect((await p.call<{ total: number }>("GET", "/file", { token: b.token })).data.total).toBe(0);
    expect((await p.call("DELETE", `/file/${made.data.id}`, { token: b.token })).status).toBe(404);
    expect((await p.call("DELETE", `/file/${made.data.id}`, { token: a.token })).status).toBe(200);
    expect((await p.call<{ total: number }>("GET", "/file", { token: a.token })).data.total).toBe(0);
  });
});

describe("schedule subscription", () => {
  it("subscribes to published sessions only and serves the agenda behind the private feed token", async () => {
    const s = await setupConference(p);
    const [shown, draft] = await p.db
      .insert(modules)
      .values([
        { conferenceId: s.conference.id, type: "schedule", titleZh: "日程", schedulePublished: true },
        { conferenceId: s.conference.id, type: "schedule", titleZh: "草稿", schedulePublished: false },
      ])
      .returning();
    const at = (h: number) => new Date(`2027-01-10T0${h}:00:00Z`);
    const [one, two, hidden] = await p.db
      .insert(schedules)
      .values([
        { conferenceId: s.conference.id, moduleId: shown.id, startsAt: at(1), endsAt: at(2), titleZh: "开幕式", titleEn: "Opening" },
        { conferenceId: s.conference.id, moduleId: shown.id, startsAt: at(3), endsAt: at(4), titleZh: "大会报告", titleEn: "Keynote" },
        { conferenceId: s.conference.id, moduleId: draft.id, startsAt: at(5), endsAt: at(6), titleZh: "未公布", titleEn: "Draft" },
      ])
      .returning();
    const a = await person(p);
    expect((await p.call("POST", "/user/schedule", { token: a.token, body: { scheduleId: hidden.id } })).status).toBe(404);
    for (const session of [two, one, one])
      expect((await p.call("POST", "/user/schedule", { token: a.token, body: { scheduleId: session.id } })).status).toBe(200);
    const sessions = await p.call<{ list: Array<{ id: number; subscribed: boolean }> }>("GET", `/user/schedule/sessions/${s.conference.id}`, {
      token: a.token,
    });
    expect(sessions.data.list.map((x) => [x.id, x.subscribed])).toEqual([
      [one.id, true],
      [two.id, true],
    ]);
    const mine = await p.call<{ list: Array<{ titleEn: string }>; feedToken: string }>("GET", "/user/schedule", { token: a.token });
    expect(mine.data.list.map((x) => x.titleEn)).toEqual(["Opening", "Keynote"]);
    const feed = await p.call<{ list: Array<{ titleEn: string }> }>("GET", `/user/schedule/feed/${mine.data.feedToken}`);
    expect(feed.status).toBe(200);
    expect(feed.data.list.map((x) => x.titleEn)).toEqual(["Opening", "Keynote"]);
    const [id, mac] = mine.data.feedToken.split("-");
    expect((await p.call("GET", `/user/schedule/feed/${Number(id) + 1}-${mac}`)).status).toBe(404);
    expect((await p.call("PUT", "/user/schedule", { token: a.token, body: { scheduleId: one.id } })).status).toBe(200);
    expect((await p.call<{ list: unknown[] }>("GET", `/user/schedule/feed/${mine.data.feedToken}`)).data.list).toHaveLength(1);
    // A module taken back from publication drops out of the agenda.
    await p.db.update(modules).set({ schedulePublished: false }).where(eq(modules.id, shown.id));
    expect((await p.call<{ list: unknown[] }>("GET", "/user/schedule", { token: a.token })).data.list).toHaveLength(0);
  });
});

describe("sponsors and exhibitors", () => {
  it("applies with the company's own uploads, edits while pending, and requests rooms only with an application", async () => {
    const s = await setupConference(p);
    const room = await hotelRoom(s, 3);
    const company = await person(p, "展商联系人");
    const other = await person(p);
    const logo = await (async () => {
      const form = new FormData();
      form.set(
        "file",
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])], "logo.png", { type: "image/png" }),
      );
      return (await p.call<{ key: string }>("POST", "/cms/files/documentUpload", { token: company.token, form })).data.key;
    })();
    const brochure = await pdfUpload(company, "brochure.pdf");
    const foreign = await pdfUpload(other);
    const guests = [{ name: "王工", mobile: "13912345678" }, { name: "李工" }];
    const requestBody = { conferenceId: s.conference.id, roomId: room.id, checkIn: "2027-01-09", checkOut: "2027-01-12", rooms: 2, guests };
    const early = await p.call("POST", "/sponsor-hotel", { token: company.token, body: requestBody, lang: "en" });
    expect(early.status).toBe(400);
    expect(early.message).toMatch(/application/);

    const application = {
      conferenceId: s.conference.id,
      kind: "exhibitor",
      company: "量子仪器有限公司",
      contact: "赵敏",
      phone: "0571-88888888",
      email: "expo@example.com",
      booth: "A12",
      logo,
      materials: [brochure.key],
    };
    const wrongLogo = await p.call<{ fields: Record<string, string> }>("POST", "/exhibition", {
      token: company.token,
      body: { ...application, logo: brochure.key },
    });
    expect(wrongLogo.status).toBe(400);
    expect(wrongLogo.data.fields.logo).toBeTruthy();
    expect((await p.call("POST", "/exhibition", { token: company.token, body: { ...application, materials: [foreign.key] } })).status).toBe(400);
    const noBooth = await p.call<{ fields: Record<string, string> }>("POST", "/exhibition", { token: company.token, body: { ...application, booth: "" } });
    expect(noBooth.data.fields.booth).toBeTruthy();
    const made = await p.call<{ id: number; state: string }>("POST", "/exhibition", { token: company.token, body: application });
    expect(made.status).toBe(200);
    expect(made.data.state).toBe("pending");
    expect((await download(brochure.key, s.organiser.token)).status).toBe(200);
    expect((await download(brochure.key, other.token)).status).toBe(404);

    expect((await p.call("PUT", `/exhibition/${made.data.id}`, { token: other.token, body: application })).status).toBe(404);
    expect((await p.call("PUT", `/exhibition/${made.data.id}`, { token: company.token, body: { ...application, booth: "B3" } })).status).toBe(200);
    await p.db
      .update(sponsors)
      .set({ remarks: [{ by: s.organiser.id, at: "2026-11-21T09:00:00Z", text: "请补充营业执照" }] })
      .where(eq(sponsors.id, made.data.id));
    const mine = await p.call<{ list: Array<{ booth: string; remarks: Array<{ text: string; by?: number }>; materialFiles: Array<{ name: string }> }> }>(
      "GET",
      `/exhibition?conferenceId=${s.conference.id}`,
      { token: company.token },
    );
    expect(mine.data.list[0]).toMatchObject({ booth: "B3", remarks: [{ text: "请补充营业执照" }], materialFiles: [{ name: "brochure.pdf" }] });
    expect(mine.data.list[0].remarks[0].by).toBeUndefined();
    // Without `conferenceId`: every application of the caller, each with what its list shows of the conference.
    const all = await p.call<{ list: Array<{ conference: { id: number; nameZh: string; startDate: string } | null }> }>("GET", "/exhibition", {
      token: company.token,
    });
    expect(all.data.list.map((a) => a.conference)).toEqual([
      expect.objectContaining({ id: s.conference.id, nameZh: expect.any(String), startDate: expect.any(String) }),
    ]);
    expect((await p.call<{ list: unknown[] }>("GET", "/exhibition", { token: other.token })).data.list).toEqual([]);

    const requested = await p.call<{ id: number; sponsorId: number; state: string }>("POST", "/sponsor-hotel", { token: company.token, body: requestBody });
    expect(requested.status).toBe(200);
    expect(requested.data).toMatchObject({ sponsorId: made.data.id, state: "pending" });
    // The request holds two of the three rooms: an attendee can have one, not two.
    const guest = await attendee(s);
    expect((await p.call("POST", "/user-hotel", { token: guest.token, body: booking(s, room.id, { rooms: 2 }) })).status).toBe(400);
    expect(
      (
        await p.call("PUT", `/sponsor-hotel/${requested.data.id}`, {
          token: company.token,
          body: { checkIn: "2027-01-09", checkOut: "2027-01-10", rooms: 2, guests },
        })
      ).status,
    ).toBe(200);
    expect((await p.call("POST", "/user-hotel", { token: guest.token, body: booking(s, room.id, { checkIn: "2027-01-10", rooms: 2 }) })).status).toBe(200);
    expect((await p.call("DELETE", `/sponsor-hotel/${requested.data.id}`, { token: other.token })).status).toBe(404);
    expect((await p.call("DELETE", `/sponsor-hotel/${requested.data.id}`, { token: company.token })).status).toBe(200);
    expect((await p.call<{ total: number }>("GET", "/sponsor-hotel", { token: company.token })).data.total).toBe(0);
  });
});
