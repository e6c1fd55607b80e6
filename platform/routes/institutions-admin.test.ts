import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminInstitution } from "#contract/views/institutions-admin";
import { auditLog, conferences, institutions, organizations } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";

type Fields = { fields: Record<string, { key: string; params?: Record<string, unknown> }> };
type Visitors = { list: Array<{ id: number; nameZh: string; conferenceCount: number }>; total: number };

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

let p: TestPlatform;
let admin: string;
let organiser: string;
let organiserId: number;
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13966680009"] });
  admin = await p.signIn("13966680009", "管理员");
  organiser = await p.signIn("13966680001", "主办方");
  organiserId = (await p.call<{ id: number }>("GET", "/account", { token: organiser })).data.id;
});
afterAll(() => p.close());

/** The platform clock's moment for a row written behind its back. */
const created = () => ({ createdAt: p.stamp().createdAt });

const list = async (query = "") => (await p.call<{ list: AdminInstitution[]; total: number }>("GET", `/admin/institutions?${query}`, { token: admin })).data;
const visitors = async (keyword: string) => (await p.call<Visitors>("GET", `/institution?certified=1&keyword=${encodeURIComponent(keyword)}`)).data;

/** A conference of the organiser naming `institutionId`, published or not. */
async function conferenceOf(institutionId: number, isPublish: boolean) {
  const [row] = await p.db
    .insert(conferences)
    .values({ ownerAccountId: organiserId, nameZh: "机构测试会议", startDate: "2027-05-01", endDate: "2027-05-02", institutionId, isPublish, ...p.stamp() })
    .returning({ id: conferences.id });
  return row.id;
}

