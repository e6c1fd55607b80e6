import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, conferences, majors, replays } from "../db/schema";
import { indexPlan, type TestPlatform, testPlatform } from "../testing";
import { keywordMatch } from "./directory";
import { replaySearch } from "./replays";

type Summary = {
  id: number;
  titleZh: string;
  titleEn: string;
  recordedAt: string;
  conferenceId: number | null;
  conferenceNameZh: string | null;
  conferenceNameEn: string | null;
};
type Page<T> = { list: T[]; total: number };
type Detail = {
  info: { id: number; titleZh: string; mp4Url: string | null; hlsUrl: string | null; descriptionEn: string; conferenceId: number | null; isPublish?: boolean };
  conference: { id: number; nameZh: string; nameEn: string } | null;
  related: Summary[];
};

let p: TestPlatform;
/** Replay ids by title (titleEn). */
const r: Record<string, number> = {};
const conf = { a: 0, b: 0, hidden: 0 };

beforeAll(async () => {
  p = await testPlatform();
  const db = p.db;
  const [owner] = await db
    .insert(accounts)
    .values({ mobile: "13900000002", name: "主办方", ...p.stamp() })
    .returning();
  const [physics, history] = await db
    .insert(majors)
    .values([
      { nameZh: "物理学", nameEn: "Physics" },
      { nameZh: "中国史", nameEn: "Chinese History" },
    ])
    .returning();
  const base = { ownerAccountId: owner.id, startDate: "2025-05-01", endDate: "2025-05-02", ...p.stamp() };
  const [a, b, hidden, history1] = await db
    .insert(conferences)
    .values([
      { ...base, nameZh: "光学大会", nameEn: "Optics Congress", majorId: physics.id, isPublish: true },
      { ...base, nameZh: "量子论坛", nameEn: "Quantum Forum", majorId: physics.id, isPublish: true },
      { ...base, nameZh: "未发布的会议", nameEn: "Unpublished Meeting", majorId: physics.id, isPublish: false },
      { ...base, nameZh: "史学年会", nameEn: "History Annual", majorId: history.id, isPublish: true },
    ])
    .returning();
  Object.assign(conf, { a: a.id, b: b.id, hidden: hidden.id });
  const replay = (titleEn: string, recordedAt: string, conferenceId: number | null, extra: Partial<typeof replays.$inferInsert> = {}) => ({
    titleZh: `回放 ${titleEn}`,
    titleEn,
    descriptionZh: "说明",
    descriptionEn: `About ${titleEn}`,
    mp4Url: "/media/demo.mp4",
    recordedAt: new Date(recordedAt),
    conferenceId,
    ...extra,
  });
  const rows = await db
    .insert(replays)
    .values([
      replay("Optics keynote", "2025-05-01T02:00:00Z", a.id, { hlsUrl: "/media/demo-hls/index.m3u8" }),
      replay("Optics panel", "2025-05-01T06:00:00Z", a.id),
      replay("Optics draft", "2025-05-02T06:00:00Z", a.id, { isPublish: false }),
      replay("Quantum keynote", "2025-05-03T02:00:00Z", b.id),
      replay("Hidden meeting talk", "2025-05-04T02:00:00Z", hidden.id),
      replay("History keynote", "2025-05-05T02:00:00Z", history1.id),
      replay("Lecture on lasers", "2026-02-01T02:00:00Z", null),
      // 00:30 on 1 January 2025 in China: a 2025 replay, though still 2024 in UTC.
      replay("New year lecture", "2024-12-31T16:30:00Z", null),
      replay("Old lecture", "2023-06-01T02:00:00Z", null),
    ])
    .returning();
  for (const row of rows) r[row.titleEn] = row.id;
});
afterAll(() => p.close());

const titles = (page: Page<Summary>) => page.list.map((s) => s.titleEn);

