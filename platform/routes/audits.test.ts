import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  branches,
  conferenceFiles,
  hotelBookings,
  hotelRooms,
  hotels,
  papers,
  registrations,
  scheduleSubscriptions,
  schedules,
  sponsorHotelRequests,
  sponsors,
} from "../db/schema";
import { type ConferenceSetup, person, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { readXlsx } from "../services/xlsx";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let s: ConferenceSetup;
let outsider: Awaited<ReturnType<typeof person>>;
let attendee: Awaited<ReturnType<typeof person>>;
let hotel: typeof hotels.$inferSelect;
let room: typeof hotelRooms.$inferSelect;
let branch: typeof branches.$inferSelect;

beforeAll(async () => {
  p = await testPlatform();
  s = await setupConference(p);
  outsider = await person(p, "局外人");
  attendee = await person(p, "参会者甲");
  [hotel] = await p.db.insert(hotels).values({ conferenceId: s.conference.id, nameZh: "西湖宾馆", nameEn: "West Lake Hotel" }).returning();
  [room] = await p.db
    .insert(hotelRooms)
    .values({ hotelId: hotel.id, typeZh: "标准间", typeEn: "Twin", priceFen: 50_000, inventory: 2, startDate: "2027-01-09", endDate: "2027-01-12" })
    .returning();
  [branch] = await p.db.insert(branches).values({ conferenceId: s.conference.id, nameZh: "分会场一", nameEn: "Track 1" }).returning();
});
afterAll(() => p.close());

const org = () => s.organiser.token;
const trail = (target: string) => p.db.select().from(auditLog).where(eq(auditLog.target, target));

async function booking(values: Partial<typeof hotelBookings.$inferInsert> = {}) {
  const [row] = await p.db
    .insert(hotelBookings)
    .values({
      conferenceId: s.conference.id,
      accountId: attendee.id,
      roomId: room.id,
      checkIn: "2027-01-10",
      checkOut: "2027-01-12",
      rooms: 1,
      priceFen: 100_000,
      ...values,
      ...p.stamp(),
    })
    .returning();
  return row;
}

/** A private document (an invoice PDF) uploaded by the account; its key. */
async function uploadDocument(token: string) {
  const form = new FormData();
  form.set("file", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "invoice.pdf", { type: "application/pdf" }));
  const res = await p.call<{ key: string }>("POST", "/cms/files/documentUpload", { token, form });
  return res.data.key;
}

async function download(url: string, token = org()) {
  const response = await p.app.fetch(
    new Request(`http://platform.test/api${url}`, { headers: { Authorization: `Bearer ${token}`, "Client-Type": "web", "Accept-Language": "zh" } }),
  );
  expect(response.headers.get("content-type")).toContain("spreadsheetml");
  return await readXlsx(new Uint8Array(await response.arrayBuffer()));
}

describe("permissions", () => {
  it("answers 404 to anyone but the conference's managers, and changes nothing", async () => {
    const b = await booking();
    const id = s.conference.id;
    const gets = [
      `/payment/manage/${id}`,
      `/invoice/manage/${id}`,
      `/user-hotel/conference/${id}`,
      `/user-hotel/usage/${id}`,
      `/user-hotel/export?conferenceId=${id}`,
      `/sponsor-hotel/conference/${id}`,
      `/issue/conference/${id}`,
      `/file/conference/${id}`,
      `/file/export?conferenceId=${id}`,
      `/sponsor/manage/${id}`,
      `/sponsor/export?conferenceId=${id}`,
      `/sponsor/exportRoom?conferenceId=${id}`,
      `/user/schedule/conference/${id}`,
      `/report/${id}`,
      `/report/${id}/export`,
    ];
    for (const url of gets) expect((await p.call("GET", url, { token: outsider.token })).status, url).toBe(404);
    for (const url of gets.slice(0, 3)) expect((await p.call("GET", url)).status, url).toBe(401);
    const patched = await p.call("PATCH", `/user-hotel/${b.id}`, { token: outsider.token, body: { state: "approved" } });
    expect(patched.status).toBe(404);
    const [after] = await p.db.select().from(hotelBookings).where(eq(hotelBookings.id, b.id));
    expect(after.state).toBe("pending");
    expect(await trail(`hotel-booking:${b.id}`)).toHaveLength(0);
    await p.db.delete(hotelBookings).where(eq(hotelBookings.id, b.id));
  });

  it("lets the conference's admin users in", async () => {
    const admin = await person(p, "协办人");
    await p.call("POST", "/admin-user", { token: org(), body: { conferenceId: s.conference.id, mobile: admin.mobile } });
    const res = await p.call<{ list: unknown[] }>("GET", `/sponsor/manage/${s.conference.id}`, { token: admin.token });
    expect(res.status).toBe(200);
  });
});

