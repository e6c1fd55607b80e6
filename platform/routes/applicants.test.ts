import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplicantFilters } from "#contract/schemas/applicants";
import type { ApplicantOptions, BulkOutcome, SmsStanding } from "#contract/views/applicants";
import { auditLog, conferenceAdmins, payments, registrations, vipLevels } from "../db/schema";
import { applicantCondition } from "../services/applicants";
import { type ConferenceSetup, person, registrationBody, setupConference, uploadProof } from "../services/registration-fixtures";
import { readXlsx } from "../services/xlsx";
import { indexPlan, type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let setup: ConferenceSetup;
let stranger: Awaited<ReturnType<typeof person>>;
let vip: { id: number };

type Row = {
  id: number;
  name: string;
  mobile: string;
  state: string;
  remark: string | null;
  levelId: number | null;
  checkinState: boolean;
  paymentState: string | null;
  ticketCode: string;
  accountId: number | null;
  identity: { id: number; nameZh: string; nameEn: string } | null;
  currency: string;
};
type Page = { list: Row[]; total: number };

const organiser = () => setup.organiser.token;

/** The organiser enters an attendee by hand (POST /user/admin); returns the registration. */
async function enter(name: string, overrides: Record<string, unknown> = {}) {
  const mobile = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const res = await p.call<Row>("POST", "/user/admin", {
    token: organiser(),
    body: {
      conferenceId: setup.conference.id,
      identityId: setup.student.id,
      name,
      mobile,
      institution: "浙江大学",
      answers: { department: "物理系", dietary: ["vegetarian", "halal"] },
      ...overrides,
    },
  });
  expect(res.status, res.message).toBe(200);
  return res.data;
}

const list = (query = "", token = organiser()) => p.call<Page>("GET", `/user/manage/${setup.conference.id}${query ? `?${query}` : ""}`, { token });
const auditRows = (action: string, id: number) =>
  p.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `registration:${id}`)));

beforeAll(async () => {
  p = await testPlatform();
  setup = await setupConference(p, { moderation: true });
  stranger = await person(p, "路人");
  [vip] = await p.db.insert(vipLevels).values({ conferenceId: setup.conference.id, nameZh: "贵宾", nameEn: "VIP" }).returning();
});
afterAll(() => p.close());

