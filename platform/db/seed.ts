/**
 * Demo and benchmark data. Everything is derived from a seeded PRNG and the `now` option, so two
 * runs with the same `now` produce the same rows.
 *
 * Rows are planned in memory first, with parent links held as `Ref`s; ids are then reserved from
 * each table's sequence in one query and the rows inserted in FK order, ~500 per statement. This
 * keeps round trips per table constant instead of per row, and stays safe if other sessions insert
 * at the same time (reserved ids are never handed out twice).
 */
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import { chinaDay } from "#contract/clock";
import type { Db } from "./index";
import * as s from "./schema";
import type { FormField, InvoiceCompany, PaymentMethod, RichText } from "./schema";

// ─── Public API ──────────────────────────────────────────────────────────────────────

export type SeedOptions = {
  /** Number of generated conferences besides the showcase (conference 1). Default 47, so 48 in all. */
  conferences?: number;
  now?: Date;
  log?: (line: string) => void;
};

export type AddConferencesOptions = {
  now?: Date;
  log?: (line: string) => void;
  /** PRNG seed; by default derived from the number of conferences already stored. */
  seed?: number;
  /** Conferences planned and flushed together (memory bound). Default 500. */
  chunkSize?: number;
};

export type SeedSummary = {
  /** True when the database already had accounts and nothing was inserted. */
  skipped: boolean;
  durationMs: number;
  /** Rows inserted, by table name. */
  rows: Record<string, number>;
};

export type DemoAccount = { mobile: string; nameZh: string; nameEn: string; roleZh: string; roleEn: string };

export const demoAccounts = {
  admin: {
    mobile: "13800000000",
    nameZh: "周明远",
    nameEn: "Mingyuan Zhou",
    roleZh: "平台管理员：审核机构认证，管理分类、学科、机构与首页内容",
    roleEn: "Platform administrator: reviews organization certification and manages categories, majors, institutions and the home page",
  },
  organiser: {
    mobile: "13800000001",
    nameZh: "林嘉怡",
    nameEn: "Jiayi Lin",
    roleZh: "会议组织者：已通过机构认证，拥有课题组，管理大部分示例会议（含 1 号示例会议和一个未发布的会议）",
    roleEn:
      "Conference organiser: certified organization, owns a research group and most demo conferences (including showcase conference 1 and an unpublished one)",
  },
  attendee: {
    mobile: "13800000002",
    nameZh: "陈思远",
    nameEn: "Siyuan Chen",
    roleZh: "参会者：浏览会议、报名、缴费、预订酒店",
    roleEn: "Attendee: browses conferences, registers, pays and books hotels",
  },
} as const satisfies Record<"admin" | "organiser" | "attendee", DemoAccount>;

type Named = { nameZh: string; nameEn: string };
type TextLike = string | null | undefined;

/** The conference's search text: lower-cased names, short name, cities, major and category in both languages. */
export function conferenceSearchText(
  conference: { nameZh: string; nameEn?: TextLike; shortName?: TextLike; cityZh?: TextLike; cityEn?: TextLike },
  major?: Named | null,
  category?: Named | null,
): string {
  return joinSearch([
    conference.nameZh,
    conference.nameEn,
    conference.shortName,
    conference.cityZh,
    conference.cityEn,
    major?.nameZh,
    major?.nameEn,
    category?.nameZh,
    category?.nameEn,
  ]);
}

/** A reference's search text: names, cities, addresses, major and subject in both languages. */
export function referenceSearchText(
  reference: { nameZh: string; nameEn?: TextLike; cityZh?: TextLike; cityEn?: TextLike; addressZh?: TextLike; addressEn?: TextLike },
  major?: Named | null,
  subject?: Named | null,
): string {
  return joinSearch([
    reference.nameZh,
    reference.nameEn,
    reference.cityZh,
    reference.cityEn,
    reference.addressZh,
    reference.addressEn,
    major?.nameZh,
    major?.nameEn,
    subject?.nameZh,
    subject?.nameEn,
  ]);
}

function joinSearch(parts: TextLike[]) {
  return parts
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** True when any account exists. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: s.accounts.id }).from(s.accounts).limit(1);
  return rows.length > 0;
}

/** Seeds the demo set in one transaction; does nothing when the database already has accounts. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const generated = Math.max(0, Math.floor(options.conferences ?? 47));
  const rows: Record<string, number> = {};
  let skipped = false;
  await db.transaction(async (tx) => {
    if (await isSeeded(tx)) {
      skipped = true;
      return;
    }
    const r = createRandom(20240611);
    const plan = new Plan(now);
    const people = planAccounts(plan, r, now);
    const directory = planDirectory(plan, r, now);
    planReferences(plan, r, directory);
    const ctx: ConferenceContext = { ...directory, organiser: people.organiser, owners: people.others, now, today: chinaDay(now) };
    const showcase = planShowcase(plan, r, ctx, people);
    const specs = demoConferenceSpecs(r, ctx, generated);
    // Every demo conference has a cover; the generated benchmark ones (appendConferences) have none.
    const confs = [showcase, ...specs.map((spec, i) => planConference(plan, r, ctx, { ...spec, cover: DEMO_COVERS[(i + 1) % DEMO_COVERS.length] }))];
    planPortal(plan, confs);
    planReplays(plan, r, ctx, confs);
    planFormTemplates(plan, people.admin);
    planPublicForms(plan, people.organiser, showcase, now);
    await plan.flush(tx, rows);
    rows.registrations = await seedExpiredHolds(tx, now, [people.others[7].id, people.others[8].id]);
    log(`demo set: ${rows.conferences ?? 0} conferences, ${rows.references ?? 0} references, ${rows.accounts ?? 0} accounts`);
  });
  return { skipped, durationMs: Math.round(performance.now() - started), rows };
}

/**
 * Unpaid registrations whose payment deadline passed a day ago (decision 030), one for each of
 * these accounts, at the first published paid conference after the showcase: what an attendee
 * who never paid sees (and the journeys pay late). Each holds no place.
 */
async function seedExpiredHolds(tx: Db, now: Date, accountIds: number[]) {
  const [priced] = await tx
    .select({ conferenceId: s.fees.conferenceId, identityId: s.fees.identityId, strategyId: s.fees.strategyId, priceFen: s.fees.priceFen })
    .from(s.fees)
    .innerJoin(s.conferences, sql`${s.conferences.id} = ${s.fees.conferenceId}`)
    .innerJoin(s.strategies, sql`${s.strategies.id} = ${s.fees.strategyId}`)
    .where(
      sql`${s.conferences.isPublish} and ${s.conferences.id} <> 1 and ${s.fees.priceFen} > 0 and ${s.strategies.startsAt} <= ${now} and ${s.strategies.endsAt} >= ${now}`,
    )
    .orderBy(s.conferences.id)
    .limit(1);
  if (!priced) return 0;
  const accounts = await tx
    .select({ id: s.accounts.id, mobile: s.accounts.mobile, name: s.accounts.name })
    .from(s.accounts)
    .where(sql`${s.accounts.id} in ${accountIds}`);
  const created = new Date(now.getTime() - 2 * DAY_MS);
  for (const [i, account] of accounts.entries()) {
    await tx.insert(s.registrations).values({
      conferenceId: priced.conferenceId,
      accountId: account.id,
      mobile: account.mobile,
      name: account.name,
      identityId: priced.identityId,
      strategyId: priced.strategyId,
      feeFen: priced.priceFen,
      state: "confirmed",
      ticketCode: `DEMOHOLD${String(i + 1).padStart(2, "0")}`,
      createdBy: account.id,
      holdUntil: new Date(now.getTime() - DAY_MS),
      createdAt: created,
      updatedAt: created,
    });
  }
  return accounts.length;
}

/**
 * Appends `count` generated conferences with their children, for large benchmark datasets.
 * Uses the stored categories, majors, institutions and accounts, so the demo set must exist.
 */
export async function addConferences(db: Db, count: number, options: AddConferencesOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const total = Math.max(0, Math.floor(count));
  const chunkSize = Math.max(1, options.chunkSize ?? 500);
  const rows: Record<string, number> = {};
  if (total === 0) return { skipped: false, durationMs: 0, rows };
  await db.transaction(async (tx) => {
    const ctx = await loadContext(tx, now);
    const [{ existing }] = await tx.select({ existing: sql<number>`count(*)::int` }).from(s.conferences);
    const r = createRandom(options.seed ?? 7919 + existing * 31);
    for (let done = 0; done < total; done += chunkSize) {
      const n = Math.min(chunkSize, total - done);
      const plan = new Plan(now);
      for (let i = 0; i < n; i++) planConference(plan, r, ctx, bulkSpec(r, ctx, existing + done + i));
      await plan.flush(tx, rows);
      log(`added ${done + n}/${total} conferences (${Math.round(performance.now() - started)} ms)`);
    }
  });
  return { skipped: false, durationMs: Math.round(performance.now() - started), rows };
}

// ─── Planning and batched insertion ──────────────────────────────────────────────────

/** A planned row's id, known once its table has been flushed. */
class Ref {
  id = 0;
}
type Id = number | Ref;
type Values = Record<string, unknown>;

/** Parents before children. */
const INSERT_ORDER: PgTable[] = [
  s.accounts,
  s.organizations,
  s.researchGroups,
  s.inbox,
  s.categories,
  s.majors,
  s.subjects,
  s.institutions,
  s.references,
  s.conferences,
  s.conferenceAdmins,
  s.modules,
  s.texts,
  s.branches,
  s.forums,
  s.schedules,
  s.specials,
  s.specialItems,
  s.organizers,
  s.sponsors,
  s.banners,
  s.links,
  s.media,
  s.replays,
  s.tags,
  s.hotels,
  s.hotelRooms,
  s.identities,
  s.strategies,
  s.fees,
  s.vipLevels,
  s.coupons,
  s.registrationFields,
  s.payees,
  s.forms,
];

const ROWS_PER_INSERT = 500;

class Plan {
  private pending = new Map<PgTable, Array<{ ref: Ref; values: Values }>>();

  /** `now` stamps the rows that give no `createdAt` / `updatedAt` of their own: the database has no clock default. */
  constructor(private readonly now: Date) {}

  add(table: PgTable, values: Values): Ref {
    let list = this.pending.get(table);
    if (!list) this.pending.set(table, (list = []));
    const ref = new Ref();
    list.push({ ref, values });
    return ref;
  }

  async flush(db: Db, counts: Record<string, number>) {
    for (const table of this.pending.keys()) {
      if (!INSERT_ORDER.includes(table)) throw new Error(`seed: no insert order for table ${getTableName(table)}`);
    }
    for (const table of INSERT_ORDER) {
      const list = this.pending.get(table);
      if (!list?.length) continue;
      const name = getTableName(table);
      const columns = getTableColumns(table);
      const serial = "id" in columns;
      const stamps = (["createdAt", "updatedAt"] as const).filter((key) => key in columns);
      if (serial) {
        const ids = await reserveIds(db, name, list.length);
        list.forEach((entry, i) => (entry.ref.id = ids[i]));
      }
      const values = list.map((entry) => {
        const row: Values = serial ? { id: entry.ref.id } : {};
        for (const key of stamps) row[key] = this.now;
        for (const [key, value] of Object.entries(entry.values)) {
          if (value instanceof Ref) {
            if (!value.id) throw new Error(`seed: ${name}.${key} points at a row not inserted yet`);
            row[key] = value.id;
          } else {
            row[key] = value;
          }
        }
        return row;
      });
      await insertRows(db, table, values);
      counts[name] = (counts[name] ?? 0) + list.length;
    }
    this.pending.clear();
  }
}

/**
 * Inserts rows as one JSON parameter per statement, expanded by `json_populate_recordset`.
 * Binding thousands of individual parameters costs far more (in drizzle and in PGlite's
 * protocol handling) than Postgres parsing one JSON document. Rows are grouped by their key
 * set so a column left out keeps its database default instead of becoming NULL.
 */
async function insertRows(db: Db, table: PgTable, rows: Values[]) {
  const columns = getTableColumns(table) as Record<string, { name: string; keyAsName: boolean }>;
  const groups = new Map<string, Values[]>();
  for (const row of rows) {
    // An undefined value means "use the default", as in drizzle's own insert.
    for (const key of Object.keys(row)) if (row[key] === undefined) delete row[key];
    const signature = Object.keys(row).join(",");
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = []));
    group.push(row);
  }
  for (const [signature, group] of groups) {
    const keys = signature.split(",");
    const names = keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`seed: ${getTableName(table)} has no column ${key}`);
      return column.keyAsName ? toSnakeCase(column.name) : column.name;
    });
    const list = sql.raw(names.map((n) => `"${n}"`).join(", "));
    for (let i = 0; i < group.length; i += ROWS_PER_INSERT) {
      const payload = group.slice(i, i + ROWS_PER_INSERT).map((row) => {
        const out: Values = {};
        keys.forEach((key, k) => (out[names[k]] = row[key]));
        return out;
      });
      await db.execute(sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(payload)}::json)`);
    }
  }
}

async function reserveIds(db: Db, table: string, n: number): Promise<number[]> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence(${`"${table}"`}::text, 'id'))::int as id from generate_series(1, ${n}::int)`);
  const rows = (result as { rows: Array<{ id: number | string }> }).rows;
  // Sorted so that the first planned row gets the lowest id (conference 1 is the showcase).
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

// ─── Deterministic randomness and dates ──────────────────────────────────────────────

type Random = ReturnType<typeof createRandom>;

/** mulberry32: small, fast and good enough for demo data. */
function createRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const chance = (p: number) => next() < p;
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(n, copy.length));
  };
  return { next, int, pick, chance, sample };
}

