import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, conferences, institutions, majors, references, subjects } from "../db/schema";
import { referenceSearchText } from "../db/seed";
import { indexPlan, type TestPlatform, testPlatform } from "../testing";
import { institutionSearch, keywordMatch } from "./directory";

type Reference = {
  id: number;
  nameZh: string;
  nameEn: string;
  cityZh: string;
  cityEn: string;
  addressZh: string;
  majorInfo: { id: number; nameZh: string; nameEn: string } | null;
  subjectInfo: { id: number; nameZh: string; nameEn: string } | null;
};
type Page<T> = { list: T[]; total: number };
type Institution = {
  id: number;
  nameZh: string;
  nameEn: string;
  certified: boolean;
  conferenceCount: number;
  conferences: Array<{ id: number; nameZh: string; startDate: string }>;
};

let p: TestPlatform;
const ids = { physics: 0, history: 0, optics: 0, quantum: 0, archaeology: 0, pku: 0, fudan: 0, tongji: 0, empty: 0 };
const pkuConferences: Array<{ id: number; startDate: string; isPublish: boolean }> = [];

beforeAll(async () => {
  p = await testPlatform();
  const db = p.db;
  const [owner] = await db
    .insert(accounts)
    .values({ mobile: "13900000001", name: "主办方", ...p.stamp() })
    .returning();
  const [physics, history] = await db
    .insert(majors)
    .values([
      { nameZh: "物理学", nameEn: "Physics", sort: 1 },
      { nameZh: "中国史", nameEn: "Chinese History", sort: 2 },
    ])
    .returning();
  const [optics, quantum, archaeology] = await db
    .insert(subjects)
    .values([
      { majorId: physics.id, nameZh: "光学", nameEn: "Optics" },
      { majorId: physics.id, nameZh: "量子信息", nameEn: "Quantum Information" },
      { majorId: history.id, nameZh: "科技考古", nameEn: "Archaeometry" },
    ])
    .returning();
  Object.assign(ids, { physics: physics.id, history: history.id, optics: optics.id, quantum: quantum.id, archaeology: archaeology.id });

  const rows = [
    {
      nameZh: "北京大学光学研究中心",
      nameEn: "Optics Research Centre, Peking University",
      cityZh: "北京",
      cityEn: "Beijing",
      addressZh: "北京市海淀区颐和园路5号",
      addressEn: "5 Yiheyuan Road, Haidian District, Beijing",
      major: physics,
      subject: optics,
    },
    {
      nameZh: "上海市量子信息重点实验室",
      nameEn: "Shanghai Key Laboratory of Quantum Information",
      cityZh: "上海",
      cityEn: "Shanghai",
      addressZh: "上海市徐汇区华山路1954号",
      addressEn: "1954 Huashan Road, Xuhui District, Shanghai",
      major: physics,
      subject: quantum,
    },
    {
      nameZh: "《光学学报》编辑部",
      nameEn: "Editorial Office, Journal of Optics",
      cityZh: "北京",
      cityEn: "Beijing",
      addressZh: "北京市朝阳区北辰西路1号",
      addressEn: "1 Beichen West Road, Chaoyang District, Beijing",
      major: physics,
      subject: optics,
    },
    {
      nameZh: "西安市科技考古重点实验室",
      nameEn: "Xi'an Key Laboratory of Archaeometry",
      cityZh: "西安",
      cityEn: "Xi'an",
      addressZh: "西安市雁塔区长安南路199号",
      addressEn: "199 South Chang'an Road, Yanta District, Xi'an",
      major: history,
      subject: archaeology,
    },
    {
      nameZh: "复旦大学图书馆中国史分馆",
      nameEn: "Chinese History Library, Fudan University",
      cityZh: "上海",
      cityEn: "Shanghai",
      addressZh: "上海市杨浦区邯郸路220号",
      addressEn: "220 Handan Road, Yangpu District, Shanghai",
      major: history,
      subject: null,
    },
  ];
  await db.insert(references).values(
    rows.map(({ major, subject, ...row }) => ({
      ...row,
      majorId: major.id,
      subjectId: subject?.id ?? null,
      searchText: referenceSearchText(row, major, subject),
      ...p.stamp(),
    })),
  );

  const [pku, fudan, tongji, empty] = await db
    .insert(institutions)
    .values([
      { nameZh: "北京大学", nameEn: "Peking University", cityZh: "北京", cityEn: "Beijing", certified: true, ...p.stamp() },
      { nameZh: "复旦大学", nameEn: "Fudan University", cityZh: "上海", cityEn: "Shanghai", certified: true, ...p.stamp() },
      { nameZh: "同济大学", nameEn: "Tongji University", cityZh: "上海", cityEn: "Shanghai", certified: false, ...p.stamp() },
      { nameZh: "西湖大学", nameEn: "Westlake University", cityZh: "杭州", cityEn: "Hangzhou", certified: true, ...p.stamp() },
    ])
    .returning();
  Object.assign(ids, { pku: pku.id, fudan: fudan.id, tongji: tongji.id, empty: empty.id });

  const conference = (institutionId: number, n: number, startDate: string, isPublish: boolean) => ({
    ownerAccountId: owner.id,
    institutionId,
    nameZh: `会议${institutionId}-${n}`,
    nameEn: `Conference ${institutionId}-${n}`,
    startDate,
    endDate: startDate,
    isPublish,
    ...p.stamp(),
  });
  const inserted = await db
    .insert(conferences)
    .values([
      conference(pku.id, 1, "2025-03-01", true),
      conference(pku.id, 2, "2026-05-01", true),
      conference(pku.id, 3, "2026-12-01", false),
      conference(pku.id, 4, "2024-10-01", true),
      conference(pku.id, 5, "2027-01-10", true),
      conference(fudan.id, 1, "2026-06-01", true),
      conference(tongji.id, 1, "2026-06-01", true),
    ])
    .returning();
  pkuConferences.push(...inserted.filter((c) => c.institutionId === pku.id));
});
afterAll(() => p.close());

