import { and, eq, gt, inArray, lt, ne, notInArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db";
import { conferences, hotelBookings, hotelRooms, hotels, sponsorHotelRequests } from "../db/schema";
import { fail } from "../http";

/**
 * Hotel room inventory (issue 6). A room type offers `inventory` rooms per night; a night is
 * taken by every booking that is neither cancelled nor rejected and by every sponsor request
 * that is pending or approved. A stay is the nights from check-in up to, not including,
 * check-out.
 *
 * The check and the write run in one transaction that first locks the room type's row
 * (`select … for update` on hotel_rooms): two requests for the last room queue on that lock,
 * and the second one counts the first one's booking. PGlite runs transactions one at a time
 * anyway; on PostgreSQL (read committed) each statement after the lock sees what the earlier
 * holder committed.
 */

type Room = typeof hotelRooms.$inferSelect;
export type Stay = { checkIn: string; checkOut: string; rooms: number };

const DAY = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY;
const dayString = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/** The nights of a stay, as YYYY-MM-DD. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let n = dayNumber(checkIn); n < dayNumber(checkOut); n++) nights.push(dayString(n));
  return nights;
}

export const addDays = (day: string, days: number) => dayString(dayNumber(day) + days);

/** Nights × price per night × rooms, in fen. */
export const stayPriceFen = (room: Pick<Room, "priceFen">, stay: Stay) => nightsOf(stay.checkIn, stay.checkOut).length * room.priceFen * stay.rooms;

/**
 * The window a stay of this room must fit: the room's own dates (first check-in day to last
 * check-out day) and the conference's days widened by one on each side, so attendees may
 * arrive the evening before and leave the morning after (docs/decisions/009-attendee-services.md).
 */
export function stayWindow(room: Pick<Room, "startDate" | "endDate">, conference: { startDate: string; endDate: string }) {
  const from = [room.startDate, addDays(conference.startDate, -1)].sort()[1];
  const to = [room.endDate, addDays(conference.endDate, 1)].sort()[0];
  return { from, to };
}

type Except = { bookingId?: number; sponsorRequestId?: number };

/** Rooms of this type already taken on each night of the range (bookings and sponsor requests). */
export async function takenByNight(db: Db, room: Pick<Room, "id">, conferenceId: number, from: string, to: string, except: Except = {}) {
  const overlapping = (t: { checkIn: AnyPgColumn; checkOut: AnyPgColumn }) => and(lt(t.checkIn, to), gt(t.checkOut, from));
  const [bookings, requests] = await Promise.all([
    db
      .select({ checkIn: hotelBookings.checkIn, checkOut: hotelBookings.checkOut, rooms: hotelBookings.rooms })
      .from(hotelBookings)
      .where(
        and(
          eq(hotelBookings.roomId, room.id),
          notInArray(hotelBookings.state, ["cancelled", "rejected"]),
          overlapping(hotelBookings),
          except.bookingId ? ne(hotelBookings.id, except.bookingId) : undefined,
        ),
      ),
    db
      .select({ checkIn: sponsorHotelRequests.checkIn, checkOut: sponsorHotelRequests.checkOut, rooms: sponsorHotelRequests.rooms })
      .from(sponsorHotelRequests)
      .where(
        and(
          eq(sponsorHotelRequests.conferenceId, conferenceId),
          eq(sponsorHotelRequests.roomId, room.id),
          inArray(sponsorHotelRequests.state, ["pending", "approved"]),
          overlapping(sponsorHotelRequests),
          except.sponsorRequestId ? ne(sponsorHotelRequests.id, except.sponsorRequestId) : undefined,
        ),
      ),
  ]);
  const taken = new Map<string, number>(nightsOf(from, to).map((night) => [night, 0]));
  for (const row of [...bookings, ...requests]) {
    for (const night of nightsOf(row.checkIn, row.checkOut)) if (taken.has(night)) taken.set(night, taken.get(night)! + row.rooms);
  }
  return taken;
}

/**
 * Locks a bookable room type for the rest of the transaction and checks the stay against its
 * window and its nights. 404 for a room that is hidden or of an unpublished conference.
 */
export async function lockRoomForStay(tx: Db, input: { roomId: number; conferenceId: number } & Stay, except: Except = {}) {
  const [room] = await tx.select().from(hotelRooms).where(eq(hotelRooms.id, input.roomId)).for("update");
  if (!room) fail(404, "errors.notFound");
  const [owner] = await tx
    .select({ conferenceId: hotels.conferenceId, isPublish: conferences.isPublish, startDate: conferences.startDate, endDate: conferences.endDate })
    .from(hotels)
    .innerJoin(conferences, eq(conferences.id, hotels.conferenceId))
    .where(eq(hotels.id, room.hotelId));
  if (!owner || owner.conferenceId !== input.conferenceId || !owner.isPublish) fail(404, "errors.notFound");
  if (!room.showState) fail(400, "services.errors.roomNotOffered");
  const { from, to } = stayWindow(room, owner);
  if (input.checkIn < from || input.checkOut > to || input.checkIn >= input.checkOut) {
    fail(400, "services.errors.outsideWindow", { params: { from, to } });
  }
  const taken = await takenByNight(tx, room, owner.conferenceId, input.checkIn, input.checkOut, except);
  for (const [night, used] of taken) {
    const left = room.inventory - used;
    if (left <= 0) fail(400, "services.errors.roomGone", { params: { night } });
    if (left < input.rooms) fail(400, "services.errors.roomsLeft", { params: { night, left } });
  }
  return { room, conference: owner };
}

/** The shown rooms of a published conference's hotels, each with its nights' free rooms. */
export async function roomsWithAvailability(db: Db, conference: { id: number; startDate: string; endDate: string }) {
  const rows = await db
    .select({ room: hotelRooms, hotel: hotels })
    .from(hotelRooms)
    .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
    .where(and(eq(hotels.conferenceId, conference.id), eq(hotelRooms.showState, true)))
    .orderBy(hotels.sort, hotels.id, hotelRooms.priceFen, hotelRooms.id);
  return Promise.all(
    rows.map(async ({ room, hotel }) => {
      const window = stayWindow(room, conference);
      const taken = window.from < window.to ? await takenByNight(db, room, conference.id, window.from, window.to) : new Map<string, number>();
      const free = [...taken].map(([night, used]) => ({ night, free: Math.max(0, room.inventory - used) }));
      return {
        id: room.id,
        hotelId: hotel.id,
        hotelNameZh: hotel.nameZh,
        hotelNameEn: hotel.nameEn,
        hotelAddressZh: hotel.addressZh,
        hotelAddressEn: hotel.addressEn,
        typeZh: room.typeZh,
        typeEn: room.typeEn,
        priceFen: room.priceFen,
        window,
        nights: free,
        /** Fewest free rooms on any night; 0 with `gone` false means some nights only are full. */
        fewestFree: free.length ? Math.min(...free.map((n) => n.free)) : 0,
        gone: free.every((n) => n.free === 0),
      };
    }),
  );
}