const DAY_MS = 86_400_000;
/** Conference dates are local to China (UTC+8). */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
const minDate = (a: Date, b: Date) => (a.getTime() < b.getTime() ? a : b);
const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
function dateZh(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}
function dateEn(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return `${d} ${MONTHS_EN[m - 1]} ${y}`;
}
function rangeZh(start: string, end: string) {
  if (start === end) return dateZh(start);
  const [y1, m1] = start.split("-").map(Number);
  const [y2, m2, d2] = end.split("-").map(Number);
  if (y1 === y2 && m1 === m2) return `${dateZh(start)}至${d2}日`;
  if (y1 === y2) return `${dateZh(start)}至${m2}月${d2}日`;
  return `${dateZh(start)}至${dateZh(end)}`;
}
function rangeEn(start: string, end: string) {
  if (start === end) return dateEn(start);
  const [y1, m1, d1] = start.split("-").map(Number);
  const [y2, m2, d2] = end.split("-").map(Number);
  if (y1 === y2 && m1 === m2) return `${d1}–${d2} ${MONTHS_EN[m2 - 1]} ${y2}`;
  if (y1 === y2) return `${d1} ${MONTHS_EN[m1 - 1]} – ${d2} ${MONTHS_EN[m2 - 1]} ${y2}`;
  return `${dateEn(start)} – ${dateEn(end)}`;
}
function ordinal(n: number) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${tail}`;
}
const CHINESE_NUMERALS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
function numeralZh(n: number) {
  if (n <= 10) return CHINESE_NUMERALS[n];
  if (n < 20) return `十${CHINESE_NUMERALS[n - 10]}`;
  const tens = Math.floor(n / 10);
  return `${CHINESE_NUMERALS[tens]}十${n % 10 ? CHINESE_NUMERALS[n % 10] : ""}`;
}
const STOP_WORDS = new Set(["and", "of", "for", "the", "in", "to", "on", "from"]);
function acronym(text: string) {
  return text
    .split(/[\s-]+/)
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()))
    .map((word) => word[0].toUpperCase())
    .join("");
}

// ─── Reference data ──────────────────────────────────────────────────────────────────

type Area = { districtZh: string; districtEn: string; roadZh: string; roadEn: string };
type City = { zh: string; en: string; phone: string; venueZh: string; venueEn: string; areas: Area[]; venueNo?: number };

const area = (districtZh: string, districtEn: string, roadZh: string, roadEn: string): Area => ({ districtZh, districtEn, roadZh, roadEn });

const CITIES: City[] = [
  {
    zh: "北京",
    en: "Beijing",
    phone: "010",
    venueZh: "国家会议中心",
    venueEn: "China National Convention Center",
    areas: [
      area("海淀区", "Haidian", "中关村大街", "Zhongguancun Street"),
      area("海淀区", "Haidian", "学院路", "Xueyuan Road"),
      area("朝阳区", "Chaoyang", "北辰东路", "Beichen East Road"),
    ],
  },
  {
    zh: "上海",
    en: "Shanghai",
    phone: "021",
    venueZh: "上海国际会议中心",
    venueEn: "Shanghai International Convention Center",
    areas: [
      area("杨浦区", "Yangpu", "邯郸路", "Handan Road"),
      area("徐汇区", "Xuhui", "华山路", "Huashan Road"),
      area("闵行区", "Minhang", "东川路", "Dongchuan Road"),
    ],
  },
  {
    zh: "广州",
    en: "Guangzhou",
    phone: "020",
    venueZh: "广州白云国际会议中心",
    venueEn: "Guangzhou Baiyun International Convention Center",
    areas: [
      area("海珠区", "Haizhu", "新港西路", "Xingang West Road"),
      area("天河区", "Tianhe", "五山路", "Wushan Road"),
      area("番禺区", "Panyu", "大学城外环西路", "University Town Outer Ring West Road"),
    ],
  },
  {
    zh: "深圳",
    en: "Shenzhen",
    phone: "0755",
    venueZh: "深圳会展中心",
    venueEn: "Shenzhen Convention and Exhibition Center",
    areas: [
      area("南山区", "Nanshan", "学苑大道", "Xueyuan Avenue"),
      area("南山区", "Nanshan", "南海大道", "Nanhai Avenue"),
      area("福田区", "Futian", "福华三路", "Fuhua 3rd Road"),
    ],
  },
  {
    zh: "杭州",
    en: "Hangzhou",
    phone: "0571",
    venueZh: "杭州国际博览中心",
    venueEn: "Hangzhou International Expo Center",
    areas: [
      area("西湖区", "Xihu", "余杭塘路", "Yuhangtang Road"),
      area("西湖区", "Xihu", "浙大路", "Zheda Road"),
      area("萧山区", "Xiaoshan", "奔竞大道", "Benjing Avenue"),
    ],
  },
  {
    zh: "南京",
    en: "Nanjing",
    phone: "025",
    venueZh: "南京国际博览会议中心",
    venueEn: "Nanjing International Expo Convention Center",
    areas: [
      area("鼓楼区", "Gulou", "汉口路", "Hankou Road"),
      area("栖霞区", "Qixia", "仙林大道", "Xianlin Avenue"),
      area("玄武区", "Xuanwu", "四牌楼", "Sipailou"),
    ],
  },
  {
    zh: "武汉",
    en: "Wuhan",
    phone: "027",
    venueZh: "武汉国际会议中心",
    venueEn: "Wuhan International Conference Center",
    areas: [
      area("洪山区", "Hongshan", "珞喻路", "Luoyu Road"),
      area("武昌区", "Wuchang", "八一路", "Bayi Road"),
      area("汉阳区", "Hanyang", "滨江大道", "Binjiang Avenue"),
    ],
  },
  {
    zh: "成都",
    en: "Chengdu",
    phone: "028",
    venueZh: "成都世纪城国际会议中心",
    venueEn: "Chengdu Century City International Convention Center",
    areas: [
      area("武侯区", "Wuhou", "一环路南一段", "Section 1, First Ring Road South"),
      area("高新区", "Hi-tech Zone", "天府大道", "Tianfu Avenue"),
      area("郫都区", "Pidu", "西源大道", "Xiyuan Avenue"),
    ],
  },
  {
    zh: "西安",
    en: "Xi'an",
    phone: "029",
    venueZh: "西安曲江国际会议中心",
    venueEn: "Xi'an Qujiang International Conference Center",
    areas: [
      area("碑林区", "Beilin", "咸宁西路", "Xianning West Road"),
      area("碑林区", "Beilin", "友谊西路", "Youyi West Road"),
      area("雁塔区", "Yanta", "雁塔南路", "Yanta South Road"),
    ],
  },
  {
    zh: "重庆",
    en: "Chongqing",
    phone: "023",
    venueZh: "重庆悦来国际会议中心",
    venueEn: "Chongqing Yuelai International Convention Center",
    areas: [
      area("沙坪坝区", "Shapingba", "沙正街", "Shazheng Street"),
      area("渝北区", "Yubei", "悦来大道", "Yuelai Avenue"),
      area("北碚区", "Beibei", "天生路", "Tiansheng Road"),
    ],
  },
  {
    zh: "天津",
    en: "Tianjin",
    phone: "022",
    venueZh: "天津梅江会展中心",
    venueEn: "Tianjin Meijiang Convention and Exhibition Center",
    areas: [
      area("南开区", "Nankai", "卫津路", "Weijin Road"),
      area("津南区", "Jinnan", "海河教育园区同砚路", "Tongyan Road"),
      area("西青区", "Xiqing", "友谊南路", "Youyi South Road"),
    ],
  },
  {
    zh: "长沙",
    en: "Changsha",
    phone: "0731",
    venueZh: "长沙国际会议中心",
    venueEn: "Changsha International Conference Center",
    areas: [
      area("岳麓区", "Yuelu", "麓山南路", "Lushan South Road"),
      area("岳麓区", "Yuelu", "麓山路", "Lushan Road"),
      area("开福区", "Kaifu", "湘江中路", "Xiangjiang Middle Road"),
    ],
  },
  {
    zh: "厦门",
    en: "Xiamen",
    phone: "0592",
    venueZh: "厦门国际会议中心",
    venueEn: "Xiamen International Conference Center",
    areas: [
      area("思明区", "Siming", "思明南路", "Siming South Road"),
      area("思明区", "Siming", "环岛东路", "Huandao East Road"),
      area("翔安区", "Xiang'an", "翔安南路", "Xiang'an South Road"),
    ],
  },
  {
    zh: "青岛",
    en: "Qingdao",
    phone: "0532",
    venueZh: "青岛国际会议中心",
    venueEn: "Qingdao International Conference Center",
    areas: [
      area("崂山区", "Laoshan", "松岭路", "Songling Road"),
      area("市南区", "Shinan", "鱼山路", "Yushan Road"),
      area("黄岛区", "Huangdao", "长江西路", "Changjiang West Road"),
    ],
  },
  {
    zh: "哈尔滨",
    en: "Harbin",
    phone: "0451",
    venueZh: "哈尔滨国际会展中心",
    venueEn: "Harbin International Convention and Exhibition Center",
    areas: [
      area("南岗区", "Nangang", "西大直街", "West Dazhi Street"),
      area("南岗区", "Nangang", "学府路", "Xuefu Road"),
      area("香坊区", "Xiangfang", "红旗大街", "Hongqi Street"),
    ],
  },
  {
    zh: "昆明",
    en: "Kunming",
    phone: "0871",
    venueZh: "昆明滇池国际会展中心",
    venueEn: "Kunming Dianchi International Convention and Exhibition Center",
    areas: [
      area("五华区", "Wuhua", "翠湖北路", "Cuihu North Road"),
      area("呈贡区", "Chenggong", "大学城东外环", "University Town East Ring Road"),
      area("官渡区", "Guandu", "广福路", "Guangfu Road"),
    ],
  },
  {
    zh: "合肥",
    en: "Hefei",
    phone: "0551",
    venueZh: "合肥滨湖国际会展中心",
    venueEn: "Hefei Binhu International Convention and Exhibition Center",
    areas: [
      area("包河区", "Baohe", "金寨路", "Jinzhai Road"),
      area("蜀山区", "Shushan", "黄山路", "Huangshan Road"),
      area("高新区", "Hi-tech Zone", "望江西路", "Wangjiang West Road"),
    ],
  },
  {
    zh: "苏州",
    en: "Suzhou",
    phone: "0512",
    venueZh: "苏州国际博览中心",
    venueEn: "Suzhou International Expo Center",
    areas: [
      area("姑苏区", "Gusu", "十梓街", "Shizi Street"),
      area("工业园区", "Industrial Park", "仁爱路", "Ren'ai Road"),
      area("相城区", "Xiangcheng", "济学路", "Jixue Road"),
    ],
  },
  {
    zh: "大连",
    en: "Dalian",
    phone: "0411",
    venueZh: "大连国际会议中心",
    venueEn: "Dalian International Conference Center",
    areas: [
      area("甘井子区", "Ganjingzi", "凌工路", "Linggong Road"),
      area("沙河口区", "Shahekou", "黄河路", "Huanghe Road"),
      area("中山区", "Zhongshan", "港浦路", "Gangpu Road"),
    ],
  },
];
CITIES.forEach((city, i) => (city.venueNo = 100 + ((i * 137) % 800)));
const cityByZh = new Map(CITIES.map((city) => [city.zh, city]));

type SubjectData = [zh: string, en: string];
type CategoryData = {
  zh: string;
  en: string;
  collegeZh: string;
  collegeEn: string;
  majors: Array<{ zh: string; en: string; subjects: SubjectData[] }>;
};

const CATEGORY_DATA: CategoryData[] = [
  {
    zh: "理学",
    en: "Natural Sciences",
    collegeZh: "理学院",
    collegeEn: "School of Science",
    majors: [
      {
        zh: "数学",
        en: "Mathematics",
        subjects: [
          ["代数几何", "Algebraic Geometry"],
          ["概率论与随机分析", "Probability and Stochastic Analysis"],
          ["偏微分方程", "Partial Differential Equations"],
          ["计算数学", "Computational Mathematics"],
        ],
      },
      {
        zh: "物理学",
        en: "Physics",
        subjects: [
          ["凝聚态物理", "Condensed Matter Physics"],
          ["量子信息", "Quantum Information"],
          ["光学与光子学", "Optics and Photonics"],
        ],
      },
      {
        zh: "化学",
        en: "Chemistry",
        subjects: [
          ["有机合成", "Organic Synthesis"],
          ["催化化学", "Catalysis"],
          ["分析化学", "Analytical Chemistry"],
        ],
      },
      {
        zh: "生物学",
        en: "Biology",
        subjects: [
          ["分子生物学", "Molecular Biology"],
          ["生态学", "Ecology"],
          ["遗传学", "Genetics"],
        ],
      },
      {
        zh: "大气科学",
        en: "Atmospheric Sciences",
        subjects: [
          ["气候变化", "Climate Change"],
          ["大气环境", "Atmospheric Environment"],
        ],
      },
    ],
  },
  {
    zh: "工学",
    en: "Engineering",
    collegeZh: "工学院",
    collegeEn: "College of Engineering",
    majors: [
      {
        zh: "计算机科学与技术",
        en: "Computer Science and Technology",
        subjects: [
          ["人工智能", "Artificial Intelligence"],
          ["计算机视觉", "Computer Vision"],
          ["自然语言处理", "Natural Language Processing"],
          ["分布式系统", "Distributed Systems"],
        ],
      },
      {
        zh: "电子科学与技术",
        en: "Electronic Science and Technology",
        subjects: [
          ["集成电路设计", "Integrated Circuit Design"],
          ["无线通信", "Wireless Communications"],
          ["信号处理", "Signal Processing"],
        ],
      },
      {
        zh: "机械工程",
        en: "Mechanical Engineering",
        subjects: [
          ["智能制造", "Intelligent Manufacturing"],
          ["机器人学", "Robotics"],
          ["摩擦学", "Tribology"],
        ],
      },
      {
        zh: "材料科学与工程",
        en: "Materials Science and Engineering",
        subjects: [
          ["纳米材料", "Nanomaterials"],
          ["能源材料", "Energy Materials"],
          ["高分子材料", "Polymer Materials"],
        ],
      },
      {
        zh: "土木工程",
        en: "Civil Engineering",
        subjects: [
          ["桥梁工程", "Bridge Engineering"],
          ["岩土工程", "Geotechnical Engineering"],
          ["智能建造", "Intelligent Construction"],
        ],
      },
      {
        zh: "环境科学与工程",
        en: "Environmental Science and Engineering",
        subjects: [
          ["水污染控制", "Water Pollution Control"],
          ["固体废物资源化", "Solid Waste Recycling"],
          ["碳中和技术", "Carbon Neutrality Technologies"],
        ],
      },
    ],
  },
  {
    zh: "医学",
    en: "Medicine",
    collegeZh: "医学院",
    collegeEn: "School of Medicine",
    majors: [
      {
        zh: "临床医学",
        en: "Clinical Medicine",
        subjects: [
          ["心血管病学", "Cardiology"],
          ["肿瘤学", "Oncology"],
          ["神经病学", "Neurology"],
        ],
      },
      {
        zh: "公共卫生与预防医学",
        en: "Public Health and Preventive Medicine",
        subjects: [
          ["流行病学", "Epidemiology"],
          ["卫生统计学", "Health Statistics"],
          ["营养与食品卫生", "Nutrition and Food Hygiene"],
        ],
      },
      {
        zh: "药学",
        en: "Pharmacy",
        subjects: [
          ["药物化学", "Medicinal Chemistry"],
          ["药理学", "Pharmacology"],
        ],
      },
      {
        zh: "中医学",
        en: "Traditional Chinese Medicine",
        subjects: [
          ["针灸学", "Acupuncture and Moxibustion"],
          ["中药学", "Chinese Materia Medica"],
        ],
      },
    ],
  },
  {
    zh: "农学",
    en: "Agriculture",
    collegeZh: "农学院",
    collegeEn: "College of Agriculture",
    majors: [
      {
        zh: "作物学",
        en: "Crop Science",
        subjects: [
          ["作物遗传育种", "Crop Genetics and Breeding"],
          ["作物栽培与耕作", "Crop Cultivation and Farming Systems"],
        ],
      },
      {
        zh: "园艺学",
        en: "Horticulture",
        subjects: [
          ["果树学", "Pomology"],
          ["设施园艺", "Protected Horticulture"],
        ],
      },
      {
        zh: "植物保护",
        en: "Plant Protection",
        subjects: [
          ["植物病理学", "Plant Pathology"],
          ["农业昆虫与害虫防治", "Agricultural Entomology and Pest Control"],
        ],
      },
    ],
  },
  {
    zh: "经济学",
    en: "Economics",
    collegeZh: "经济学院",
    collegeEn: "School of Economics",
    majors: [
      {
        zh: "应用经济学",
        en: "Applied Economics",
        subjects: [
          ["金融学", "Finance"],
          ["国际贸易学", "International Trade"],
          ["区域经济学", "Regional Economics"],
          ["数量经济学", "Quantitative Economics"],
        ],
      },
      {
        zh: "理论经济学",
        en: "Theoretical Economics",
        subjects: [
          ["政治经济学", "Political Economy"],
          ["经济史", "Economic History"],
        ],
      },
    ],
  },
  {
    zh: "管理学",
    en: "Management",
    collegeZh: "管理学院",
    collegeEn: "School of Management",
    majors: [
      {
        zh: "工商管理",
        en: "Business Administration",
        subjects: [
          ["市场营销", "Marketing"],
          ["会计学", "Accounting"],
          ["技术经济及管理", "Technology Economics and Management"],
        ],
      },
      {
        zh: "管理科学与工程",
        en: "Management Science and Engineering",
        subjects: [
          ["运筹与优化", "Operations Research and Optimization"],
          ["信息管理与信息系统", "Information Management and Information Systems"],
        ],
      },
      {
        zh: "公共管理",
        en: "Public Administration",
        subjects: [
          ["社会保障", "Social Security"],
          ["公共政策", "Public Policy"],
        ],
      },
    ],
  },
  {
    zh: "法学",
    en: "Law",
    collegeZh: "法学院",
    collegeEn: "Law School",
    majors: [
      {
        zh: "法学",
        en: "Law",
        subjects: [
          ["国际法", "International Law"],
          ["民商法", "Civil and Commercial Law"],
          ["知识产权法", "Intellectual Property Law"],
        ],
      },
      {
        zh: "社会学",
        en: "Sociology",
        subjects: [
          ["人口学", "Demography"],
          ["社会工作", "Social Work"],
        ],
      },
    ],
  },
  {
    zh: "教育学",
    en: "Education",
    collegeZh: "教育学院",
    collegeEn: "School of Education",
    majors: [
      {
        zh: "教育学",
        en: "Education",
        subjects: [
          ["高等教育学", "Higher Education"],
          ["教育技术学", "Educational Technology"],
        ],
      },
      {
        zh: "心理学",
        en: "Psychology",
        subjects: [
          ["认知心理学", "Cognitive Psychology"],
          ["发展与教育心理学", "Developmental and Educational Psychology"],
        ],
      },
    ],
  },
  {
    zh: "文学",
    en: "Literature",
    collegeZh: "文学院",
    collegeEn: "School of Liberal Arts",
    majors: [
      {
        zh: "中国语言文学",
        en: "Chinese Language and Literature",
        subjects: [
          ["语言学及应用语言学", "Linguistics and Applied Linguistics"],
          ["中国古代文学", "Classical Chinese Literature"],
        ],
      },
      {
        zh: "外国语言文学",
        en: "Foreign Languages and Literatures",
        subjects: [
          ["翻译学", "Translation Studies"],
          ["英语语言文学", "English Language and Literature"],
        ],
      },
    ],
  },
  {
    zh: "历史学",
    en: "History",
    collegeZh: "历史学院",
    collegeEn: "School of History",
    majors: [
      {
        zh: "中国史",
        en: "Chinese History",
        subjects: [
          ["中国近现代史", "Modern Chinese History"],
          ["历史地理学", "Historical Geography"],
        ],
      },
      {
        zh: "考古学",
        en: "Archaeology",
        subjects: [
          ["田野考古", "Field Archaeology"],
          ["科技考古", "Archaeometry"],
        ],
      },
    ],
  },
  {
    zh: "艺术学",
    en: "Arts",
    collegeZh: "艺术学院",
    collegeEn: "School of Arts",
    majors: [
      {
        zh: "设计学",
        en: "Design",
        subjects: [
          ["交互设计", "Interaction Design"],
          ["视觉传达设计", "Visual Communication Design"],
        ],
      },
    ],
  },
];
const collegeByCategory = new Map(CATEGORY_DATA.map((c) => [c.zh, { zh: c.collegeZh, en: c.collegeEn }]));

/** [nameZh, nameEn, cityZh, certified] */
const INSTITUTION_DATA: Array<[string, string, string, boolean]> = [
  ["北京大学", "Peking University", "北京", true],
  ["清华大学", "Tsinghua University", "北京", true],
  ["中国科学院", "Chinese Academy of Sciences", "北京", true],
  ["中国农业大学", "China Agricultural University", "北京", true],
  ["中国社会科学院", "Chinese Academy of Social Sciences", "北京", false],
  ["复旦大学", "Fudan University", "上海", true],
  ["上海交通大学", "Shanghai Jiao Tong University", "上海", true],
  ["同济大学", "Tongji University", "上海", false],
  ["浙江大学", "Zhejiang University", "杭州", true],
  ["南京大学", "Nanjing University", "南京", true],
  ["东南大学", "Southeast University", "南京", false],
  ["武汉大学", "Wuhan University", "武汉", true],
  ["华中科技大学", "Huazhong University of Science and Technology", "武汉", true],
  ["中山大学", "Sun Yat-sen University", "广州", true],
  ["华南理工大学", "South China University of Technology", "广州", false],
  ["南方科技大学", "Southern University of Science and Technology", "深圳", true],
  ["深圳大学", "Shenzhen University", "深圳", false],
  ["四川大学", "Sichuan University", "成都", true],
  ["电子科技大学", "University of Electronic Science and Technology of China", "成都", false],
  ["西安交通大学", "Xi'an Jiaotong University", "西安", true],
  ["西北工业大学", "Northwestern Polytechnical University", "西安", false],
  ["重庆大学", "Chongqing University", "重庆", true],
  ["南开大学", "Nankai University", "天津", true],
  ["天津大学", "Tianjin University", "天津", false],
  ["中南大学", "Central South University", "长沙", true],
  ["湖南大学", "Hunan University", "长沙", false],
  ["厦门大学", "Xiamen University", "厦门", true],
  ["中国海洋大学", "Ocean University of China", "青岛", false],
  ["哈尔滨工业大学", "Harbin Institute of Technology", "哈尔滨", true],
  ["云南大学", "Yunnan University", "昆明", false],
  ["中国科学技术大学", "University of Science and Technology of China", "合肥", true],
  ["苏州大学", "Soochow University", "苏州", false],
  ["大连理工大学", "Dalian University of Technology", "大连", true],
  ["西南大学", "Southwest University", "重庆", false],
];

const SURNAMES: Array<[string, string]> = [
  ["王", "Wang"],
  ["李", "Li"],
  ["张", "Zhang"],
  ["刘", "Liu"],
  ["陈", "Chen"],
  ["杨", "Yang"],
  ["赵", "Zhao"],
  ["黄", "Huang"],
  ["周", "Zhou"],
  ["吴", "Wu"],
  ["徐", "Xu"],
  ["孙", "Sun"],
  ["胡", "Hu"],
  ["朱", "Zhu"],
  ["高", "Gao"],
  ["林", "Lin"],
  ["何", "He"],
  ["郭", "Guo"],
  ["马", "Ma"],
  ["罗", "Luo"],
  ["梁", "Liang"],
  ["宋", "Song"],
  ["郑", "Zheng"],
  ["谢", "Xie"],
];
const GIVEN_NAMES: Array<[string, string]> = [
  ["建华", "Jianhua"],
  ["晓明", "Xiaoming"],
  ["海涛", "Haitao"],
  ["丽娟", "Lijuan"],
  ["志强", "Zhiqiang"],
  ["雨桐", "Yutong"],
  ["子涵", "Zihan"],
  ["文博", "Wenbo"],
  ["俊杰", "Junjie"],
  ["雪梅", "Xuemei"],
  ["国栋", "Guodong"],
  ["静怡", "Jingyi"],
  ["浩然", "Haoran"],
  ["欣然", "Xinran"],
  ["明轩", "Mingxuan"],
  ["慧敏", "Huimin"],
  ["立新", "Lixin"],
  ["春生", "Chunsheng"],
  ["宇航", "Yuhang"],
  ["书瑶", "Shuyao"],
  ["振宇", "Zhenyu"],
  ["婉清", "Wanqing"],
  ["博文", "Bowen"],
  ["晨曦", "Chenxi"],
];
/** [nameZh, nameEn, affiliationZh, affiliationEn] */
const INTERNATIONAL_SCHOLARS: Array<[string, string, string, string]> = [
  ["玛丽亚·罗西", "Maria Rossi", "博洛尼亚大学", "University of Bologna"],
  ["詹姆斯·哈里森", "James Harrison", "爱丁堡大学", "University of Edinburgh"],
  ["安娜·施密特", "Anna Schmidt", "慕尼黑工业大学", "Technical University of Munich"],
  ["田中浩", "Hiroshi Tanaka", "东京大学", "University of Tokyo"],
  ["金敏俊", "Minjun Kim", "首尔国立大学", "Seoul National University"],
  ["索菲·杜邦", "Sophie Dupont", "巴黎萨克雷大学", "Université Paris-Saclay"],
  ["拉吉夫·梅农", "Rajiv Menon", "印度理工学院孟买分校", "Indian Institute of Technology Bombay"],
  ["艾米丽·卡特", "Emily Carter", "多伦多大学", "University of Toronto"],
];
const ACADEMIC_TITLES: Array<[string, string]> = [
  ["教授", "Professor"],
  ["研究员", "Research Professor"],
  ["副教授", "Associate Professor"],
  ["长聘教授", "Tenured Professor"],
  ["特聘研究员", "Distinguished Research Fellow"],
];

const KEYNOTE_TOPICS: Array<[(zh: string) => string, (en: string) => string]> = [
  [(x) => `${x}的研究进展与挑战`, (x) => `Advances and Challenges in ${x}`],
  [(x) => `面向${x}的数据驱动方法`, (x) => `Data-Driven Methods for ${x}`],
  [(x) => `${x}中的若干开放问题`, (x) => `Open Problems in ${x}`],
  [(x) => `${x}：从理论到应用`, (x) => `${x}: From Theory to Practice`],
  [(x) => `交叉学科视角下的${x}研究`, (x) => `${x} from an Interdisciplinary Perspective`],
  [(x) => `${x}研究的新范式`, (x) => `New Paradigms in ${x} Research`],
  [(x) => `${x}的国际前沿与中国实践`, (x) => `${x}: International Frontiers and Practice in China`],
];

/** [company, web/e-mail domain slug] */
const COMPANIES: Array<[string, string]> = [
  ["华析仪器科技有限公司", "huaxi"],
  ["博润生物技术有限公司", "borun"],
  ["智算云科技股份有限公司", "zhisuan"],
  ["科睿学术出版服务有限公司", "kerui"],
  ["恒信精密测量设备有限公司", "hengxin"],
  ["启明星数据技术有限公司", "qiming"],
  ["蓝海实验室装备有限公司", "lanhai"],
  ["中科知行信息技术有限公司", "zhixing"],
  ["联创新材料科技有限公司", "lianchuang"],
  ["远景教育科技有限公司", "yuanjing"],
];

const BANKS = ["中国工商银行", "中国建设银行", "中国银行", "中国农业银行", "招商银行", "交通银行"];

// ─── Accounts and people ─────────────────────────────────────────────────────────────

type People = { admin: Ref; organiser: Ref; attendee: Ref; others: Ref[]; otherNames: string[] };

function planAccounts(plan: Plan, r: Random, now: Date): People {
  const account = (mobile: string, name: string, extra: Values = {}) =>
    plan.add(s.accounts, {
      mobile,
      name,
      email: null,
      defaultType: 0,
      karma: r.int(0, 400),
      hasClaimed: true,
      isPlatformAdmin: false,
      createdAt: new Date(now.getTime() - r.int(200, 700) * DAY_MS),
      ...extra,
    });
  const admin = account(demoAccounts.admin.mobile, demoAccounts.admin.nameZh, { email: "admin@example.com", isPlatformAdmin: true, karma: 0 });
  const organiser = account(demoAccounts.organiser.mobile, demoAccounts.organiser.nameZh, { email: "organiser@example.com", karma: 860, userRecord: true });
  const attendee = account(demoAccounts.attendee.mobile, demoAccounts.attendee.nameZh, { email: "attendee@example.com", karma: 120, userRecord: true });

  const others: Ref[] = [];
  const otherNames: string[] = [];
  const used = new Set<string>([demoAccounts.organiser.nameZh, demoAccounts.attendee.nameZh, demoAccounts.admin.nameZh]);
  for (let i = 0; i < 22; i++) {
    const international = i % 7 === 6;
    let name: string;
    if (international) {
      name = INTERNATIONAL_SCHOLARS[(i / 7) | 0][1];
    } else {
      do name = r.pick(SURNAMES)[0] + r.pick(GIVEN_NAMES)[0];
      while (used.has(name));
    }
    used.add(name);
    otherNames.push(name);
    others.push(
      account(`139${String(10_000_000 + i * 7_919).slice(-8)}`, name, {
        email: i % 3 === 0 ? `user${i + 1}@example.org` : null,
        defaultType: international ? 1 : 0,
        hasClaimed: i % 4 !== 3,
      }),
    );
  }

  // The organiser's certification; one approved, one pending and one rejected request from others for the review screens.
  plan.add(s.organizations, {
    accountId: organiser,
    name: "浙江大学计算机科学与技术学院",
    type: "university",
    address: "浙江省杭州市西湖区余杭塘路866号",
    contact: `${demoAccounts.organiser.nameZh} ${demoAccounts.organiser.mobile}`,
    state: "approved",
    reviewedBy: admin,
    createdAt: new Date(now.getTime() - 400 * DAY_MS),
  });
  plan.add(s.organizations, {
    accountId: others[0],
    name: "复旦大学管理学院",
    type: "university",
    address: "上海市杨浦区国顺路670号",
    contact: otherNames[0],
    state: "approved",
    reviewedBy: admin,
  });
  plan.add(s.organizations, {
    accountId: others[1],
    name: "南方科技大学材料科学与工程系",
    type: "university",
    address: "广东省深圳市南山区学苑大道1088号",
    contact: otherNames[1],
    state: "pending",
  });
  plan.add(s.organizations, {
    accountId: others[2],
    name: "启明星数据技术有限公司",
    type: "company",
    address: "北京市海淀区中关村大街27号",
    contact: otherNames[2],
    state: "rejected",
    reason: "营业执照图片不清晰，请重新上传。",
    reviewedBy: admin,
  });

  plan.add(s.researchGroups, { ownerAccountId: organiser, nameZh: "智能计算与系统课题组", nameEn: "Intelligent Computing and Systems Group" });
  plan.add(s.researchGroups, { ownerAccountId: others[0], nameZh: "数字经济与管理创新研究组", nameEn: "Digital Economy and Management Innovation Group" });
  plan.add(s.researchGroups, { ownerAccountId: others[3], nameZh: "先进能源材料实验室", nameEn: "Advanced Energy Materials Lab" });
  plan.add(s.researchGroups, { ownerAccountId: others[4], nameZh: "城市生态与环境健康研究组", nameEn: "Urban Ecology and Environmental Health Group" });

  const message = (
    accountId: Ref,
    kind: "notice" | "message",
    hours: number,
    read: boolean,
    titleZh: string,
    titleEn: string,
    bodyZh: string,
    bodyEn: string,
  ) =>
    plan.add(s.inbox, {
      accountId,
      kind,
      titleZh,
      titleEn,
      bodyZh,
      bodyEn,
      createdAt: hoursAgo(now, hours),
      readAt: read ? hoursAgo(now, hours - 1) : null,
    });
  message(
    organiser,
    "notice",
    24 * 300,
    true,
    "机构认证已通过",
    "Organization certification approved",
    "您提交的机构认证申请已审核通过，现在可以创建并发布会议。",
    "Your organization certification has been approved. You can now create and publish conferences.",
  );
  message(
    organiser,
    "notice",
    30,
    false,
    "新的参会注册待审核",
    "New registrations awaiting review",
    "您的会议有 3 条新的注册申请等待审核，请前往会议管理处理。",
    "Three new registrations for your conference are waiting for review in conference management.",
  );
  message(
    organiser,
    "notice",
    6,
    false,
    "平台维护通知",
    "Scheduled maintenance",
    "平台将于本周六 00:00–02:00 进行例行维护，期间可能无法访问。",
    "The platform will undergo routine maintenance this Saturday from 00:00 to 02:00 and may be unavailable.",
  );
  message(
    organiser,
    "message",
    72,
    true,
    "关于分会场日程的建议",
    "About the parallel session schedule",
    "林老师您好，建议将计算机视觉分会场调整到第二天下午，以免与主旨报告冲突。",
    "Hello Dr Lin, we suggest moving the computer vision session to the afternoon of day two so it does not clash with the keynotes.",
  );
  message(
    organiser,
    "message",
    3,
    false,
    "赞助合作意向",
    "Sponsorship enquiry",
    "我们公司希望成为本次会议的金牌赞助商，请问是否还有展位？",
    "Our company would like to become a gold sponsor of the conference. Are there still booths available?",
  );
  message(
    attendee,
    "notice",
    24 * 60,
    true,
    "欢迎加入学术会议平台",
    "Welcome to the academic conference platform",
    "感谢注册！您可以浏览会议、在线报名并观看直播回放。",
    "Thanks for signing up! You can browse conferences, register online and watch live-stream replays.",
  );
  message(
    attendee,
    "notice",
    20,
    false,
    "会议即将开始",
    "Your conference starts soon",
    "您关注的会议将于下周开幕，请提前安排行程并预订酒店。",
    "A conference you follow opens next week. Please plan your trip and book your hotel in advance.",
  );
  message(
    attendee,
    "message",
    48,
    false,
    "报告邀请",
    "Invitation to present",
    "陈老师您好，诚邀您在青年学者论坛作 20 分钟报告，期待您的回复。",
    "Dear Dr Chen, we would be delighted if you could give a 20-minute talk at the Young Scholars Forum.",
  );
  message(
    attendee,
    "message",
    24 * 10,
    true,
    "发票已开具",
    "Invoice issued",
    "您申请的注册费发票已开具，电子发票已发送至您的邮箱。",
    "The invoice for your registration fee has been issued and sent to your e-mail address.",
  );

  return { admin, organiser, attendee, others, otherNames };
}

// ─── Directory: categories, majors, subjects, institutions, references ───────────────

type CategoryRef = Named & { id: Id; collegeZh: string; collegeEn: string };
type SubjectRef = Named & { id: Id };
type MajorRef = Named & { id: Id; category: CategoryRef | null; subjects: SubjectRef[] };
type InstitutionRef = Named & { id: Id; city: City; certified: boolean };
type Directory = { majors: MajorRef[]; institutions: InstitutionRef[] };

function planDirectory(plan: Plan, r: Random, now: Date): Directory {
  const majors: MajorRef[] = [];
  let majorSort = 0;
  CATEGORY_DATA.forEach((data, i) => {
    const category: CategoryRef = {
      id: plan.add(s.categories, { nameZh: data.zh, nameEn: data.en, sort: i + 1 }),
      nameZh: data.zh,
      nameEn: data.en,
      collegeZh: data.collegeZh,
      collegeEn: data.collegeEn,
    };
    for (const major of data.majors) {
      const id = plan.add(s.majors, { categoryId: category.id, nameZh: major.zh, nameEn: major.en, sort: ++majorSort });
      const subjects = major.subjects.map(([zh, en]) => ({ id: plan.add(s.subjects, { majorId: id, nameZh: zh, nameEn: en }), nameZh: zh, nameEn: en }));
      majors.push({ id, nameZh: major.zh, nameEn: major.en, category, subjects });
    }
  });
  const institutions = INSTITUTION_DATA.map(([zh, en, cityZh, certified]) => {
    const city = cityByZh.get(cityZh)!;
    return {
      id: plan.add(s.institutions, {
        nameZh: zh,
        nameEn: en,
        cityZh: city.zh,
        cityEn: city.en,
        certified,
        createdAt: new Date(now.getTime() - r.int(300, 900) * DAY_MS),
      }),
      nameZh: zh,
      nameEn: en,
      city,
      certified,
    };
  });
  return { majors, institutions };
}

/** The main venue's street address: always the same for a city. */
function venueAddress(city: City) {
  const a = city.areas[city.areas.length - 1];
  const no = city.venueNo ?? 1;
  return {
    zh: `${city.zh}市${a.districtZh}${a.roadZh}${no}号`,
    en: `${no} ${a.roadEn}, ${a.districtEn}${/District|Zone|Park|Area/.test(a.districtEn) ? "" : " District"}, ${city.en}`,
    area: a,
  };
}

function address(r: Random, city: City) {
  const a = r.pick(city.areas);
  const no = r.int(1, 1200);
  return {
    zh: `${city.zh}市${a.districtZh}${a.roadZh}${no}号`,
    en: `${no} ${a.roadEn}, ${a.districtEn}${/District|Zone|Park|Area/.test(a.districtEn) ? "" : " District"}, ${city.en}`,
    area: a,
  };
}

/** Directory entries: per subject a research centre, a key laboratory and a journal; per major a library. */
function planReferences(plan: Plan, r: Random, directory: Directory) {
  const add = (names: Named, city: City, major: MajorRef, subject: SubjectRef | null) => {
    const where = address(r, city);
    const row = { ...names, cityZh: city.zh, cityEn: city.en, addressZh: where.zh, addressEn: where.en };
    plan.add(s.references, {
      ...row,
      majorId: major.id,
      subjectId: subject?.id ?? null,
      searchText: referenceSearchText(row, major, subject),
    });
  };
  for (const major of directory.majors) {
    for (const subject of major.subjects) {
      const inst = r.pick(directory.institutions);
      add({ nameZh: `${inst.nameZh}${subject.nameZh}研究中心`, nameEn: `${subject.nameEn} Research Centre, ${inst.nameEn}` }, inst.city, major, subject);
      const city = r.pick(CITIES);
      add({ nameZh: `${city.zh}市${subject.nameZh}重点实验室`, nameEn: `${city.en} Key Laboratory of ${subject.nameEn}` }, city, major, subject);
      const journalCity = r.chance(0.5) ? cityByZh.get("北京")! : r.pick(CITIES);
      add({ nameZh: `《${subject.nameZh}学报》编辑部`, nameEn: `Editorial Office, Journal of ${subject.nameEn}` }, journalCity, major, subject);
    }
    const inst = r.pick(directory.institutions);
    add({ nameZh: `${inst.nameZh}图书馆${major.nameZh}分馆`, nameEn: `${major.nameEn} Library, ${inst.nameEn}` }, inst.city, major, null);
  }
}

// ─── Conferences ─────────────────────────────────────────────────────────────────────

type ConferenceContext = Directory & { organiser: Id | null; owners: Id[]; now: Date; today: string };

type Profile = "showcase" | "full" | "light";

type ConferenceSpec = {
  nameZh: string;
  nameEn: string;
  shortName: string;
  start: string;
  days: number;
  city: City;
  major: MajorRef;
  institution: InstitutionRef;
  owner: Id;
  isPublish: boolean;
  isImportant: boolean;
  profile: Profile;
  capacity: number | null;
  moderation: boolean;
  paymentMethods: PaymentMethod[];
  characteristic?: string[];
  admins?: Id[];
  /** Its own host name (`/` there shows the conference). */
  domain?: string;
  /** The card and page picture (a file of public/media). */
  cover?: string;
};

/** What the child planners need to know about a planned conference. */
type PlannedConference = ConferenceSpec & {
  ref: Ref;
  end: string;
  subjects: SubjectRef[];
  hostZh: string;
  hostEn: string;
  venueZh: string;
  venueEn: string;
};

const PAYMENT_SETS: PaymentMethod[][] = [
  ["transfer"],
  ["transfer", "alipay"],
  ["transfer", "alipay", "union"],
  ["transfer", "paypal"],
  ["transfer", "alipay", "union", "paypal"],
];

function conferenceName(r: Random, major: MajorRef, subjects: SubjectRef[], city: City, start: string) {
  const year = Number(start.slice(0, 4));
  const [a, b] = subjects;
  const edition = r.int(2, 16);
  const templates: Array<() => [string, string, string]> = [
    () => [`${year}年${a.nameZh}国际学术会议`, `${year} International Conference on ${a.nameEn}`, `IC${acronym(a.nameEn)} ${year}`],
    () => [`第${numeralZh(edition)}届全国${a.nameZh}学术研讨会`, `The ${ordinal(edition)} National Symposium on ${a.nameEn}`, `NS${acronym(a.nameEn)} ${year}`],
    () => [`${year}${major.nameZh}前沿论坛`, `${year} Frontiers Forum on ${major.nameEn}`, `FF${acronym(major.nameEn)} ${year}`],
    () => [`${a.nameZh}青年学者研讨会（${year}）`, `Young Scholars Workshop on ${a.nameEn} ${year}`, `YSW-${acronym(a.nameEn)} ${year}`],
    () => [
      `中国${major.nameZh}学会${year}年学术年会`,
      `${year} Annual Meeting of the Chinese Society of ${major.nameEn}`,
      `CS${acronym(major.nameEn)} ${year}`,
    ],
    () => [`${city.zh}${a.nameZh}国际研讨会`, `${city.en} International Workshop on ${a.nameEn}`, `IW${acronym(a.nameEn)} ${year}`],
    () =>
      b
        ? [`${a.nameZh}与${b.nameZh}交叉研讨会`, `Joint Workshop on ${a.nameEn} and ${b.nameEn}`, `JW${acronym(a.nameEn)}${acronym(b.nameEn)} ${year}`]
        : [`第${numeralZh(edition)}届${a.nameZh}高端论坛`, `The ${ordinal(edition)} Summit on ${a.nameEn}`, `S${acronym(a.nameEn)} ${year}`],
  ];
  return r.pick(templates)();
}

/** "北京国家会议中心", but "杭州国际博览中心" rather than "杭州杭州国际博览中心". */
const venueInCity = (c: PlannedConference) => (c.venueZh.startsWith(c.city.zh) ? c.venueZh : `${c.city.zh}${c.venueZh}`);
/** "Hosted by the College of …" but "Hosted by Peking University". */
const hostWithArticle = (hostEn: string) => (/^(College|School|Law School|Institute|Department)\b/.test(hostEn) ? `the ${hostEn}` : hostEn);

function summaryFor(c: PlannedConference) {
  const [a, b] = c.subjects;
  const topicsZh = b ? `${a.nameZh}、${b.nameZh}` : a.nameZh;
  const topicsEn = b ? `${a.nameEn}, ${b.nameEn}` : a.nameEn;
  return {
    zh: `${c.nameZh}将于${rangeZh(c.start, c.end)}在${venueInCity(c)}举行，由${c.hostZh}主办。会议围绕${topicsZh}等方向的最新进展开展交流，设主旨报告、分会场报告和墙报展示等环节，诚邀海内外专家学者和研究生投稿参会。`,
    en: `${c.nameEn} will be held at the ${c.venueEn}, ${c.city.en}, on ${rangeEn(c.start, c.end)}. Hosted by ${hostWithArticle(c.hostEn)}, the meeting brings together researchers working on ${topicsEn} and related fields, with keynote talks, parallel sessions and poster presentations. Scholars and graduate students from China and abroad are warmly invited to submit papers and attend.`,
  };
}

/** Generated demo conferences: spread over categories, cities and 18 months back to 12 months ahead. */
function demoConferenceSpecs(r: Random, ctx: ConferenceContext, count: number): ConferenceSpec[] {
  const specs: ConferenceSpec[] = [];
  const span = 548 + 365;
  for (let i = 0; i < count; i++) {
    // Cycle majors and cities so every category and at least 12 cities appear even in small sets.
    const major = ctx.majors[(i * 7) % ctx.majors.length];
    const city = CITIES[i % CITIES.length];
    let offset = -548 + Math.floor(((i + 0.5) * span) / Math.max(count, 1)) + r.int(-6, 6);
    if (i % 12 === 5) offset = -r.int(0, 1); // running now
    if (i === 0) offset = r.int(70, 120); // the organiser's upcoming draft
    const spec = baseSpec(r, ctx, major, city, addDays(ctx.today, offset), i % 2 === 0 ? "full" : "light");
    spec.owner = i === 0 || r.chance(0.65) ? (ctx.organiser ?? spec.owner) : spec.owner;
    spec.isPublish = i !== 0 && (i % 12 === 5 || r.chance(0.82));
    spec.isImportant = spec.isPublish && offset > 0 && i % 9 === 3;
    specs.push(spec);
  }
  return specs;
}

/** Benchmark conferences: mostly light, every fifth one full. */
function bulkSpec(r: Random, ctx: ConferenceContext, n: number): ConferenceSpec {
  const major = r.pick(ctx.majors);
  const city = r.pick(CITIES);
  const offset = r.int(-548, 365);
  const spec = baseSpec(r, ctx, major, city, addDays(ctx.today, offset), n % 5 === 0 ? "full" : "light");
  if (ctx.organiser && r.chance(0.3)) spec.owner = ctx.organiser;
  spec.isPublish = r.chance(0.8);
  spec.isImportant = spec.isPublish && offset > 0 && r.chance(0.03);
  return spec;
}

function baseSpec(r: Random, ctx: ConferenceContext, major: MajorRef, city: City, start: string, profile: Profile): ConferenceSpec {
  const local = ctx.institutions.filter((inst) => inst.city.zh === city.zh);
  const institution = local.length && r.chance(0.8) ? r.pick(local) : r.pick(ctx.institutions);
  const subjects = r.sample(major.subjects, 2);
  const [nameZh, nameEn, shortName] = conferenceName(r, major, subjects, city, start);
  return {
    nameZh,
    nameEn,
    shortName,
    start,
    days: r.int(1, 4),
    city,
    major,
    institution,
    owner: ctx.owners.length ? r.pick(ctx.owners) : ctx.organiser!,
    isPublish: true,
    isImportant: false,
    profile,
    capacity: r.chance(0.35) ? r.pick([150, 200, 300, 500, 800]) : null,
    moderation: r.chance(0.3),
    paymentMethods: r.pick(PAYMENT_SETS),
  };
}

/** The pictures of public/media the demo conferences take as covers, in turn. */
const DEMO_COVERS = [1, 2, 3, 4, 5, 6].map((n) => `/media/demo-photo-${n}.jpg`);

function planShowcase(plan: Plan, r: Random, ctx: ConferenceContext, people: People): PlannedConference {
  const major = ctx.majors.find((m) => m.nameEn === "Computer Science and Technology")!;
  const city = cityByZh.get("杭州")!;
  const institution = ctx.institutions.find((inst) => inst.nameEn === "Zhejiang University")!;
  const start = addDays(ctx.today, 45);
  const year = start.slice(0, 4);
  return planConference(plan, r, ctx, {
    nameZh: `${year}年智能计算与系统国际学术会议`,
    nameEn: `${year} International Conference on Intelligent Computing and Systems`,
    shortName: `ICICS ${year}`,
    start,
    days: 3,
    city,
    major,
    institution,
    owner: people.organiser,
    isPublish: true,
    isImportant: true,
    profile: "showcase",
    capacity: 800,
    moderation: true,
    paymentMethods: ["transfer", "alipay", "union", "paypal"],
    characteristic: ["EI", "Scopus"],
    admins: [people.others[0], people.others[5]],
    // *.localhost reaches this machine in browsers, so the demo shows a conference on its own host.
    domain: "icics.localhost",
    cover: DEMO_COVERS[0],
  });
}

function planConference(plan: Plan, r: Random, ctx: ConferenceContext, spec: ConferenceSpec): PlannedConference {
  const end = addDays(spec.start, spec.days - 1);
  const category = spec.major.category;
  const college = category ? { zh: category.collegeZh, en: category.collegeEn } : null;
  const showcase = spec.profile === "showcase";
  const useCollege = college && (showcase || r.chance(0.5));
  const hostZh = showcase ? "浙江大学计算机科学与技术学院" : useCollege ? `${spec.institution.nameZh}${college.zh}` : spec.institution.nameZh;
  const hostEn = showcase
    ? "College of Computer Science and Technology, Zhejiang University"
    : useCollege
      ? `${college.en}, ${spec.institution.nameEn}`
      : spec.institution.nameEn;
  const venue = venueAddress(spec.city);
  const subjects = showcase ? spec.major.subjects.slice(0, 3) : spec.major.subjects.filter((s) => spec.nameZh.includes(s.nameZh));
  const c: PlannedConference = {
    ...spec,
    ref: new Ref(),
    end,
    subjects: subjects.length ? subjects : r.sample(spec.major.subjects, 2),
    hostZh,
    hostEn,
    venueZh: spec.city.venueZh,
    venueEn: spec.city.venueEn,
  };
  const summary = summaryFor(c);
  const taxId = `121${String(r.int(100000, 999999))}${String(r.int(100000000, 999999999))}`;
  const invoiceCompany: InvoiceCompany = {
    name: spec.institution.nameZh,
    taxId,
    address: venue.zh,
    phone: `${spec.city.phone}-${r.int(8000_0000, 8999_9999)}`,
    bank: `${r.pick(BANKS)}${spec.city.zh}${venue.area.districtZh}支行`,
    account: accountNo(r),
  };
  c.ref = plan.add(s.conferences, {
    ownerAccountId: spec.owner,
    nameZh: spec.nameZh,
    nameEn: spec.nameEn,
    shortName: spec.shortName,
    startDate: spec.start,
    endDate: end,
    cityZh: spec.city.zh,
    cityEn: spec.city.en,
    addressZh: `${spec.city.venueZh}（${venue.zh}）`,
    addressEn: `${spec.city.venueEn}, ${venue.en}`,
    categoryId: category?.id ?? null,
    majorId: spec.major.id,
    institutionId: spec.institution.id,
    cover: spec.cover ?? null,
    hostZh,
    hostEn,
    summaryZh: summary.zh,
    summaryEn: summary.en,
    isPublish: spec.isPublish,
    isImportant: spec.isImportant,
    invoiceCompany,
    capacity: spec.capacity,
    moderation: spec.moderation,
    paymentMethods: spec.paymentMethods,
    characteristic: spec.characteristic ?? [],
    // The demo's published conferences text under a sender name already approved (decision 028);
    // its one own domain is approved too (decision 029).
    smsSignName: spec.isPublish ? demoSignName(spec.shortName, spec.nameZh) : null,
    smsSignState: spec.isPublish ? "approved" : null,
    domain: spec.domain ?? null,
    domainState: spec.domain ? "approved" : null,
    searchText: conferenceSearchText({ ...spec, cityZh: spec.city.zh, cityEn: spec.city.en }, spec.major, category),
    createdAt: minDate(ctx.now, new Date(at(spec.start, "09:00").getTime() - 150 * DAY_MS)),
    updatedAt: minDate(ctx.now, new Date(at(spec.start, "09:00").getTime() - 20 * DAY_MS)),
  });
  for (const admin of spec.admins ?? []) plan.add(s.conferenceAdmins, { conferenceId: c.ref, accountId: admin });
  planConferenceChildren(plan, r, ctx, c);
  return c;
}

/** A carrier-style sender name (2–12 characters, no spaces) from a conference's short name. */
const demoSignName = (shortName: string, nameZh: string) => (shortName.replace(/\s+/g, "") || nameZh).slice(0, 12);

type ModuleType = "intro" | "schedule" | "specials" | "sponsors" | "hotels" | "fees" | "links";
const MODULE_TITLES: Record<ModuleType, [string, string]> = {
  intro: ["会议简介", "About the Conference"],
  schedule: ["会议日程", "Programme"],
  specials: ["特邀嘉宾", "Invited Speakers"],
  sponsors: ["赞助与展览", "Sponsors and Exhibitors"],
  hotels: ["酒店住宿", "Accommodation"],
  fees: ["注册缴费", "Registration and Fees"],
  links: ["相关链接", "Useful Links"],
};

function planConferenceChildren(plan: Plan, r: Random, ctx: ConferenceContext, c: PlannedConference) {
  const rich = c.profile !== "light";
  const showcase = c.profile === "showcase";
  const types: ModuleType[] = rich ? ["intro", "schedule", "specials", "sponsors", "hotels", "fees", "links"] : ["intro", "schedule", "fees"];
  const moduleIds = {} as Record<ModuleType, Ref>;
  types.forEach((type, i) => {
    moduleIds[type] = plan.add(s.modules, {
      conferenceId: c.ref,
      type,
      titleZh: MODULE_TITLES[type][0],
      titleEn: MODULE_TITLES[type][1],
      sort: i + 1,
      visible: true,
      schedulePublished: type === "schedule" && (showcase || r.chance(0.85)),
    });
  });

  plan.add(s.texts, {
    conferenceId: c.ref,
    moduleId: moduleIds.intro,
    titleZh: "会议简介",
    titleEn: "About the Conference",
    contentZh: introRich(c, "zh"),
    contentEn: introRich(c, "en"),
    sort: 1,
  });
  if (rich) {
    plan.add(s.texts, {
      conferenceId: c.ref,
      moduleId: moduleIds.intro,
      titleZh: "征稿通知",
      titleEn: "Call for Papers",
      contentZh: cfpRich(c, "zh"),
      contentEn: cfpRich(c, "en"),
      sort: 2,
    });
  }
  if (showcase) {
    plan.add(s.texts, {
      conferenceId: c.ref,
      moduleId: moduleIds.fees,
      titleZh: "缴费说明",
      titleEn: "Payment Notes",
      contentZh: feeRich(c, "zh"),
      contentEn: feeRich(c, "en"),
      sort: 3,
    });
  }

  planSchedule(plan, r, ctx, c, moduleIds.schedule, rich ? (showcase ? 3 : r.int(1, 3)) : 0);
  planFees(plan, r, c, rich);
  planOrganizers(plan, r, ctx, c, rich);
  const tagPool: Array<[string, string]> = [
    ["国际会议", "International"],
    ["EI 检索", "EI indexed"],
    ["优秀论文奖", "Best paper award"],
    ["青年学者", "Young scholars"],
    ["线上直播", "Live stream"],
    ["墙报交流", "Posters"],
  ];
  for (const [name, value] of r.sample(tagPool, rich ? 3 : 1)) plan.add(s.tags, { conferenceId: c.ref, name, value });
  plan.add(s.payees, {
    conferenceId: c.ref,
    accountName: c.institution.nameZh,
    bankName: `${r.pick(BANKS)}${c.city.zh}分行`,
    accountNo: accountNo(r),
    noteZh: `汇款时请注明“${c.shortName || "会议"}注册费+参会人姓名”。`,
    noteEn: `Please quote "${c.shortName || "Registration"} fee + participant name" with the transfer.`,
  });
  if (!rich) return;

  planSpecials(plan, r, ctx, c, showcase);
  planSponsors(plan, r, ctx, c, showcase ? 3 : r.int(1, 2), showcase ? 3 : r.int(0, 2));
  planHotels(plan, r, c, showcase ? 3 : r.int(1, 2));
  plan.add(s.banners, {
    conferenceId: c.ref,
    placement: "banner",
    titleZh: c.nameZh,
    titleEn: c.nameEn,
    image: `/media/demo-banner-${r.int(1, 4)}.jpg`,
    url: null,
    sort: 1,
  });
  const links: Array<[string, string, string]> = [
    ["论文投稿系统", "Paper submission system", `https://submission.example.org/${slug(c)}`],
    ["往届会议回顾", "Previous edition", `https://conference.example.org/archive/${c.start.slice(0, 4)}`],
    ["交通指南", "Getting there", `https://map.example.org/?q=${encodeURIComponent(c.venueEn)}`],
  ];
  links.slice(0, showcase ? 3 : 2).forEach(([zh, en, url], i) => plan.add(s.links, { conferenceId: c.ref, titleZh: zh, titleEn: en, url, sort: i + 1 }));
  plan.add(s.media, {
    conferenceId: c.ref,
    kind: "image",
    titleZh: "往届会议现场",
    titleEn: "At the previous edition",
    url: `/media/demo-photo-${r.int(1, 6)}.jpg`,
    sort: 1,
  });
  plan.add(s.media, { conferenceId: c.ref, kind: "video", titleZh: "会议宣传片", titleEn: "Conference trailer", url: "/media/demo.mp4", sort: 2 });
  if (showcase) {
    plan.add(s.banners, {
      conferenceId: c.ref,
      placement: "advert",
      titleZh: "早鸟注册火热进行中",
      titleEn: "Early-bird registration is open",
      image: "/media/demo-advert-1.jpg",
      url: null,
      sort: 2,
    });
    plan.add(s.media, {
      conferenceId: c.ref,
      kind: "press",
      titleZh: "浙江大学新闻网：智能计算与系统国际会议即将召开",
      titleEn: "Zhejiang University News: ICICS opens soon",
      url: "https://news.example.org/icics",
      sort: 3,
    });
  }
}

