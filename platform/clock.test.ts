import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chinaDay, chinaDayStart } from "#contract/clock";
import { queryRows } from "./db";
import { person, registrationBody, setupConference, uploadProof } from "./services/registration-fixtures";
import { type TestPlatform, testPlatform } from "./testing";

/**
 * The injected clock is the only time of the platform. The clocks here are years away from the
 * machine's (and from any date faketime gives it), so a time taken from the database's now() or
 * from `new Date()` cannot pass for the injected one.
 */

describe("China days", () => {
  it("turn at midnight in China, not at midnight UTC", () => {
    expect(chinaDay(new Date("2027-12-31T15:59:59Z"))).toBe("2027-12-31");
    expect(chinaDay(new Date("2027-12-31T16:00:00Z"))).toBe("2028-01-01");
    expect(chinaDay(new Date("2027-12-31T23:30:00Z"))).toBe("2028-01-01");
    expect(chinaDayStart("2028-01-01").toISOString()).toBe("2027-12-31T16:00:00.000Z");
    // 1 March 2028 in China starts on 29 February UTC (a leap year).
    expect(chinaDayStart("2028-02-28", 2).toISOString()).toBe("2028-02-29T16:00:00.000Z");
  });
});

let p: TestPlatform;
beforeAll(async () => {
  p = await testPlatform();
});
afterAll(() => p.close());

/** Moves the test clock to `iso` (it only moves forward). */
function setClock(iso: string) {
  const target = Date.parse(iso);
  expect(target).toBeGreaterThanOrEqual(p.deps.now().getTime());
  p.advance(target - p.deps.now().getTime());
}

/** Every distinct value of every created_at / updated_at / recorded_at column, by `table.column`. */
async function stamps(): Promise<Record<string, string[]>> {
  const columns = await queryRows<{ table: string; column: string }>(
    p.db,
    sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and column_name in ('created_at', 'updated_at', 'recorded_at')
    order by 1, 2`,
  );
  const found: Record<string, string[]> = {};
  for (const { table, column } of columns) {
    const rows = await queryRows<{ at: Date | string }>(p.db, sql.raw(`select distinct "${column}" as at from "${table}"`));
    if (rows.length) found[`${table}.${column}`] = rows.map((row) => new Date(row.at).toISOString()).sort();
  }
  return found;
}

// 2027-12-31 23:30 UTC is 07:30 on 1 January 2028 in China; the clock then jumps to 2030.
const NEW_YEAR = "2027-12-31T23:30:00.000Z";
const LATER = "2030-06-15T02:00:00.000Z";

describe("stored times", () => {
  it("have no clock default in the database", async () => {
    const rows = await queryRows(
      p.db,
      sql`
      select table_name, column_name, column_default from information_schema.columns
      where table_schema = current_schema() and column_default ~* '(now\\(|current_(timestamp|date|time)|localtime|clock_timestamp|statement_timestamp|transaction_timestamp)'`,
    );
    expect(rows).toEqual([]);
  });

  it("count on the China day of the injected clock: the report, the statistics and the registrations list", async () => {
    setClock(NEW_YEAR);
    const s = await setupConference(p);
    const attendee = await person(p, "跨年参会者");
    const registration = await p.call<{ id: number }>("POST", "/conference/user", { token: attendee.token, body: registrationBody(s) });
    expect(registration.status).toBe(200);

    type Report = { from: string; to: string; registrations: { total: number } };
    const report = await p.call<Report>("GET", `/report/${s.conference.id}`, { token: s.organiser.token });
    expect(report.data).toMatchObject({ from: "2028-01-01", to: "2028-01-01", registrations: { total: 1 } });
    const lastYear = await p.call<Report>("GET", `/report/${s.conference.id}?from=2027-12-01&to=2027-12-31`, { token: s.organiser.token });
    expect(lastYear.data.registrations.total).toBe(0);

    const stats = await p.call<{ registrations: { perDay: Array<{ day: string; count: number }> }; generatedAt: string }>(
      "GET",
      `/statistics/${s.conference.id}`,
      { token: s.organiser.token },
    );
    expect(stats.data.registrations.perDay).toEqual([{ day: "2028-01-01", count: 1 }]);
    expect(stats.data.generatedAt).toBe(NEW_YEAR);

    const list = (day: string) => p.call<{ total: number }>("GET", `/user/manage/${s.conference.id}?from=${day}&to=${day}`, { token: s.organiser.token });
    expect((await list("2028-01-01")).data.total).toBe(1);
    expect((await list("2027-12-31")).data.total).toBe(0);
  });

  it("are the injected clock's, for every row the API writes", async () => {
    setClock(LATER);
    const organiser = await person(p, "主办方");
    const conference = await p.call<{ id: number }>("POST", "/conference", {
      token: organiser.token,
      body: { nameZh: "时钟测试会议", nameEn: "Clock Conference", startDate: "2030-07-01", endDate: "2030-07-02", cityZh: "杭州", cityEn: "Hangzhou" },
    });
    expect(conference.status).toBe(201);
    const s = await setupConference(p);
    const attendee = await person(p, "参会者");
    const registration = await p.call<{ id: number }>("POST", "/conference/user", { token: attendee.token, body: registrationBody(s) });
    expect(registration.status).toBe(200);
    const proofKey = await uploadProof(p, attendee.token);
    const payment = await p.call<{ id: number }>("POST", "/payment", {
      token: attendee.token,
      body: { registrationId: registration.data.id, method: "transfer", proofKey },
    });
    expect(payment.status).toBe(200);
    const paid = await p.call("PATCH", `/payment/${payment.data.id}`, { token: s.organiser.token, body: { state: "paid" } });
    expect(paid.status).toBe(200);

    const written = await stamps();
    for (const column of [
      "accounts.created_at",
      "accounts.updated_at",
      "auth_tokens.created_at",
      "sms_codes.created_at",
      "conferences.created_at",
      "audit_log.created_at",
      "registrations.created_at",
      "uploads.created_at",
      "payments.updated_at",
    ]) {
      expect(written[column]).toContain(LATER);
    }
    // Not one row took the database's clock or the machine's: only the two times the test set.
    expect(Object.entries(written).filter(([, values]) => values.some((value) => value !== NEW_YEAR && value !== LATER))).toEqual([]);

    const mine = await p.call<{ list: Array<{ createdAt: string }> }>("GET", "/my-user", { token: attendee.token });
    expect(mine.data.list.map((row) => row.createdAt)).toEqual([LATER]);
  });
});
