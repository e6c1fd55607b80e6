import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { hotelBookingEditSchema, hotelBookingSchema, sponsorHotelEditSchema, sponsorHotelSchema } from "#contract/schemas/services";
import type { Db } from "../db";
import { hotelBookings, sponsorHotelRequests } from "../db/schema";
import { fail } from "../http";
import type { Actor } from "./audit";
import { lockRoomForStay, stayPriceFen } from "./hotel-inventory";

type Deps = { db: Db; now: () => Date };

/**
 * Attendees' hotel bookings and sponsors' room requests (issue 6): each write checks the nights
 * under the room type's lock (hotel-inventory.ts) and stays pending until the organiser decides.
 */

/** Books rooms for my registration: pending until the organiser audits it. */
export async function bookRooms(deps: Deps, actor: Actor, input: { stay: z.output<typeof hotelBookingSchema>; registrationId: number }) {
  const { stay } = input;
  return deps.db.transaction(async (tx) => {
    const { room } = await lockRoomForStay(tx, stay);
    const [row] = await tx
      .insert(hotelBookings)
      .values({
        ...stay,
        accountId: actor.id,
        registrationId: input.registrationId,
        priceFen: stayPriceFen(room, stay),
        state: "pending",
        createdAt: deps.now(),
      })
      .returning();
    return row;
  });
}

/** Changes a pending booking of mine; the nights are checked again without its own. */
export async function changeBooking(deps: Deps, input: { current: typeof hotelBookings.$inferSelect; stay: z.output<typeof hotelBookingEditSchema> }) {
  const { current, stay } = input;
  return deps.db.transaction(async (tx) => {
    const { room } = await lockRoomForStay(tx, { ...stay, roomId: current.roomId, conferenceId: current.conferenceId }, { bookingId: current.id });
    const [row] = await tx
      .update(hotelBookings)
      .set({ ...stay, priceFen: stayPriceFen(room, stay) })
      .where(and(eq(hotelBookings.id, current.id), eq(hotelBookings.state, "pending")))
      .returning();
    if (!row) fail(400, "services.errors.notPending");
    return row;
  });
}

/** A sponsor asks rooms for its staff; they are held (pending) until the organiser decides. */
export async function requestSponsorRooms(deps: Deps, actor: Actor, input: { stay: z.output<typeof sponsorHotelSchema>; sponsorId: number }) {
  const { stay } = input;
  return deps.db.transaction(async (tx) => {
    await lockRoomForStay(tx, stay);
    const [row] = await tx
      .insert(sponsorHotelRequests)
      .values({ ...stay, sponsorId: input.sponsorId, accountId: actor.id, state: "pending", createdAt: deps.now() })
      .returning();
    return row;
  });
}

/** Changes a pending sponsor request of mine; the nights are checked again without its own. */
export async function changeSponsorRequest(
  deps: Deps,
  input: { current: typeof sponsorHotelRequests.$inferSelect; stay: z.output<typeof sponsorHotelEditSchema> },
) {
  const { current, stay } = input;
  return deps.db.transaction(async (tx) => {
    await lockRoomForStay(tx, { ...stay, roomId: current.roomId, conferenceId: current.conferenceId }, { sponsorRequestId: current.id });
    const [row] = await tx
      .update(sponsorHotelRequests)
      .set(stay)
      .where(and(eq(sponsorHotelRequests.id, current.id), eq(sponsorHotelRequests.state, "pending")))
      .returning();
    if (!row) fail(400, "services.errors.notPending");
    return row;
  });
}
