import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conferences, hotelRooms, hotels, modules, schedules, sponsors } from "../db/schema";
import { demoAccounts, seedDemo } from "../db/seed";
import { type TestPlatform, testPlatform } from "../testing";

type Page = {
  info: Record<string, unknown> & { id: number; isPublish: boolean };
  canManage: boolean;
  exCss: string;
  modules: Array<{ id: number; type: string; sort: number }>;
  texts: Array<{ moduleId: number | null; contentZh: unknown[] }>;
  branches: Array<{ id: number }>;
  forums: Array<{ id: number; branchId: number | null }>;
  schedule: Array<{ id: number; moduleId: number; branchId: number | null; forumId: number | null; startsAt: string }>;
  specials: Array<{ type: number; items: Array<{ role: string; nameZh: string }> }>;
  organizers: Array<{ role: string }>;
  sponsors: Array<Record<string, unknown> & { kind: string; company: string }>;
  hotels: Array<{ id: number; qrCode: string | null; rooms: Array<{ id: number; priceFen: number }> }>;
  feeTable: {
    currency: string;
    identities: Array<{ id: number }>;
    strategies: Array<{ id: number }>;
    fees: Array<{ identityId: number; strategyId: number; priceFen: number; unit: string }>;
  };
  links: Array<{ url: string }>;
  media: Array<{ kind: string }>;
  tags: Array<{ name: string }>;
};
type List<T = Record<string, unknown>> = { list: T[]; total: number };

let p: TestPlatform;
let organiser: string;
let attendee: string;
const showcase = 1;
let draft: number;

beforeAll(async () => {
  p = await testPlatform();
  await seedDemo(p.db, { now: new Date("2026-11-21T08:00:00Z"), conferences: 4 });
  organiser = await p.signIn(demoAccounts.organiser.mobile);
  attendee = await p.signIn(demoAccounts.attendee.mobile);
  const [row] = await p.db.select({ id: conferences.id }).from(conferences).where(eq(conferences.isPublish, false)).limit(1);
  draft = row.id;
});
afterAll(() => p.close());

