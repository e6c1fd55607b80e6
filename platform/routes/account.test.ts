import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountShell } from "#contract/views/account";
import { accounts, conferenceAdmins, conferences, inbox, organizations, researchGroups } from "../db/schema";
import { type TestPlatform, testPlatform } from "../testing";

let p: TestPlatform;
let owner: string;
let other: string;
let ownerId: number;
let unpublishedId: number;
beforeAll(async () => {
  p = await testPlatform();
  owner = await p.signIn("13944440001", "主办方");
  other = await p.signIn("13944440002", "路人");
  [{ id: ownerId }] = await p.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, "13944440001"));
  const rows = await p.db
    .insert(conferences)
    .values([
      {
        ownerAccountId: ownerId,
        nameZh: "已发布的会议",
        nameEn: "Published",
        startDate: "2027-01-10",
        endDate: "2027-01-12",
        cityZh: "杭州",
        cityEn: "Hangzhou",
        isPublish: true,
        searchText: "已发布的会议 published 杭州 hangzhou",
        ...p.stamp(),
      },
      {
        ownerAccountId: ownerId,
        nameZh: "未发布的会议",
        nameEn: "Draft",
        startDate: "2027-02-10",
        endDate: "2027-02-12",
        isPublish: false,
        searchText: "未发布的会议 draft",
        ...p.stamp(),
      },
      {
        ownerAccountId: ownerId,
        nameZh: "往届会议",
        nameEn: "Past",
        startDate: "2025-01-10",
        endDate: "2025-01-12",
        cityZh: "北京",
        cityEn: "Beijing",
        isPublish: true,
        searchText: "往届会议 past 北京 beijing",
        ...p.stamp(),
      },
    ])
    .returning({ id: conferences.id, isPublish: conferences.isPublish });
  unpublishedId = rows.find((r) => !r.isPublish)!.id;
});
afterAll(() => p.close());

