import fs from "node:fs";
import path from "node:path";
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./index";
import * as s from "./schema";
import { addConferences, conferenceSearchText, demoAccounts, isSeeded, referenceSearchText, seedDemo } from "./seed";

const now = new Date("2026-03-01T04:00:00Z");
const today = "2026-03-01";

async function countOf(database: Database, table: typeof s.conferences | typeof s.references | typeof s.accounts) {
  const [{ n }] = await database.db.select({ n: count() }).from(table);
  return n;
}

describe("seedDemo", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("seeds an empty database once", async () => {
    expect(await isSeeded(database.db)).toBe(false);
    const summary = await seedDemo(database.db, { now });
    expect(summary.skipped).toBe(false);
    expect(summary.rows.conferences).toBeGreaterThanOrEqual(48);
    expect(await isSeeded(database.db)).toBe(true);
  });

  it("gives published and unpublished, past and upcoming conferences", async () => {
    const { db } = database;
    expect(await countOf(database, s.conferences)).toBeGreaterThanOrEqual(40);
    const [published] = await db.select({ n: count() }).from(s.conferences).where(eq(s.conferences.isPublish, true));
    const [unpublished] = await db.select({ n: count() }).from(s.conferences).where(eq(s.conferences.isPublish, false));
    const [past] = await db.select({ n: count() }).from(s.conferences).where(lt(s.conferences.endDate, today));
    const [upcoming] = await db.select({ n: count() }).from(s.conferences).where(gt(s.conferences.startDate, today));
    expect(published.n).toBeGreaterThan(unpublished.n);
    expect(unpublished.n).toBeGreaterThan(0);
    expect(past.n).toBeGreaterThan(0);
    expect(upcoming.n).toBeGreaterThan(0);
    const [cities] = await db.select({ n: sql<number>`count(distinct ${s.conferences.cityZh})::int` }).from(s.conferences);
    expect(cities.n).toBeGreaterThanOrEqual(12);
  });

  it("gives every demo conference a cover that public/media holds, and public forms open, closed and without a deadline", async () => {
    const { db } = database;
    const covers = await db.select({ cover: s.conferences.cover }).from(s.conferences);
    expect(covers.length).toBeGreaterThanOrEqual(48);
    for (const { cover } of covers) {
      expect(cover).toMatch(/^\/media\/demo-photo-[1-6]\.jpg$/);
      expect(fs.existsSync(path.join("public", cover!))).toBe(true);
    }
    const forms = await db
      .select({ deadline: s.forms.deadline, conferenceId: s.forms.conferenceId })
      .from(s.forms)
      .where(and(eq(s.forms.isPublic, true), eq(s.forms.isTemplate, false)));
    expect(forms.some((f) => f.deadline && f.deadline > now && f.conferenceId === 1)).toBe(true);
    expect(forms.some((f) => f.deadline && f.deadline < now)).toBe(true);
    expect(forms.some((f) => f.deadline === null)).toBe(true);
  });

  it("fills the directory", async () => {
    const { db } = database;
    expect(await countOf(database, s.references)).toBeGreaterThanOrEqual(200);
    const [categories] = await db.select({ n: count() }).from(s.categories);
    const [majors] = await db.select({ n: count() }).from(s.majors);
    const [institutions] = await db.select({ n: count() }).from(s.institutions);
    const [replays] = await db.select({ n: count() }).from(s.replays);
    expect(categories.n).toBeGreaterThanOrEqual(8);
    expect(majors.n).toBeGreaterThanOrEqual(20);
    expect(institutions.n).toBeGreaterThanOrEqual(30);
    expect(replays.n).toBeGreaterThanOrEqual(30);
    const [emptySearch] = await db.select({ n: count() }).from(s.references).where(eq(s.references.searchText, ""));
    expect(emptySearch.n).toBe(0);
  });

  it("creates the demo accounts, with the organiser certified", async () => {
    const { db } = database;
    const byMobile = async (mobile: string) => (await db.select().from(s.accounts).where(eq(s.accounts.mobile, mobile)))[0];
    const admin = await byMobile(demoAccounts.admin.mobile);
    const organiser = await byMobile(demoAccounts.organiser.mobile);
    const attendee = await byMobile(demoAccounts.attendee.mobile);
    expect(admin?.isPlatformAdmin).toBe(true);
    expect(organiser?.isPlatformAdmin).toBe(false);
    expect(attendee).toBeDefined();
    const certified = await db
      .select()
      .from(s.organizations)
      .where(and(eq(s.organizations.accountId, organiser.id), eq(s.organizations.state, "approved")));
    expect(certified).toHaveLength(1);
    const groups = await db.select().from(s.researchGroups).where(eq(s.researchGroups.ownerAccountId, organiser.id));
    expect(groups.length).toBeGreaterThan(0);
    for (const account of [organiser, attendee]) {
      const [unread] = await db
        .select({ n: count() })
        .from(s.inbox)
        .where(and(eq(s.inbox.accountId, account.id), isNull(s.inbox.readAt)));
      expect(unread.n).toBeGreaterThan(0);
    }
    const drafts = await db
      .select({ id: s.conferences.id })
      .from(s.conferences)
      .where(and(eq(s.conferences.ownerAccountId, organiser.id), eq(s.conferences.isPublish, false)));
    expect(drafts.length).toBeGreaterThan(0);
  });

  it("makes conference 1 a published, upcoming showcase", async () => {
    const { db } = database;
    const [conference] = await db.select().from(s.conferences).where(eq(s.conferences.id, 1));
    const [organiser] = await db.select().from(s.accounts).where(eq(s.accounts.mobile, demoAccounts.organiser.mobile));
    expect(conference.isPublish).toBe(true);
    expect(conference.ownerAccountId).toBe(organiser.id);
    expect(conference.startDate > today).toBe(true);
    expect(conference.invoiceCompany?.taxId).toBeTruthy();

    const schedules = await db.select().from(s.schedules).where(eq(s.schedules.conferenceId, 1));
    expect(schedules.some((row) => row.branchId === null)).toBe(true);
    expect(schedules.some((row) => row.branchId !== null)).toBe(true);
    const hotels = await db.select().from(s.hotels).where(eq(s.hotels.conferenceId, 1));
    expect(hotels.length).toBeGreaterThan(0);
    expect(hotels.every((hotel) => hotel.qrCode)).toBe(true);
    const rooms = await db.select().from(s.hotelRooms).innerJoin(s.hotels, eq(s.hotels.id, s.hotelRooms.hotelId)).where(eq(s.hotels.conferenceId, 1));
    expect(rooms.length).toBeGreaterThan(0);
    const identities = await db.select().from(s.identities).where(eq(s.identities.conferenceId, 1));
    const strategies = await db.select().from(s.strategies).where(eq(s.strategies.conferenceId, 1));
    const fees = await db.select().from(s.fees).where(eq(s.fees.conferenceId, 1));
    expect(fees).toHaveLength(identities.length * strategies.length);
    expect(fees.every((fee) => fee.unit === "0" && fee.priceFen > 0)).toBe(true);

    const modules = await db.select().from(s.modules).where(eq(s.modules.conferenceId, 1));
    expect(modules.map((m) => m.type).sort()).toEqual(["fees", "hotels", "intro", "links", "schedule", "specials", "sponsors"]);
    expect(modules.find((m) => m.type === "schedule")?.schedulePublished).toBe(true);
    const [text] = await db.select().from(s.texts).where(eq(s.texts.conferenceId, 1)).limit(1);
    expect(text.contentZh.some((op) => op.attributes?.header === 2)).toBe(true);
    expect(text.contentEn.some((op) => op.attributes?.bold === true)).toBe(true);
    const specials = await db.select().from(s.specials).where(eq(s.specials.conferenceId, 1));
    expect(specials.map((special) => special.type).sort()).toEqual([0, 1]);
  });

  it("leaves two unpaid registrations whose payment window ended a day before, holding no place", async () => {
    const { holdsPlace, placesTaken } = await import("../services/registration");
    const rows = await database.db.select().from(s.registrations);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.holdUntil?.getTime()).toBe(now.getTime() - 86_400_000);
      expect(row.feeFen).toBeGreaterThan(0);
      expect(await placesTaken(database.db, row.conferenceId, now)).toBe(0);
    }
    const holding = await database.db
      .select({ id: s.registrations.id })
      .from(s.registrations)
      .where(holdsPlace(new Date(now.getTime() - 2 * 86_400_000 + 1000)));
    expect(holding).toHaveLength(2);
  });

  it("does not duplicate when run twice", async () => {
    const before = await countOf(database, s.conferences);
    const accountsBefore = await countOf(database, s.accounts);
    const summary = await seedDemo(database.db, { now });
    expect(summary.skipped).toBe(true);
    expect(await countOf(database, s.conferences)).toBe(before);
    expect(await countOf(database, s.accounts)).toBe(accountsBefore);
  });

  it("appends generated conferences with search text", async () => {
    const before = await countOf(database, s.conferences);
    const summary = await addConferences(database.db, 300, { now });
    expect(summary.rows.conferences).toBe(300);
    expect(await countOf(database, s.conferences)).toBe(before + 300);
    const [empty] = await database.db.select({ n: count() }).from(s.conferences).where(eq(s.conferences.searchText, ""));
    expect(empty.n).toBe(0);
  });

  it("puts the Chinese city and the lower-cased English name in every conference's search text", async () => {
    const rows = await database.db
      .select({ searchText: s.conferences.searchText, cityZh: s.conferences.cityZh, nameEn: s.conferences.nameEn })
      .from(s.conferences);
    for (const row of rows) {
      expect(row.searchText).toContain(row.cityZh);
      expect(row.searchText).toContain(row.nameEn.toLowerCase());
      expect(row.searchText).toBe(row.searchText.toLowerCase());
    }
  });
});