describe("GET /conference/{id}/page", () => {
  it("gives a visitor everything the showcase page shows, in order, without private fields", async () => {
    const res = await p.call<Page>("GET", `/conference/${showcase}/page`);
    expect(res.status).toBe(200);
    const page = res.data;
    expect(page.canManage).toBe(false);
    expect(page.info.id).toBe(showcase);
    for (const hidden of ["searchText", "exJs", "invoiceCompany", "ownerAccountId"]) expect(page.info).not.toHaveProperty(hidden);
    expect(page.modules.map((m) => m.type)).toEqual(["intro", "schedule", "specials", "sponsors", "hotels", "fees", "links"]);
    expect(page.texts.length).toBe(3);
    expect(page.texts[0].contentZh.length).toBeGreaterThan(3);

    // Main venue (null branch) and the three parallel sessions, in time order.
    expect(page.branches).toHaveLength(3);
    expect(page.schedule.some((s) => s.branchId === null)).toBe(true);
    expect(new Set(page.schedule.filter((s) => s.branchId !== null).map((s) => s.branchId)).size).toBe(3);
    expect(page.schedule.some((s) => s.forumId !== null)).toBe(true);
    const times = page.schedule.map((s) => Date.parse(s.startsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    expect(page.specials.map((s) => s.type)).toEqual([0, 1]);
    expect(page.specials[0].items.map((i) => i.role)).toContain("chairman");
    expect(page.specials[0].items.map((i) => i.role)).toContain("guest");
    expect(page.specials[1].items.every((i) => i.role === "item")).toBe(true);
    expect(page.organizers.map((o) => o.role)).toContain("host");

    expect(page.sponsors.filter((s) => s.kind === "sponsor")).toHaveLength(3);
    expect(page.sponsors.filter((s) => s.kind === "exhibitor")).toHaveLength(3);
    for (const sponsor of page.sponsors) for (const hidden of ["contact", "phone", "email", "remarks", "state"]) expect(sponsor).not.toHaveProperty(hidden);

    expect(page.hotels).toHaveLength(3);
    expect(page.hotels.every((h) => h.qrCode?.startsWith("https://"))).toBe(true);

    const { identities, strategies, fees } = page.feeTable;
    expect(identities).toHaveLength(4);
    expect(strategies).toHaveLength(2);
    expect(fees).toHaveLength(8);
    expect(fees.every((f) => Number.isInteger(f.priceFen) && f.unit === "0")).toBe(true);
    expect(page.feeTable.currency).toBe("CNY");

    expect(page.links).toHaveLength(3);
    expect(page.media.map((m) => m.kind)).toEqual(["image", "video", "press"]);
    expect(page.tags).toHaveLength(3);
  });

  it("answers 404 for unknown ids and garbage", async () => {
    expect((await p.call("GET", "/conference/999999/page")).status).toBe(404);
    expect((await p.call("GET", "/module/abc")).status).toBe(404);
    expect((await p.call("GET", "/schedule")).status).toBe(404);
    expect((await p.call("GET", "/schedule?conferenceId=-1")).status).toBe(404);
    expect((await p.call("GET", `/sponsor/conference?conferenceId=${showcase}&kind=secret`)).status).toBe(404);
  });
});

describe("unpublished conferences", () => {
  const paths = (id: number) => [
    `/conference/${id}/page`,
    `/module/${id}`,
    `/intro/${id}`,
    `/text?conferenceId=${id}`,
    `/branches/${id}`,
    `/forum?conferenceId=${id}`,
    `/schedule?conferenceId=${id}`,
    `/special?conferenceId=${id}`,
    `/organizer?conferenceId=${id}`,
    `/sponsor/conference?conferenceId=${id}`,
    `/hotels/${id}`,
    `/fee/table?conferenceId=${id}`,
    `/link?conferenceId=${id}`,
    `/media?conferenceId=${id}`,
    `/tags/${id}`,
    `/banner?conferenceId=${id}`,
    `/conference/conferenceExCssJs/${id}`,
  ];

  it("are not found by visitors or other accounts, on every call", async () => {
    for (const path of paths(draft)) {
      expect((await p.call("GET", path)).status, path).toBe(404);
      expect((await p.call("GET", path, { token: attendee })).status, path).toBe(404);
    }
  });

  it("are shown to their organiser, who is told they manage it", async () => {
    for (const path of paths(draft)) expect((await p.call("GET", path, { token: organiser })).status, path).toBe(200);
    const res = await p.call<Page>("GET", `/conference/${draft}/page`, { token: organiser });
    expect(res.data.canManage).toBe(true);
    expect(res.data.info.isPublish).toBe(false);
  });
});

describe("single calls", () => {
  it("lists modules in order and the intro texts", async () => {
    const mods = await p.call<List<{ type: string }>>("GET", `/module/${showcase}`);
    expect(mods.data.list[0].type).toBe("intro");
    expect(mods.data.total).toBe(mods.data.list.length);
    const intro = await p.call<List<{ titleZh: string }>>("GET", `/intro/${showcase}`);
    expect(intro.data.list.map((t) => t.titleZh)).toEqual(["会议简介", "征稿通知"]);
    const feeModule = (await p.call<List<{ id: number; type: string }>>("GET", `/module/${showcase}`)).data.list.find((m) => m.type === "fees")!;
    const feeTexts = await p.call<List<{ titleZh: string }>>("GET", `/text?conferenceId=${showcase}&moduleId=${feeModule.id}`);
    expect(feeTexts.data.list.map((t) => t.titleZh)).toEqual(["缴费说明"]);
  });

  it("branches and forums carry what the schedule groups by", async () => {
    const branchList = await p.call<List<{ id: number }>>("GET", `/branches/${showcase}`);
    const forumList = await p.call<List<{ branchId: number | null }>>("GET", `/forum?conferenceId=${showcase}`);
    expect(branchList.data.total).toBe(3);
    expect(forumList.data.list.some((f) => f.branchId === null)).toBe(true);
  });

  it("specials, organisers, links, media and tags", async () => {
    expect((await p.call<List>("GET", `/special?conferenceId=${showcase}`)).data.total).toBe(2);
    expect((await p.call<List>("GET", `/organizer?conferenceId=${showcase}`)).data.total).toBeGreaterThanOrEqual(4);
    expect((await p.call<List>("GET", `/link?conferenceId=${showcase}`)).data.total).toBe(3);
    expect((await p.call<List>("GET", `/media?conferenceId=${showcase}`)).data.total).toBe(3);
    expect((await p.call<List>("GET", `/tags/${showcase}`)).data.total).toBe(3);
    expect((await p.call<List>("GET", `/banner?conferenceId=${showcase}`)).data.total).toBe(1);
    expect((await p.call<List>("GET", `/banner?conferenceId=${showcase}&placement=advert`)).data.total).toBe(1);
    const table = await p.call<Page["feeTable"]>("GET", `/fee/table?conferenceId=${showcase}`);
    expect(table.data.fees).toHaveLength(table.data.identities.length * table.data.strategies.length);
  });
});

/** A schedule module of the showcase whose schedule is not published yet, with one session. */
async function unpublishedSession(names: { module: string; session: string; sort: number; day: string }) {
  const [module] = await p.db
    .insert(modules)
    .values({ conferenceId: showcase, type: "schedule", titleZh: names.module, sort: names.sort, schedulePublished: false })
    .returning({ id: modules.id });
  const [item] = await p.db
    .insert(schedules)
    .values({
      conferenceId: showcase,
      moduleId: module.id,
      startsAt: new Date(`${names.day}T01:00:00Z`),
      endsAt: new Date(`${names.day}T02:00:00Z`),
      titleZh: names.session,
    })
    .returning({ id: schedules.id });
  return { module, item };
}

describe("what only organisers see", () => {
  it("a schedule stays hidden until its module's schedule is published", async () => {
    const { module, item } = await unpublishedSession({ module: "卫星会议", session: "未发布的报告", sort: 20, day: "2027-01-10" });
    const seen = async (token?: string) =>
      (await p.call<List<{ id: number }>>("GET", `/schedule?conferenceId=${showcase}`, { token })).data.list.some((s) => s.id === item.id);
    expect(await seen()).toBe(false);
    expect(await seen(attendee)).toBe(false);
    expect(await seen(organiser)).toBe(true);
    expect((await p.call<Page>("GET", `/conference/${showcase}/page`)).data.schedule.some((s) => s.id === item.id)).toBe(false);

    await p.db.update(modules).set({ schedulePublished: true }).where(eq(modules.id, module.id));
    expect(await seen()).toBe(true);
    // A hidden module is not listed, and neither is its schedule.
    await p.db.update(modules).set({ visible: false }).where(eq(modules.id, module.id));
    expect(await seen()).toBe(false);
    expect((await p.call<List<{ id: number }>>("GET", `/module/${showcase}`)).data.list.some((m) => m.id === module.id)).toBe(false);
  });

  it("a page is kept for its visitors and apart for its organisers, until this instance answers a write", async () => {
    const { module, item } = await unpublishedSession({ module: "闭门会", session: "闭门报告", sort: 21, day: "2027-01-11" });
    p.advance(61_000);
    const shows = async (token?: string) => (await p.call<Page>("GET", `/conference/${showcase}/page`, { token })).data.schedule.some((s) => s.id === item.id);
    // Organisers see the unpublished session, visitors never, though both pages are kept.
    expect(await shows(organiser)).toBe(true);
    expect(await shows()).toBe(false);
    expect(await shows(attendee)).toBe(false);
    expect(await shows(organiser)).toBe(true);
    // Published behind the platform's back (as another instance would): visitors see it after a minute.
    await p.db.update(modules).set({ schedulePublished: true }).where(eq(modules.id, module.id));
    expect(await shows()).toBe(false);
    p.advance(61_000);
    expect(await shows()).toBe(true);
    // A write this instance answers shows at once: the organiser renames the conference.
    const before = (await p.call<Page>("GET", `/conference/${showcase}/page`)).data.info;
    const renamed = await p.call("PUT", `/conference/${showcase}`, {
      token: organiser,
      body: {
        nameZh: `${before.nameZh}（改）`,
        nameEn: before.nameEn,
        startDate: before.startDate,
        endDate: before.endDate,
        cityZh: before.cityZh,
        cityEn: before.cityEn,
      },
    });
    expect(renamed.status).toBe(200);
    expect((await p.call<Page>("GET", `/conference/${showcase}/page`)).data.info.nameZh).toBe(`${before.nameZh}（改）`);
    await p.db
      .update(conferences)
      .set({ nameZh: before.nameZh as string })
      .where(eq(conferences.id, showcase));
    await p.db.delete(schedules).where(eq(schedules.id, item.id));
    await p.db.delete(modules).where(eq(modules.id, module.id));
  });

  it("sponsors are listed once approved, by kind", async () => {
    await p.db
      .insert(sponsors)
      .values({ conferenceId: showcase, kind: "sponsor", company: "待审核公司", state: "pending", phone: "13511112222", ...p.stamp() });
    const all = await p.call<List<{ company: string }>>("GET", `/sponsor/conference?conferenceId=${showcase}`);
    expect(all.data.list.map((s) => s.company)).not.toContain("待审核公司");
    const exhibitors = await p.call<List<{ kind: string }>>("GET", `/sponsor/conference?conferenceId=${showcase}&kind=exhibitor`);
    expect(exhibitors.data.total).toBe(3);
    expect(exhibitors.data.list.every((s) => s.kind === "exhibitor")).toBe(true);
  });

  it("hotel rooms are listed only while shown", async () => {
    const [hotel] = await p.db.select({ id: hotels.id }).from(hotels).where(eq(hotels.conferenceId, showcase)).limit(1);
    const rooms = await p.db
      .select({ id: hotelRooms.id })
      .from(hotelRooms)
      .where(and(eq(hotelRooms.hotelId, hotel.id), eq(hotelRooms.showState, true)));
    await p.db.update(hotelRooms).set({ showState: false }).where(eq(hotelRooms.id, rooms[0].id));
    const res = await p.call<List<{ id: number; rooms: Array<{ id: number }> }>>("GET", `/hotels/${showcase}`);
    const listed = res.data.list.find((h) => h.id === hotel.id)!;
    expect(listed.rooms.map((r) => r.id).sort()).toEqual(
      rooms
        .slice(1)
        .map((r) => r.id)
        .sort(),
    );
  });

  it("the organiser's extra CSS is public, the script is theirs alone", async () => {
    const put = await p.call("PUT", `/conference/conferenceExCssJs/${showcase}`, { token: organiser, body: { exCss: ".a{color:red}", exJs: "alert(1)" } });
    expect(put.status).toBe(200);
    const visitor = await p.call<{ exCss: string; exJs?: string }>("GET", `/conference/conferenceExCssJs/${showcase}`);
    expect(visitor.data).toEqual({ id: showcase, exCss: ".a{color:red}" });
    const owner = await p.call<{ exCss: string; exJs?: string }>("GET", `/conference/conferenceExCssJs/${showcase}`, { token: organiser });
    expect(owner.data.exJs).toBe("alert(1)");
    const page = await p.call<Page>("GET", `/conference/${showcase}/page`);
    expect(page.data.exCss).toBe(".a{color:red}");
    expect(JSON.stringify(page.data)).not.toContain("alert(1)");
    // The list of microsites (`/conf`) is the published conferences with their own styles.
    const sites = async () => (await p.call<{ list: Array<{ id: number }>; total: number }>("GET", "/conference?microsite=1")).data;
    expect((await sites()).list.map((c) => c.id)).toContain(showcase);
    expect((await sites()).total).toBe((await sites()).list.length);
    expect((await p.call("PUT", `/conference/conferenceExCssJs/${showcase}`, { token: organiser, body: { exCss: "" } })).status).toBe(200);
    expect((await sites()).list.map((c) => c.id)).not.toContain(showcase);
    await p.call("PUT", `/conference/conferenceExCssJs/${showcase}`, { token: organiser, body: { exCss: ".a{color:red}", exJs: "alert(1)" } });
  });

  it("only organisers change the extra CSS, within its size limit", async () => {
    expect((await p.call("PUT", `/conference/conferenceExCssJs/${showcase}`, { body: { exCss: "" } })).status).toBe(401);
    expect((await p.call("PUT", `/conference/conferenceExCssJs/${showcase}`, { token: attendee, body: { exCss: "" } })).status).toBe(404);
    const long = await p.call("PUT", `/conference/conferenceExCssJs/${showcase}`, { token: organiser, body: { exCss: "a".repeat(50_001) } });
    expect(long.status).toBe(400);
    expect(long.message).toBe("自定义样式不能超过 50000 个字符");
  });
});