describe("GET /reference", () => {
  it("lists every reference with its major and subject, paged", async () => {
    const all = await p.call<Page<Reference>>("GET", "/reference");
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(5);
    const first = all.data.list[0];
    expect(first).toMatchObject({ nameZh: "北京大学光学研究中心", cityEn: "Beijing", addressZh: "北京市海淀区颐和园路5号" });
    expect(first.majorInfo).toEqual({ id: ids.physics, nameZh: "物理学", nameEn: "Physics" });
    expect(first.subjectInfo).toEqual({ id: ids.optics, nameZh: "光学", nameEn: "Optics" });
    expect(all.data.list[4].subjectInfo).toBeNull();

    const second = await p.call<Page<Reference>>("GET", "/reference?page=2&pageSize=2");
    expect(second.data.total).toBe(5);
    expect(second.data.list.map((r) => r.id)).toEqual(all.data.list.slice(2, 4).map((r) => r.id));
    const beyond = await p.call<Page<Reference>>("GET", "/reference?page=9&pageSize=2");
    expect(beyond.data).toEqual({ list: [], total: 5 });
  });

  it("finds a keyword in names, cities, addresses and the major or subject, in either language and any case", async () => {
    const names = async (keyword: string) =>
      (await p.call<Page<Reference>>("GET", `/reference?keyword=${encodeURIComponent(keyword)}`)).data.list.map((r) => r.nameZh);
    expect(await names("LABORATORY")).toEqual(["上海市量子信息重点实验室", "西安市科技考古重点实验室"]);
    expect(await names("光学")).toEqual(["北京大学光学研究中心", "《光学学报》编辑部"]);
    expect(await names("Huashan Road")).toEqual(["上海市量子信息重点实验室"]);
    expect(await names("chinese history")).toEqual(["西安市科技考古重点实验室", "复旦大学图书馆中国史分馆"]);
    expect(await names("  xi'an ")).toEqual(["西安市科技考古重点实验室"]);
    expect(await names("史")).toEqual(["西安市科技考古重点实验室", "复旦大学图书馆中国史分馆"]);
    expect(await names("编辑")).toEqual(["《光学学报》编辑部"]);
    // LIKE wildcards are plain characters.
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
  });

  it("filters by major, subject and city (either language), together with a keyword", async () => {
    const query = async (q: string) => (await p.call<Page<Reference>>("GET", `/reference?${q}`)).data;
    expect((await query(`majorId=${ids.history}`)).total).toBe(2);
    expect((await query(`subjectId=${ids.optics}`)).list.map((r) => r.nameEn)).toEqual([
      "Optics Research Centre, Peking University",
      "Editorial Office, Journal of Optics",
    ]);
    expect((await query(`city=${encodeURIComponent("上海")}`)).total).toBe(2);
    expect((await query("city=Shanghai")).total).toBe(2);
    expect((await query(`city=Shanghai&majorId=${ids.physics}`)).list.map((r) => r.nameZh)).toEqual(["上海市量子信息重点实验室"]);
    expect((await query(`keyword=${encodeURIComponent("编辑部")}&city=Beijing`)).total).toBe(1);
    expect((await query(`keyword=${encodeURIComponent("编辑部")}&city=Shanghai`)).total).toBe(0);
  });

  it("answers 404, not 500, for a filter id that is not a number", async () => {
    expect((await p.call("GET", "/reference?majorId=abc")).status).toBe(404);
    expect((await p.call("GET", "/reference?subjectId=-1")).status).toBe(404);
  });

  it("offers majors with their subjects and the distinct cities as filters", async () => {
    const filters = await p.call<{
      majors: Array<{ id: number; nameEn: string; subjects: Array<{ id: number; nameZh: string }> }>;
      cities: Array<{ zh: string; en: string }>;
    }>("GET", "/reference/filters");
    expect(filters.status).toBe(200);
    expect(filters.data.majors.map((m) => [m.nameEn, m.subjects.map((s) => s.nameZh)])).toEqual([
      ["Physics", ["光学", "量子信息"]],
      ["Chinese History", ["科技考古"]],
    ]);
    expect(filters.data.cities.map((c) => c.en).sort()).toEqual(["Beijing", "Shanghai", "Xi'an"]);
    expect(filters.data.cities.find((c) => c.zh === "西安")?.en).toBe("Xi'an");
  });
});