const slug = (c: PlannedConference) => (c.shortName || acronym(c.nameEn)).toLowerCase().replace(/[^a-z0-9]+/g, "-");

function accountNo(r: Random) {
  return `${r.int(6000, 6299)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(100, 999)}`;
}

type Person = { nameZh: string; nameEn: string; affZh: string; affEn: string; titleZh: string; titleEn: string; international: boolean };

function person(r: Random, ctx: ConferenceContext, internationalChance = 0.15): Person {
  const [titleZh, titleEn] = r.pick(ACADEMIC_TITLES);
  if (r.chance(internationalChance)) {
    const [nameZh, nameEn, affZh, affEn] = r.pick(INTERNATIONAL_SCHOLARS);
    return { nameZh, nameEn, affZh, affEn, titleZh, titleEn, international: true };
  }
  const [surZh, surEn] = r.pick(SURNAMES);
  const [givenZh, givenEn] = r.pick(GIVEN_NAMES);
  const inst = r.pick(ctx.institutions);
  return { nameZh: surZh + givenZh, nameEn: `${givenEn} ${surEn}`, affZh: inst.nameZh, affEn: inst.nameEn, titleZh, titleEn, international: false };
}
const speaker = (p: Person) => (p.international ? { name: p.nameEn, affiliation: p.affEn } : { name: p.nameZh, affiliation: p.affZh });

