import { and, count, desc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { hotelBookingEditSchema, hotelBookingSchema, sponsorHotelEditSchema, sponsorHotelSchema, travelSchema } from "#contract/schemas/services";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { hotelBookings, hotelRooms, hotels, sponsorHotelRequests, sponsors, travels } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { publishedConference, requireRegistration } from "../services/attendee";
import { bookRooms, changeBooking, changeSponsorRequest, requestSponsorRooms } from "../services/hotel-bookings";
import { roomsWithAvailability } from "../services/hotel-inventory";
import { isUniqueViolation } from "../services/registration";
import { servicesAgendaRoutes } from "./services-agenda";
import { servicesPaperRoutes } from "./services-papers";

/**
 * Attendee services, part one (issue 6): hotel bookings (`/user-hotel`), travel (`/travel`) and
 * sponsors' room requests (`/sponsor-hotel`). The caller sees and changes only their own rows,
 * and only while the organiser has not decided (pending). The organiser's side (lists and
 * audits) lives elsewhere.
 */
export function servicesRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const conferenceFilter = (c: Ctx) => {
    const raw = c.req.query("conferenceId");
    return raw ? idParam(raw) : undefined;
  };

  /** Room types with their names, for "my" lists. */
  const roomColumns = {
    roomTypeZh: hotelRooms.typeZh,
    roomTypeEn: hotelRooms.typeEn,
    roomPriceFen: hotelRooms.priceFen,
    hotelNameZh: hotels.nameZh,
    hotelNameEn: hotels.nameEn,
  };

  // ─── Hotel bookings ───────────────────────────────────────────────────────────────

  /** The bookable rooms of a published conference, with free rooms per night (a booked-out one says so). */
  app.get("/user-hotel/rooms/:conferenceId{[0-9]+}", async (c) => {
    requireAccount(c);
    const conference = await publishedConference(db, idParam(c.req.param("conferenceId")));
    const list = await roomsWithAvailability(db, conference);
    return ok(c, {
      conference: {
        id: conference.id,
        nameZh: conference.nameZh,
        nameEn: conference.nameEn,
        startDate: conference.startDate,
        endDate: conference.endDate,
        currency: conference.currency,
      },
      list,
      total: list.length,
    });
  });

  /** My bookings, newest first (`conferenceId` narrows). */
  app.get("/user-hotel", async (c) => {
    const account = requireAccount(c);
    const { pageSize, offset } = paging(c);
    const conferenceId = conferenceFilter(c);
    const where = and(eq(hotelBookings.accountId, account.id), conferenceId ? eq(hotelBookings.conferenceId, conferenceId) : undefined);
    const [list, [{ total }]] = await Promise.all([
      db
        .select({ booking: hotelBookings, ...roomColumns })
        .from(hotelBookings)
        .innerJoin(hotelRooms, eq(hotelRooms.id, hotelBookings.roomId))
        .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
        .where(where)
        .orderBy(desc(hotelBookings.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(hotelBookings).where(where),
    ]);
    return page(
      c,
      list.map(({ booking, ...names }) => ({ ...booking, ...names })),
      total,
    );
  });

  /** Books rooms: pending until the organiser audits it. Inventory is checked under the room's lock. */
  app.post("/user-hotel", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, hotelBookingSchema, await readBody(c));
    await publishedConference(db, input.conferenceId);
    const registration = await requireRegistration(db, input.conferenceId, account.id);
    const booking = await bookRooms(deps, account, { stay: input, registrationId: registration.id });
    return ok(c, booking);
  });

  /** My booking, for its owner only, while it may still change. */
  const ownPendingBooking = async (c: Ctx) => {
    const account = requireAccount(c);
    const [row] = await db
      .select()
      .from(hotelBookings)
      .where(eq(hotelBookings.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!row || row.accountId !== account.id) fail(404, "errors.notFound");
    if (row.state !== "pending") fail(400, "services.errors.notPending");
    return row;
  };

  /** Changes dates, rooms or sharing while pending; the nights are checked again without this booking's own. */
  app.put("/user-hotel/:id{[0-9]+}", async (c) => {
    const current = await ownPendingBooking(c);
    const input = parse(c, hotelBookingEditSchema, await readBody(c));
    const updated = await changeBooking(deps, { current, stay: input });
    return ok(c, updated);
  });

  /** Cancels while pending: the rooms go back to the inventory at once. */
  app.delete("/user-hotel/:id{[0-9]+}", async (c) => {
    const current = await ownPendingBooking(c);
    const [row] = await db
      .update(hotelBookings)
      .set({ state: "cancelled" })
      .where(and(eq(hotelBookings.id, current.id), eq(hotelBookings.state, "pending")))
      .returning();
    if (!row) fail(400, "services.errors.notPending");
    return ok(c, row);
  });

  // ─── Travel ───────────────────────────────────────────────────────────────────────

  /** My travel plans (`conferenceId` narrows: at most one per conference). */
  app.get("/travel", async (c) => {
    const account = requireAccount(c);
    const conferenceId = conferenceFilter(c);
    const where = and(eq(travels.accountId, account.id), conferenceId ? eq(travels.conferenceId, conferenceId) : undefined);
    const { pageSize, offset } = paging(c);
    const [list, [{ total }]] = await Promise.all([
      db.select().from(travels).where(where).orderBy(desc(travels.id)).limit(pageSize).offset(offset),
      db.select({ total: count() }).from(travels).where(where),
    ]);
    return page(c, list, total);
  });

  /** Arrival and departure for pick-up planning: one per attendee and conference. */
  app.post("/travel", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, travelSchema, await readBody(c));
    await publishedConference(db, input.conferenceId);
    const registration = await requireRegistration(db, input.conferenceId, account.id);
    try {
      const [row] = await db
        .insert(travels)
        .values({
          conferenceId: input.conferenceId,
          accountId: account.id,
          registrationId: registration.id,
          arrival: input.arrival,
          departure: input.departure,
          createdAt: deps.now(),
        })
        .returning();
      return ok(c, row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const [existing] = await db
        .select({ id: travels.id })
        .from(travels)
        .where(and(eq(travels.conferenceId, input.conferenceId), eq(travels.accountId, account.id)));
      fail(400, "services.errors.travelExists", { data: { id: existing?.id } });
    }
  });

  app.put("/travel/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const [current] = await db
      .select()
      .from(travels)
      .where(eq(travels.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!current || current.accountId !== account.id) fail(404, "errors.notFound");
    const input = parse(c, travelSchema, { ...((await readBody(c)) as object), conferenceId: current.conferenceId });
    const [row] = await db.update(travels).set({ arrival: input.arrival, departure: input.departure }).where(eq(travels.id, current.id)).returning();
    return ok(c, row);
  });

  // ─── Sponsor room requests ────────────────────────────────────────────────────────

  /**
   * The caller's sponsor or exhibitor application for the conference that room requests hang
   * on: a pending or approved one is required (`sponsorId` picks one when there are several).
   */
  const requireSponsor = async (c: Ctx, accountId: number, conferenceId: number, sponsorId: number | null) => {
    const rows = await db
      .select({ id: sponsors.id })
      .from(sponsors)
      .where(and(eq(sponsors.conferenceId, conferenceId), eq(sponsors.accountId, accountId), inArray(sponsors.state, ["pending", "approved"])))
      .orderBy(sponsors.id);
    if (!rows.length) fail(400, "services.errors.sponsorRequired");
    if (sponsorId && !rows.some((r) => r.id === sponsorId)) fail(400, "services.errors.sponsorRequired");
    return sponsorId ?? rows[0].id;
  };

  app.get("/sponsor-hotel", async (c) => {
    const account = requireAccount(c);
    const conferenceId = conferenceFilter(c);
    const where = and(eq(sponsorHotelRequests.accountId, account.id), conferenceId ? eq(sponsorHotelRequests.conferenceId, conferenceId) : undefined);
    const { pageSize, offset } = paging(c);
    const [list, [{ total }]] = await Promise.all([
      db
        .select({ request: sponsorHotelRequests, ...roomColumns })
        .from(sponsorHotelRequests)
        .innerJoin(hotelRooms, eq(hotelRooms.id, sponsorHotelRequests.roomId))
        .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
        .where(where)
        .orderBy(desc(sponsorHotelRequests.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(sponsorHotelRequests).where(where),
    ]);
    return page(
      c,
      list.map(({ request, ...names }) => ({ ...request, ...names })),
      total,
    );
  });

  /** A sponsor asks rooms for its staff; the rooms are held (pending) until the organiser decides. */
  app.post("/sponsor-hotel", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, sponsorHotelSchema, await readBody(c));
    await publishedConference(db, input.conferenceId);
    const sponsorId = await requireSponsor(c, account.id, input.conferenceId, input.sponsorId);
    const created = await requestSponsorRooms(deps, account, { stay: input, sponsorId });
    return ok(c, created);
  });

  const ownPendingRequest = async (c: Ctx) => {
    const account = requireAccount(c);
    const [row] = await db
      .select()
      .from(sponsorHotelRequests)
      .where(eq(sponsorHotelRequests.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!row || row.accountId !== account.id) fail(404, "errors.notFound");
    if (row.state !== "pending") fail(400, "services.errors.notPending");
    return row;
  };

  app.put("/sponsor-hotel/:id{[0-9]+}", async (c) => {
    const current = await ownPendingRequest(c);
    const input = parse(c, sponsorHotelEditSchema, await readBody(c));
    const updated = await changeSponsorRequest(deps, { current, stay: input });
    return ok(c, updated);
  });

  /** Withdraws a pending request (it has no cancelled state: nobody has decided on it yet, so it goes). */
  app.delete("/sponsor-hotel/:id{[0-9]+}", async (c) => {
    const current = await ownPendingRequest(c);
    const [row] = await db
      .delete(sponsorHotelRequests)
      .where(and(eq(sponsorHotelRequests.id, current.id), eq(sponsorHotelRequests.state, "pending")))
      .returning({ id: sponsorHotelRequests.id });
    if (!row) fail(400, "services.errors.notPending");
    return ok(c, row);
  });

  app.route("/", servicesPaperRoutes(deps));
  app.route("/", servicesAgendaRoutes(deps));
  return app;
}
