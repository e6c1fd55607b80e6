/**
 * The organiser's registration list at scale (issue 7): seeds N registrations into a fresh
 * in-memory PGlite (platform/testing.ts) and measures, through the platform API in process,
 *   - the list's first page and a filtered page (ms, median of runs), with the query plans
 *     (EXPLAIN) of the page and its count, and whether they read an index;
 *   - the Excel export of M registrations (seconds, bytes, peak RSS growth while streaming).
 * Prints a Markdown table (and writes it with --out); exits non-zero only on errors.
 *
 *   npx tsx scripts/bench-applicants.ts [--registrations 50000] [--export 10000] [--runs 5] [--out file.md]
 */
import fs from "node:fs";
import os from "node:os";
import { desc, sql } from "drizzle-orm";
import { applicantFilterSchema } from "#contract/schemas/applicants";
import { payments, type RegistrationState, registrations, vipLevels } from "../platform/db/schema";
import { applicantCondition } from "../platform/services/applicants";
import { setupConference } from "../platform/services/registration-fixtures";
import { readXlsx } from "../platform/services/xlsx";
import { type TestPlatform, testPlatform } from "../platform/testing";
import { intOption } from "./bench/options";

const TARGET_LIST_MS = 200;
const TARGET_EXPORT_S = 10;

const option = intOption;
const outAt = process.argv.indexOf("--out");
const outFile = outAt >= 0 ? process.argv[outAt + 1] : undefined;
const total = option("registrations", 50_000);
const exportRows = option("export", 10_000);
const runs = option("runs", 5);

const SURNAMES = Array.from(
  "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤",
);
const GIVEN = Array.from("伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国文辉鑫宇浩然子轩思远欣怡梓涵");
const INSTITUTIONS = [
  "浙江大学",
  "清华大学",
  "北京大学",
  "复旦大学",
  "上海交通大学",
  "南京大学",
  "中国科学技术大学",
  "武汉大学",
  "中山大学",
  "四川大学",
  "Tsinghua University",
  "Peking University",
];
/** A deterministic pseudo-random sequence, so two runs seed the same rows. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * A published conference (platform/services/registration-fixtures.ts: identities, fees, its own
 * form fields, an organiser) with `count` registrations, about half of those with a fee paid.
 */
