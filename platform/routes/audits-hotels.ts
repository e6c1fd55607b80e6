import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { parseId } from "#contract/params";
import type { AuditDecision } from "#contract/schemas/audits";
import type { Ctx, PlatformDeps, PlatformEnv } from "../context";
import type { Db } from "../db";
import { accounts, hotelBookings, hotelRooms, hotels, sponsorHotelRequests, sponsors } from "../db/schema";
import { fail, ok, paging } from "../http";
import { type Stay, addDays, takenByNight } from "../services/hotel-inventory";
import { xlsxResponse, xlsxStream } from "../services/xlsx";
import { conferenceName, decideRemarked, headers, keysetRows, likePattern, managedConference, named, word } from "./audits-common";

const BOOKING_STATES = ["pending", "approved", "rejected", "cancelled"] as const;
const REQUEST_STATES = ["pending", "approved", "rejected"] as const;
/** The grid shows at most this many nights (a conference's hotel block is days, not months). */
const MAX_NIGHTS = 62;

type Usage = { roomId: number; night: string; state: string; rooms: number };

/**
 * Rooms taken per room type and night, from attendees' bookings and sponsors' hotel requests
 * (a stay from check-in to check-out takes the nights before check-out).
 */
async function nightUsage(db: Db, where: { conferenceId: number; states: string[] }): Promise<Usage[]> {
  const states = sql.join(
    where.states.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select room_id as "roomId", to_char(d, 'YYYY-MM-DD') as night, state, sum(rooms)::int as rooms
    from (
      select room_id, check_in, check_out, rooms, state from hotel_bookings where conference_id = ${where.conferenceId} and state in (${states})
      union all
      select room_id, check_in, check_out, rooms, state from sponsor_hotel_requests where conference_id = ${where.conferenceId} and state in (${states})
    ) stays
    cross join lateral generate_series(check_in::timestamp, (check_out - 1)::timestamp, interval '1 day') d
    group by 1, 2, 3`);
  return (result as { rows: Usage[] }).rows.map((row) => ({ ...row, roomId: Number(row.roomId), rooms: Number(row.rooms) }));
}

/**
 * Approving a stay must leave every one of its nights within the room type's inventory, counted
 * as attendees' bookings count it (docs/decisions/009-attendee-services.md): every other stay
 * that holds rooms, plus this one. It matters when a refused stay is approved after all.
 */
async function checkInventory(tx: Db, stay: Stay & { conferenceId: number; roomId: number }, except: Parameters<typeof takenByNight>[5]) {
  // The room row's lock serialises this with bookings and other approvals of the same room type.
  const [room] = await tx.select().from(hotelRooms).where(eq(hotelRooms.id, stay.roomId)).for("update");
  if (!room) fail(404, "errors.notFound");
  const taken = await takenByNight(tx, room, stay.conferenceId, stay.checkIn, stay.checkOut, except);
  for (const [night, used] of taken) {
    if (used + stay.rooms > room.inventory) fail(400, "audits.errors.overInventory", { params: { night, inventory: room.inventory } });
  }
}

/** Every calendar day from `first` to `last`, both included (at most MAX_NIGHTS). */
function daysBetween(first: string, last: string) {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`) && days.length < MAX_NIGHTS; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The organiser's hotel calls: attendees' bookings (list, audit, export), the grid of rooms
 * taken per night against inventory, and sponsors' hotel requests (list, audit, export).
 */
export function auditHotelRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const db = deps.db;

  const bookingColumns = {
    id: hotelBookings.id,
    conferenceId: hotelBookings.conferenceId,
    accountId: hotelBookings.accountId,
    roomId: hotelBookings.roomId,
    checkIn: hotelBookings.checkIn,
    checkOut: hotelBookings.checkOut,
    rooms: hotelBookings.rooms,
    sharing: hotelBookings.sharing,
    priceFen: hotelBookings.priceFen,
    state: hotelBookings.state,
    remark: hotelBookings.remark,
    createdAt: hotelBookings.createdAt,
    name: accounts.name,
    mobile: accounts.mobile,
    hotelId: hotels.id,
    hotelZh: hotels.nameZh,
    hotelEn: hotels.nameEn,
    roomZh: hotelRooms.typeZh,
    roomEn: hotelRooms.typeEn,
  };
  const bookingQuery = () =>
    db
      .select(bookingColumns)
      .from(hotelBookings)
      .innerJoin(accounts, eq(accounts.id, hotelBookings.accountId))
      .innerJoin(hotelRooms, eq(hotelRooms.id, hotelBookings.roomId))
      .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId));

  /** `state`, `hotelId`, `roomId`, `night` (a stay covering it) and `keyword` (name or mobile). */
  const bookingFilters = (c: Ctx, conferenceId: number) => {
    const q = c.req.query();
    const where: SQL[] = [eq(hotelBookings.conferenceId, conferenceId)];
    if ((BOOKING_STATES as readonly string[]).includes(q.state)) where.push(eq(hotelBookings.state, q.state as (typeof BOOKING_STATES)[number]));
    const hotelId = parseId(q.hotelId);
    const roomId = parseId(q.roomId);
    if (hotelId !== null) where.push(eq(hotels.id, hotelId));
    if (roomId !== null) where.push(eq(hotelBookings.roomId, roomId));
    if (/^\d{4}-\d{2}-\d{2}$/.test(q.night ?? "")) where.push(lte(hotelBookings.checkIn, q.night), gt(hotelBookings.checkOut, q.night));
    const pattern = likePattern(q.keyword);
    if (pattern) where.push(or(ilike(accounts.name, pattern), ilike(accounts.mobile, pattern))!);
    return where;
  };

  const hotelList = (conferenceId: number) =>
    db
      .select({
        id: hotels.id,
        nameZh: hotels.nameZh,
        nameEn: hotels.nameEn,
        roomId: hotelRooms.id,
        typeZh: hotelRooms.typeZh,
        typeEn: hotelRooms.typeEn,
        inventory: hotelRooms.inventory,
        startDate: hotelRooms.startDate,
        endDate: hotelRooms.endDate,
      })
      .from(hotels)
      .leftJoin(hotelRooms, eq(hotelRooms.hotelId, hotels.id))
      .where(eq(hotels.conferenceId, conferenceId))
      .orderBy(asc(hotels.sort), asc(hotels.id), asc(hotelRooms.id));

  app.get("/user-hotel/conference/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const { pageSize, offset } = paging(c);
    const condition = and(...bookingFilters(c, conference.id));
    const [rows, [{ total }]] = await Promise.all([
      bookingQuery().where(condition).orderBy(desc(hotelBookings.id)).limit(pageSize).offset(offset),
      db
        .select({ total: count() })
        .from(hotelBookings)
        .innerJoin(accounts, eq(accounts.id, hotelBookings.accountId))
        .innerJoin(hotelRooms, eq(hotelRooms.id, hotelBookings.roomId))
        .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
        .where(condition),
    ]);
    return ok(c, { list: rows, total, conference: conferenceName(conference) });
  });

  /**
   * The grid: hotel → room type → night, with the rooms approved (`booked`) and waiting
   * (`pending`) against the inventory. Nights run over the room types' dates and every stay.
   */
  app.get("/user-hotel/usage/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const [rows, usage] = await Promise.all([hotelList(conference.id), nightUsage(db, { conferenceId: conference.id, states: ["approved", "pending"] })]);
    // A room type's dates run from the first check-in day to the last check-out day: its last night is the day before.
    const dates = [...rows.flatMap((r) => (r.startDate && r.endDate ? [r.startDate, addDays(r.endDate, -1)] : [])), ...usage.map((u) => u.night)].sort();
    const nights = dates.length ? daysBetween(dates[0], dates[dates.length - 1]) : [];
    const taken = (roomId: number, night: string, state: string) =>
      usage.find((u) => u.roomId === roomId && u.night === night && u.state === state)?.rooms ?? 0;
    const hotelsOut: Array<{
      id: number;
      nameZh: string;
      nameEn: string;
      rooms: Array<{ id: number; typeZh: string; typeEn: string; inventory: number; nights: Array<{ night: string; booked: number; pending: number }> }>;
    }> = [];
    for (const row of rows) {
      let hotel = hotelsOut.find((h) => h.id === row.id);
      if (!hotel) hotelsOut.push((hotel = { id: row.id, nameZh: row.nameZh, nameEn: row.nameEn, rooms: [] }));
      if (row.roomId === null) continue;
      const roomId = row.roomId;
      hotel.rooms.push({
        id: roomId,
        typeZh: row.typeZh ?? "",
        typeEn: row.typeEn ?? "",
        inventory: row.inventory ?? 0,
        nights: nights.map((night) => ({ night, booked: taken(roomId, night, "approved"), pending: taken(roomId, night, "pending") })),
      });
    }
    return ok(c, { conference: conferenceName(conference), nights, hotels: hotelsOut });
  });

  const approving = (decision: AuditDecision) => decision.state === "approved";

  app.patch("/user-hotel/:id{[0-9]+}", async (c) => {
    const check = async (tx: Db, row: typeof hotelBookings.$inferSelect, decision: AuditDecision) => {
      if (approving(decision)) await checkInventory(tx, row, { bookingId: row.id });
    };
    return ok(c, await decideRemarked(deps, c, "hotel-booking", hotelBookings, { check }));
  });

  app.get("/user-hotel/export", async (c) => {
    const { conference } = await managedConference(db, c, c.req.query("conferenceId"));
    const where = bookingFilters(c, conference.id);
    const rows = keysetRows(
      (afterId, limit) =>
        bookingQuery()
          .where(and(...where, gt(hotelBookings.id, afterId)))
          .orderBy(asc(hotelBookings.id))
          .limit(limit),
      (list) =>
        list.map((b) => [
          b.id,
          b.name,
          b.mobile,
          named(c, b.hotelZh, b.hotelEn),
          named(c, b.roomZh, b.roomEn),
          b.checkIn,
          b.checkOut,
          (Date.parse(b.checkOut) - Date.parse(b.checkIn)) / 86_400_000,
          b.rooms,
          word(c, `audits.sharing.${b.sharing}`),
          b.priceFen / 100,
          word(c, `audits.states.${b.state}`),
          b.remark ?? "",
          b.createdAt,
        ]),
    );
    const columns = headers(c, [
      "id",
      "guest",
      "mobile",
      "hotel",
      "roomType",
      "checkIn",
      "checkOut",
      "nights",
      "rooms",
      "sharing",
      "amountYuan",
      "state",
      "remark",
      "submittedAt",
    ]);
    const sheetName = word(c, "audits.hotel.bookings");
    return xlsxResponse(`${sheetName}-${conference.id}.xlsx`, xlsxStream({ sheetName, columns, rows }));
  });

  // ─── Sponsors' hotel requests ─────────────────────────────────────────────────────

  const requestQuery = () =>
    db
      .select({
        id: sponsorHotelRequests.id,
        conferenceId: sponsorHotelRequests.conferenceId,
        sponsorId: sponsorHotelRequests.sponsorId,
        company: sponsors.company,
        roomId: sponsorHotelRequests.roomId,
        checkIn: sponsorHotelRequests.checkIn,
        checkOut: sponsorHotelRequests.checkOut,
        rooms: sponsorHotelRequests.rooms,
        guests: sponsorHotelRequests.guests,
        state: sponsorHotelRequests.state,
        remark: sponsorHotelRequests.remark,
        createdAt: sponsorHotelRequests.createdAt,
        name: accounts.name,
        mobile: accounts.mobile,
        hotelZh: hotels.nameZh,
        hotelEn: hotels.nameEn,
        roomZh: hotelRooms.typeZh,
        roomEn: hotelRooms.typeEn,
      })
      .from(sponsorHotelRequests)
      .innerJoin(accounts, eq(accounts.id, sponsorHotelRequests.accountId))
      .innerJoin(hotelRooms, eq(hotelRooms.id, sponsorHotelRequests.roomId))
      .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
      .leftJoin(sponsors, eq(sponsors.id, sponsorHotelRequests.sponsorId));

  const requestFilters = (c: Ctx, conferenceId: number) => {
    const state = c.req.query("state");
    const where: SQL[] = [eq(sponsorHotelRequests.conferenceId, conferenceId)];
    if ((REQUEST_STATES as readonly string[]).includes(state ?? "")) where.push(eq(sponsorHotelRequests.state, state as (typeof REQUEST_STATES)[number]));
    return where;
  };

  app.get("/sponsor-hotel/conference/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const { pageSize, offset } = paging(c);
    const condition = and(...requestFilters(c, conference.id));
    const [rows, [{ total }]] = await Promise.all([
      requestQuery().where(condition).orderBy(desc(sponsorHotelRequests.id)).limit(pageSize).offset(offset),
      db.select({ total: count() }).from(sponsorHotelRequests).where(condition),
    ]);
    return ok(c, { list: rows, total, conference: conferenceName(conference) });
  });

  app.patch("/sponsor-hotel/:id{[0-9]+}", async (c) => {
    const check = async (tx: Db, row: typeof sponsorHotelRequests.$inferSelect, decision: AuditDecision) => {
      if (approving(decision)) await checkInventory(tx, row, { sponsorRequestId: row.id });
    };
    return ok(c, await decideRemarked(deps, c, "sponsor-hotel", sponsorHotelRequests, { check }));
  });

  /** The sponsors' hotel requests as rows, one per request, guests joined. */
  app.get("/sponsor/exportRoom", async (c) => {
    const { conference } = await managedConference(db, c, c.req.query("conferenceId"));
    const where = requestFilters(c, conference.id);
    const rows = keysetRows(
      (afterId, limit) =>
        requestQuery()
          .where(and(...where, gt(sponsorHotelRequests.id, afterId)))
          .orderBy(asc(sponsorHotelRequests.id))
          .limit(limit),
      (list) =>
        list.map((r) => [
          r.id,
          r.company ?? "",
          r.name,
          r.mobile,
          named(c, r.hotelZh, r.hotelEn),
          named(c, r.roomZh, r.roomEn),
          r.checkIn,
          r.checkOut,
          r.rooms,
          r.guests.map((g) => (g.mobile ? `${g.name} ${g.mobile}` : g.name)).join("; "),
          word(c, `audits.states.${r.state}`),
          r.remark ?? "",
          r.createdAt,
        ]),
    );
    const columns = headers(c, [
      "id",
      "company",
      "applicant",
      "mobile",
      "hotel",
      "roomType",
      "checkIn",
      "checkOut",
      "rooms",
      "guests",
      "state",
      "remark",
      "submittedAt",
    ]);
    const sheetName = word(c, "audits.hotel.sponsorRequests");
    return xlsxResponse(`${sheetName}-${conference.id}.xlsx`, xlsxStream({ sheetName, columns, rows }));
  });

  return app;
}

/** Used by the report: approved nights per hotel for stays booked between two instants. */
export async function approvedNightsByHotel(db: Db, conferenceId: number, from: Date, to: Date) {
  const rows = await db
    .select({
      hotelId: hotels.id,
      nameZh: hotels.nameZh,
      nameEn: hotels.nameEn,
      nights: sql<number>`coalesce(sum(${hotelBookings.rooms} * (${hotelBookings.checkOut} - ${hotelBookings.checkIn})), 0)::int`,
      bookings: count(),
    })
    .from(hotelBookings)
    .innerJoin(hotelRooms, eq(hotelRooms.id, hotelBookings.roomId))
    .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
    .where(
      and(
        eq(hotelBookings.conferenceId, conferenceId),
        eq(hotelBookings.state, "approved"),
        gte(hotelBookings.createdAt, from),
        lt(hotelBookings.createdAt, to),
      ),
    )
    .groupBy(hotels.id, hotels.nameZh, hotels.nameEn)
    .orderBy(asc(hotels.id));
  return rows.map((row) => ({ ...row, nights: Number(row.nights) }));
}
