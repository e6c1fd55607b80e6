import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { chinaDay, chinaDayStart } from "#contract/clock";
import type { ConferenceStatistics } from "#contract/views/statistics";
import type { Db } from "../db";
import { conferences, hotelBookings, hotelRooms, hotels, identities, payments, registrations, sponsorHotelRequests } from "../db/schema";
import { LIVE_STATES } from "./registration";

/**
 * The figures of the statistics screen (GET /statistics/{conferenceId}), each one aggregate
 * query scoped by an index that starts with the conference: registrations (conference, state)
 * and (conference, checked_in_at), payments (conference, state), bookings (conference, state).
 * Days and clock times are China's (UTC+8, no daylight saving), like the rest of the product.
 */

const DAY_MS = 86_400_000;
/** The registrations chart shows at most this many days (the latest). */
const MAX_DAYS = 120;

/** Midnight in China of the day `at` falls on, as an instant. */
const chinaMidnight = (at: Date) => chinaDayStart(chinaDay(at));

/** Every day from the first to the last that has a count, zeros between, the latest MAX_DAYS. */
export function fillDays(rows: Array<{ day: string; count: number }>) {
  if (rows.length === 0) return [];
  const counts = new Map(rows.map((row) => [row.day, row.count]));
  const sorted = [...counts.keys()].sort();
  const last = Date.parse(`${sorted.at(-1)}T00:00:00Z`);
  const first = Math.max(Date.parse(`${sorted[0]}T00:00:00Z`), last - (MAX_DAYS - 1) * DAY_MS);
  const days: Array<{ day: string; count: number }> = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ day, count: counts.get(day) ?? 0 });
  }
  return days;
}

/**
 * Today's check-ins in buckets from the first one (at most 8 hours back) to now: 10 minutes
 * wide, or an hour when that covers more than 6 hours. Labels are China's `HH:MM`.
 */
export function checkinBuckets(times: Array<{ minute: number; count: number }>, now: Date) {
  const midnight = chinaMidnight(now).getTime();
  const nowMinute = Math.floor((now.getTime() - midnight) / 60_000);
  const earliest = times.length ? Math.min(...times.map((row) => row.minute)) : nowMinute;
  const from = Math.max(0, Math.min(earliest, nowMinute - 60), nowMinute - 8 * 60);
  const width = nowMinute - from > 6 * 60 ? 60 : 10;
  const start = Math.floor(from / width) * width;
  const buckets: Array<{ label: string; count: number }> = [];
  for (let minute = start; minute <= nowMinute; minute += width) {
    const label = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
    buckets.push({ label, count: 0 });
  }
  for (const row of times) {
    const index = Math.floor((row.minute - start) / width);
    if (index >= 0 && index < buckets.length) buckets[index].count += row.count;
  }
  return { minutes: width, buckets };
}