describe("the list", () => {
  it("pages the conference's registrations newest first, with their payment state", async () => {
    const a = await enter("列表甲");
    const b = await enter("列表乙");
    const res = await list("pageSize=1");
    expect(res.status).toBe(200);
    expect(res.data.total).toBeGreaterThanOrEqual(2);
    expect(res.data.list).toHaveLength(1);
    expect(res.data.list[0]).toMatchObject({ id: b.id, name: "列表乙", paymentState: "unpaid", checkinState: false });
    const second = await list("pageSize=1&page=2");
    expect(second.data.list[0].id).toBe(a.id);
  });

  it("opens (no filter, its own statements) with the rows and total a filter selecting all of them gives, page by page", async () => {
    await enter("列表丙");
    for (const page of ["pageSize=2", "pageSize=2&page=2", "pageSize=50"]) {
      const opening = await list(page);
      const filtered = await list(`${page}&from=2020-01-01`);
      expect(opening.data.list.map((r) => r.id)).toEqual(filtered.data.list.map((r) => r.id));
      expect(opening.data.total).toBe(filtered.data.total);
    }
    const all = await list("pageSize=50");
    expect(all.data.total).toBe(all.data.list.length);
    expect(all.data.list.map((r) => r.id)).toEqual([...all.data.list.map((r) => r.id)].sort((a, b) => b - a));
  });

  it("filters by keyword (name, mobile, institution, ticket code), state, identity, level, check-in, payment and date", async () => {
    const zhang = await enter("张三丰", { institution: "武当研究院", identityId: setup.regular.id });
    const ids = (res: { data: Page }) => res.data.list.map((r) => r.id);
    expect(ids(await list(`keyword=${encodeURIComponent("张三")}`))).toEqual([zhang.id]);
    expect(ids(await list(`keyword=${encodeURIComponent("武当")}`))).toEqual([zhang.id]);
    expect(ids(await list(`keyword=${zhang.mobile.slice(-6)}`))).toEqual([zhang.id]);
    expect(ids(await list(`keyword=${zhang.ticketCode.toLowerCase()}`))).toEqual([zhang.id]);
    expect(ids(await list(`identityId=${setup.regular.id}`))).toEqual([zhang.id]);
    expect(ids(await list(`levelId=${vip.id}`))).toEqual([]);
    await p.call("PUT", `/user/level/${zhang.id}`, { token: organiser(), body: { levelId: vip.id } });
    expect(ids(await list(`levelId=${vip.id}`))).toEqual([zhang.id]);
    expect(ids(await list(`state=pending&keyword=${encodeURIComponent("张三丰")}`))).toEqual([]);
    expect(ids(await list(`state=confirmed&keyword=${encodeURIComponent("张三丰")}`))).toEqual([zhang.id]);
    expect(ids(await list("from=2026-11-21&to=2026-11-21"))).toContain(zhang.id);
    expect(ids(await list("from=2026-11-22"))).toEqual([]);
    expect(ids(await list(`ids=${zhang.id}`))).toEqual([zhang.id]);

    await p.call("PUT", `/user/pay/${zhang.id}`, { token: organiser(), body: {} });
    expect(ids(await list("paymentState=paid"))).toEqual([zhang.id]);
    expect(ids(await list("paymentState=unpaid"))).not.toContain(zhang.id);
    await p.call("PUT", `/user/checkState/${zhang.id}`, { token: organiser(), body: { checked: true } });
    expect(ids(await list("checkin=yes"))).toEqual([zhang.id]);
    expect(ids(await list("checkin=no"))).not.toContain(zhang.id);
  });

  it("finds a transfer waiting for audit under pending_audit", async () => {
    const attendee = await person(p);
    const reg = await p.call<Row>("POST", "/conference/user", { token: attendee.token, body: registrationBody(setup, { name: "待审缴费" }) });
    await p.call("PUT", `/user/confirm/${reg.data.id}`, { token: organiser(), body: {} });
    const proofKey = await uploadProof(p, attendee.token);
    const paid = await p.call("POST", "/payment", { token: attendee.token, body: { registrationId: reg.data.id, method: "transfer", proofKey } });
    expect(paid.status, paid.message).toBe(200);
    const res = await list("paymentState=pending_audit");
    expect(res.data.list.map((r) => r.id)).toEqual([reg.data.id]);
  });

  it("answers bad filters with a message per field", async () => {
    const res = await list("from=2026-13-40&to=x", organiser());
    expect(res.status).toBe(400);
    expect((res.data as unknown as { fields: Record<string, string> }).fields.from).toEqual({ key: "applicants.validation.dateInvalid" });
    const order = await p.call<{ fields: Record<string, string> }>("GET", `/user/manage/${setup.conference.id}?from=2026-11-22&to=2026-11-01`, {
      token: organiser(),
      lang: "en",
    });
    expect(order.data.fields.to).toEqual({ key: "applicants.validation.dateOrder" });
  });
});