describe("payments and invoices", () => {
  it("lists payments with filters, the proof's type, and totals per method", async () => {
    const who = await person(p, "缴费人");
    const reg = await p.call<{ id: number }>("POST", "/conference/user", { token: who.token, body: registrationBody(s, { name: "王缴费" }) });
    const proofKey = await uploadProof(p, who.token);
    const paid = await p.call<{ id: number }>("POST", "/payment", { token: who.token, body: { registrationId: reg.data.id, method: "transfer", proofKey } });
    const waiting = await person(p);
    const reg2 = await p.call<{ id: number }>("POST", "/conference/user", { token: waiting.token, body: registrationBody(s, { name: "李待审" }) });
    await p.call("POST", "/payment", {
      token: waiting.token,
      body: { registrationId: reg2.data.id, method: "transfer", proofKey: await uploadProof(p, waiting.token) },
    });
    expect((await p.call("PATCH", `/payment/${paid.data.id}`, { token: org(), body: { state: "paid" } })).status).toBe(200);

    type List = {
      list: Array<{ id: number; payerName: string; state: string; proofType: string; proofKey: string }>;
      total: number;
      totals: Array<{ method: string; paidFen: number; paidCount: number; pendingCount: number; count: number }>;
    };
    const all = await p.call<List>("GET", `/payment/manage/${s.conference.id}`, { token: org() });
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((row) => row.payerName)).toEqual(["李待审", "王缴费"]);
    expect(all.data.list[1]).toMatchObject({ state: "paid", proofType: "image/png", proofKey });
    expect(all.data.totals.find((t) => t.method === "transfer")).toEqual({ method: "transfer", count: 2, paidCount: 1, paidFen: 80_000, pendingCount: 1 });
    expect(all.data.totals.find((t) => t.method === "paypal")).toMatchObject({ count: 0, paidFen: 0 });
    const pending = await p.call<List>("GET", `/payment/manage/${s.conference.id}?state=pending_audit&method=transfer&kind=individual`, { token: org() });
    expect(pending.data.list.map((row) => row.payerName)).toEqual(["李待审"]);
    expect((await p.call<List>("GET", `/payment/manage/${s.conference.id}?kind=team`, { token: org() })).data.total).toBe(0);
    expect((await p.call<List>("GET", `/payment/manage/${s.conference.id}?keyword=王`, { token: org() })).data.total).toBe(1);

    // The payer asks for an invoice; the organiser sees it and issues it with a file.
    await p.call("POST", "/payment", {
      token: who.token,
      body: { type: "invoice", paymentId: paid.data.id, title: "浙江大学", taxId: "91330000123456789X", email: "wang@example.com" },
    });
    const invoices = await p.call<{ list: Array<{ id: number; title: string; state: string; payerName: string; tradeNo: string }> }>(
      "GET",
      `/invoice/manage/${s.conference.id}?state=requested`,
      { token: org() },
    );
    expect(invoices.data.list).toHaveLength(1);
    expect(invoices.data.list[0]).toMatchObject({ title: "浙江大学", state: "requested", payerName: "王缴费" });
    const fileKey = await uploadDocument(org());
    const file = (token: string) =>
      p.app.fetch(new Request(`http://platform.test/api/cms/files/${fileKey}`, { headers: { Authorization: `Bearer ${token}` } }));
    expect((await file(who.token)).status).toBe(404);
    const issued = await p.call("PATCH", `/payment/invoice/${invoices.data.list[0].id}`, { token: org(), body: { state: "issued", fileKey } });
    expect(issued.status).toBe(200);
    // Issued: the payer downloads their invoice; no one else does.
    expect((await file(who.token)).status).toBe(200);
    expect((await file(outsider.token)).status).toBe(404);
    expect((await p.call<{ total: number }>("GET", `/invoice/manage/${s.conference.id}?state=issued`, { token: org() })).data.total).toBe(1);
  });
});