function planSchedule(plan: Plan, r: Random, ctx: ConferenceContext, c: PlannedConference, moduleId: Ref, branchCount: number) {
  const topics = (subject: SubjectRef) => {
    const [zh, en] = r.pick(KEYNOTE_TOPICS);
    return { zh: zh(subject.nameZh), en: en(subject.nameEn) };
  };
  let sort = 0;
  const item = (
    day: string,
    from: string,
    to: string,
    titleZh: string,
    titleEn: string,
    speakers: Person[],
    room: string,
    branchId: Ref | null = null,
    forumId: Ref | null = null,
  ) =>
    plan.add(s.schedules, {
      conferenceId: c.ref,
      moduleId,
      branchId,
      forumId,
      startsAt: at(day, from),
      endsAt: at(day, to),
      titleZh,
      titleEn,
      speakers: speakers.map(speaker),
      room,
      sort: ++sort,
    });
  const mainRoom = "一号厅 Hall 1";
  const rich = branchCount > 0;
  const mainForum = rich ? plan.add(s.forums, { conferenceId: c.ref, branchId: null, nameZh: "圆桌论坛", nameEn: "Round-table Forum", sort: 1 }) : null;
  const last = c.days - 1;
  for (let d = 0; d < c.days; d++) {
    const day = addDays(c.start, d);
    if (d === 0) item(day, "08:30", "09:00", "开幕式", "Opening Ceremony", [person(r, ctx, 0)], mainRoom);
    const keynotes = rich ? (d === 0 ? 3 : 2) : d === 0 ? 1 : 0;
    const slots = [
      ["09:00", "09:50"],
      ["10:10", "11:00"],
      ["11:00", "11:50"],
    ];
    for (let k = 0; k < keynotes; k++) {
      const t = topics(r.pick(c.subjects));
      item(day, slots[k][0], slots[k][1], `主旨报告：${t.zh}`, `Keynote: ${t.en}`, [person(r, ctx, 0.3)], mainRoom);
    }
    if (rich && d === 0) item(day, "12:00", "13:30", "午餐", "Lunch", [], "自助餐厅 Restaurant");
    if (d === last) {
      if (mainForum) {
        const t = topics(r.pick(c.subjects));
        item(day, "17:00", "17:45", `圆桌讨论：${t.zh}`, `Panel: ${t.en}`, [person(r, ctx), person(r, ctx), person(r, ctx)], mainRoom, null, mainForum);
      }
      item(day, "17:45", "18:15", "闭幕式暨优秀论文颁奖", "Closing Ceremony and Best Paper Awards", [person(r, ctx, 0)], mainRoom);
    }
  }
  const letters = ["A", "B", "C"];
  const branchSubjects = r.sample(c.major.subjects, branchCount);
  for (let b = 0; b < branchSubjects.length; b++) {
    const subject = branchSubjects[b];
    const branchId = plan.add(s.branches, {
      conferenceId: c.ref,
      nameZh: `分会场${letters[b]}：${subject.nameZh}`,
      nameEn: `Session ${letters[b]}: ${subject.nameEn}`,
      sort: b + 1,
    });
    const forumId = plan.add(s.forums, {
      conferenceId: c.ref,
      branchId,
      nameZh: `${subject.nameZh}青年学者论坛`,
      nameEn: `Young Scholars Forum on ${subject.nameEn}`,
      sort: b + 2,
    });
    const room = `${letters[b]}${r.int(1, 3)}0${r.int(1, 9)}`;
    for (let d = 0; d < c.days; d++) {
      const day = addDays(c.start, d);
      const t1 = topics(subject);
      const t2 = topics(subject);
      item(
        day,
        "13:30",
        "15:00",
        `专题报告 ${d * 2 + 1}：${t1.zh}`,
        `Session ${d * 2 + 1}: ${t1.en}`,
        [person(r, ctx), person(r, ctx), person(r, ctx)],
        room,
        branchId,
      );
      item(
        day,
        "15:20",
        "16:50",
        `青年学者报告 ${d * 2 + 2}：${t2.zh}`,
        `Young scholars ${d * 2 + 2}: ${t2.en}`,
        [person(r, ctx, 0.05), person(r, ctx, 0.05)],
        room,
        branchId,
        forumId,
      );
    }
  }
}