describe("account", () => {
  it("needs a token", async () => {
    expect((await p.call("GET", "/account")).status).toBe(401);
  });

  it("saves settings and checks them", async () => {
    const bad = await p.call("PUT", "/account", { token: owner, body: { name: "主办方", email: "nope", defaultType: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe("请输入正确的邮箱地址");
    const good = await p.call<{ email: string; defaultType: number }>("PUT", "/account", {
      token: owner,
      body: { name: "主办方", email: "a@b.cn", defaultType: 1 },
    });
    expect(good.data).toMatchObject({ email: "a@b.cn", defaultType: 1 });
  });

  it("saves the language alone, for the account that asks, and refuses anything but 0 or 1", async () => {
    expect((await p.call("PUT", "/account/language", { body: { defaultType: 1 } })).status).toBe(401);
    const before = (await p.call<{ name: string; email: string | null }>("GET", "/account", { token: owner })).data;
    const english = await p.call<{ defaultType: number; name: string; email: string | null }>("PUT", "/account/language", {
      token: owner,
      body: { defaultType: 1 },
    });
    expect(english.data).toMatchObject({ defaultType: 1, name: before.name, email: before.email });
    expect((await p.call<{ defaultType: number }>("PUT", "/account/language", { token: owner, body: { defaultType: 0 } })).data.defaultType).toBe(0);
    expect((await p.call<{ defaultType: number }>("GET", "/account", { token: owner })).data.defaultType).toBe(0);
    expect((await p.call("PUT", "/account/language", { token: owner, body: { defaultType: 7 } })).status).toBe(400);
    expect((await p.call("PUT", "/account/language", { token: owner, body: {} })).status).toBe(400);
  });

  it("certification follows an approved organization", async () => {
    expect((await p.call<{ has: boolean }>("GET", "/account/certification", { token: owner })).data.has).toBe(false);
    await p.db.insert(organizations).values({ accountId: ownerId, name: "某大学", type: "university", state: "approved", ...p.stamp() });
    expect((await p.call<{ has: boolean }>("GET", "/account/certification", { token: owner })).data.has).toBe(true);
    expect((await p.call<{ certification: boolean }>("GET", "/account", { token: owner })).data.certification).toBe(true);
  });

  it("finds the research group of an account, or null", async () => {
    expect((await p.call("GET", `/group/by-account/${ownerId}`, { token: owner })).data).toBeNull();
    const [group] = await p.db
      .insert(researchGroups)
      .values({ ownerAccountId: ownerId, nameZh: "课题组", ...p.stamp() })
      .returning();
    expect((await p.call<{ id: number }>("GET", `/group/by-account/${ownerId}`, { token: owner })).data.id).toBe(group.id);
    expect((await p.call("GET", "/group/by-account/abc", { token: owner })).status).toBe(404);
  });

  it("answers the header's shell in one call: the account, its certification, its group and its unread counts", async () => {
    expect((await p.call("GET", "/account/shell")).status).toBe(401);
    const [{ id: otherId }] = await p.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, "13944440002"));
    const before = (await p.call<AccountShell>("GET", "/account/shell", { token: other })).data;
    expect(before).toEqual({
      account: (await p.call("GET", "/account", { token: other })).data,
      groupId: null,
      noticesUnread: 0,
      messagesUnread: 0,
    });
    expect(before.account).toMatchObject({ accountId: otherId, mobile: "13944440002", certification: false });
    await p.db.insert(organizations).values({ accountId: otherId, name: "路人大学", type: "university", state: "pending", ...p.stamp() });
    const [group] = await p.db
      .insert(researchGroups)
      .values({ ownerAccountId: otherId, nameZh: "路人课题组", ...p.stamp() })
      .returning();
    await p.db.insert(inbox).values([
      { accountId: otherId, kind: "notice", titleZh: "通知一", ...p.stamp() },
      { accountId: otherId, kind: "notice", titleZh: "通知二", ...p.stamp() },
      { accountId: otherId, kind: "notice", titleZh: "已读通知", readAt: p.stamp().createdAt, ...p.stamp() },
      { accountId: otherId, kind: "message", titleZh: "私信一", ...p.stamp() },
      { accountId: ownerId, kind: "message", titleZh: "别人的私信", ...p.stamp() },
    ]);
    const shell = async () => (await p.call<AccountShell>("GET", "/account/shell", { token: other })).data;
    // Written behind the platform's back (as another instance would): kept for a minute.
    expect(await shell()).toEqual(before);
    p.advance(61_000);
    const after = await shell();
    expect(after).toMatchObject({ groupId: group.id, noticesUnread: 2, messagesUnread: 1 });
    // A pending organization is not a certification; an approved one is.
    expect(after.account.certification).toBe(false);
    await p.db.update(organizations).set({ state: "approved" }).where(eq(organizations.accountId, otherId));
    expect((await shell()).account.certification).toBe(false);
    // Any write this instance answers: read again at once. Reading a message here counts at once.
    const [message] = await p.db
      .select({ id: inbox.id })
      .from(inbox)
      .where(and(eq(inbox.accountId, otherId), eq(inbox.kind, "message")));
    expect((await p.call("PUT", `/cms/messages/${message.id}/read`, { token: other })).status).toBe(200);
    expect(await shell()).toMatchObject({ account: { certification: true }, groupId: group.id, noticesUnread: 2, messagesUnread: 0 });
    // Another account's header is its own, never this one's.
    expect((await p.call<AccountShell>("GET", "/account/shell", { token: owner })).data).toMatchObject({ account: { mobile: "13944440001" } });
  });

  it("looks a token up once for the calls that share a map (the web's in-process reads of one page request)", async () => {
    const token = await p.signIn("13944440009", "同页");
    const get = (path: string, bindings?: object) =>
      p.app.fetch(new Request(`http://platform.test/api${path}`, { headers: { "Client-Type": "web", Authorization: `Bearer ${token}` } }), bindings);
    const shared = { accounts: new Map() };
    expect((await get("/account/shell", shared)).status).toBe(200);
    expect([...shared.accounts.keys()]).toEqual([token]);
    // Signed out in between: the calls sharing the map are one page request's, read before it;
    // any other call (and the next page request, with a map of its own) is refused at once.
    await p.call("POST", "/logout", { token });
    expect((await get("/account", shared)).status).toBe(200);
    expect((await get("/account")).status).toBe(401);
    expect((await get("/account", { accounts: new Map() })).status).toBe(401);
    // Bindings that are not such a map change nothing.
    expect((await get("/account", { accounts: { [token]: "forged" } })).status).toBe(401);
  });

  it("lists accounts for platform administrators only", async () => {
    expect((await p.call("GET", "/users", { token: other })).status).toBe(403);
    await p.db.update(accounts).set({ isPlatformAdmin: true }).where(eq(accounts.id, ownerId));
    const res = await p.call<{ list: unknown[]; total: number }>("GET", "/users?keyword=13944440002", { token: owner });
    expect(res.data.total).toBe(1);
  });
});

describe("conferences", () => {
  it("lists only published conferences to visitors, upcoming or past", async () => {
    const upcoming = await p.call<{ list: Array<{ nameZh: string }>; total: number }>("GET", "/conference?when=upcoming");
    expect(upcoming.data.list.map((c) => c.nameZh)).toEqual(["已发布的会议"]);
    const past = await p.call<{ list: Array<{ nameZh: string }> }>("GET", "/conference?when=past");
    expect(past.data.list.map((c) => c.nameZh)).toEqual(["往届会议"]);
  });

  it("finds conferences by Chinese and English keyword", async () => {
    expect((await p.call<{ total: number }>("GET", `/conference?keyword=${encodeURIComponent("北京")}`)).data.total).toBe(1);
    expect((await p.call<{ total: number }>("GET", "/conference?keyword=HANGZHOU")).data.total).toBe(1);
    expect((await p.call<{ total: number }>("GET", "/conference?keyword=%25")).data.total).toBe(0);
  });

  it("an unpublished conference is 404 to others and visible to its owner and admins", async () => {
    expect((await p.call("GET", `/conference/${unpublishedId}`)).status).toBe(404);
    expect((await p.call("GET", `/conference/${unpublishedId}`, { token: other })).status).toBe(404);
    const mine = await p.call<{ canManage: boolean }>("GET", `/conference/${unpublishedId}`, { token: owner });
    expect(mine.data.canManage).toBe(true);
    const [{ id: otherId }] = await p.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, "13944440002"));
    await p.db.insert(conferenceAdmins).values({ conferenceId: unpublishedId, accountId: otherId, ...p.stamp() });
    expect((await p.call("GET", `/conference/${unpublishedId}`, { token: other })).status).toBe(200);
  });

  it("mine=1 lists owned and administered conferences, and needs a token", async () => {
    expect((await p.call("GET", "/conference?mine=1")).status).toBe(401);
    expect((await p.call<{ total: number }>("GET", "/conference?mine=1", { token: owner })).data.total).toBe(3);
    expect((await p.call<{ total: number }>("GET", "/conference?mine=1", { token: other })).data.total).toBe(1);
  });
});