describe("hotel bookings", () => {
  it("are approved within the inventory, rejected with a remark, and each decision is in the audit trail", async () => {
    const first = await booking({ rooms: 2 });
    const approve = (id: number) => p.call<{ state: string }>("PATCH", `/user-hotel/${id}`, { token: org(), body: { state: "approved" } });
    expect((await approve(first.id)).data.state).toBe("approved");
    // A stay that got in past the count (the inventory was lowered, say) cannot be approved.
    const second = await booking({ checkIn: "2027-01-11", checkOut: "2027-01-12" });
    const full = await approve(second.id);
    expect(full.status).toBe(400);
    expect(full.message).toBe("2027-01-11 的房间已满（库存 2 间），不能再通过");
    const bare = await p.call<{ fields: Record<string, string> }>("PATCH", `/user-hotel/${second.id}`, { token: org(), body: { state: "rejected" } });
    expect(bare.data.fields.remark).toEqual({ key: "audits.validation.remarkRequired" });
    const english = await p.call<{ fields: Record<string, string> }>("PATCH", `/user-hotel/${second.id}`, {
      token: org(),
      lang: "en",
      body: { state: "rejected" },
    });
    expect(english.data.fields.remark).toEqual({ key: "audits.validation.remarkRequired" });
    const rejected = await p.call<{ state: string; remark: string }>("PATCH", `/user-hotel/${second.id}`, {
      token: org(),
      body: { state: "rejected", remark: "已满" },
    });
    expect(rejected.data).toMatchObject({ state: "rejected", remark: "已满" });
    expect((await p.call("PATCH", `/user-hotel/${second.id}`, { token: org(), body: { state: "rejected", remark: "again" } })).status).toBe(400);
    const rows = await trail(`hotel-booking:${first.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "hotel-booking.audit", accountId: s.organiser.id, conferenceId: s.conference.id });
    expect(rows[0].detail).toMatchObject({ from: "pending", state: "approved" });

    const cancelled = await booking({ state: "cancelled" });
    expect((await approve(cancelled.id)).message).toBe("该申请已取消，不能审核");
    // Refused, then approved after all: the rooms are counted again.
    await p.call("PATCH", `/user-hotel/${first.id}`, { token: org(), body: { state: "rejected", remark: "重复预订" } });
    expect((await approve(second.id)).data.state).toBe("approved");
    expect((await approve(first.id)).status).toBe(400);
    await p.call("PATCH", `/user-hotel/${second.id}`, { token: org(), body: { state: "rejected", remark: "已满" } });
    expect((await approve(first.id)).data.state).toBe("approved");
  });

  it("shows rooms taken per night against the inventory, and lists and exports bookings", async () => {
    const grid = await p.call<{
      nights: string[];
      hotels: Array<{ rooms: Array<{ inventory: number; nights: Array<{ night: string; booked: number; pending: number }> }> }>;
    }>("GET", `/user-hotel/usage/${s.conference.id}`, { token: org() });
    // The room type's dates are 01-09 (first check-in) to 01-12 (last check-out): three nights.
    expect(grid.data.nights).toEqual(["2027-01-09", "2027-01-10", "2027-01-11"]);
    const nights = grid.data.hotels[0].rooms[0].nights;
    expect(nights.find((n) => n.night === "2027-01-10")).toEqual({ night: "2027-01-10", booked: 2, pending: 0 });
    expect(nights.find((n) => n.night === "2027-01-09")).toEqual({ night: "2027-01-09", booked: 0, pending: 0 });

    const list = await p.call<{ list: Array<{ state: string; name: string; hotelZh: string }>; total: number }>(
      "GET",
      `/user-hotel/conference/${s.conference.id}?state=approved&night=2027-01-11&hotelId=${hotel.id}`,
      { token: org() },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ name: "参会者甲", hotelZh: "西湖宾馆" });
    const sheet = await download(`/user-hotel/export?conferenceId=${s.conference.id}&state=approved`);
    expect(sheet[0].slice(0, 4)).toEqual(["编号", "入住人", "手机号", "酒店"]);
    expect(sheet).toHaveLength(2);
    expect(sheet[1].slice(1, 11)).toEqual(["参会者甲", attendee.mobile, "西湖宾馆", "标准间", "2027-01-10", "2027-01-12", "2", "2", "单住", "1000"]);
  });
});

describe("sponsors and their hotel requests", () => {
  it("are approved or rejected, collect remarks, and export", async () => {
    const [sponsor] = await p.db
      .insert(sponsors)
      .values({
        conferenceId: s.conference.id,
        accountId: attendee.id,
        kind: "exhibitor",
        company: "杭州智算科技",
        contact: "赵经理",
        phone: "13900001111",
        booth: "A12",
        ...p.stamp(),
      })
      .returning();
    const remark = await p.call<{ remarks: Array<{ by: number; text: string; at: string }> }>("PUT", `/sponsor/addRemark/${sponsor.id}`, {
      token: org(),
      body: { text: "需要电源" },
    });
    expect(remark.data.remarks).toEqual([{ by: s.organiser.id, text: "需要电源", at: p.deps.now().toISOString() }]);
    expect(
      (await p.call<{ fields: Record<string, string> }>("PUT", `/sponsor/addRemark/${sponsor.id}`, { token: org(), body: { text: " " } })).data.fields.text,
    ).toEqual({ key: "audits.validation.remarkEmpty" });
    expect((await p.call("PUT", `/sponsor/addRemark/${sponsor.id}`, { token: outsider.token, body: { text: "x" } })).status).toBe(404);
    const approved = await p.call<{ state: string; remarks: unknown[] }>("PATCH", `/sponsor/${sponsor.id}`, {
      token: org(),
      body: { state: "approved", remark: "展位已确认" },
    });
    expect(approved.data.state).toBe("approved");
    expect(approved.data.remarks).toHaveLength(2);
    expect((await trail(`sponsor:${sponsor.id}`)).map((row) => row.action)).toEqual(["sponsor.remark", "sponsor.audit"]);

    const list = await p.call<{ list: Array<{ company: string }>; authors: Record<string, string> }>(
      "GET",
      `/sponsor/manage/${s.conference.id}?kind=exhibitor&state=approved&keyword=智算`,
      { token: org() },
    );
    expect(list.data.list.map((row) => row.company)).toEqual(["杭州智算科技"]);
    expect(list.data.authors[s.organiser.id]).toBe("组织者");
    const sheet = await download(`/sponsor/export?conferenceId=${s.conference.id}&kind=exhibitor`);
    expect(sheet[1].slice(1, 4)).toEqual(["展商", "杭州智算科技", "赵经理"]);
    expect(sheet[1][10]).toContain("组织者: 需要电源");

    const [request] = await p.db
      .insert(sponsorHotelRequests)
      .values({
        conferenceId: s.conference.id,
        sponsorId: sponsor.id,
        accountId: attendee.id,
        roomId: room.id,
        checkIn: "2027-01-09",
        checkOut: "2027-01-10",
        rooms: 1,
        guests: [{ name: "布展人员", mobile: "13900002222" }],
        ...p.stamp(),
      })
      .returning();
    const decided = await p.call<{ state: string }>("PATCH", `/sponsor-hotel/${request.id}`, { token: org(), body: { state: "approved" } });
    expect(decided.data.state).toBe("approved");
    const requests = await p.call<{ list: Array<{ company: string; state: string }> }>("GET", `/sponsor-hotel/conference/${s.conference.id}`, { token: org() });
    expect(requests.data.list[0]).toMatchObject({ company: "杭州智算科技", state: "approved" });
    const rooms = await download(`/sponsor/exportRoom?conferenceId=${s.conference.id}`);
    expect(rooms[1].slice(1, 3)).toEqual(["杭州智算科技", "参会者甲"]);
    expect(rooms[1][9]).toBe("布展人员 13900002222");
  });
});

describe("papers and files", () => {
  it("are filtered, rejected with a remark the author can read, and exported", async () => {
    const [paper] = await p.db
      .insert(papers)
      .values({
        conferenceId: s.conference.id,
        branchId: branch.id,
        accountId: attendee.id,
        title: "图神经网络的稀疏训练",
        authors: [{ name: "张三", affiliation: "浙江大学" }],
        keywords: "GNN",
        uploadKey: "u/2026/11/paper.pdf",
        ...p.stamp(),
      })
      .returning();
    await p.db
      .insert(papers)
      .values({ conferenceId: s.conference.id, accountId: attendee.id, title: "主会场报告", uploadKey: "u/2026/11/main.pdf", ...p.stamp() });
    const [file] = await p.db
      .insert(conferenceFiles)
      .values({ conferenceId: s.conference.id, accountId: attendee.id, name: "海报.pdf", uploadKey: "u/2026/11/poster.pdf", ...p.stamp() })
      .returning();

    type List = { list: Array<{ id: number; title: string; branchZh: string | null }>; total: number; branches: Array<{ id: number }> };
    const inBranch = await p.call<List>("GET", `/issue/conference/${s.conference.id}?branchId=${branch.id}`, { token: org() });
    expect(inBranch.data.list.map((row) => row.title)).toEqual(["图神经网络的稀疏训练"]);
    expect(inBranch.data.branches.map((b) => b.id)).toEqual([branch.id]);
    expect((await p.call<List>("GET", `/issue/conference/${s.conference.id}?branchId=0`, { token: org() })).data.list.map((row) => row.title)).toEqual([
      "主会场报告",
    ]);
    expect((await p.call<List>("GET", `/issue/conference/${s.conference.id}?keyword=gnn`, { token: org() })).data.total).toBe(1);

    const rejected = await p.call<{ state: string; remark: string }>("PATCH", `/issue/${paper.id}`, {
      token: org(),
      body: { state: "rejected", remark: "请补充实验" },
    });
    expect(rejected.data).toMatchObject({ state: "rejected", remark: "请补充实验" });
    const [stored] = await p.db.select().from(papers).where(eq(papers.id, paper.id));
    expect(stored.remark).toBe("请补充实验");
    expect((await p.call("PATCH", `/issue/${paper.id}`, { token: outsider.token, body: { state: "approved" } })).status).toBe(404);
    expect((await p.call<{ state: string }>("PATCH", `/file/${file.id}`, { token: org(), body: { state: "approved" } })).data.state).toBe("approved");
    expect(
      await p.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "file.audit"), eq(auditLog.target, `file:${file.id}`))),
    ).toHaveLength(1);

    const sheet = await download(`/file/export?conferenceId=${s.conference.id}&state=rejected`);
    expect(sheet).toHaveLength(2);
    expect(sheet[1].slice(1, 9)).toEqual(["图神经网络的稀疏训练", "张三 (浙江大学)", "GNN", "分会场一", "参会者甲", attendee.mobile, "已驳回", "请补充实验"]);
    const files = await download(`/file/export?conferenceId=${s.conference.id}&kind=file`);
    expect(files[1].slice(1, 7)).toEqual(["海报.pdf", "主会场", "参会者甲", attendee.mobile, "已通过", ""]);
  });
});

describe("schedule subscriptions", () => {
  it("count subscribers per session, most first, with who they are", async () => {
    const at = (h: number) => new Date(Date.UTC(2027, 0, 10, h));
    const [quiet, popular] = await p.db
      .insert(schedules)
      .values([
        { conferenceId: s.conference.id, titleZh: "冷门报告", startsAt: at(1), endsAt: at(2) },
        { conferenceId: s.conference.id, titleZh: "热门报告", startsAt: at(3), endsAt: at(4) },
      ])
      .returning();
    const other = await person(p, "订阅者乙");
    await p.db.insert(scheduleSubscriptions).values([
      { scheduleId: popular.id, accountId: attendee.id, ...p.stamp() },
      { scheduleId: popular.id, accountId: other.id, ...p.stamp() },
      { scheduleId: quiet.id, accountId: other.id, ...p.stamp() },
    ]);
    const res = await p.call<{ list: Array<{ titleZh: string; count: number; subscribers: Array<{ name: string }> }>; subscriptions: number }>(
      "GET",
      `/user/schedule/conference/${s.conference.id}`,
      { token: org() },
    );
    expect(res.data.list.map((row) => [row.titleZh, row.count])).toEqual([
      ["热门报告", 2],
      ["冷门报告", 1],
    ]);
    expect(res.data.list[0].subscribers.map((x) => x.name).sort()).toEqual(["参会者甲", "订阅者乙"]);
    expect(res.data.subscriptions).toBe(3);
  });
});

describe("the report", () => {
  it("sums registrations, revenue, invoices, check-ins and hotel nights for a range, and exports them", async () => {
    const id = s.conference.id;
    await p.db.update(registrations).set({ checkinState: true, checkedInAt: p.deps.now() }).where(eq(registrations.name, "王缴费"));
    type Report = {
      from: string;
      to: string;
      registrations: { total: number; byState: Record<string, number>; byIdentity: Array<{ nameZh: string; count: number }> };
      revenue: { totalFen: number; methods: Array<{ method: string; amountFen: number; count: number }> };
      invoices: { requested: number; issued: number; issuedFen: number };
      checkins: number;
      hotelNights: { total: number; hotels: Array<{ nameZh: string; nights: number }> };
    };
    const report = await p.call<Report>("GET", `/report/${id}`, { token: org() });
    expect(report.data.to).toBe("2026-11-21");
    expect(report.data.registrations.total).toBe(2);
    expect(report.data.registrations.byState.confirmed).toBe(2);
    expect(report.data.registrations.byIdentity).toEqual([{ identityId: s.student.id, nameZh: "学生", nameEn: "Student", count: 2 }]);
    expect(report.data.revenue.totalFen).toBe(80_000);
    expect(report.data.revenue.methods.find((m) => m.method === "transfer")).toEqual({ method: "transfer", count: 1, amountFen: 80_000 });
    expect(report.data.invoices).toMatchObject({ requested: 1, issued: 1, issuedFen: 80_000 });
    expect(report.data.checkins).toBe(1);
    // One approved booking: 2 rooms × 2 nights.
    expect(report.data.hotelNights).toEqual({
      total: 4,
      hotels: [{ hotelId: hotel.id, nameZh: "西湖宾馆", nameEn: "West Lake Hotel", nights: 4, bookings: 1 }],
    });

    const before = await p.call<Report>("GET", `/report/${id}?from=2026-01-01&to=2026-11-20`, { token: org() });
    expect(before.data.registrations.total).toBe(0);
    expect(before.data.revenue.totalFen).toBe(0);
    const wrong = await p.call<{ fields: Record<string, string> }>("GET", `/report/${id}?from=2026-11-21&to=2026-11-01`, { token: org() });
    expect(wrong.status).toBe(400);
    expect(wrong.data.fields.to).toEqual({ key: "audits.validation.rangeOrder" });
    expect((await p.call("GET", `/report/${id}?from=2026-13-45`, { token: org() })).status).toBe(400);

    const sheet = await download(`/report/${id}/export`);
    expect(sheet[0]).toEqual(["部分", "项目", "数值"]);
    const find = (section: string, item: string) => sheet.find((row) => row[0] === section && row[1] === item)?.[2];
    expect(find("报名", "合计")).toBe("2");
    expect(find("收入（已缴费）", "合计（元）")).toBe("800");
    expect(find("发票", "已开具")).toBe("1");
    expect(find("签到", "已签到人数")).toBe("1");
    expect(find("酒店间夜（已通过的预订）", "西湖宾馆")).toBe("4");
  });
});