function planSpecials(plan: Plan, r: Random, ctx: ConferenceContext, c: PlannedConference, showcase: boolean) {
  const guests = plan.add(s.specials, { conferenceId: c.ref, type: 0, titleZh: "特邀报告嘉宾", titleEn: "Invited Speakers", sort: 1 });
  let sort = 0;
  const used = new Set<string>();
  const fresh = (internationalChance: number) => {
    let candidate = person(r, ctx, internationalChance);
    for (let tries = 0; used.has(candidate.nameZh) && tries < 20; tries++) candidate = person(r, ctx, internationalChance);
    used.add(candidate.nameZh);
    return candidate;
  };
  const guestItem = (p: Person, role: "guest" | "chairman", roleZh = "", roleEn = "") =>
    plan.add(s.specialItems, {
      specialId: guests,
      role,
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      titleZh: roleZh ? `${roleZh}，${p.affZh}${p.titleZh}` : `${p.affZh}${p.titleZh}`,
      titleEn: roleEn ? `${roleEn}; ${p.titleEn}, ${p.affEn}` : `${p.titleEn}, ${p.affEn}`,
      photo: null,
      sort: ++sort,
    });
  if (showcase) used.add("黄慧敏").add("玛丽亚·罗西");
  guestItem(fresh(0), "chairman", "大会主席", "General Chair");
  guestItem(fresh(0.2), "chairman", "程序委员会主席", "Programme Chair");
  if (showcase) {
    guestItem(
      {
        nameZh: "黄慧敏",
        nameEn: "Huimin Huang",
        affZh: "中国科学院计算技术研究所",
        affEn: "Institute of Computing Technology, Chinese Academy of Sciences",
        titleZh: "院士",
        titleEn: "Academician",
        international: false,
      },
      "guest",
    );
    guestItem(
      {
        nameZh: "玛丽亚·罗西",
        nameEn: "Maria Rossi",
        affZh: "博洛尼亚大学",
        affEn: "University of Bologna",
        titleZh: "教授",
        titleEn: "Professor",
        international: true,
      },
      "guest",
    );
  }
  for (let i = 0; i < (showcase ? 4 : r.int(2, 3)); i++) guestItem(fresh(0.25), "guest");

  const committee = plan.add(s.specials, { conferenceId: c.ref, type: 1, titleZh: "程序委员会", titleEn: "Programme Committee", sort: 2 });
  for (let i = 0; i < (showcase ? 8 : 4); i++) {
    const p = fresh(0.2);
    plan.add(s.specialItems, {
      specialId: committee,
      role: "item",
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      titleZh: p.affZh,
      titleEn: p.affEn,
      photo: null,
      sort: i + 1,
    });
  }
}