describe("institutions for platform administrators", () => {
  it("refuses everyone else on every call", async () => {
    const [row] = await p.db
      .insert(institutions)
      .values({ nameZh: "守门大学", ...created() })
      .returning();
    for (const [method, url, body] of [
      ["GET", "/admin/institutions", undefined],
      ["GET", `/admin/institution/${row.id}`, undefined],
      ["POST", "/admin/institution", { nameZh: "伪造大学" }],
      ["PUT", `/admin/institution/${row.id}`, { nameZh: "伪造大学", certified: true }],
      ["POST", `/admin/institution/${row.id}/merge`, { into: 1 }],
      ["DELETE", `/admin/institution/${row.id}`, undefined],
    ] as const) {
      expect((await p.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await p.call(method, url, { token: organiser, body })).status, `${method} ${url}`).toBe(403);
    }
    expect((await p.db.select().from(institutions).where(eq(institutions.id, row.id)))[0]).toMatchObject({ nameZh: "守门大学", certified: false });
  });

  it("adds one with an uploaded logo, refuses bad input field by field, and certifies it for visitors; each change audited", async () => {
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ nameZh: "  " }, "nameZh", "admin.institutions.v.nameZhRequired"],
      [{ nameZh: "大".repeat(201) }, "nameZh", "admin.institutions.v.nameTooLong"],
      [{ nameZh: "城市大学", cityEn: "x".repeat(101) }, "cityEn", "admin.institutions.v.cityTooLong"],
      [{ nameZh: "脚本大学", logo: "javascript:alert(1)" }, "logo", "admin.institutions.v.logo"],
      [{ nameZh: "假图大学", logo: "/api/cms/files/u/2026/11/0123456789abcdef0123456789abcdef.png" }, "logo", "admin.institutions.v.logoUnknown"],
    ];
    for (const [body, field, key] of refusals) {
      const refused = await p.call<Fields>("POST", "/admin/institution", { token: admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.data.fields[field]?.key, JSON.stringify(body)).toBe(key);
    }

    const form = new FormData();
    form.set("file", new File([png], "logo.png", { type: "image/png" }));
    const uploaded = await p.call<{ publicUrl: string }>("POST", "/cms/files/upload", { token: admin, form });
    expect(uploaded.status).toBe(200);
    const created = await p.call<{ id: number }>("POST", "/admin/institution", {
      token: admin,
      body: { nameZh: "  西湖光学研究院 ", nameEn: "Westlake Optics Institute", cityZh: "杭州", cityEn: "Hangzhou", logo: uploaded.data.publicUrl },
    });
    expect(created.status).toBe(200);
    const id = created.data.id;
    const [listed] = (await list("keyword=西湖光学")).list;
    expect(listed).toMatchObject({ id, nameZh: "西湖光学研究院", logo: uploaded.data.publicUrl, certified: false, conferences: 0, organization: null });
    // Not certified: not in the visitors' list.
    expect((await visitors("西湖光学")).total).toBe(0);

    const certified = await p.call("PUT", `/admin/institution/${id}`, { token: admin, body: { ...listed, certified: "on" } });
    expect(certified.status).toBe(200);
    expect((await visitors("西湖光学")).list.map((row) => row.nameZh)).toEqual(["西湖光学研究院"]);
    expect((await list("certified=1&keyword=Westlake")).total).toBe(1);
    expect((await list("certified=0&keyword=Westlake")).total).toBe(0);

    // Saving without the box withdraws the certification (a form posts no field for an unticked box).
    const { certified: _, ...withoutBox } = listed;
    expect((await p.call("PUT", `/admin/institution/${id}`, { token: admin, body: withoutBox })).status).toBe(200);
    expect((await visitors("西湖光学")).total).toBe(0);

    const actions = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `institution:${id}`));
    expect(actions.map((row) => [row.action, row.accountId, row.conferenceId])).toEqual([
      ["institution.create", expect.any(Number), null],
      ["institution.certify", expect.any(Number), null],
      ["institution.uncertify", expect.any(Number), null],
    ]);
    expect(await p.call("PUT", "/admin/institution/999999", { token: admin, body: { nameZh: "无此机构" } })).toMatchObject({ status: 404 });
  });

  it("merges a duplicate into another: its conferences move, the target takes what it lacks, the duplicate goes", async () => {
    const [application] = await p.db
      .insert(organizations)
      .values({ accountId: organiserId, name: "东海大学", type: "university", state: "approved", ...p.stamp() })
      .returning();
    const [target] = await p.db
      .insert(institutions)
      .values({ nameZh: "东海大学", cityZh: "", certified: false, ...created() })
      .returning();
    const [duplicate] = await p.db
      .insert(institutions)
      .values({
        nameZh: "东海大学（重复）",
        nameEn: "Donghai University",
        cityZh: "舟山",
        logo: "/media/demo-photo-1.jpg",
        certified: true,
        organizationId: application.id,
        ...created(),
      })
      .returning();
    const moved = [await conferenceOf(duplicate.id, true), await conferenceOf(duplicate.id, false)];
    await conferenceOf(target.id, true);

    const [before] = (await list("keyword=东海大学（重复）")).list;
    expect(before).toMatchObject({ conferences: 2, published: 1, organization: { id: application.id, name: "东海大学", state: "approved" } });

    const self = await p.call<Fields>("POST", `/admin/institution/${duplicate.id}/merge`, { token: admin, body: { into: duplicate.id } });
    expect(self.data.fields.into.key).toBe("admin.institutions.v.mergeSelf");
    const unknown = await p.call<Fields>("POST", `/admin/institution/${duplicate.id}/merge`, { token: admin, body: { into: "#999999" } });
    expect(unknown.data.fields.into).toEqual({ key: "admin.institutions.v.mergeUnknown", params: { id: 999999 } });
    const blank = await p.call<Fields>("POST", `/admin/institution/${duplicate.id}/merge`, { token: admin, body: { into: "" } });
    expect(blank.data.fields.into.key).toBe("admin.institutions.v.mergeTarget");

    const merged = await p.call<{ into: number; conferences: number }>("POST", `/admin/institution/${duplicate.id}/merge`, {
      token: admin,
      body: { into: `#${target.id}` },
    });
    expect(merged.data).toEqual({ into: target.id, conferences: 2 });
    const after = await p.call<AdminInstitution>("GET", `/admin/institution/${target.id}`, { token: admin });
    expect(after.data).toMatchObject({
      nameZh: "东海大学",
      nameEn: "Donghai University",
      cityZh: "舟山",
      logo: "/media/demo-photo-1.jpg",
      certified: true,
      organization: { id: application.id },
      conferences: 3,
      published: 2,
    });
    for (const id of moved) expect((await p.db.select().from(conferences).where(eq(conferences.id, id)))[0].institutionId).toBe(target.id);
    expect((await p.call("GET", `/admin/institution/${duplicate.id}`, { token: admin })).status).toBe(404);
    // Visitors see one 东海大学 with both published conferences.
    const seen = await visitors("东海大学");
    expect(seen.list.map((row) => [row.nameZh, row.conferenceCount])).toEqual([["东海大学", 2]]);
    const [audit] = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `institution:${duplicate.id}`));
    expect(audit).toMatchObject({ action: "institution.merge", detail: { into: target.id } });
  });

  it("deletes one no conference names, and refuses while one does", async () => {
    const [named] = await p.db
      .insert(institutions)
      .values({ nameZh: "有会大学", ...created() })
      .returning();
    await conferenceOf(named.id, false);
    const refused = await p.call("DELETE", `/admin/institution/${named.id}`, { token: admin });
    expect(refused).toMatchObject({ status: 400, messageKey: "admin.institutions.v.stillNamed", params: { count: 1 } });
    expect(
      await p.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `institution:${named.id}`)),
    ).toEqual([]);

    const [unused] = await p.db
      .insert(institutions)
      .values({ nameZh: "空壳大学", ...created() })
      .returning();
    expect((await p.call("DELETE", `/admin/institution/${unused.id}`, { token: admin })).status).toBe(200);
    expect(await p.db.select().from(institutions).where(eq(institutions.id, unused.id))).toEqual([]);
    expect(
      (
        await p.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `institution:${unused.id}`))
      )[0].action,
    ).toBe("institution.delete");
  });
});