describe("permissions", () => {
  it("hides the list, the options and the export from anyone but the owner and admin users", async () => {
    for (const path of [
      `/user/manage/${setup.conference.id}`,
      `/user/manage/${setup.conference.id}/options`,
      `/user/export?conferenceId=${setup.conference.id}`,
    ]) {
      expect((await p.call("GET", path, { token: stranger.token })).status, path).toBe(404);
      expect((await p.call("GET", path)).status, path).toBe(401);
    }
  });

  it("keeps what the list page reads of its conference until the next change, and still shows it to no one else", async () => {
    const options = (token: string) => p.call<ApplicantOptions>("GET", `/user/manage/${setup.conference.id}/options`, { token });
    const standing = (token: string) => p.call<SmsStanding>("GET", `/send/${setup.conference.id}`, { token });
    expect((await options(organiser())).status).toBe(200);
    expect((await standing(organiser())).status).toBe(200);
    // What the organiser read is kept, and the next caller is still asked who they are.
    expect((await options(stranger.token)).status).toBe(404);
    expect((await standing(stranger.token)).status).toBe(404);
    // An identity added and a sender name asked for show in the very next read.
    const added = await p.call("POST", "/identity", { token: organiser(), body: { conferenceId: setup.conference.id, nameZh: "访问学者", nameEn: "Visitor" } });
    expect(added.status, added.message).toBe(201);
    expect((await options(organiser())).data.identities.map((identity) => identity.nameZh)).toContain("访问学者");
    const asked = await p.call("PUT", `/send/${setup.conference.id}/sign-name`, { token: organiser(), body: { signName: "缓存测试会" } });
    expect(asked.status, asked.message).toBe(200);
    expect((await standing(organiser())).data.signName).toMatchObject({ name: "缓存测试会", state: "pending" });
  });

  it("names each row's identity and currency from what it keeps of the conference, and a change shows in the next read", async () => {
    const row = await enter("身份改名");
    const shown = async () => (await list()).data.list.find((one) => one.id === row.id)!;
    const before = (await shown()).identity!;
    expect(before.id).toBe(setup.student.id);
    expect((await shown()).currency).toBe("CNY");
    const renamed = await p.call("PUT", `/identity/${setup.student.id}`, {
      token: organiser(),
      body: { conferenceId: setup.conference.id, nameZh: "在读研究生", nameEn: "Graduate student" },
    });
    expect(renamed.status, renamed.message).toBe(200);
    expect((await shown()).identity).toMatchObject({ id: setup.student.id, nameZh: "在读研究生", nameEn: "Graduate student" });
    // Another account is still asked who it is, the kept names notwithstanding.
    expect((await list("", stranger.token)).status).toBe(404);
    const back = await p.call("PUT", `/identity/${setup.student.id}`, {
      token: organiser(),
      body: { conferenceId: setup.conference.id, nameZh: before.nameZh, nameEn: before.nameEn },
    });
    expect(back.status, back.message).toBe(200);
  });

  it("refuses every change by a second account and changes nothing", async () => {
    const row = await enter("别人动不了");
    const before = (await p.db.select().from(registrations).where(eq(registrations.id, row.id)))[0];
    const attempts: Array<[string, string, unknown]> = [
      ["PUT", `/user/confirm/${row.id}`, { state: "rejected" }],
      ["PUT", `/user/remark/${row.id}`, { remark: "入侵" }],
      ["PUT", `/user/level/${row.id}`, { levelId: vip.id }],
      ["PUT", `/user/checkState/${row.id}`, { checked: true }],
      ["PUT", `/user/pay/${row.id}`, {}],
      ["DELETE", `/user/${row.id}`, undefined],
      ["POST", "/user/bulk", { conferenceId: setup.conference.id, ids: [row.id], action: "delete" }],
      ["POST", `/send/${setup.conference.id}`, { ids: [row.id], message: "入侵" }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await p.call(method, path, { token: stranger.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const after = (await p.db.select().from(registrations).where(eq(registrations.id, row.id)))[0];
    expect(after).toEqual(before);
    expect(await p.db.select().from(payments).where(eq(payments.registrationId, row.id))).toEqual([]);
    expect(await p.db.select().from(auditLog).where(eq(auditLog.accountId, stranger.id))).toEqual([]);
  });

  it("lets the conference's admin users in", async () => {
    const admin = await person(p, "协办");
    await p.db.insert(conferenceAdmins).values({ conferenceId: setup.conference.id, accountId: admin.id, ...p.stamp() });
    const row = await enter("协办可改");
    expect((await list("", admin.token)).status).toBe(200);
    const res = await p.call<Row>("PUT", `/user/remark/${row.id}`, { token: admin.token, body: { remark: "协办备注" } });
    expect(res.data.remark).toBe("协办备注");
  });
});

describe("changes to one registration", () => {
  it("confirms, rejects, remarks and levels, each with an audit row", async () => {
    const attendee = await person(p);
    const reg = (await p.call<Row>("POST", "/conference/user", { token: attendee.token, body: registrationBody(setup, { name: "审核对象" }) })).data;
    expect(reg.state).toBe("pending");
    const confirmed = await p.call<Row>("PUT", `/user/confirm/${reg.id}`, { token: organiser(), body: {} });
    expect(confirmed.data.state).toBe("confirmed");
    expect(await auditRows("registration.confirm", reg.id)).toHaveLength(1);
    const rejected = await p.call<Row>("PUT", `/user/confirm/${reg.id}`, { token: organiser(), body: { state: "rejected" } });
    expect(rejected.data.state).toBe("rejected");
    expect(await auditRows("registration.reject", reg.id)).toHaveLength(1);

    const remark = await p.call<Row>("PUT", `/user/remark/${reg.id}`, { token: organiser(), body: { remark: "  需要发票  " } });
    expect(remark.data.remark).toBe("需要发票");
    const [remarkAudit] = await auditRows("registration.remark", reg.id);
    expect(remarkAudit.detail).toMatchObject({ to: "需要发票" });
    expect(remarkAudit.accountId).toBe(setup.organiser.id);

    const tooLong = await p.call("PUT", `/user/remark/${reg.id}`, { token: organiser(), body: { remark: "长".repeat(501) } });
    expect(tooLong.status).toBe(400);

    const level = await p.call<Row>("PUT", `/user/level/${reg.id}`, { token: organiser(), body: { levelId: vip.id } });
    expect(level.data.levelId).toBe(vip.id);
    const cleared = await p.call<Row>("PUT", `/user/level/${reg.id}`, { token: organiser(), body: { levelId: "" } });
    expect(cleared.data.levelId).toBeNull();
    expect(await auditRows("registration.level", reg.id)).toHaveLength(2);
  });

  it("refuses a level of another conference", async () => {
    const other = await setupConference(p);
    const [foreign] = await p.db.insert(vipLevels).values({ conferenceId: other.conference.id, nameZh: "外会级别" }).returning();
    const row = await enter("级别检查");
    const res = await p.call("PUT", `/user/level/${row.id}`, { token: organiser(), body: { levelId: foreign.id } });
    expect(res.status).toBe(400);
    expect(res.message).toBe("请选择本会议的级别");
  });

  it("marks paid through the payment service once, so totals count it, and checks in only then", async () => {
    const row = await enter("现场缴费");
    const early = await p.call("PUT", `/user/checkState/${row.id}`, { token: organiser(), body: { checked: true } });
    expect(early.status).toBe(400);
    expect(early.message).toBe("报名尚未缴费，不能签到");

    const paid = await p.call<Row>("PUT", `/user/pay/${row.id}`, { token: organiser(), body: { remark: "现金" } });
    expect(paid.status, paid.message).toBe(200);
    expect(paid.data.paymentState).toBe("paid");
    const rows = await p.db.select().from(payments).where(eq(payments.registrationId, row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "paid", amountFen: 80_000, method: "transfer", remark: "现金" });
    const [audit] = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `payment:${rows[0].id}`));
    expect(audit).toMatchObject({ action: "payment.audit", accountId: setup.organiser.id });
    expect(audit.detail).toMatchObject({ source: "manual", state: "paid", amountFen: 80_000 });

    const again = await p.call("PUT", `/user/pay/${row.id}`, { token: organiser(), body: {} });
    expect(again.status).toBe(400);
    expect(await p.db.select().from(payments).where(eq(payments.registrationId, row.id))).toHaveLength(1);

    const checked = await p.call<Row>("PUT", `/user/checkState/${row.id}`, { token: organiser(), body: { checked: "true" } });
    expect(checked.data.checkinState).toBe(true);
    const undone = await p.call<Row>("PUT", `/user/checkState/${row.id}`, { token: organiser(), body: { checked: false } });
    expect(undone.data.checkinState).toBe(false);
    expect(await auditRows("registration.checkin", row.id)).toHaveLength(1);
    expect(await auditRows("registration.checkin_undo", row.id)).toHaveLength(1);
  });

  it("approves the registration's own transfer waiting for audit instead of adding a second payment", async () => {
    const attendee = await person(p);
    const reg = (await p.call<Row>("POST", "/conference/user", { token: attendee.token, body: registrationBody(setup, { name: "转账待审" }) })).data;
    const proofKey = await uploadProof(p, attendee.token);
    await p.call("POST", "/payment", { token: attendee.token, body: { registrationId: reg.id, method: "transfer", proofKey } });
    const res = await p.call<Row>("PUT", `/user/pay/${reg.id}`, { token: organiser(), body: {} });
    expect(res.data.paymentState).toBe("paid");
    const rows = await p.db.select().from(payments).where(eq(payments.registrationId, reg.id));
    expect(rows.map((r) => r.state)).toEqual(["paid"]);
  });

  it("deletes an unpaid registration with an audit row, and refuses a paid one", async () => {
    const row = await enter("可删除");
    const res = await p.call("DELETE", `/user/${row.id}`, { token: organiser() });
    expect(res.status).toBe(200);
    expect(await p.db.select().from(registrations).where(eq(registrations.id, row.id))).toEqual([]);
    const [audit] = await auditRows("registration.delete", row.id);
    expect(audit.detail).toMatchObject({ name: "可删除", ticketCode: row.ticketCode });

    const paid = await enter("已缴费不删");
    await p.call("PUT", `/user/pay/${paid.id}`, { token: organiser(), body: {} });
    const refused = await p.call("DELETE", `/user/${paid.id}`, { token: organiser() });
    expect(refused.status).toBe(400);
    expect(await p.db.select().from(registrations).where(eq(registrations.id, paid.id))).toHaveLength(1);
  });
});

describe("bulk actions", () => {
  it("confirms, levels, checks in and deletes a selection, skipping rows the action may not change", async () => {
    const attendees = await Promise.all([1, 2, 3].map(() => person(p)));
    const regs = [];
    for (const [i, a] of attendees.entries()) {
      regs.push((await p.call<Row>("POST", "/conference/user", { token: a.token, body: registrationBody(setup, { name: `批量${i}` }) })).data);
    }
    const ids = regs.map((r) => r.id);
    const bulk = (body: Record<string, unknown>) =>
      p.call<BulkOutcome>("POST", "/user/bulk", { token: organiser(), body: { conferenceId: setup.conference.id, ids, ...body } });

    expect((await bulk({ action: "confirm" })).data.done).toBe(3);
    expect((await bulk({ action: "level", levelId: vip.id })).data.done).toBe(3);
    const rows = await p.db.select().from(registrations).where(like(registrations.name, "批量%"));
    expect(rows.every((r) => r.state === "confirmed" && r.levelId === vip.id)).toBe(true);

    await p.call("PUT", `/user/pay/${ids[0]}`, { token: organiser(), body: {} });
    const checkin = await bulk({ action: "checkin" });
    expect(checkin.data.done).toBe(1);
    expect(checkin.data.skipped).toEqual([
      { id: ids[1], reason: { key: "applicants.errors.notPaid" } },
      { id: ids[2], reason: { key: "applicants.errors.notPaid" } },
    ]);

    const removed = await bulk({ action: "delete" });
    expect(removed.data.done).toBe(2);
    expect(removed.data.skipped.map((s) => s.id)).toEqual([ids[0]]);
    expect((await p.db.select().from(registrations).where(like(registrations.name, "批量%"))).map((r) => r.id)).toEqual([ids[0]]);
    for (const id of ids.slice(1)) expect(await auditRows("registration.delete", id)).toHaveLength(1);
  });

  it("needs a level for set-level and a selection, with messages per field", async () => {
    const row = await enter("批量校验");
    const noLevel = await p.call<{ fields: Record<string, string> }>("POST", "/user/bulk", {
      token: organiser(),
      body: { conferenceId: setup.conference.id, ids: [row.id], action: "level" },
    });
    expect(noLevel.status).toBe(400);
    expect(noLevel.data.fields.levelId).toEqual({ key: "applicants.validation.levelRequired" });
    const none = await p.call<{ fields: Record<string, string> }>("POST", "/user/bulk", {
      token: organiser(),
      body: { conferenceId: setup.conference.id, ids: [], action: "confirm" },
    });
    expect(none.data.fields.ids).toEqual({ key: "applicants.validation.selectionEmpty" });
  });

  it("leaves registrations of other conferences alone", async () => {
    const other = await setupConference(p);
    const foreign = await p.call<Row>("POST", "/user/admin", {
      token: other.organiser.token,
      body: { conferenceId: other.conference.id, identityId: other.student.id, name: "外会", mobile: "13512345678", answers: {} },
    });
    expect(foreign.status, foreign.message).toBe(200);
    const res = await p.call<{ done: number }>("POST", "/user/bulk", {
      token: organiser(),
      body: { conferenceId: setup.conference.id, ids: [foreign.data.id], action: "delete" },
    });
    expect(res.data.done).toBe(0);
    expect(await p.db.select().from(registrations).where(eq(registrations.id, foreign.data.id))).toHaveLength(1);
  });
});

describe("text messages", () => {
  // Who may text whom, under which sender name and how often: platform/routes/conference-sms.test.ts.
  it("refuses an empty or too long message", async () => {
    const row = await enter("短信校验");
    const empty = await p.call<{ fields: Record<string, string> }>("POST", `/send/${setup.conference.id}`, {
      token: organiser(),
      body: { ids: [row.id], message: "  " },
    });
    expect(empty.data.fields.message).toEqual({ key: "applicants.validation.messageRequired" });
    const long = await p.call<{ fields: Record<string, string> }>("POST", `/send/${setup.conference.id}`, {
      token: organiser(),
      body: { ids: [row.id], message: "字".repeat(301) },
    });
    expect(long.data.fields.message).toEqual({ key: "applicants.validation.messageTooLong" });
  });
});

describe("export", () => {
  it("streams the filtered registrations as a workbook with the form's own fields as columns", async () => {
    const row = await enter("导出对象", { remark: "靠窗" });
    const response = await p.app.fetch(
      new Request(`http://platform.test/api/user/export?conferenceId=${setup.conference.id}&keyword=${encodeURIComponent("导出对象")}`, {
        headers: { Authorization: `Bearer ${organiser()}`, "Accept-Language": "zh" },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const rows = await readXlsx(new Uint8Array(await response.arrayBuffer()));
    const [header, only, ...rest] = rows;
    expect(rest).toEqual([]);
    expect(header.slice(0, 3)).toEqual(["编号", "姓名", "手机号"]);
    expect(header.slice(-4)).toEqual(["院系", "是否作报告", "报告题目", "饮食"]);
    const cell = (name: string) => only[header.indexOf(name)];
    expect(cell("编号")).toBe(String(row.id));
    expect(cell("姓名")).toBe("导出对象");
    expect(cell("单位")).toBe("浙江大学");
    expect(cell("身份")).toBe("学生");
    expect(cell("费用（元）")).toBe("800");
    expect(cell("报名状态")).toBe("已确认");
    expect(cell("缴费状态")).toBe("未缴费");
    expect(cell("票号")).toBe(row.ticketCode);
    expect(cell("备注")).toBe("靠窗");
    expect(cell("院系")).toBe("物理系");
    expect(cell("饮食")).toBe("素食、清真");
  });

  it("exports every matching row across keyset pages", async () => {
    const fresh = await setupConference(p);
    const values = Array.from({ length: 1203 }, (_, i) => ({
      conferenceId: fresh.conference.id,
      name: `批量导出${i}`,
      mobile: `1350000${String(i).padStart(4, "0")}`,
      ticketCode: `EXPORT${String(i).padStart(4, "0")}`,
      state: "confirmed" as const,
      answers: { department: `系${i}` },
      ...p.stamp(),
    }));
    await p.db.insert(registrations).values(values);
    const response = await p.app.fetch(
      new Request(`http://platform.test/api/user/export?conferenceId=${fresh.conference.id}`, {
        headers: { Authorization: `Bearer ${fresh.organiser.token}`, "Accept-Language": "en" },
      }),
    );
    const rows = await readXlsx(new Uint8Array(await response.arrayBuffer()));
    expect(rows).toHaveLength(1204);
    expect(rows[0][0]).toBe("ID");
    expect(rows[1][1]).toBe("批量导出0");
    expect(rows[1203][1]).toBe("批量导出1202");
    expect(rows[1203][rows[0].indexOf("Department")]).toBe("系1202");
  });
});

describe("indexes", () => {
  const plan = (filters: ApplicantFilters) =>
    indexPlan(
      p.db,
      p.db.select().from(registrations).where(applicantCondition(setup.conference.id, filters)).orderBy(desc(registrations.id)).limit(20).getSQL(),
    );

  it("reads a conference's registrations from its indexes, and finds keywords through the search indexes", async () => {
    // Which of the conference's indexes depends on the table's size (scripts/bench-applicants.ts shows 50,000 rows).
    expect(await plan({})).toMatch(/Index Scan.* on registrations_conference_id_\w+_index/);
    expect(await plan({ keyword: "张" })).toContain("registrations_search_cjk");
    expect(await plan({ keyword: "浙江大学" })).toContain("registrations_search_trgm");
    expect(await plan({ keyword: "13800" })).toContain("registrations_search_trgm");
    expect(await plan({ paymentState: "paid" })).toContain("payments_conference_id_state_index");
  });
});