function planOrganizers(plan: Plan, r: Random, ctx: ConferenceContext, c: PlannedConference, rich: boolean) {
  let sort = 0;
  const add = (role: "host" | "organizer" | "co-organizer" | "supporter", nameZh: string, nameEn: string) =>
    plan.add(s.organizers, { conferenceId: c.ref, role, nameZh, nameEn, logo: null, sort: ++sort });
  add("host", c.institution.nameZh, c.institution.nameEn);
  add("organizer", c.hostZh, c.hostEn);
  if (!rich) return;
  const co = r.sample(
    ctx.institutions.filter((inst) => inst !== c.institution),
    c.profile === "showcase" ? 2 : 1,
  );
  for (const inst of co) add("co-organizer", inst.nameZh, inst.nameEn);
  add("co-organizer", `中国${c.major.nameZh}学会`, `Chinese Society of ${c.major.nameEn}`);
  if (r.chance(0.5) || c.profile === "showcase") add("supporter", "国家自然科学基金委员会", "National Natural Science Foundation of China");
}

function planSponsors(plan: Plan, r: Random, ctx: ConferenceContext, c: PlannedConference, sponsorCount: number, exhibitorCount: number) {
  const companies = r.sample(COMPANIES, sponsorCount + exhibitorCount);
  const levels = ["diamond", "gold", "silver"];
  companies.forEach(([company, slug], i) => {
    const exhibitor = i >= sponsorCount;
    const contact = person(r, ctx, 0);
    plan.add(s.sponsors, {
      conferenceId: c.ref,
      accountId: null,
      kind: exhibitor ? "exhibitor" : "sponsor",
      company,
      contact: contact.nameZh,
      phone: `1${r.pick(["35", "37", "38", "58", "86"])}${r.int(1000_0000, 9999_9999)}`,
      email: `contact${r.int(10, 99)}@${slug}.example.com`,
      level: exhibitor ? "" : levels[Math.min(i, levels.length - 1)],
      booth: exhibitor ? `${String.fromCharCode(65 + (i % 3))}${String(i + 1).padStart(2, "0")}` : "",
      logo: null,
      website: `https://www.${slug}.example.com`,
      materials: [],
      state: "approved",
      remarks: [],
      sort: i + 1,
    });
  });
}

