import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeMobile } from "#contract/schemas/mobile";
import { type Database, defaultMigrationsFolder, openDatabase } from "./index";
import * as s from "./schema";

/**
 * Migration 0014 on a database that holds numbers as they were stored before ADR 026:
 * `+86…` beside the plain form, accounts that become one number, answers and guests.
 */

const TAG = "0014_normalised_mobiles";
const full = defaultMigrationsFolder();
const sqlText = fs.readFileSync(path.join(full, `${TAG}.sql`), "utf8");
let database: Database;
let before: string;

/**
 * The migrations folder without 0014: every other entry, so the rows below can be written with
 * today's schema (later migrations only add columns and tables 0014 does not read).
 */
function folderBefore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-0014-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(full, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === TAG);
  expect(at).toBeGreaterThan(0);
  const entries = journal.entries.filter((entry) => entry.tag !== TAG);
  for (const entry of entries) fs.copyFileSync(path.join(full, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

const t0 = new Date("2026-01-01T00:00:00Z");
const later = (days: number) => new Date(t0.getTime() + days * 86_400_000);

beforeAll(async () => {
  before = folderBefore();
  database = await openDatabase({ dataDir: "memory://", migrationsFolder: before });
  const { db } = database;
  const stamp = (at: Date) => ({ createdAt: at, updatedAt: at });
  // A plain account and a newer `+86` one of the same number; two `+86` accounts of another;
  // a `+86` account alone; a foreign number; and what holds numbers besides accounts.
  await db.insert(s.accounts).values([
    { id: 1, mobile: "13800138000", name: "plain", ...stamp(later(5)) },
    { id: 2, mobile: "+8613800138000", name: "plus older", ...stamp(later(1)) },
    { id: 3, mobile: "+8613900139000", name: "first", ...stamp(later(1)) },
    { id: 4, mobile: "+8613900139001", name: "alone", ...stamp(later(1)) },
    { id: 5, mobile: "+447700900123", name: "foreign", ...stamp(later(1)) },
    { id: 6, mobile: "13700137000", name: "untouched", ...stamp(later(1)) },
  ]);
  await db.execute(sql`select setval('accounts_id_seq', 10)`);
  const [conference] = await db
    .insert(s.conferences)
    .values({ ownerAccountId: 6, nameZh: "会", nameEn: "C", shortName: "C", startDate: "2027-01-01", endDate: "2027-01-02", ...stamp(t0) })
    .returning();
  await db
    .insert(s.registrationFields)
    .values({ conferenceId: conference.id, field: { key: "tel", type: "phone", labelZh: "电话", labelEn: "Phone", required: false } });
  await db.insert(s.registrations).values([
    {
      conferenceId: conference.id,
      accountId: 2,
      mobile: "+8613800138000",
      name: "A",
      ticketCode: "AAAAAAAAAA",
      answers: { tel: "+86 138 0013 8000", other: "+8613800138000" },
      ...stamp(t0),
    },
    {
      conferenceId: conference.id,
      accountId: null,
      mobile: "+8613900139001",
      name: "B",
      ticketCode: "BBBBBBBBBB",
      answers: { tel: "010-6275 1234" },
      ...stamp(t0),
    },
  ]);
  await db.insert(s.smsCodes).values({ mobile: "+8613900139000", purpose: "login", codeHash: "x", expiresAt: later(1), createdAt: t0 });
  const [hotel] = await db
    .insert(s.hotels)
    .values({ conferenceId: conference.id, nameZh: "酒店", ...stamp(t0) })
    .returning();
  const [room] = await db
    .insert(s.hotelRooms)
    .values({ hotelId: hotel.id, typeZh: "标间", priceFen: 1, inventory: 1, startDate: "2027-01-01", endDate: "2027-01-02" })
    .returning();
  await db.insert(s.sponsorHotelRequests).values({
    conferenceId: conference.id,
    accountId: 6,
    roomId: room.id,
    checkIn: "2027-01-01",
    checkOut: "2027-01-02",
    guests: [{ name: "甲", mobile: "+8613800138000" }, { name: "乙" }, { name: "丙", mobile: "13700137000" }],
    createdAt: t0,
  });
  const [form] = await db
    .insert(s.forms)
    .values({ ownerAccountId: 6, titleZh: "表", fields: [{ key: "m", type: "phone", labelZh: "手机", labelEn: "Mobile", required: true }], ...stamp(t0) })
    .returning();
  await db.insert(s.formAnswers).values({ formId: form.id, accountId: 6, answers: { m: "+86 139 0013 9001" }, createdAt: t0 });
  // Accounts 3 and a sixth `+86` twin of it, older: the older keeps the number when none is plain.
  // The sign-in schema refused `86…` before 0014; a row from elsewhere (an import) could still hold it.
  await db.insert(s.accounts).values({ id: 7, mobile: "8613900139000", name: "older twin", ...stamp(t0) });
  // 0014 itself, statement by statement, as the migrator runs it (the others are applied already).
  for (const statement of sqlText.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
});
afterAll(async () => {
  await database?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

describe("migration 0014", () => {
  it("gives the SQL rules the same answers as normalizeMobile", async () => {
    const create = sqlText.split("--> statement-breakpoint")[0];
    await database.db.execute(sql.raw(create));
    const inputs = [
      "13800138000",
      "+8613800138000",
      "+86 138-0013-8000",
      "0086 13800138000",
      "8613800138000",
      "１３８００１３８０００",
      "＋８６ １３８ ００１３ ８０００",
      "(+86) 138.0013.8000",
      "138－0013－8000",
      "+44 7700 900123",
      "0044 7700 900123",
      "+1 (415) 555-0100",
      "+86 10 1234 5678",
      "12800138000",
      "1380013800",
      "+12345",
      "tel:13800138000",
      "",
      "138\u30000013\u30008000",
    ];
    for (const input of inputs) {
      const result = await database.db.execute<{ v: string | null }>(sql`select normalize_mobile_0014(${input}) as v`);
      const rows = (result as { rows: Array<{ v: string | null }> }).rows;
      expect(rows[0].v, input).toBe(normalizeMobile(input));
    }
    await database.db.execute(sql`drop function normalize_mobile_0014(text)`);
  });

  it("stores every number in its one form, and leaves collided accounts unreachable but logged", async () => {
    const { db } = database;
    const rows = await db.select({ id: s.accounts.id, mobile: s.accounts.mobile }).from(s.accounts).orderBy(asc(s.accounts.id));
    expect(rows).toEqual([
      { id: 1, mobile: "13800138000" }, // plain already: keeps the number though newer
      { id: 2, mobile: "+8613800138000" }, // left as it was: no sign-in reaches it by mobile now
      { id: 3, mobile: "+8613900139000" }, // newer than 7
      { id: 4, mobile: "13900139001" },
      { id: 5, mobile: "+447700900123" },
      { id: 6, mobile: "13700137000" },
      { id: 7, mobile: "13900139000" }, // the older of two that were both not plain
    ]);
    const log = await db.select().from(s.auditLog).where(eq(s.auditLog.action, "account.mobileCollision")).orderBy(asc(s.auditLog.target));
    expect(log.map((row) => row.detail)).toEqual([
      { mobile: "13800138000", kept: 1, left: 2, leftMobile: "+8613800138000" },
      { mobile: "13900139000", kept: 7, left: 3, leftMobile: "+8613900139000" },
    ]);
  });

  it("rewrites registrations, their phone answers, standalone answers, guests and codes; a landline stays as typed", async () => {
    const { db } = database;
    const regs = await db
      .select({ name: s.registrations.name, mobile: s.registrations.mobile, answers: s.registrations.answers })
      .from(s.registrations)
      .orderBy(asc(s.registrations.name));
    expect(regs).toEqual([
      // `other` is no phone field: as it was.
      { name: "A", mobile: "13800138000", answers: { tel: "13800138000", other: "+8613800138000" } },
      { name: "B", mobile: "13900139001", answers: { tel: "010-6275 1234" } },
    ]);
    const [answer] = await db.select({ answers: s.formAnswers.answers }).from(s.formAnswers);
    expect(answer.answers).toEqual({ m: "13900139001" });
    const [request] = await db.select({ guests: s.sponsorHotelRequests.guests }).from(s.sponsorHotelRequests);
    expect(request.guests).toEqual([{ name: "甲", mobile: "13800138000" }, { name: "乙" }, { name: "丙", mobile: "13700137000" }]);
    const codes = await db.select({ mobile: s.smsCodes.mobile }).from(s.smsCodes);
    expect(codes).toEqual([{ mobile: "13900139000" }]);
    const left = await db.execute(sql`select count(*)::int as n from pg_proc where proname = 'normalize_mobile_0014'`);
    expect((left as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });
});