describe("GET /institution", () => {
  it("lists certified institutions with their published conferences: the count and the newest three", async () => {
    const res = await p.call<Page<Institution>>("GET", "/institution?certified=1");
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(3);
    expect(res.data.list.map((i) => i.nameEn)).toEqual(["Peking University", "Fudan University", "Westlake University"]);
    const pku = res.data.list[0];
    expect(pku.conferenceCount).toBe(4);
    expect(pku.conferences.map((c) => c.startDate)).toEqual(["2027-01-10", "2026-05-01", "2025-03-01"]);
    expect(res.data.list[1].conferenceCount).toBe(1);
    expect(res.data.list[2]).toMatchObject({ conferenceCount: 0, conferences: [] });
  });

  it("keeps uncertified institutions out of the certified list, and pages it", async () => {
    const uncertified = await p.call<Page<Institution>>("GET", "/institution?certified=0");
    expect(uncertified.data.list.map((i) => i.nameZh)).toEqual(["同济大学"]);
    const second = await p.call<Page<Institution>>("GET", "/institution?certified=1&page=2&pageSize=2");
    expect(second.data.total).toBe(3);
    expect(second.data.list.map((i) => i.nameZh)).toEqual(["西湖大学"]);
  });

  it("searches names and cities in both languages", async () => {
    const names = async (keyword: string) =>
      (await p.call<Page<Institution>>("GET", `/institution?certified=1&keyword=${encodeURIComponent(keyword)}`)).data.list.map((i) => i.nameZh);
    expect(await names("peking")).toEqual(["北京大学"]);
    expect(await names("上海")).toEqual(["复旦大学"]);
    expect(await names("University")).toEqual(["北京大学", "复旦大学", "西湖大学"]);
    expect(await names("nowhere")).toEqual([]);
  });
});

describe("GET /institution/{id}", () => {
  it("shows the institution with its published conferences, newest first, paged", async () => {
    const res = await p.call<{ info: { nameZh: string; certified: boolean }; conferences: Page<{ id: number; startDate: string; isPublish: boolean }> }>(
      "GET",
      `/institution/${ids.pku}?pageSize=3`,
    );
    expect(res.status).toBe(200);
    expect(res.data.info).toMatchObject({ nameZh: "北京大学", certified: true });
    expect(res.data.conferences.total).toBe(4);
    expect(res.data.conferences.list.map((c) => c.startDate)).toEqual(["2027-01-10", "2026-05-01", "2025-03-01"]);
    expect(res.data.conferences.list.every((c) => c.isPublish)).toBe(true);
    const next = await p.call<{ conferences: Page<{ startDate: string }> }>("GET", `/institution/${ids.pku}?pageSize=3&page=2`);
    expect(next.data.conferences.list.map((c) => c.startDate)).toEqual(["2024-10-01"]);
    const unpublished = pkuConferences.find((c) => !c.isPublish)!;
    expect(res.data.conferences.list.map((c) => c.id)).not.toContain(unpublished.id);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const missing = await p.call("GET", "/institution/999999");
    expect(missing.status).toBe(404);
    expect(missing.message).toBe("找不到该机构");
    expect((await p.call("GET", "/institution/999999", { lang: "en" })).message).toBe("Institution not found");
    expect((await p.call("GET", "/institution/abc")).status).toBe(404);
    expect((await p.call("GET", "/institution/0")).status).toBe(404);
  });
});

describe("indexes", () => {
  const plan = (query: SQL) => indexPlan(p.db, query);

  it("serves the keyword searches and filters from indexes", async () => {
    expect(await plan(sql`select id from ${institutions} where ${keywordMatch(institutionSearch, "peking")}`)).toContain("institutions_search_trgm");
    expect(await plan(sql`select id from ${references} where ${keywordMatch(references.searchText, "Optics")}`)).toContain("references_search_trgm");
    // One or two Chinese characters have no trigram: the CJK gram index serves them.
    expect(await plan(sql`select id from ${references} where ${keywordMatch(references.searchText, "光学")}`)).toContain("references_search_cjk");
    expect(await plan(sql`select id from ${institutions} where ${keywordMatch(institutionSearch, "上海")}`)).toContain("institutions_search_cjk");
    expect(await plan(sql`select id from ${references} where ${references.majorId} = ${1}`)).toContain("references_major_id_index");
    expect(await plan(sql`select id from ${conferences} where institution_id = ${1} and is_publish order by start_date desc limit 3`)).toContain(
      "conferences_institution_id_is_publish_start_date_index",
    );
  });
});