export async function conferenceStatistics(db: Db, conferenceId: number, now: Date): Promise<ConferenceStatistics> {
  const own = eq(registrations.conferenceId, conferenceId);
  const live = and(own, inArray(registrations.state, LIVE_STATES));
  const midnight = chinaMidnight(now);
  const dayOf = sql<string>`to_char((${registrations.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const nights = (from: unknown, to: unknown) => sql<number>`coalesce(sum(${from} * (${to})), 0)::int`;

  const [[conference], byState, perDay, byIdentity, institutions, paid, pendingAudit, todayRows, inventory, booked, sponsorBooked] = await Promise.all([
    db
      .select({ id: conferences.id, nameZh: conferences.nameZh, nameEn: conferences.nameEn, currency: conferences.currency })
      .from(conferences)
      .where(eq(conferences.id, conferenceId)),
    db
      .select({
        state: registrations.state,
        count: count(),
        checkedIn: sql<number>`count(*) filter (where ${registrations.checkinState})::int`,
      })
      .from(registrations)
      .where(own)
      .groupBy(registrations.state),
    db.select({ day: dayOf, count: count() }).from(registrations).where(own).groupBy(dayOf),
    db
      .select({ identityId: registrations.identityId, nameZh: identities.nameZh, nameEn: identities.nameEn, count: count() })
      .from(registrations)
      .leftJoin(identities, eq(identities.id, registrations.identityId))
      .where(live)
      .groupBy(registrations.identityId, identities.nameZh, identities.nameEn, identities.sort)
      .orderBy(asc(identities.sort), asc(registrations.identityId)),
    db
      .select({ institution: registrations.institution, count: count() })
      .from(registrations)
      .where(and(live, ne(registrations.institution, "")))
      .groupBy(registrations.institution)
      .orderBy(desc(count()), asc(registrations.institution))
      .limit(10),
    db
      .select({ method: payments.method, count: count(), amountFen: sql<number>`coalesce(sum(${payments.amountFen}), 0)::bigint` })
      .from(payments)
      .where(and(eq(payments.conferenceId, conferenceId), eq(payments.state, "paid")))
      .groupBy(payments.method)
      .orderBy(asc(payments.method)),
    db
      .select({ count: count() })
      .from(payments)
      .where(and(eq(payments.conferenceId, conferenceId), eq(payments.state, "pending_audit"))),
    db
      .select({
        minute: sql<number>`floor(extract(epoch from (${registrations.checkedInAt} - ${midnight.toISOString()}::timestamptz)) / 60)::int`,
        count: count(),
      })
      .from(registrations)
      .where(and(own, isNotNull(registrations.checkedInAt), sql`${registrations.checkedInAt} >= ${midnight.toISOString()}::timestamptz`))
      .groupBy(sql`1`),
    db
      .select({
        hotelId: hotels.id,
        nameZh: hotels.nameZh,
        nameEn: hotels.nameEn,
        roomNights: nights(hotelRooms.inventory, sql`${hotelRooms.endDate} - ${hotelRooms.startDate}`),
      })
      .from(hotels)
      .leftJoin(hotelRooms, eq(hotelRooms.hotelId, hotels.id))
      .where(eq(hotels.conferenceId, conferenceId))
      .groupBy(hotels.id, hotels.nameZh, hotels.nameEn, hotels.sort)
      .orderBy(asc(hotels.sort), asc(hotels.id)),
    db
      .select({
        hotelId: hotelRooms.hotelId,
        state: hotelBookings.state,
        roomNights: nights(hotelBookings.rooms, sql`${hotelBookings.checkOut} - ${hotelBookings.checkIn}`),
      })
      .from(hotelBookings)
      .innerJoin(hotelRooms, eq(hotelRooms.id, hotelBookings.roomId))
      .where(and(eq(hotelBookings.conferenceId, conferenceId), inArray(hotelBookings.state, ["pending", "approved"])))
      .groupBy(hotelRooms.hotelId, hotelBookings.state),
    db
      .select({
        hotelId: hotelRooms.hotelId,
        state: sponsorHotelRequests.state,
        roomNights: nights(sponsorHotelRequests.rooms, sql`${sponsorHotelRequests.checkOut} - ${sponsorHotelRequests.checkIn}`),
      })
      .from(sponsorHotelRequests)
      .innerJoin(hotelRooms, eq(hotelRooms.id, sponsorHotelRequests.roomId))
      .where(and(eq(sponsorHotelRequests.conferenceId, conferenceId), inArray(sponsorHotelRequests.state, ["pending", "approved"])))
      .groupBy(hotelRooms.hotelId, sponsorHotelRequests.state),
  ]);

  const stateCount = (state: string) => byState.find((row) => row.state === state)?.count ?? 0;
  const confirmed = byState.find((row) => row.state === "confirmed");
  const bookedNights = (hotelId: number, state: "approved" | "pending") =>
    [...booked, ...sponsorBooked].filter((row) => row.hotelId === hotelId && row.state === state).reduce((sum, row) => sum + row.roomNights, 0);
  const today = checkinBuckets(todayRows, now);

  return {
    conference: conference ?? null,
    generatedAt: now.toISOString(),
    registrations: {
      total: byState.reduce((sum, row) => sum + row.count, 0),
      confirmed: stateCount("confirmed"),
      pending: stateCount("pending"),
      cancelled: stateCount("cancelled"),
      rejected: stateCount("rejected"),
      perDay: fillDays(perDay),
      byIdentity: byIdentity.map((row) => ({ identity: row.nameZh !== null ? { nameZh: row.nameZh, nameEn: row.nameEn ?? "" } : null, count: row.count })),
      topInstitutions: institutions,
    },
    payments: {
      currency: conference?.currency ?? "CNY",
      paidCount: paid.reduce((sum, row) => sum + row.count, 0),
      paidFen: paid.reduce((sum, row) => sum + Number(row.amountFen), 0),
      byMethod: paid.map((row) => ({ method: row.method, count: row.count, amountFen: Number(row.amountFen) })),
      pendingAudit: pendingAudit[0]?.count ?? 0,
    },
    checkins: {
      checkedIn: confirmed?.checkedIn ?? 0,
      confirmed: confirmed?.count ?? 0,
      today: todayRows.reduce((sum, row) => sum + row.count, 0),
      bucketMinutes: today.minutes,
      buckets: today.buckets,
    },
    hotels: inventory.map((row) => ({
      hotelId: row.hotelId,
      nameZh: row.nameZh,
      nameEn: row.nameEn,
      inventoryNights: row.roomNights,
      bookedNights: bookedNights(row.hotelId, "approved"),
      pendingNights: bookedNights(row.hotelId, "pending"),
    })),
  };
}