describe("GET /live-streaming", () => {
  it("lists published replays only, newest first, with the conference's name while it is published", async () => {
    const res = await p.call<Page<Summary>>("GET", "/live-streaming");
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(8);
    expect(titles(res.data)).toEqual([
      "Lecture on lasers",
      "History keynote",
      "Hidden meeting talk",
      "Quantum keynote",
      "Optics panel",
      "Optics keynote",
      "New year lecture",
      "Old lecture",
    ]);
    const byTitle = (t: string) => res.data.list.find((s) => s.titleEn === t)!;
    expect(byTitle("Optics panel")).toMatchObject({ conferenceId: conf.a, conferenceNameZh: "光学大会", conferenceNameEn: "Optics Congress" });
    expect(byTitle("Hidden meeting talk")).toMatchObject({ conferenceId: conf.hidden, conferenceNameZh: null, conferenceNameEn: null });
    expect(byTitle("Old lecture").conferenceId).toBeNull();
  });

  it("pages", async () => {
    const second = await p.call<Page<Summary>>("GET", "/live-streaming?page=2&pageSize=3");
    expect(second.data.total).toBe(8);
    expect(titles(second.data)).toEqual(["Quantum keynote", "Optics panel", "Optics keynote"]);
    expect((await p.call<Page<Summary>>("GET", "/live-streaming?page=4&pageSize=3")).data.list).toEqual([]);
  });

  it("filters by keyword (either language), conference and year (China time)", async () => {
    const query = async (q: string) => titles((await p.call<Page<Summary>>("GET", `/live-streaming?${q}`)).data);
    expect(await query("keyword=KEYNOTE")).toEqual(["History keynote", "Quantum keynote", "Optics keynote"]);
    expect(await query(`keyword=${encodeURIComponent("回放 optics")}`)).toEqual(["Optics panel", "Optics keynote"]);
    expect(await query(`conferenceId=${conf.a}`)).toEqual(["Optics panel", "Optics keynote"]);
    expect((await p.call<Page<Summary>>("GET", `/live-streaming?keyword=${encodeURIComponent("回放")}`)).data.total).toBe(8);
    expect(await query("year=2025")).toEqual([
      "History keynote",
      "Hidden meeting talk",
      "Quantum keynote",
      "Optics panel",
      "Optics keynote",
      "New year lecture",
    ]);
    expect(await query("year=2024")).toEqual([]);
    expect(await query(`year=2025&conferenceId=${conf.b}&keyword=quantum`)).toEqual(["Quantum keynote"]);
  });

  it("rejects a malformed year or conference id without a 500", async () => {
    const year = await p.call("GET", "/live-streaming?year=20x5");
    expect(year.status).toBe(400);
    expect(year.message).toBe("年份格式不正确");
    expect((await p.call("GET", "/live-streaming?conferenceId=abc")).status).toBe(404);
  });

  it("offers the years that have published replays, newest first", async () => {
    const res = await p.call<{ years: number[] }>("GET", "/live-streaming/filters");
    expect(res.data.years).toEqual([2026, 2025, 2024, 2023]);
  });
});

describe("GET /live-streaming/{id}", () => {
  it("shows a published replay with its sources and conference", async () => {
    const res = await p.call<Detail>("GET", `/live-streaming/${r["Optics keynote"]}`);
    expect(res.status).toBe(200);
    expect(res.data.info).toMatchObject({
      titleZh: "回放 Optics keynote",
      mp4Url: "/media/demo.mp4",
      hlsUrl: "/media/demo-hls/index.m3u8",
      conferenceId: conf.a,
    });
    expect(res.data.info).not.toHaveProperty("isPublish");
    expect(res.data.conference).toEqual({ id: conf.a, nameZh: "光学大会", nameEn: "Optics Congress" });
  });

  it("relates the same conference first, then the same major, then the newest others; never itself or unpublished ones", async () => {
    const res = await p.call<Detail>("GET", `/live-streaming/${r["Optics keynote"]}`);
    // Same conference (the draft is unpublished), then same major (physics: the quantum keynote; the
    // unpublished conference's talk doesn't count), then the newest others.
    expect(res.data.related.map((s) => s.titleEn)).toEqual(["Optics panel", "Quantum keynote", "Lecture on lasers", "History keynote"]);
    const lecture = await p.call<Detail>("GET", `/live-streaming/${r["Old lecture"]}`);
    expect(lecture.data.conference).toBeNull();
    expect(lecture.data.related.map((s) => s.titleEn)).toEqual(["Lecture on lasers", "History keynote", "Hidden meeting talk", "Quantum keynote"]);
  });

  it("hides the name of an unpublished conference", async () => {
    const res = await p.call<Detail>("GET", `/live-streaming/${r["Hidden meeting talk"]}`);
    expect(res.status).toBe(200);
    expect(res.data.conference).toBeNull();
    // Without a published conference there is no major to relate by: same conference, then the newest.
    expect(res.data.related.map((s) => s.titleEn)).toEqual(["Lecture on lasers", "History keynote", "Quantum keynote", "Optics panel"]);
  });

  it("answers 404 for an unpublished, unknown or malformed replay", async () => {
    const draft = await p.call("GET", `/live-streaming/${r["Optics draft"]}`);
    expect(draft.status).toBe(404);
    expect(draft.message).toBe("找不到该回放");
    expect((await p.call("GET", `/live-streaming/${r["Optics draft"]}`, { lang: "en" })).message).toBe("Replay not found");
    expect((await p.call("GET", "/live-streaming/999999")).status).toBe(404);
    expect((await p.call("GET", "/live-streaming/abc")).status).toBe(404);
    expect((await p.call("GET", "/live-streaming/0")).status).toBe(404);
  });
});

describe("indexes", () => {
  const plan = (query: SQL) => indexPlan(p.db, query);

  it("serves the keyword search and the conference's replays from indexes", async () => {
    expect(await plan(sql`select id from ${replays} where ${keywordMatch(replaySearch, "keynote")}`)).toContain("replays_search_trgm");
    expect(await plan(sql`select id from ${replays} where ${keywordMatch(replaySearch, "回放")}`)).toContain("replays_search_cjk");
    expect(await plan(sql`select id from ${replays} where conference_id = ${1} order by recorded_at desc limit 4`)).toContain(
      "replays_conference_id_recorded_at_index",
    );
  });
});
