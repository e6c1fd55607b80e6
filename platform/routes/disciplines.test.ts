import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, conferences, majors, references } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";

type Tree = {
  categories: Array<{ id: number; nameZh: string; conferences: number; majors: Array<{ id: number; nameZh: string; conferences: number }> }>;
  uncategorised: Array<{ id: number }>;
};

let p: TestPlatform;
let admin: string;
let someone: string;
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13966670009"] });
  admin = await p.signIn("13966670009", "管理员");
  someone = await p.signIn("13966670001", "访客");
});
afterAll(() => p.close());

const tree = async () => (await p.call<Tree>("GET", "/admin/disciplines", { token: admin })).data;

describe("categories and majors for platform administrators", () => {
  it("refuses everyone else, signed in or not", async () => {
    expect((await p.call("GET", "/admin/disciplines")).status).toBe(401);
    expect((await p.call("GET", "/admin/disciplines", { token: someone })).status).toBe(403);
    expect((await p.call("POST", "/admin/category", { token: someone, body: { nameZh: "理学", nameEn: "Science" } })).status).toBe(403);
    expect((await p.call("POST", "/admin/major/1/merge", { token: someone, body: { into: 2 } })).status).toBe(403);
  });

  it("adds, renames and orders, refusing what is missing or wrong on its field", async () => {
    const science = await p.call<{ id: number }>("POST", "/admin/category", { token: admin, body: { nameZh: "理学", nameEn: "Science", sort: 2 } });
    expect(science.status).toBe(200);
    const engineering = await p.call<{ id: number }>("POST", "/admin/category", { token: admin, body: { nameZh: "工学", nameEn: "Engineering", sort: 1 } });
    const empty = await p.call<{ fields: Record<string, { key: string }> }>("POST", "/admin/category", { token: admin, body: { nameZh: " ", nameEn: "X" } });
    expect(empty.status).toBe(400);
    expect(empty.data.fields.nameZh).toEqual({ key: "admin.v.nameZhRequired" });
    const math = await p.call<{ id: number }>("POST", "/admin/major", {
      token: admin,
      body: { categoryId: science.data.id, nameZh: "数学", nameEn: "Mathematics" },
    });
    expect(math.status).toBe(200);
    const orphan = await p.call<{ fields: Record<string, { key: string }> }>("POST", "/admin/major", {
      token: admin,
      body: { categoryId: 999999, nameZh: "无门类", nameEn: "None" },
    });
    expect(orphan.status).toBe(400);
    expect(orphan.data.fields.categoryId).toEqual({ key: "admin.v.categoryRequired" });
    expect(
      (await p.call("PUT", `/admin/category/${science.data.id}`, { token: admin, body: { nameZh: "理学", nameEn: "Natural sciences", sort: 0 } })).status,
    ).toBe(200);
    const now = await tree();
    expect(now.categories.map((c) => c.nameZh)).toEqual(["理学", "工学"]);
    expect(now.categories[0].majors.map((m) => m.nameZh)).toEqual(["数学"]);
    expect(engineering.status).toBe(200);
    expect((await p.call("PUT", "/admin/category/999999", { token: admin, body: { nameZh: "无", nameEn: "None" } })).status).toBe(404);
  });

  it("merges a major into another: its conferences and references move, the public filters show one, and the change is audited", async () => {
    const [science] = (await tree()).categories;
    const add = async (nameZh: string) =>
      (await p.call<{ id: number }>("POST", "/admin/major", { token: admin, body: { categoryId: science.id, nameZh, nameEn: nameZh } })).data.id;
    const [physics, physics2] = [await add("物理学"), await add("物理")];
    const [conference] = await p.db
      .insert(conferences)
      .values({
        ownerAccountId: 1,
        nameZh: "物理会议",
        nameEn: "Physics",
        startDate: "2027-01-01",
        endDate: "2027-01-02",
        majorId: physics2,
        isPublish: true,
        ...p.stamp(),
      })
      .returning({ id: conferences.id });
    await p.db.insert(references).values({ nameZh: "物理参考", majorId: physics2, ...p.stamp() });

    expect((await p.call("POST", `/admin/major/${physics}/merge`, { token: admin, body: { into: physics } })).status).toBe(400);
    const merged = await p.call<{ conferences: number; references: number }>("POST", `/admin/major/${physics2}/merge`, {
      token: admin,
      body: { into: physics },
    });
    expect(merged.status).toBe(200);
    expect(merged.data).toMatchObject({ conferences: 1, references: 1 });

    const [moved] = await p.db
      .select({ majorId: conferences.majorId, categoryId: conferences.categoryId })
      .from(conferences)
      .where(eq(conferences.id, conference.id));
    expect(moved).toEqual({ majorId: physics, categoryId: science.id });
    expect(await p.db.select().from(majors).where(eq(majors.id, physics2))).toEqual([]);
    const filters = await p.call<{ list: Array<{ majors: Array<{ nameZh: string }> }> }>("GET", "/categories");
    const names = filters.data.list.flatMap((c) => c.majors.map((m) => m.nameZh));
    expect(names).toContain("物理学");
    expect(names).not.toContain("物理");
    expect((await tree()).categories[0].majors.find((m) => m.id === physics)?.conferences).toBe(1);
    const audit = await p.db.select().from(auditLog).where(eq(auditLog.action, "discipline.major.merge"));
    expect(audit).toMatchObject([{ target: `major:${physics2}`, detail: { into: physics } }]);
  });

  it("merges a category into another with its majors", async () => {
    const [science, engineering] = (await tree()).categories;
    const merged = await p.call<{ majors: number }>("POST", `/admin/category/${engineering.id}/merge`, { token: admin, body: { into: science.id } });
    expect(merged.status).toBe(200);
    const after = await tree();
    expect(after.categories.map((c) => c.id)).toEqual([science.id]);
    expect((await p.call("POST", `/admin/category/${science.id}/merge`, { token: admin, body: { into: 999999 } })).status).toBe(400);
  });
});
