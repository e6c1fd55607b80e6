import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db";
import { accounts, banners, categories, conferences, links, majors, organizations } from "../db/schema";
import { conferenceSearchText } from "../db/seed";
import { keywordCondition } from "../services/portal-filters";
import { type TestPlatform, testPlatform } from "../testing";

type Card = { id: number; nameZh: string; nameEn: string; startDate: string; endDate: string; cityZh: string; major?: { nameZh: string } | null };
type Page<T> = { list: T[]; total: number };

let p: TestPlatform;
let ownerId: number;
let science: number;
let engineering: number;
let chemistry: number;
const ids: Record<string, number> = {};

/** testPlatform's clock starts at 2026-11-21. */
type Row = {
  key: string;
  nameZh: string;
  nameEn: string;
  start: string;
  end: string;
  cityZh: string;
  cityEn: string;
  publish?: boolean;
  important?: boolean;
  domain?: string;
  major?: number;
  category?: number;
};

async function addConferences(rows: Row[]) {
  const values = rows.map((row) => ({
    ownerAccountId: ownerId,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    startDate: row.start,
    endDate: row.end,
    cityZh: row.cityZh,
    cityEn: row.cityEn,
    isPublish: row.publish ?? true,
    isImportant: row.important ?? false,
    domain: row.domain ?? null,
    domainState: row.domain ? ("approved" as const) : null,
    majorId: row.major ?? null,
    categoryId: row.category ?? null,
    searchText: conferenceSearchText(row),
    ...p.stamp(),
  }));
  const inserted = await p.db.insert(conferences).values(values).returning({ id: conferences.id });
  rows.forEach((row, i) => (ids[row.key] = inserted[i].id));
}

beforeAll(async () => {
  p = await testPlatform();
  [{ id: ownerId }] = await p.db
    .insert(accounts)
    .values({ mobile: "13955550001", name: "主办方", ...p.stamp() })
    .returning({ id: accounts.id });
  [{ id: science }, { id: engineering }] = await p.db
    .insert(categories)
    .values([
      { nameZh: "理学", nameEn: "Natural Sciences", sort: 1 },
      { nameZh: "工学", nameEn: "Engineering", sort: 2 },
    ])
    .returning({ id: categories.id });
  [{ id: chemistry }] = await p.db
    .insert(majors)
    .values([
      { categoryId: science, nameZh: "化学", nameEn: "Chemistry", sort: 2 },
      { categoryId: science, nameZh: "数学", nameEn: "Mathematics", sort: 1 },
      { categoryId: engineering, nameZh: "机械工程", nameEn: "Mechanical Engineering", sort: 3 },
      { categoryId: null, nameZh: "未分类", nameEn: "Unfiled", sort: 4 },
    ])
    .returning({ id: majors.id });
  await addConferences([
    {
      key: "soon",
      nameZh: "北京催化化学研讨会",
      nameEn: "Beijing Catalysis Workshop",
      start: "2026-12-01",
      end: "2026-12-03",
      cityZh: "北京",
      cityEn: "Beijing",
      important: true,
      major: chemistry,
      category: science,
    },
    {
      key: "running",
      nameZh: "上海机器人论坛",
      nameEn: "Shanghai Robotics Forum",
      start: "2026-11-18",
      end: "2026-11-25",
      cityZh: "上海",
      cityEn: "Shanghai",
      important: true,
      category: engineering,
    },
    {
      key: "later",
      nameZh: "杭州智能计算国际会议",
      nameEn: "Hangzhou Conference on Intelligent Computing",
      start: "2027-01-10",
      end: "2027-01-12",
      cityZh: "杭州",
      cityEn: "Hangzhou",
      important: true,
      domain: "icics.example.org",
    },
    {
      key: "january",
      nameZh: "北京大学数学年会",
      nameEn: "Peking University Mathematics Meeting",
      start: "2027-01-28",
      end: "2027-02-02",
      cityZh: "北京",
      cityEn: "Beijing",
      category: science,
    },
    { key: "past", nameZh: "往届北京会议", nameEn: "Past Meeting", start: "2025-05-10", end: "2025-05-12", cityZh: "北京", cityEn: "Beijing", important: true },
    {
      key: "draft",
      nameZh: "未发布的北京会议",
      nameEn: "Draft Beijing Meeting",
      start: "2027-01-15",
      end: "2027-01-16",
      cityZh: "北京",
      cityEn: "Beijing",
      publish: false,
      important: true,
      domain: "draft.example.org",
    },
  ]);
  const [showcase] = await p.db.select({ id: conferences.id }).from(conferences).where(eq(conferences.id, ids.later));
  await p.db.insert(banners).values([
    { conferenceId: null, placement: "banner", titleZh: "第二", titleEn: "Second", image: "/media/demo-banner-2.jpg", sort: 2 },
    { conferenceId: null, placement: "banner", titleZh: "第一", titleEn: "First", image: "/media/demo-banner-1.jpg", url: "/1", sort: 1 },
    { conferenceId: null, placement: "advert", titleZh: "广告", titleEn: "Advert", image: "/media/demo-advert-1.jpg", sort: 1 },
    { conferenceId: showcase.id, placement: "banner", titleZh: "会议自己的", titleEn: "Its own", image: "/media/demo-banner-3.jpg", sort: 0 },
  ]);
  await p.db.insert(links).values([
    { conferenceId: null, titleZh: "中国知网", titleEn: "CNKI", url: "https://www.cnki.net", sort: 2 },
    { conferenceId: null, titleZh: "基金委", titleEn: "NSFC", url: "https://www.nsfc.gov.cn", sort: 1 },
    { conferenceId: showcase.id, titleZh: "投稿系统", titleEn: "Submissions", url: "https://submission.example.org", sort: 1 },
  ]);
});
afterAll(() => p.close());