async function seedConference(p: TestPlatform, count: number, seed: number) {
  const { conference, organiser, student, regular } = await setupConference(p);
  const [vip] = await p.db.insert(vipLevels).values({ conferenceId: conference.id, nameZh: "贵宾", nameEn: "VIP" }).returning();
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const start = Date.parse("2026-06-01T00:00:00Z");
  for (let from = 0; from < count; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
      const i = from + k;
      const state: RegistrationState = next() < 0.8 ? "confirmed" : next() < 0.5 ? "pending" : "cancelled";
      return {
        conferenceId: conference.id,
        name: pick(SURNAMES) + pick(GIVEN) + (next() < 0.5 ? pick(GIVEN) : ""),
        mobile: `13${String(seed).padStart(2, "0")}${String(i).padStart(7, "0")}`,
        institution: pick(INSTITUTIONS),
        identityId: next() < 0.6 ? student.id : regular.id,
        levelId: next() < 0.05 ? vip.id : null,
        feeFen: next() < 0.9 ? 80_000 : 0,
        state,
        checkinState: state === "confirmed" && next() < 0.3,
        ticketCode: `B${String(seed).padStart(2, "0")}${String(i).padStart(7, "0")}`,
        answers: { department: `系${i % 40}`, presenting: next() < 0.3 ? "yes" : "no", dietary: next() < 0.1 ? ["vegetarian"] : [] },
        createdAt: new Date(start + i * 120_000),
        updatedAt: new Date(start + i * 120_000),
      };
    });
    const inserted = await p.db
      .insert(registrations)
      .values(batch)
      .returning({ id: registrations.id, feeFen: registrations.feeFen, state: registrations.state });
    // About half of those with a fee have paid: the payment filter has something to find.
    const paid = inserted.filter((row) => row.feeFen > 0 && row.state === "confirmed" && next() < 0.5);
    if (paid.length) {
      await p.db.insert(payments).values(
        paid.map((row) => ({
          conferenceId: conference.id,
          registrationId: row.id,
          method: "transfer" as const,
          amountFen: row.feeFen,
          state: "paid" as const,
          tradeNo: `BENCH${seed}-${row.id}`,
          paidAt: p.deps.now(),
          ...p.stamp(),
        })),
      );
    }
  }
  return { conferenceId: conference.id, token: organiser.token };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const began = performance.now();
  const loadBefore = os.loadavg()[0];
  const p = await testPlatform();
  try {
    let t = performance.now();
    const { conferenceId: listConference, token } = await seedConference(p, total, 1);
    const seedListS = (performance.now() - t) / 1000;
    t = performance.now();
    const { conferenceId: exportConference, token: exportToken } = await seedConference(p, exportRows, 2);
    const seedExportS = (performance.now() - t) / 1000;

    // ─── The list ─────────────────────────────────────────────────────────────────
    const filtered = { state: "confirmed", checkin: "no", paymentState: "paid", keyword: "张" };
    const timeList = async (query: string) => {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < runs + 1; i++) {
        const start = performance.now();
        const res = await p.call<{ list: unknown[]; total: number }>("GET", `/user/manage/${listConference}?pageSize=20&${query}`, { token });
        if (res.status !== 200) throw new Error(`list failed: ${res.message}`);
        if (i > 0) times.push(performance.now() - start); // the first run warms the caches
        count = res.data.total;
      }
      return { ms: median(times), total: count };
    };
    const firstPage = await timeList("page=1");
    const filteredPage = await timeList(new URLSearchParams(filtered).toString());
    const deepPage = await timeList(`page=${Math.floor(total / 20 / 2)}`);

    const plan = async (filters: Record<string, string>, what: "page" | "count") => {
      const condition = applicantCondition(listConference, applicantFilterSchema.parse(filters));
      const query =
        what === "page"
          ? p.db.select().from(registrations).where(condition).orderBy(desc(registrations.id)).limit(20)
          : p.db
              .select({ n: sql`count(*)` })
              .from(registrations)
              .where(condition);
      // PGlite answers `{rows}`; each row of EXPLAIN is one line of the plan.
      const result = await p.db.execute<Record<string, string>>(sql`explain ${query}`);
      const { rows } = result as { rows: Array<Record<string, string>> };
      return rows.map((row) => Object.values(row)[0]).join("\n");
    };
    const plans = {
      page1: await plan({}, "page"),
      count1: await plan({}, "count"),
      filtered: await plan(filtered, "page"),
      filteredCount: await plan(filtered, "count"),
    };
    const usesIndex = (text: string) => /Index (Only )?Scan|Bitmap Index Scan/.test(text) && !/Seq Scan on registrations/.test(text);

    // ─── The export ───────────────────────────────────────────────────────────────
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    t = performance.now();
    const response = await p.app.fetch(
      new Request(`http://bench.local/api/user/export?conferenceId=${exportConference}`, {
        headers: { Authorization: `Bearer ${exportToken}`, "Accept-Language": "zh" },
      }),
    );
    let bytes = 0;
    let firstByteMs = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!bytes) firstByteMs = performance.now() - t;
      bytes += value.length;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
    const exportS = (performance.now() - t) / 1000;
    clearInterval(sampler);
    const rssGrowthMb = (rssPeak - rssBefore) / 1024 / 1024;
    // Checked apart from the measurement (this read does buffer the file).
    const check = await p.app.fetch(
      new Request(`http://bench.local/api/user/export?conferenceId=${exportConference}`, { headers: { Authorization: `Bearer ${exportToken}` } }),
    );
    const exportedRows = (await readXlsx(new Uint8Array(await check.arrayBuffer()))).length - 1;
    if (exportedRows !== exportRows) throw new Error(`the export has ${exportedRows} rows, not ${exportRows}`);

    const mark = (ok: boolean) => (ok ? "✓" : "✗");
    const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
    const lines = [
      `Registrations list and export (\`scripts/bench-applicants.ts\`), PGlite in memory, through the platform API in process; ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${os.cpus().length} CPUs, 1-min load average ${loadBefore.toFixed(2)} before the run (other work skews the figures).`,
      `Seeded ${fmt(total)} registrations in ${fmt(seedListS)} s and ${fmt(exportRows)} more in ${fmt(seedExportS)} s (about half of those with a fee paid). No ANALYZE (PGlite has no autovacuum).`,
      "",
      "| measure | figure | target |",
      "|---|---|---|",
      `| list page 1 of ${fmt(firstPage.total)} (page + count) | ${fmt(firstPage.ms)} ms | ≤ ${TARGET_LIST_MS} ms ${mark(firstPage.ms <= TARGET_LIST_MS)} |`,
      `| filtered page (${Object.entries(filtered)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")}: ${fmt(filteredPage.total)} rows) | ${fmt(filteredPage.ms)} ms | ≤ ${TARGET_LIST_MS} ms ${mark(filteredPage.ms <= TARGET_LIST_MS)} |`,
      `| list page ${fmt(Math.floor(total / 40))} (offset paging, the middle) | ${fmt(deepPage.ms)} ms | – |`,
      `| page 1 plan uses an index | ${usesIndex(plans.page1) ? "yes" : "no"} | ${mark(usesIndex(plans.page1))} |`,
      `| filtered page plan uses an index | ${usesIndex(plans.filtered) ? "yes" : "no"} | ${mark(usesIndex(plans.filtered))} |`,
      `| export of ${fmt(exportRows)} registrations (${fmt(bytes / 1024)} KB, first bytes after ${fmt(firstByteMs)} ms) | ${fmt(exportS)} s | ≤ ${TARGET_EXPORT_S} s ${mark(exportS <= TARGET_EXPORT_S)} |`,
      `| peak RSS growth while exporting | ${fmt(rssGrowthMb)} MB | streamed |`,
      "",
      "<details><summary>Query plans</summary>",
      "",
      ...Object.entries(plans).flatMap(([name, text]) => [`${name}:`, "", "```", text, "```", ""]),
      "</details>",
      "",
      `Whole run ${fmt((performance.now() - began) / 1000)} s.`,
    ];
    const markdown = lines.join("\n");
    console.log(markdown);
    if (outFile) fs.writeFileSync(outFile, markdown + "\n");
  } finally {
    await p.close();
  }
}

main().catch((error) => {
  console.error("[bench-applicants] failed:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
