import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, organizations } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";

type Row = { id: number; mobile: string; name: string; disabled: boolean; isPlatformAdmin: boolean; institution: string | null };
type Detail = { account: { id: number; disabledAt: string | null; isPlatformAdmin: boolean }; disabledReason: string | null; sessions: number };

const CONFIGURED = "13966680009";
let p: TestPlatform;
let admin: string;
let someone: string;
let someoneId: number;
beforeAll(async () => {
  p = await testPlatform({ platformAdmins: [CONFIGURED] });
  admin = await p.signIn(CONFIGURED, "配置管理员");
  someone = await p.signIn("13966680001", "张三");
  someoneId = (await p.call<{ id: number }>("GET", "/account", { token: someone })).data.id;
});
afterAll(() => p.close());

const search = async (query: string) => (await p.call<{ list: Row[]; total: number }>("GET", `/users?${query}`, { token: admin })).data;
const detail = async (id: number) => (await p.call<Detail>("GET", `/admin/accounts/${id}`, { token: admin })).data;
const idOf = async (mobile: string) => (await p.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, mobile)))[0].id;

describe("accounts for platform administrators", () => {
  it("refuses everyone else, signed in or not, on every call", async () => {
    for (const [method, url] of [
      ["GET", "/users"],
      ["GET", `/admin/accounts/${someoneId}`],
      ["POST", `/admin/accounts/${someoneId}/disable`],
      ["POST", `/admin/accounts/${someoneId}/enable`],
      ["POST", `/admin/accounts/${someoneId}/admin`],
      ["DELETE", `/admin/accounts/${someoneId}/admin`],
    ]) {
      const body = method === "GET" ? undefined : { reason: "x" };
      expect((await p.call(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      expect((await p.call(method, url, { token: someone, body })).status, `${method} ${url} as someone`).toBe(403);
    }
    expect((await p.call("GET", "/admin/accounts/999999", { token: admin })).status).toBe(404);
  });

  it("finds accounts by mobile, name or the institution they applied to certify", async () => {
    await p.db.insert(organizations).values({ accountId: someoneId, name: "南方理工大学", type: "university", state: "approved", ...p.stamp() });
    expect((await search("keyword=139-6668-0001")).list.map((row) => row.name)).toEqual(["张三"]);
    expect((await search("keyword=张")).list.map((row) => row.mobile)).toEqual(["13966680001"]);
    const byInstitution = await search("keyword=理工");
    expect(byInstitution.list.map((row) => [row.name, row.institution])).toEqual([["张三", "南方理工大学"]]);
    expect((await search("state=admins")).list.map((row) => row.mobile)).toEqual([CONFIGURED]);
    expect((await search("keyword=%25")).total).toBe(0);
  });

  it("disables an account: its open session is refused at once, it cannot sign in again, and enabling lets it back", async () => {
    const victim = await p.signIn("13966680002", "李四");
    const victimId = await idOf("13966680002");
    expect((await p.call("GET", "/account", { token: victim })).status).toBe(200);
    expect((await detail(victimId)).sessions).toBe(1);

    const missing = await p.call<{ fields: Record<string, { key: string }> }>("POST", `/admin/accounts/${victimId}/disable`, {
      token: admin,
      body: { reason: "  " },
    });
    expect(missing.status).toBe(400);
    expect(missing.data.fields.reason).toEqual({ key: "admin.accounts.v.reasonRequired" });

    const disabled = await p.call<{ sessionsEnded: number }>("POST", `/admin/accounts/${victimId}/disable`, { token: admin, body: { reason: "冒用他人身份" } });
    expect(disabled.status).toBe(200);
    expect(disabled.data.sessionsEnded).toBe(1);
    expect((await p.call("GET", "/account", { token: victim })).status).toBe(401);
    const shown = await detail(victimId);
    expect(shown.account.disabledAt).not.toBeNull();
    expect(shown.disabledReason).toBe("冒用他人身份");
    expect((await search("state=disabled")).list.map((row) => row.mobile)).toEqual(["13966680002"]);

    // The right code for the number is not enough: the answer says why, and no token comes back.
    p.advance(5 * 60_000);
    expect((await p.sendCode("13966680002")).status).toBe(200);
    const again = await p.call("POST", "/login", { body: { mobile: "13966680002", code: await p.code("13966680002"), rememberMe: true } });
    expect(again.status).toBe(400);
    expect(again.messageKey).toBe("errors.accountDisabled");
    expect((await p.call("POST", `/admin/accounts/${victimId}/disable`, { token: admin, body: { reason: "again" } })).messageKey).toBe(
      "admin.accounts.v.cannotDisable",
    );

    expect((await p.call("POST", `/admin/accounts/${victimId}/enable`, { token: admin })).status).toBe(200);
    expect((await p.call("POST", `/admin/accounts/${victimId}/enable`, { token: admin })).messageKey).toBe("admin.accounts.v.notDisabled");
    expect((await p.call("GET", "/account", { token: victim })).status).toBe(401);
    p.advance(5 * 60_000);
    expect(await p.signIn("13966680002")).toEqual(expect.any(String));

    const trail = await p.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `account:${victimId}`));
    expect(trail.map((row) => [row.action, row.detail])).toEqual([
      ["account.disable", { reason: "冒用他人身份", sessions: 1 }],
      ["account.enable", {}],
    ]);
  });

  it("grants and revokes administration, never leaving none, never oneself, never one the configuration names", async () => {
    const second = await p.signIn("13966680003", "王五");
    const secondId = await idOf("13966680003");
    const adminId = await idOf(CONFIGURED);
    expect((await p.call("POST", `/admin/accounts/${adminId}/disable`, { token: admin, body: { reason: "x" } })).messageKey).toBe(
      "admin.accounts.v.notYourself",
    );
    expect((await p.call("DELETE", `/admin/accounts/${adminId}/admin`, { token: admin })).messageKey).toBe("admin.accounts.v.notYourself");

    expect((await p.call("POST", `/admin/accounts/${secondId}/admin`, { token: admin })).status).toBe(200);
    expect((await p.call("GET", "/users", { token: second })).status).toBe(200);
    expect((await p.call("POST", `/admin/accounts/${secondId}/admin`, { token: admin })).messageKey).toBe("admin.accounts.v.cannotGrant");
    // An administrator is not disabled while one; the configured one is not revoked by another.
    expect((await p.call("POST", `/admin/accounts/${secondId}/disable`, { token: admin, body: { reason: "x" } })).messageKey).toBe(
      "admin.accounts.v.cannotDisable",
    );
    expect((await p.call("DELETE", `/admin/accounts/${adminId}/admin`, { token: second })).messageKey).toBe("admin.accounts.v.configuredAdmin");

    expect((await p.call("DELETE", `/admin/accounts/${secondId}/admin`, { token: admin })).status).toBe(200);
    expect((await p.call("GET", "/users", { token: second })).status).toBe(403);
    expect((await p.call("DELETE", `/admin/accounts/${secondId}/admin`, { token: admin })).messageKey).toBe("admin.accounts.v.notAdmin");
    expect((await detail(secondId)).account.isPlatformAdmin).toBe(false);
  });

  it("keeps one administrator: the last cannot be revoked, even by a direct call", async () => {
    const { setPlatformAdmin } = await import("../services/accounts-admin");
    const adminId = await idOf(CONFIGURED);
    await expect(setPlatformAdmin(p.db, { id: 0 }, new Date(), adminId, false)).rejects.toMatchObject({ messageKey: "admin.accounts.v.lastAdmin" });
    expect((await p.db.select().from(accounts).where(eq(accounts.isPlatformAdmin, true))).map((row) => row.id)).toEqual([adminId]);
  });
});