const names = (page: Page<Card>) => page.list.map((c) => c.nameEn);

describe("home page content", () => {
  it("lists important published conferences, upcoming (soonest first) before past ones", async () => {
    const res = await p.call<Page<Card>>("GET", "/conference/importantConference");
    expect(res.status).toBe(200);
    expect(names(res.data)).toEqual(["Shanghai Robotics Forum", "Beijing Catalysis Workshop", "Hangzhou Conference on Intelligent Computing", "Past Meeting"]);
    const two = await p.call<Page<Card>>("GET", "/conference/importantConference?size=2");
    expect(names(two.data)).toEqual(["Shanghai Robotics Forum", "Beijing Catalysis Workshop"]);
    expect((await p.call<Page<Card>>("GET", "/conference/importantConference?size=abc")).data.list).toHaveLength(4);
  });

  it("serves the portal's banners and adverts in order, never a conference's own", async () => {
    const banner = await p.call<Page<{ titleEn: string; url: string | null }>>("GET", "/banner");
    expect(banner.data.list.map((b) => b.titleEn)).toEqual(["First", "Second"]);
    expect(banner.data.list[0].url).toBe("/1");
    const advert = await p.call<Page<{ titleEn: string }>>("GET", "/banner?placement=advert");
    expect(advert.data.list.map((b) => b.titleEn)).toEqual(["Advert"]);
    const bad = await p.call("GET", "/banner?placement=popup", { lang: "en" });
    expect(bad.status).toBe(400);
    expect(bad.message).not.toContain("portal.errors");
  });

  it("serves the portal's links in order", async () => {
    const res = await p.call<Page<{ titleZh: string; url: string }>>("GET", "/link");
    expect(res.data.list.map((l) => l.titleZh)).toEqual(["基金委", "中国知网"]);
  });

  it("keeps what every home page reads until this instance answers a write, and a minute at most", async () => {
    const home = async () =>
      (await p.call<{ banners: Array<{ titleZh: string }>; links: Array<{ titleZh: string }>; categories: Array<{ nameZh: string }> }>("GET", "/portal/home"))
        .data;
    const before = await home();
    const [banner] = await p.db
      .insert(banners)
      .values({ conferenceId: null, placement: "banner", titleZh: "新横幅", titleEn: "New banner", image: "/media/demo-banner-3.jpg", sort: 9 })
      .returning({ id: banners.id });
    const [link] = await p.db
      .insert(links)
      .values({ conferenceId: null, titleZh: "新链接", titleEn: "New link", url: "https://example.org", sort: 9 })
      .returning({ id: links.id });
    // Written behind the platform's back (as another instance would): not read again yet.
    expect(await home()).toEqual(before);
    p.advance(61_000);
    const after = await home();
    expect(after.banners.map((b) => b.titleZh)).toContain("新横幅");
    expect(after.links.map((l) => l.titleZh)).toContain("新链接");
    await p.db.delete(banners).where(eq(banners.id, banner.id));
    await p.db.delete(links).where(eq(links.id, link.id));
    expect((await home()).banners.map((b) => b.titleZh)).toContain("新横幅");
    // Any write this instance answers: everything is read again at once.
    const token = await p.signIn("13955550001");
    expect((await p.call("PUT", "/account/language", { token, body: { defaultType: 0 } })).status).toBe(200);
    expect(await home()).toEqual(before);
  });

  it("lists categories, and categories with their majors", async () => {
    const flat = await p.call<Page<{ nameZh: string }>>("GET", "/category");
    expect(flat.data.list.map((c) => c.nameZh)).toEqual(["理学", "工学"]);
    const nested = await p.call<Page<{ nameZh: string; majors: Array<{ nameZh: string }> }>>("GET", "/categories");
    expect(nested.data.list.map((c) => [c.nameZh, c.majors.map((m) => m.nameZh)])).toEqual([
      ["理学", ["数学", "化学"]],
      ["工学", ["机械工程"]],
    ]);
  });

  it("counts the cities of published conferences in both languages, for a minute", async () => {
    const res = await p.call<Page<{ cityZh: string; cityEn: string; total: number }>>("GET", "/conference/cities");
    expect(res.data.list).toEqual([
      { cityZh: "北京", cityEn: "Beijing", total: 3 },
      { cityZh: "上海", cityEn: "Shanghai", total: 1 },
      { cityZh: "杭州", cityEn: "Hangzhou", total: 1 },
    ]);
    await addConferences([
      { key: "xiamen", nameZh: "厦门海洋会议", nameEn: "Xiamen Ocean Meeting", start: "2027-03-01", end: "2027-03-02", cityZh: "厦门", cityEn: "Xiamen" },
    ]);
    expect((await p.call<Page<{ cityZh: string }>>("GET", "/conference/cities")).data.list).toHaveLength(3);
    p.advance(61_000);
    expect((await p.call<Page<{ cityZh: string }>>("GET", "/conference/cities")).data.list.map((c) => c.cityZh)).toContain("厦门");
  });

  it("counts the cities again as soon as this instance answers a write: a conference published here shows in the counts at once", async () => {
    await addConferences([
      {
        key: "lhasa",
        nameZh: "拉萨高原会议",
        nameEn: "Lhasa Plateau Meeting",
        start: "2027-04-01",
        end: "2027-04-02",
        cityZh: "拉萨",
        cityEn: "Lhasa",
        publish: false,
      },
    ]);
    const cities = async () => (await p.call<Page<{ cityZh: string }>>("GET", "/conference/cities")).data.list.map((c) => c.cityZh);
    expect(await cities()).not.toContain("拉萨");
    // Publishing needs a certified organization (spec §5).
    await p.db.insert(organizations).values({ accountId: ownerId, name: "主办单位", type: "university", state: "approved", ...p.stamp() });
    const token = await p.signIn("13955550001");
    const published = await p.call("PATCH", `/conference/${ids.lhasa}`, { token, body: { isPublish: true } });
    expect(published.status).toBe(200);
    expect(await cities()).toContain("拉萨");
    // Taken down again the same way, for the tests after this one.
    await p.call("PATCH", `/conference/${ids.lhasa}`, { token, body: { isPublish: false } });
    expect(await cities()).not.toContain("拉萨");
  });

  it("keeps the list's pages and a conference's record until this instance answers a write, and a minute at most", async () => {
    await addConferences([
      {
        key: "urumqi",
        nameZh: "乌鲁木齐丝路会议",
        nameEn: "Urumqi Silk Road Meeting",
        start: "2027-05-01",
        end: "2027-05-02",
        cityZh: "乌鲁木齐",
        cityEn: "Urumqi",
      },
    ]);
    const id = ids.urumqi;
    const listed = async () =>
      (await p.call<Page<Card>>("GET", `/conference?city=${encodeURIComponent("乌鲁木齐")}&pageSize=5`)).data.list.map((c) => c.nameEn);
    const record = async () => (await p.call<{ info: { nameEn: string } }>("GET", `/conference/${id}`)).data.info.nameEn;
    expect(await listed()).toEqual(["Urumqi Silk Road Meeting"]);
    expect(await record()).toBe("Urumqi Silk Road Meeting");

    // Renamed behind the platform's back (as another instance would): both are kept for a minute.
    await p.db.update(conferences).set({ nameEn: "Urumqi Meeting (renamed elsewhere)" }).where(eq(conferences.id, id));
    expect(await listed()).toEqual(["Urumqi Silk Road Meeting"]);
    expect(await record()).toBe("Urumqi Silk Road Meeting");
    p.advance(61_000);
    expect(await listed()).toEqual(["Urumqi Meeting (renamed elsewhere)"]);
    expect(await record()).toBe("Urumqi Meeting (renamed elsewhere)");

    // The organiser renames it here: every visitor sees the new name at once.
    const token = await p.signIn("13955550001");
    const basics = {
      nameZh: "乌鲁木齐丝路会议",
      nameEn: "Urumqi Silk Road Meeting 2027",
      startDate: "2027-05-01",
      endDate: "2027-05-02",
      cityZh: "乌鲁木齐",
      cityEn: "Urumqi",
    };
    expect((await p.call("PUT", `/conference/${id}`, { token, body: basics })).status).toBe(200);
    expect(await listed()).toEqual(["Urumqi Silk Road Meeting 2027"]);
    expect(await record()).toBe("Urumqi Silk Road Meeting 2027");

    // Taken down here: gone from the list and, for visitors, the record at once.
    expect((await p.call("PATCH", `/conference/${id}`, { token, body: { isPublish: false } })).status).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await p.call("GET", `/conference/${id}`)).status).toBe(404);
    expect((await p.call<{ info: { nameEn: string } }>("GET", `/conference/${id}`, { token })).data.info.nameEn).toBe("Urumqi Silk Road Meeting 2027");

    // The reads of one page request (the web's in-process GET calls, sharing a map) ask once
    // whether the organiser manages it; any other call asks again.
    const read = async (bindings?: object) => {
      const request = new Request(`http://platform.test/api/conference/${id}`, { headers: { "Client-Type": "web", Authorization: `Bearer ${token}` } });
      const response = await p.app.fetch(request, bindings);
      return { status: response.status, canManage: response.ok ? ((await response.json()) as { data: { canManage: boolean } }).data.canManage : null };
    };
    const onePage = { accounts: new Map() };
    expect(await read(onePage)).toEqual({ status: 200, canManage: true });
    const [{ id: successor }] = await p.db
      .insert(accounts)
      .values({ mobile: "13955550002", name: "接任主办方", ...p.stamp() })
      .returning({ id: accounts.id });
    await p.db.update(conferences).set({ ownerAccountId: successor }).where(eq(conferences.id, id));
    expect(await read(onePage)).toEqual({ status: 200, canManage: true });
    expect(await read({ accounts: new Map() })).toEqual({ status: 404, canManage: null });
    expect(await read()).toEqual({ status: 404, canManage: null });
    await p.db.update(conferences).set({ ownerAccountId: ownerId }).where(eq(conferences.id, id));
  });

  it("counts per city what choosing the city then lists: the list's when, category and dates", async () => {
    await addConferences([
      { key: "bj-past", nameZh: "北京往届会议", nameEn: "Beijing Past Meeting", start: "2020-03-01", end: "2020-03-02", cityZh: "北京", cityEn: "Beijing" },
    ]);
    p.advance(61_000);
    for (const when of ["upcoming", "past", ""]) {
      const cities = (await p.call<Page<{ cityZh: string; total: number }>>("GET", `/conference/cities?when=${when}`)).data.list;
      expect(cities.length).toBeGreaterThan(0);
      for (const city of cities) {
        const listed = await p.call<Page<unknown>>("GET", `/conference?when=${when}&city=${encodeURIComponent(city.cityZh)}`);
        expect([when, city.cityZh, city.total]).toEqual([when, city.cityZh, listed.data.total]);
      }
    }
    const past = (await p.call<Page<{ cityZh: string; total: number }>>("GET", "/conference/cities?when=past")).data.list;
    expect(past.find((c) => c.cityZh === "北京")?.total).toBeGreaterThan(0);
    await p.db.delete(conferences).where(eq(conferences.nameZh, "北京往届会议"));
    p.advance(61_000);
  });

  it("lists a city once when an organiser left its English name empty", async () => {
    await addConferences([{ key: "hz-no-en", nameZh: "杭州小型研讨会", nameEn: "", start: "2027-04-01", end: "2027-04-02", cityZh: "杭州", cityEn: "" }]);
    p.advance(61_000);
    const cities = (await p.call<Page<{ cityZh: string; cityEn: string; total: number }>>("GET", "/conference/cities")).data.list;
    expect(cities.filter((c) => c.cityZh === "杭州")).toEqual([{ cityZh: "杭州", cityEn: "Hangzhou", total: 2 }]);
    // The other tests count the conferences of the shared data.
    await p.db.delete(conferences).where(eq(conferences.nameZh, "杭州小型研讨会"));
    p.advance(61_000);
  });

  it("gives the published conference of a host name, ignoring port and case", async () => {
    const found = await p.call<{ id: number }>("GET", "/domain/ICICS.example.org:3000");
    expect(found.status).toBe(200);
    expect(found.data.id).toBe(ids.later);
    expect((await p.call("GET", "/domain/draft.example.org")).status).toBe(404);
    expect((await p.call("GET", "/domain/nowhere.example.org")).status).toBe(404);
    expect((await p.call("GET", "/domain/%3Cscript%3E")).status).toBe(404);
  });
});

