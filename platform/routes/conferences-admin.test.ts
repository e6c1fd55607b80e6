import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, conferences, organizations } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";

type Row = { id: number; nameZh: string; isPublish: boolean; takenDownReason: string | null; registrations: number; owner: { mobile: string } };

let p: TestPlatform;
let admin: string;
let organiser: string;
let conferenceId: number;
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: ["13966690009"] });
  admin = await p.signIn("13966690009", "管理员");
  organiser = await p.signIn("13966690001", "主办方");
  const organiserId = (await p.call<{ id: number }>("GET", "/account", { token: organiser })).data.id;
  await p.db.insert(organizations).values({ accountId: organiserId, name: "主办大学", type: "university", state: "approved", ...p.stamp() });
  const created = await p.call<{ id: number }>("POST", "/conference", {
    token: organiser,
    body: { nameZh: "违规测试会议", nameEn: "Rules test", startDate: "2027-05-01", endDate: "2027-05-02", cityZh: "北京" },
  });
  conferenceId = created.data.id;
  expect((await p.call("PATCH", `/conference/${conferenceId}`, { token: organiser, body: { isPublish: true } })).status).toBe(200);
});
afterAll(() => p.close());

const list = async (query: string) => (await p.call<{ list: Row[]; total: number }>("GET", `/admin/conferences?${query}`, { token: admin })).data;

describe("conferences for platform administrators", () => {
  it("refuses everyone else on every call", async () => {
    for (const [method, url] of [
      ["GET", "/admin/conferences"],
      ["POST", `/admin/conferences/${conferenceId}/take-down`],
      ["POST", `/admin/conferences/${conferenceId}/restore`],
    ]) {
      const body = method === "GET" ? undefined : { reason: "x" };
      expect((await p.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await p.call(method, url, { token: organiser, body })).status, `${method} ${url}`).toBe(403);
    }
  });

  it("lists every conference with its owner and registrations, found by its words or its owner", async () => {
    const found = await list("keyword=违规");
    expect(found.list.map((row) => [row.nameZh, row.owner.mobile, row.isPublish, row.registrations])).toEqual([["违规测试会议", "13966690001", true, 0]]);
    expect((await list("keyword=13966690001")).total).toBe(1);
    expect((await list("state=draft")).total).toBe(0);
  });

  it("takes a conference down with a reason its organisers see, and it is not published again until an administrator allows it", async () => {
    const missing = await p.call<{ fields: Record<string, { key: string }> }>("POST", `/admin/conferences/${conferenceId}/take-down`, {
      token: admin,
      body: {},
    });
    expect(missing.data.fields.reason).toEqual({ key: "admin.conferences.v.reasonRequired" });
    expect((await p.call("POST", `/admin/conferences/${conferenceId}/take-down`, { token: admin, body: { reason: "虚假宣传" } })).status).toBe(200);
    expect((await p.call("GET", `/conference/${conferenceId}`)).status).toBe(404);
    const mine = await p.call<{ list: Array<{ id: number; isPublish: boolean; takenDownReason: string | null }> }>("GET", "/manage/conference", {
      token: organiser,
    });
    expect(mine.data.list.find((row) => row.id === conferenceId)).toMatchObject({ isPublish: false, takenDownReason: "虚假宣传" });
    const again = await p.call("PATCH", `/conference/${conferenceId}`, { token: organiser, body: { isPublish: true } });
    expect(again.status).toBe(400);
    expect(again.messageKey).toBe("authoring.errors.takenDown");
    expect(again.params).toEqual({ reason: "虚假宣传" });
    expect((await list("state=takenDown")).list.map((row) => row.id)).toEqual([conferenceId]);
    expect((await p.call("POST", `/admin/conferences/${conferenceId}/take-down`, { token: admin, body: { reason: "again" } })).messageKey).toBe(
      "admin.conferences.v.alreadyDown",
    );

    expect((await p.call("POST", `/admin/conferences/${conferenceId}/restore`, { token: admin })).status).toBe(200);
    const [row] = await p.db.select().from(conferences).where(eq(conferences.id, conferenceId));
    expect([row.isPublish, row.takenDownReason]).toEqual([false, null]);
    expect((await p.call("PATCH", `/conference/${conferenceId}`, { token: organiser, body: { isPublish: true } })).status).toBe(200);
    expect((await p.call("POST", `/admin/conferences/${conferenceId}/restore`, { token: admin })).messageKey).toBe("admin.conferences.v.notDown");
    const trail = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `conference:${conferenceId}`));
    expect(trail.filter((r) => r.action.startsWith("conference.t") || r.action === "conference.restore").map((r) => [r.action, r.detail])).toEqual([
      ["conference.takeDown", { reason: "虚假宣传" }],
      ["conference.restore", {}],
    ]);
  });
});