function planHotels(plan: Plan, r: Random, c: PlannedConference, count: number) {
  const a = r.pick(c.city.areas);
  const local = c.institution.city.zh === c.city.zh;
  const templates: Array<{ zh: string; en: string; stars: number; base: number }> = [
    { zh: `${c.city.zh}国际大酒店`, en: `${c.city.en} International Hotel`, stars: 5, base: 68000 },
    local
      ? { zh: `${c.institution.nameZh}学术交流中心`, en: `${c.institution.nameEn} Academic Exchange Center`, stars: 4, base: 42000 }
      : { zh: `${c.city.zh}会展中心酒店`, en: `${c.city.en} Convention Center Hotel`, stars: 4, base: 48000 },
    { zh: `${c.city.zh}${a.districtZh}商务酒店`, en: `${a.districtEn} Business Hotel, ${c.city.en}`, stars: 3, base: 32000 },
  ];
  templates.slice(0, count).forEach((t, i) => {
    const where = address(r, c.city);
    const km = r.int(1, 12) / 2;
    const hotel = plan.add(s.hotels, {
      conferenceId: c.ref,
      nameZh: t.zh,
      nameEn: t.en,
      addressZh: where.zh,
      addressEn: where.en,
      phone: `${c.city.phone}-${r.int(8000_0000, 8999_9999)}`,
      stars: t.stars,
      distanceZh: km <= 1 ? "距会场步行约10分钟" : `距会场约${km}公里，会议期间提供班车`,
      distanceEn: km <= 1 ? "About a 10-minute walk to the venue" : `About ${km} km from the venue; shuttle buses during the conference`,
      qrCode: `https://hotel.example.com/book/${slug(c)}-${i + 1}-${r.int(1000, 9999)}`,
      sort: i + 1,
    });
    const rooms: Array<[string, string, number]> = [
      ["标准间（双床）", "Standard Twin Room", 1],
      ["大床房", "Deluxe King Room", 1.15],
      ["行政套房", "Executive Suite", 2.2],
    ];
    rooms.slice(0, t.stars >= 4 ? 3 : 2).forEach(([typeZh, typeEn, factor], j) => {
      plan.add(s.hotelRooms, {
        hotelId: hotel,
        typeZh,
        typeEn,
        priceFen: Math.round((t.base * factor) / 1000) * 1000,
        inventory: j === 2 ? r.int(3, 8) : r.int(15, 60),
        startDate: addDays(c.start, -1),
        endDate: addDays(c.end, 1),
        showState: j !== 2 || r.chance(0.7),
      });
    });
  });
}

function planFees(plan: Plan, r: Random, c: PlannedConference, rich: boolean) {
  const identityData: Array<[string, string, number]> = [
    ["学生", "Student", r.pick([80000, 100000, 120000, 150000])],
    ["普通参会者", "Regular participant", r.pick([200000, 250000, 280000, 320000])],
    ["学会会员", "Society member", 0],
    ["陪同人员", "Accompanying person", r.pick([60000, 80000, 100000])],
  ];
  identityData[2][2] = Math.round((identityData[1][2] * 0.85) / 10000) * 10000;
  const chosen = rich ? identityData.slice(0, c.profile === "showcase" ? 4 : 3) : identityData.slice(0, 2);
  const identities = chosen.map(([zh, en, price], i) => ({ id: plan.add(s.identities, { conferenceId: c.ref, nameZh: zh, nameEn: en, sort: i + 1 }), price }));
  const earlyEnds = addDays(c.start, -31);
  const strategies = [
    {
      id: plan.add(s.strategies, {
        conferenceId: c.ref,
        nameZh: "早鸟",
        nameEn: "Early bird",
        startsAt: at(addDays(c.start, -120), "00:00"),
        endsAt: at(earlyEnds, "23:59"),
        sort: 1,
      }),
      factor: 0.8,
    },
    {
      id: plan.add(s.strategies, {
        conferenceId: c.ref,
        nameZh: "常规",
        nameEn: "Regular",
        startsAt: at(addDays(c.start, -30), "00:00"),
        endsAt: at(c.end, "23:59"),
        sort: 2,
      }),
      factor: 1,
    },
  ];
  for (const identity of identities) {
    for (const strategy of strategies) {
      plan.add(s.fees, {
        conferenceId: c.ref,
        identityId: identity.id,
        strategyId: strategy.id,
        priceFen: Math.round((identity.price * strategy.factor) / 10000) * 10000,
        unit: "0",
      });
    }
  }
  if (!rich) return;
  const levels: Array<[string, string]> = [
    ["普通", "Standard"],
    ["VIP", "VIP"],
    ["特邀嘉宾", "Invited guest"],
  ];
  levels.forEach(([zh, en], i) => plan.add(s.vipLevels, { conferenceId: c.ref, nameZh: zh, nameEn: en, sort: i + 1 }));
  plan.add(s.coupons, {
    conferenceId: c.ref,
    code: "WELCOME200",
    kind: "amount",
    value: 20000,
    useLimit: 100,
    used: 0,
    startsAt: at(addDays(c.start, -120), "00:00"),
    endsAt: at(c.start, "00:00"),
  });
  if (c.profile === "showcase" || r.chance(0.5)) {
    plan.add(s.coupons, {
      conferenceId: c.ref,
      code: "STUDENT10",
      kind: "percent",
      value: 10,
      useLimit: null,
      used: 0,
      startsAt: null,
      endsAt: at(c.end, "23:59"),
    });
  }
  registrationFormFields(c.profile === "showcase").forEach((field, i) => plan.add(s.registrationFields, { conferenceId: c.ref, field, sort: i + 1 }));
}

function registrationFormFields(showcase: boolean): FormField[] {
  const fields: FormField[] = [
    { key: "department", type: "text", labelZh: "院系/部门", labelEn: "Department", required: true },
    {
      key: "position",
      type: "radio",
      labelZh: "职称",
      labelEn: "Position",
      required: true,
      options: [
        { value: "professor", labelZh: "教授/研究员", labelEn: "Professor" },
        { value: "associate", labelZh: "副教授/副研究员", labelEn: "Associate professor" },
        { value: "lecturer", labelZh: "讲师/助理研究员", labelEn: "Lecturer" },
        { value: "student", labelZh: "研究生", labelEn: "Graduate student" },
        { value: "other", labelZh: "其他", labelEn: "Other" },
      ],
    },
    {
      key: "presenting",
      type: "radio",
      labelZh: "是否作报告",
      labelEn: "Will you give a talk?",
      required: true,
      options: [
        { value: "yes", labelZh: "是", labelEn: "Yes" },
        { value: "no", labelZh: "否", labelEn: "No" },
      ],
    },
    {
      key: "talkTitle",
      type: "text",
      labelZh: "报告题目",
      labelEn: "Talk title",
      helpZh: "请填写拟报告的题目",
      helpEn: "The title of your planned talk",
      required: true,
      showWhen: { field: "presenting", value: "yes" },
    },
    {
      key: "dietary",
      type: "checkbox",
      labelZh: "饮食需求",
      labelEn: "Dietary requirements",
      required: false,
      options: [
        { value: "vegetarian", labelZh: "素食", labelEn: "Vegetarian" },
        { value: "halal", labelZh: "清真", labelEn: "Halal" },
        { value: "gluten-free", labelZh: "无麸质", labelEn: "Gluten-free" },
      ],
    },
  ];
  return showcase ? fields : fields.slice(0, 4);
}

// ─── Rich text ───────────────────────────────────────────────────────────────────────

type Lang = "zh" | "en";
const h = (text: string, level = 2) => ({ insert: `${text}\n`, attributes: { header: level } });
const p = (text: string) => ({ insert: `${text}\n` });
const b = (text: string) => ({ insert: text, attributes: { bold: true } });
const li = (text: string) => ({ insert: `${text}\n`, attributes: { list: "bullet" } });

function introRich(c: PlannedConference, lang: Lang): RichText {
  const subjects = c.major.subjects;
  if (lang === "zh") {
    return [
      h("会议简介"),
      b(c.nameZh),
      p(
        `${c.shortName ? `（${c.shortName}）` : ""}将于${rangeZh(c.start, c.end)}在${venueInCity(c)}召开。会议由${c.hostZh}主办，旨在为${c.major.nameZh}领域的研究人员搭建交流最新成果、探讨发展趋势的平台，促进学术界与产业界的深度合作。`,
      ),
      h("会议主题", 3),
      ...subjects.map((subject) => li(subject.nameZh)),
      li(`${c.major.nameZh}的交叉与应用研究`),
      h("重要日期", 3),
      { insert: "摘要提交截止：" },
      b(dateZh(addDays(c.start, -60))),
      p(""),
      { insert: "录用通知：" },
      b(dateZh(addDays(c.start, -40))),
      p(""),
      { insert: "早鸟注册截止：" },
      b(dateZh(addDays(c.start, -31))),
      p(""),
    ];
  }
  return [
    h("About the Conference"),
    b(c.nameEn),
    p(
      `${c.shortName ? ` (${c.shortName})` : ""} will take place at the ${c.venueEn}, ${c.city.en}, on ${rangeEn(c.start, c.end)}. Hosted by ${hostWithArticle(c.hostEn)}, it offers researchers in ${c.major.nameEn.toLowerCase()} a forum to share new results, discuss emerging directions and strengthen collaboration between academia and industry.`,
    ),
    h("Topics", 3),
    ...subjects.map((subject) => li(subject.nameEn)),
    li(`Interdisciplinary research and applications in ${c.major.nameEn}`),
    h("Important Dates", 3),
    { insert: "Abstract submission deadline: " },
    b(dateEn(addDays(c.start, -60))),
    p(""),
    { insert: "Notification of acceptance: " },
    b(dateEn(addDays(c.start, -40))),
    p(""),
    { insert: "Early-bird registration ends: " },
    b(dateEn(addDays(c.start, -31))),
    p(""),
  ];
}

function cfpRich(c: PlannedConference, lang: Lang): RichText {
  if (lang === "zh") {
    return [
      h("征稿通知"),
      p(`会议面向海内外公开征集${c.major.nameZh}及相关领域的原创研究论文。录用论文将收录于会议论文集，优秀论文将推荐至合作期刊。`),
      h("投稿要求", 3),
      li("论文须为未在其他会议或期刊公开发表的原创成果"),
      li("中英文稿件均可，全文一般不超过 8 页"),
      li("请通过会议投稿系统提交 PDF 格式全文"),
      { insert: "注意：", attributes: { bold: true } },
      p("每篇录用论文至少需有一位作者注册参会并作报告。"),
    ];
  }
  return [
    h("Call for Papers"),
    p(
      `We invite original research papers in ${c.major.nameEn.toLowerCase()} and related fields. Accepted papers will appear in the conference proceedings, and outstanding papers will be recommended to partner journals.`,
    ),
    h("Submission Guidelines", 3),
    li("Papers must be original work not published or under review elsewhere"),
    li("Papers may be written in Chinese or English and should not exceed 8 pages"),
    li("Please submit the full paper as a PDF through the submission system"),
    { insert: "Note: ", attributes: { bold: true } },
    p("At least one author of each accepted paper must register and present the paper."),
  ];
}

function feeRich(c: PlannedConference, lang: Lang): RichText {
  if (lang === "zh") {
    return [
      h("缴费说明"),
      p("注册费包含会议资料、茶歇、会议期间午餐和晚宴，不含住宿。"),
      { insert: "早鸟优惠截止日期：" },
      b(dateZh(addDays(c.start, -31))),
      p(""),
      li("银行转账：请在汇款附言中注明参会人姓名和单位，并上传转账凭证"),
      li("支付宝、银联与 PayPal：提交报名后可直接在线支付"),
      p("如需开具发票，请在缴费后于个人中心提交开票信息，发票将在会后 15 个工作日内开具。"),
    ];
  }
  return [
    h("Payment Notes"),
    p("The registration fee covers conference materials, coffee breaks, lunches and the banquet; accommodation is not included."),
    { insert: "Early-bird rates end on " },
    b(dateEn(addDays(c.start, -31))),
    p("."),
    li("Bank transfer: quote the participant's name and institution, then upload the transfer receipt"),
    li("Alipay, UnionPay and PayPal: pay online right after submitting your registration"),
    p("If you need an invoice, submit the invoice details in your account after paying; invoices are issued within 15 working days after the conference."),
  ];
}

// ─── Portal rows and replays ─────────────────────────────────────────────────────────

function planPortal(plan: Plan, confs: PlannedConference[]) {
  const featured = confs.filter((c) => c.isPublish && c.isImportant).slice(0, 3);
  featured.forEach((c, i) =>
    plan.add(s.banners, {
      conferenceId: null,
      placement: "banner",
      titleZh: c.nameZh,
      titleEn: c.nameEn,
      image: `/media/demo-banner-${i + 1}.jpg`,
      url: i === 0 ? "/1" : null,
      sort: i + 1,
    }),
  );
  plan.add(s.banners, {
    conferenceId: null,
    placement: "banner",
    titleZh: "学术直播回放上线",
    titleEn: "Watch live-stream replays",
    image: "/media/demo-banner-4.jpg",
    url: "/liveStreaming",
    sort: 9,
  });
  plan.add(s.banners, {
    conferenceId: null,
    placement: "advert",
    titleZh: "机构认证：发布会议的第一步",
    titleEn: "Get certified to publish conferences",
    image: "/media/demo-advert-1.jpg",
    url: "/organization",
    sort: 1,
  });
  plan.add(s.banners, {
    conferenceId: null,
    placement: "advert",
    titleZh: "参考文献与机构名录",
    titleEn: "Browse the reference directory",
    image: "/media/demo-advert-2.jpg",
    url: "/search/reference",
    sort: 2,
  });
  const links: Array<[string, string, string]> = [
    ["国家自然科学基金委员会", "National Natural Science Foundation of China", "https://www.nsfc.gov.cn"],
    ["中国科学技术协会", "China Association for Science and Technology", "https://www.cast.org.cn"],
    ["中国知网", "CNKI", "https://www.cnki.net"],
    ["万方数据", "Wanfang Data", "https://www.wanfangdata.com.cn"],
    ["IEEE", "IEEE", "https://www.ieee.org"],
    ["Springer Nature", "Springer Nature", "https://www.springernature.com"],
  ];
  links.forEach(([zh, en, url], i) => plan.add(s.links, { conferenceId: null, titleZh: zh, titleEn: en, url, sort: i + 1 }));
}