describe("conference list filters", () => {
  it("filters by category, major and city in either language", async () => {
    expect(names((await p.call<Page<Card>>("GET", `/conference?categoryId=${science}`)).data)).toEqual([
      "Beijing Catalysis Workshop",
      "Peking University Mathematics Meeting",
    ]);
    expect(names((await p.call<Page<Card>>("GET", `/conference?majorId=${chemistry}`)).data)).toEqual(["Beijing Catalysis Workshop"]);
    const zh = await p.call<Page<Card>>("GET", `/conference?city=${encodeURIComponent("上海")}`);
    const en = await p.call<Page<Card>>("GET", "/conference?city=Shanghai");
    expect(names(zh.data)).toEqual(["Shanghai Robotics Forum"]);
    expect(en.data).toEqual(zh.data);
  });

  it("orders upcoming by end date (running first) and past latest first", async () => {
    const upcoming = await p.call<Page<Card>>("GET", "/conference?when=upcoming&pageSize=3");
    expect(names(upcoming.data)).toEqual(["Shanghai Robotics Forum", "Beijing Catalysis Workshop", "Hangzhou Conference on Intelligent Computing"]);
    expect(upcoming.data.total).toBe(5);
    const second = await p.call<Page<Card>>("GET", "/conference?when=upcoming&pageSize=3&page=2");
    expect(names(second.data)).toEqual(["Peking University Mathematics Meeting", "Xiamen Ocean Meeting"]);
    expect(names((await p.call<Page<Card>>("GET", "/conference?when=past")).data)).toEqual(["Past Meeting"]);
  });

  it("filters by start date: from/to and month, and answers 400 with a translated message for bad dates", async () => {
    const january = await p.call<Page<Card>>("GET", "/conference?month=2027-01");
    expect(names(january.data)).toEqual(["Hangzhou Conference on Intelligent Computing", "Peking University Mathematics Meeting"]);
    const range = await p.call<Page<Card>>("GET", "/conference?from=2026-11-01&to=2026-12-31");
    expect(names(range.data)).toEqual(["Shanghai Robotics Forum", "Beijing Catalysis Workshop"]);
    expect((await p.call<Page<Card>>("GET", "/conference?from=2027-01-20")).data.total).toBe(2);

    const bad = await p.call("GET", "/conference?from=2027-02-30", { lang: "zh" });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain("2027-02-30");
    expect(bad.message).not.toContain("portal.errors");
    const badEn = await p.call("GET", "/conference?to=yesterday", { lang: "en" });
    expect(badEn.status).toBe(400);
    expect(badEn.message).toMatch(/date/i);
    expect((await p.call("GET", "/conference?month=2027-13")).status).toBe(400);
    expect((await p.call("GET", "/conference?from=2027-02-01&to=2027-01-01")).status).toBe(400);
  });

  it("shows each conference's major and category, for what a keyword matched", async () => {
    const res = await p.call<Page<Card>>("GET", `/conference?majorId=${chemistry}`);
    expect(res.data.list[0].major).toEqual({ nameZh: "化学", nameEn: "Chemistry" });
  });
});