describe("search text builders", () => {
  it("joins both languages in lower case", () => {
    const text = conferenceSearchText(
      { nameZh: "量子信息国际研讨会", nameEn: "International Workshop on Quantum Information", shortName: "IWQI 2026", cityZh: "合肥", cityEn: "Hefei" },
      { nameZh: "物理学", nameEn: "Physics" },
      { nameZh: "理学", nameEn: "Natural Sciences" },
    );
    expect(text).toBe("量子信息国际研讨会 international workshop on quantum information iwqi 2026 合肥 hefei 物理学 physics 理学 natural sciences");
    expect(referenceSearchText({ nameZh: "图书馆", nameEn: "Library ", cityZh: "", cityEn: "" }, null, { nameZh: "生态学", nameEn: "Ecology" })).toBe(
      "图书馆 library 生态学 ecology",
    );
  });
});

describe("determinism", () => {
  // Two databases opened and seeded: past the 30 s default when the suite loads both cores.
  it("produces the same demo set for the same `now`, stamped with that `now`", { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir: "memory://" });
    const second = await openDatabase({ dataDir: "memory://" });
    try {
      await seedDemo(first.db, { now, conferences: 6 });
      await seedDemo(second.db, { now, conferences: 6 });
      const read = (database: Database) =>
        database.db
          .select({
            id: s.conferences.id,
            nameZh: s.conferences.nameZh,
            startDate: s.conferences.startDate,
            summaryEn: s.conferences.summaryEn,
            updatedAt: s.conferences.updatedAt,
          })
          .from(s.conferences)
          .orderBy(s.conferences.id);
      const rows = await read(first);
      expect(rows).toHaveLength(7);
      expect(await read(second)).toEqual(rows);
      // Times the plan leaves out are the seed's `now`, not the database's clock at insert time.
      const stamps = (database: Database) => database.db.select({ id: s.accounts.id, updatedAt: s.accounts.updatedAt }).from(s.accounts).orderBy(s.accounts.id);
      expect((await stamps(first)).every((row) => row.updatedAt.getTime() === now.getTime())).toBe(true);
      expect(await stamps(second)).toEqual(await stamps(first));
    } finally {
      await first.close();
      await second.close();
    }
  });
});
