import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditRow } from "#contract/schemas/audit-admin";
import { accounts, conferences } from "../db/schema";
import { recordAudit } from "../services/audit";
import { type TestPlatform, testPlatform } from "../testing";

type Listed = { list: AuditRow[]; total: number; pageSize: number; actions: string[] };
type Fields = { fields: Record<string, { key: string }> };

let p: TestPlatform;
let admin: string;
let someone: string;
let someoneId: number;
let conferenceId: number;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13966670029"] });
  admin = await p.signIn("13966670029", "管理员");
  someone = await p.signIn("13966670021", "张三");
  [{ id: someoneId }] = await p.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, "13966670021"));
  [{ id: conferenceId }] = await p.db
    .insert(conferences)
    .values({ ownerAccountId: someoneId, nameZh: "审计测试会议", nameEn: "Audit Test", startDate: "2026-12-01", endDate: "2026-12-02", ...p.stamp() })
    .returning({ id: conferences.id });
  // China days: 2026-11-20T15:00Z is 23:00 on the 20th, 2026-11-20T17:00Z is 01:00 on the 21st.
  await recordAudit(p.db, { conferenceId, accountId: someoneId, action: "zz.alpha", target: "module:1", detail: { a: 1 }, at: at("2026-11-20T15:00:00Z") });
  await recordAudit(p.db, { conferenceId, accountId: someoneId, action: "zz.beta", target: "module:2", detail: { b: "二" }, at: at("2026-11-20T17:00:00Z") });
  await recordAudit(p.db, { conferenceId: null, accountId: null, action: "zy.gamma", target: "system", at: at("2026-11-19T08:00:00Z") });
});
afterAll(() => p.close());

const list = (query: string, token = admin) => p.call<Listed & Fields>("GET", `/admin/audit${query}`, { token });
const exported = (query: string, token = admin, lang = "zh") =>
  p.app.fetch(new Request(`http://platform.test/api/admin/audit/export${query}`, { headers: { Authorization: `Bearer ${token}`, "Accept-Language": lang } }));

describe("the platform-wide audit log", () => {
  it("refuses everyone but platform administrators", async () => {
    expect((await p.call("GET", "/admin/audit")).status).toBe(401);
    expect((await list("", someone)).status).toBe(403);
    expect((await exported("", someone)).status).toBe(403);
  });

  it("lists newest first with who and where", async () => {
    const { data } = await list("?action=zz.");
    expect(data.list.map((row) => row.action)).toEqual(["zz.beta", "zz.alpha"]);
    expect(data.list[0]).toMatchObject({
      account: { id: someoneId, name: "张三", mobile: "13966670021" },
      conference: { id: conferenceId, nameZh: "审计测试会议" },
      target: "module:2",
      detail: { b: "二" },
      createdAt: "2026-11-20T17:00:00.000Z",
    });
    expect(data.actions).toEqual(expect.arrayContaining(["zz.alpha", "zz.beta", "zy.gamma"]));
    const system = await list("?action=zy.gamma");
    expect(system.data.list).toHaveLength(1);
    expect(system.data.list[0]).toMatchObject({ account: null, conference: null });
  });

  it("filters by account (a mobile or an id), conference, action and China days", async () => {
    const actions = async (query: string) => (await list(query)).data.list.map((row) => row.action).filter((action) => action.startsWith("z"));
    expect(await actions("?account=13966670021")).toEqual(["zz.beta", "zz.alpha"]);
    expect(await actions(`?account=${someoneId}&action=zz.alpha`)).toEqual(["zz.alpha"]);
    expect(await actions(`?conferenceId=${conferenceId}`)).toEqual(["zz.beta", "zz.alpha"]);
    expect(await actions(`?conferenceId=${conferenceId + 1000}`)).toEqual([]);
    expect(await actions("?action=zz.beta")).toEqual(["zz.beta"]);
    expect(await actions("?from=2026-11-21&to=2026-11-21")).toEqual(["zz.beta"]);
    expect(await actions("?from=2026-11-20&to=2026-11-20")).toEqual(["zz.alpha"]);
    expect(await actions("?to=2026-11-19")).toEqual(["zy.gamma"]);
  });

  it("says which filter is wrong, in the reader's language, never a 500", async () => {
    const bad = await list("?account=abc&conferenceId=x1&from=2026-13-45&action=a%25b");
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toEqual({
      account: { key: "admin.audit.v.accountInvalid" },
      conferenceId: { key: "admin.audit.v.conferenceInvalid" },
      action: { key: "admin.audit.v.actionInvalid" },
      from: { key: "admin.audit.v.dateInvalid" },
    });
    expect((await list("?to=2026-02-31")).data.fields).toEqual({ to: { key: "admin.audit.v.dateInvalid" } });
    expect((await list("?from=2026-11-21&to=2026-11-20")).data.fields).toEqual({ to: { key: "admin.audit.v.dateOrder" } });
    expect((await list("?account=13900000099")).data.fields).toEqual({ account: { key: "admin.audit.v.accountUnknown" } });
    const refused = await exported("?conferenceId=abc", admin, "en");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("A conference ID is a positive whole number");
  });

  it("pages the log", async () => {
    for (let i = 0; i < 55; i++)
      await recordAudit(p.db, {
        conferenceId,
        accountId: null,
        action: "zx.many",
        target: `row:${i}`,
        at: at(`2026-11-18T08:${String(i).padStart(2, "0")}:00Z`),
      });
    const first = await list("?action=zx.many");
    expect(first.data).toMatchObject({ total: 55, pageSize: 50 });
    expect(first.data.list[0].target).toBe("row:54");
    const second = await list("?action=zx.many&page=2");
    expect(second.data.list.map((row) => row.target)).toEqual(["row:4", "row:3", "row:2", "row:1", "row:0"]);
  });

  it("exports the filtered rows as a workbook", async () => {
    const response = await exported(`?conferenceId=${conferenceId}&action=zz.`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const rows = book.worksheets[0].getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1)).toEqual(["时间", "操作人", "账号 ID", "会议", "会议 ID", "操作", "对象", "详情"]);
    expect(rows.slice(1).map((row) => row.slice(2))).toEqual([
      ["张三 13966670021", someoneId, "审计测试会议", conferenceId, "zz.beta", "module:2", '{"b":"二"}'],
      ["张三 13966670021", someoneId, "审计测试会议", conferenceId, "zz.alpha", "module:1", '{"a":1}'],
    ]);
    // The time is China's wall clock.
    expect((rows[1][1] as Date).toISOString()).toBe("2026-11-21T01:00:00.000Z");
    const system = new ExcelJS.Workbook();
    await system.xlsx.load(await (await exported("?action=zy.gamma")).arrayBuffer());
    expect((system.worksheets[0].getSheetValues()[2] as unknown[])[2]).toBe("系统");
  });
});