describe("calendar", () => {
  it("counts published conferences by start month for a year, with filters", async () => {
    const res = await p.call<{ year: number; months: Array<{ month: string; total: number }> }>("GET", "/conference/calendar?year=2027");
    expect(res.data.year).toBe(2027);
    expect(res.data.months).toHaveLength(12);
    expect(res.data.months[0]).toEqual({ month: "2027-01", total: 2 });
    expect(res.data.months[2]).toEqual({ month: "2027-03", total: 1 });
    expect(res.data.months[5].total).toBe(0);
    const beijing = await p.call<{ months: Array<{ total: number }> }>("GET", `/conference/calendar?year=2027&city=${encodeURIComponent("北京")}`);
    expect(beijing.data.months.map((m) => m.total)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await p.call("GET", "/conference/calendar?year=27")).status).toBe(400);
  });
});

describe("search", () => {
  const total = async (keyword: string) => (await p.call<Page<Card>>("GET", `/conference?keyword=${encodeURIComponent(keyword)}`)).data.total;

  it("finds two- and one-character Chinese keywords, longer ones and English, published only", async () => {
    expect(await total("北京")).toBe(3);
    expect(await total("化学")).toBe(1);
    expect(await total("京")).toBe(3);
    expect(await total("北京大学")).toBe(1);
    expect(await total("机器人论坛")).toBe(1);
    expect(await total("BEIJING")).toBe(3);
    expect(await total("catalysis")).toBe(1);
    expect(await total("京化")).toBe(0);
    expect(await total("%")).toBe(0);
    expect(await total("中国")).toBe(0);
  });

  it("a two-character keyword is looked up in the CJK gram index, not by scanning the table", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const [cityZh, cityEn] =
        i % 50 === 0
          ? ["北京", "Beijing"]
          : [
              ["上海", "Shanghai"],
              ["广州", "Guangzhou"],
              ["成都", "Chengdu"],
            ][i % 3];
      const row = { nameZh: `第${i}届材料科学研讨会`, nameEn: `Materials Workshop ${i}`, cityZh, cityEn };
      return {
        ownerAccountId: ownerId,
        ...row,
        startDate: "2027-06-01",
        endDate: "2027-06-02",
        isPublish: true,
        searchText: conferenceSearchText(row),
        ...p.stamp(),
      };
    });
    for (let i = 0; i < rows.length; i += 500) await p.db.insert(conferences).values(rows.slice(i, i + 500));
    // Written behind the platform's back: the list's count shows them once its memo has run out.
    p.advance(61_000);
    expect(await total("北京")).toBe(3 + 60);

    // The list's two queries, as GET /conference runs them: the page and the total.
    const condition = and(keywordCondition("北京"), eq(conferences.isPublish, true));
    const explain = async (query: ReturnType<typeof sql>) => {
      // PGlite and node-postgres both answer with `rows`.
      const rows = await queryRows<{ "QUERY PLAN": string }>(p.db, sql`explain ${query}`);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    };
    for (const query of [
      sql`select count(*) from ${conferences} where ${condition}`,
      sql`select ${conferences.id} from ${conferences} where ${condition} order by ${conferences.startDate}, ${conferences.id} limit 18`,
    ]) {
      const plan = await explain(query);
      expect(plan).toContain("Bitmap Index Scan on conferences_search_cjk");
      expect(plan).not.toMatch(/Seq Scan on conferences/);
    }
  });
});