/** Every third demo replay also has an HLS rendition (public/media/demo-hls), for the hls.js path. */
const DEMO_HLS = "/media/demo-hls/index.m3u8";

function planReplays(plan: Plan, r: Random, ctx: ConferenceContext, confs: PlannedConference[]) {
  const past = confs.filter((c) => c.isPublish && c.end < ctx.today);
  let made = 0;
  for (const c of past.slice(0, 20)) {
    const subject = r.pick(c.subjects);
    const [zh, en] = r.pick(KEYNOTE_TOPICS);
    const speakerP = person(r, ctx, 0.2);
    plan.add(s.replays, {
      conferenceId: c.ref,
      titleZh: `${c.shortName || c.nameZh} 主旨报告：${zh(subject.nameZh)}`,
      titleEn: `${c.shortName || c.nameEn} keynote: ${en(subject.nameEn)}`,
      descriptionZh: `${speakerP.affZh}${speakerP.nameZh}${speakerP.titleZh}在${c.nameZh}上的主旨报告完整回放。`,
      descriptionEn: `Full recording of the keynote by ${speakerP.titleEn} ${speakerP.nameEn} (${speakerP.affEn}) at ${c.nameEn}.`,
      cover: null,
      mp4Url: "/media/demo.mp4",
      hlsUrl: made % 3 === 0 ? DEMO_HLS : null,
      durationSeconds: r.int(35, 75) * 60 + r.int(0, 59),
      isPublish: made % 11 !== 7,
      recordedAt: at(c.start, r.pick(["09:00", "10:10", "14:00"])),
    });
    made++;
  }
  const lectures: Array<[string, string]> = [
    ["学术讲座", "Lecture"],
    ["前沿讲堂", "Frontier talk"],
    ["方法论工作坊", "Methods workshop"],
    ["青年学者沙龙", "Young scholars salon"],
  ];
  for (let i = 0; made < 34; i++, made++) {
    const major = ctx.majors[(i * 5) % ctx.majors.length];
    const subject = r.pick(major.subjects);
    const [kindZh, kindEn] = lectures[i % lectures.length];
    const [zh, en] = r.pick(KEYNOTE_TOPICS);
    const speakerP = person(r, ctx, 0.2);
    plan.add(s.replays, {
      conferenceId: null,
      titleZh: `${kindZh}｜${zh(subject.nameZh)}`,
      titleEn: `${kindEn} | ${en(subject.nameEn)}`,
      descriptionZh: `${speakerP.affZh}${speakerP.nameZh}${speakerP.titleZh}主讲，介绍${subject.nameZh}方向的研究现状、关键方法与未来趋势，适合研究生和青年教师观看。`,
      descriptionEn: `${speakerP.titleEn} ${speakerP.nameEn} of ${speakerP.affEn} reviews the state of the art, key methods and future directions in ${subject.nameEn.toLowerCase()}. Suitable for graduate students and early-career researchers.`,
      cover: null,
      mp4Url: "/media/demo.mp4",
      hlsUrl: made % 3 === 0 ? DEMO_HLS : null,
      durationSeconds: r.int(25, 110) * 60 + r.int(0, 59),
      isPublish: true,
      recordedAt: new Date(ctx.now.getTime() - (i * 9 + r.int(1, 8)) * DAY_MS - r.int(1, 10) * 3_600_000),
    });
  }
}

// ─── Context for appended conferences ────────────────────────────────────────────────

async function loadContext(db: Db, now: Date): Promise<ConferenceContext> {
  const [categoryRows, majorRows, subjectRows, institutionRows, organiserRows, ownerRows] = await Promise.all([
    db.select().from(s.categories),
    db.select().from(s.majors),
    db.select({ id: s.subjects.id, majorId: s.subjects.majorId, nameZh: s.subjects.nameZh, nameEn: s.subjects.nameEn }).from(s.subjects),
    db
      .select({
        id: s.institutions.id,
        nameZh: s.institutions.nameZh,
        nameEn: s.institutions.nameEn,
        cityZh: s.institutions.cityZh,
        cityEn: s.institutions.cityEn,
        certified: s.institutions.certified,
      })
      .from(s.institutions),
    db
      .select({ id: s.accounts.id })
      .from(s.accounts)
      .where(sql`${s.accounts.mobile} = ${demoAccounts.organiser.mobile}`),
    db
      .select({ id: s.accounts.id })
      .from(s.accounts)
      .where(sql`not ${s.accounts.isPlatformAdmin} and ${s.accounts.mobile} <> ${demoAccounts.attendee.mobile}`)
      .orderBy(s.accounts.id)
      .limit(40),
  ]);
  if (!majorRows.length || !institutionRows.length || !ownerRows.length) {
    throw new Error("addConferences needs majors, institutions and accounts: seed the demo set first (seedDemo).");
  }
  const categories = new Map(
    categoryRows.map((row) => {
      const college = collegeByCategory.get(row.nameZh) ?? { zh: "学院", en: "School" };
      return [row.id, { id: row.id, nameZh: row.nameZh, nameEn: row.nameEn, collegeZh: college.zh, collegeEn: college.en }];
    }),
  );
  const majors: MajorRef[] = majorRows.map((row) => {
    const subjects = subjectRows.filter((sub) => sub.majorId === row.id).map((sub) => ({ id: sub.id, nameZh: sub.nameZh, nameEn: sub.nameEn }));
    return {
      id: row.id,
      nameZh: row.nameZh,
      nameEn: row.nameEn,
      category: row.categoryId ? (categories.get(row.categoryId) ?? null) : null,
      // A major without subjects still needs topics for names and sessions.
      subjects: subjects.length ? subjects : [{ id: 0, nameZh: row.nameZh, nameEn: row.nameEn }],
    };
  });
  const institutions: InstitutionRef[] = institutionRows.map((row) => ({
    id: row.id,
    nameZh: row.nameZh,
    nameEn: row.nameEn || row.nameZh,
    certified: row.certified,
    city: cityByZh.get(row.cityZh) ?? {
      ...CITIES[0],
      zh: row.cityZh || CITIES[0].zh,
      en: row.cityEn || CITIES[0].en,
      venueZh: `${row.cityZh}国际会议中心`,
      venueEn: `${row.cityEn} International Conference Center`,
    },
  }));
  return {
    majors,
    institutions,
    organiser: organiserRows[0]?.id ?? null,
    owners: ownerRows.map((row) => row.id),
    now,
    today: chinaDay(now),
  };
}

// ─── Form templates ──────────────────────────────────────────────────────────────────

const choice = (pairs: Array<[string, string, string]>) => pairs.map(([value, labelZh, labelEn]) => ({ value, labelZh, labelEn }));

// The fields the demo's forms and templates share.
const name: FormField = { key: "name", type: "text", labelZh: "姓名", labelEn: "Name", required: true };
const phone: FormField = { key: "phone", type: "phone", labelZh: "手机号", labelEn: "Mobile", required: true };
const email: FormField = { key: "email", type: "email", labelZh: "电子邮箱", labelEn: "E-mail", required: false };
const school: FormField = { key: "school", type: "text", labelZh: "学校/单位", labelEn: "School or employer", required: true };

/** The templates everyone may start a standalone form from: forms owned by the administrator, marked as templates. */
function planFormTemplates(plan: Plan, admin: Ref) {
  const template = (titleZh: string, titleEn: string, descriptionZh: string, descriptionEn: string, fields: FormField[]) =>
    plan.add(s.forms, { ownerAccountId: admin, titleZh, titleEn, descriptionZh, descriptionEn, fields, isTemplate: true, isPublic: false });
  template(
    "志愿者报名",
    "Volunteer sign-up",
    "欢迎报名成为会议志愿者，我们会在会前与您联系。",
    "Sign up to volunteer at the conference; we will contact you before it starts.",
    [
      name,
      phone,
      email,
      school,
      {
        key: "days",
        type: "checkbox",
        labelZh: "可服务日期",
        labelEn: "Days you can help",
        required: true,
        options: choice([
          ["day1", "第一天", "Day 1"],
          ["day2", "第二天", "Day 2"],
          ["day3", "第三天", "Day 3"],
        ]),
      },
      {
        key: "role",
        type: "radio",
        labelZh: "希望的岗位",
        labelEn: "Preferred role",
        required: true,
        options: choice([
          ["registration", "签到注册", "Registration desk"],
          ["guide", "会场引导", "Guiding"],
          ["tech", "技术支持", "Technical support"],
        ]),
      },
      {
        key: "experience",
        type: "radio",
        labelZh: "是否有志愿服务经历",
        labelEn: "Have you volunteered before?",
        required: true,
        options: choice([
          ["yes", "是", "Yes"],
          ["no", "否", "No"],
        ]),
      },
      {
        key: "experience_detail",
        type: "textarea",
        labelZh: "请简述经历",
        labelEn: "Tell us about it",
        required: false,
        showWhen: { field: "experience", value: "yes" },
      },
    ],
  );
  template(
    "会议满意度调查",
    "Satisfaction survey",
    "感谢参会！请花两分钟告诉我们您的感受。",
    "Thank you for attending! Please take two minutes to tell us what you thought.",
    [
      {
        key: "overall",
        type: "radio",
        labelZh: "总体满意度",
        labelEn: "Overall satisfaction",
        required: true,
        options: choice([
          ["5", "非常满意", "Very satisfied"],
          ["4", "满意", "Satisfied"],
          ["3", "一般", "Neutral"],
          ["2", "不满意", "Dissatisfied"],
        ]),
      },
      {
        key: "best",
        type: "checkbox",
        labelZh: "最有收获的环节",
        labelEn: "The most useful parts",
        required: false,
        options: choice([
          ["keynotes", "主旨报告", "Keynotes"],
          ["sessions", "分会场", "Parallel sessions"],
          ["posters", "墙报", "Posters"],
          ["networking", "交流活动", "Networking"],
        ]),
      },
      { key: "improve", type: "textarea", labelZh: "改进建议", labelEn: "What could be better?", required: false, showWhen: { field: "overall", value: "2" } },
      {
        key: "again",
        type: "radio",
        labelZh: "是否愿意再次参加",
        labelEn: "Would you come again?",
        required: true,
        options: choice([
          ["yes", "愿意", "Yes"],
          ["no", "不愿意", "No"],
        ]),
      },
    ],
  );
  template("工作坊报名", "Workshop sign-up", "名额有限，报满即止。", "Places are limited; sign-up closes when the workshop is full.", [
    name,
    phone,
    email,
    {
      key: "level",
      type: "radio",
      labelZh: "相关经验",
      labelEn: "Experience",
      required: true,
      options: choice([
        ["beginner", "入门", "Beginner"],
        ["intermediate", "中级", "Intermediate"],
        ["advanced", "高级", "Advanced"],
      ]),
    },
    {
      key: "laptop",
      type: "radio",
      labelZh: "是否自带电脑",
      labelEn: "Will you bring a laptop?",
      required: true,
      options: choice([
        ["yes", "是", "Yes"],
        ["no", "否", "No"],
      ]),
    },
    { key: "os", type: "text", labelZh: "电脑操作系统", labelEn: "Laptop operating system", required: false, showWhen: { field: "laptop", value: "yes" } },
    { key: "arrival", type: "date", labelZh: "预计到达日期", labelEn: "Expected arrival", required: false },
  ]);
}

/**
 * Forms anyone can find at /search/form and fill in at /form/detail, owned by the demo organiser:
 * the showcase conference's volunteer call (open for a month), a survey with no deadline, and a
 * sign-up whose deadline has passed.
 */
function planPublicForms(plan: Plan, organiser: Ref, showcase: PlannedConference, now: Date) {
  const form = (values: Values) => plan.add(s.forms, { ownerAccountId: organiser, isTemplate: false, isPublic: true, ...values });
  form({
    conferenceId: showcase.ref,
    titleZh: `${showcase.shortName} 志愿者招募`,
    titleEn: `${showcase.shortName} volunteers wanted`,
    descriptionZh: "会议期间需要志愿者协助签到、引导和会场服务，欢迎在校学生报名。",
    descriptionEn: "We need volunteers for check-in, guiding and room service during the conference; students are welcome.",
    deadline: new Date(now.getTime() + 30 * DAY_MS),
    responseLimit: 60,
    onePerAccount: true,
    fields: [
      name,
      phone,
      email,
      school,
      {
        key: "role",
        type: "radio",
        labelZh: "希望参与的工作",
        labelEn: "What you would like to do",
        required: true,
        options: choice([
          ["checkin", "签到", "Check-in"],
          ["guide", "引导", "Guiding"],
          ["room", "会场服务", "Room service"],
        ]),
      },
    ],
  });
  form({
    titleZh: "学术讲座满意度调查",
    titleEn: "Lecture satisfaction survey",
    descriptionZh: "感谢您参加本学期的学术讲座，请花一分钟告诉我们您的感受。",
    descriptionEn: "Thank you for attending this term's lectures; please take a minute to tell us what you thought.",
    fields: [
      {
        key: "rating",
        type: "radio",
        labelZh: "总体评价",
        labelEn: "Overall",
        required: true,
        options: choice([
          ["good", "满意", "Satisfied"],
          ["fair", "一般", "Neutral"],
          ["poor", "不满意", "Dissatisfied"],
        ]),
      },
      { key: "comment", type: "textarea", labelZh: "意见和建议", labelEn: "Comments and suggestions", required: false },
    ],
  });
  form({
    titleZh: "青年学者沙龙报名",
    titleEn: "Young scholars salon sign-up",
    descriptionZh: "本期沙龙报名已截止，感谢关注。",
    descriptionEn: "Sign-up for this salon has closed; thank you for your interest.",
    deadline: new Date(now.getTime() - 3 * DAY_MS),
    fields: [name, phone, email],
  });
}
