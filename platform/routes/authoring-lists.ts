import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { z } from "zod";
import {
  replaySchema,
  branchSchema,
  couponSchema,
  forumSchema,
  identitySchema,
  scheduleSchema,
  strategySchema,
  vipLevelSchema,
  organizerSchema,
  sponsorSchema,
  linkSchema,
  mediaSchema,
  bannerSchema,
  hotelSchema,
  hotelRoomSchema,
  roomShowSchema,
  specialSchema,
  specialItemSchema,
} from "#contract/schemas/conference";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import {
  branches,
  coupons,
  forums,
  identities,
  modules,
  schedules,
  strategies,
  vipLevels,
  organizers,
  sponsors,
  links,
  media,
  banners,
  hotels,
  hotelRooms,
  specials,
  specialItems,
  replays,
} from "../db/schema";
import { fail, idParam, ok } from "../http";
import { createRow, deleteRow, updateRow, updateSponsor } from "../services/authoring";
import { type Owned, authoringKit, fieldFail, withDates } from "./authoring-common";

/** The conference's child lists (branches, forums, schedule, fees' identities and strategies, …), sponsors, hotel rooms and special items. */
export function authoringListRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;
  const { guard, guardRow, conferenceIdOf, sameConference } = authoringKit(deps);

  /** POST `path` (body names the conference), PUT and DELETE `path/{id}`; each guarded and audited as `<kind>.create` …. */
  function childList<S extends z.ZodType>(
    path: string,
    table: Owned,
    schema: S,
    check?: (c: Ctx, conferenceId: number, value: z.output<S>, selfId?: number) => Promise<void>,
  ) {
    const kind = path.slice(1);
    app.post(path, async (c) => {
      const body = await readBody(c);
      const conferenceId = conferenceIdOf(body);
      await guard(c, conferenceId);
      const input = parse(c, schema, body);
      await check?.(c, conferenceId, input);
      const row = await createRow(deps, requireAccount(c), {
        conferenceId,
        action: `${kind}.create`,
        target: kind,
        table,
        values: { ...withDates(input), conferenceId },
        touch: true,
      });
      return ok(c, row, 201);
    });
    app.put(`${path}/:id{[0-9]+}`, async (c) => {
      const { id, conferenceId } = await guardRow(c, table, c.req.param("id"));
      const input = parse(c, schema, await readBody(c));
      await check?.(c, conferenceId, input, id);
      await updateRow(deps, requireAccount(c), { conferenceId, action: `${kind}.update`, target: `${kind}:${id}`, table, id, values: withDates(input) });
      return ok(c, { id });
    });
    app.delete(`${path}/:id{[0-9]+}`, async (c) => {
      const { id, conferenceId } = await guardRow(c, table, c.req.param("id"));
      await deleteRow(deps, requireAccount(c), { conferenceId, action: `${kind}.delete`, target: `${kind}:${id}`, table, id });
      return ok(c, { id });
    });
  }

  childList("/branch", branches, branchSchema);
  childList("/forum", forums, forumSchema, (c, conferenceId, value) => sameConference(c, branches, value.branchId, conferenceId, "branchId"));
  childList("/schedule", schedules, scheduleSchema, async (c, conferenceId, value) => {
    await sameConference(c, modules, value.moduleId, conferenceId, "moduleId");
    await sameConference(c, branches, value.branchId, conferenceId, "branchId");
    await sameConference(c, forums, value.forumId, conferenceId, "forumId");
  });
  childList("/identity", identities, identitySchema);
  childList("/strategy", strategies, strategySchema);
  childList("/level", vipLevels, vipLevelSchema);
  childList("/coupon", coupons, couponSchema, async (c, conferenceId, value, selfId) => {
    const [clash] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.conferenceId, conferenceId), eq(coupons.code, value.code)));
    if (clash && clash.id !== selfId) fieldFail(c, "code", "authoring.v.codeTaken");
  });

  childList("/organizer", organizers, organizerSchema);
  childList("/link", links, linkSchema);
  childList("/media", media, mediaSchema);
  childList("/banner", banners, bannerSchema);
  childList("/hotel", hotels, hotelSchema);
  childList("/special", specials, specialSchema);
  /** The conference's live-stream replays (published ones are listed on /liveStreaming). */
  childList("/replay", replays, replaySchema);

  /** Sponsors and exhibitors the organiser enters are approved; a remark is added to their remarks. */
  app.post("/sponsor", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    const account = await guard(c, conferenceId);
    const { remark, ...input } = parse(c, sponsorSchema, body);
    const remarks = remark ? [{ by: account.id, at: deps.now().toISOString(), text: remark }] : [];
    const row = await createRow(deps, account, {
      conferenceId,
      action: "sponsor.create",
      target: "sponsor",
      table: sponsors,
      values: { ...input, conferenceId, state: "approved", remarks, createdAt: deps.now() },
    });
    return ok(c, row, 201);
  });
  /** `PUT /sponsor/{id}`, and `PUT /sponsor` with the id in the body (decision 037). */
  const changeSponsor = async (c: Ctx, rawId: string | undefined) => {
    const { id, conferenceId } = await guardRow(c, sponsors, rawId);
    const account = requireAccount(c);
    const { remark, ...input } = parse(c, sponsorSchema, await readBody(c));
    await updateSponsor(deps, account, { conferenceId, id, values: input, remark });
    return ok(c, { id });
  };
  app.put("/sponsor/:id{[0-9]+}", (c) => changeSponsor(c, c.req.param("id")));
  app.put("/sponsor", async (c) => {
    requireAccount(c);
    const body = (await readBody(c)) as { id?: unknown };
    return changeSponsor(c, String(body?.id ?? ""));
  });
  app.delete("/sponsor/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, sponsors, c.req.param("id"));
    await deleteRow(deps, requireAccount(c), { conferenceId, action: "sponsor.delete", target: `sponsor:${id}`, table: sponsors, id });
    return ok(c, { id });
  });

  /** A hotel room's (or special item's) conference, through its parent; 404 unless the caller manages it. */
  async function guardChild(c: Ctx, kind: "room" | "item", raw: string | undefined) {
    requireAccount(c);
    const id = idParam(raw);
    const [row] =
      kind === "room"
        ? await db
            .select({ conferenceId: hotels.conferenceId })
            .from(hotelRooms)
            .innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId))
            .where(eq(hotelRooms.id, id))
        : await db
            .select({ conferenceId: specials.conferenceId })
            .from(specialItems)
            .innerJoin(specials, eq(specials.id, specialItems.specialId))
            .where(eq(specialItems.id, id));
    if (!row) fail(404, "errors.notFound");
    await guard(c, row.conferenceId);
    return { id, conferenceId: row.conferenceId };
  }

  /** The parent (hotel or special) named in a body, guarded. */
  async function guardParent(c: Ctx, table: typeof hotels | typeof specials, parentId: number) {
    requireAccount(c);
    const [row] = await db.select({ conferenceId: table.conferenceId }).from(table).where(eq(table.id, parentId));
    if (!row) fail(404, "errors.notFound");
    await guard(c, row.conferenceId);
    return row.conferenceId;
  }

  app.post("/hotel-room", async (c) => {
    const body = await readBody(c);
    const conferenceId = await guardParent(c, hotels, idParam(String((body as { hotelId?: unknown })?.hotelId ?? "")));
    const input = parse(c, hotelRoomSchema, body);
    const row = await createRow(deps, requireAccount(c), {
      conferenceId,
      action: "hotel-room.create",
      target: `hotel:${input.hotelId}`,
      table: hotelRooms,
      values: input,
    });
    return ok(c, row, 201);
  });
  /** Changes a room type; it stays with its hotel (the body's hotelId is not read). */
  app.put("/hotel-room/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "room", c.req.param("id"));
    const { hotelId: _hotelId, ...input } = parse(c, hotelRoomSchema, await readBody(c));
    await updateRow(deps, requireAccount(c), { conferenceId, action: "hotel-room.update", target: `hotel-room:${id}`, table: hotelRooms, id, values: input });
    return ok(c, { id });
  });
  app.delete("/hotel-room/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "room", c.req.param("id"));
    await deleteRow(deps, requireAccount(c), { conferenceId, action: "hotel-room.delete", target: `hotel-room:${id}`, table: hotelRooms, id });
    return ok(c, { id });
  });
  /** Shows or hides a room type to attendees. */
  app.patch("/hotel-room/switch-show-state/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "room", c.req.param("id"));
    const { showState } = parse(c, roomShowSchema, await readBody(c));
    await updateRow(deps, requireAccount(c), {
      conferenceId,
      action: "hotel-room.show",
      target: `hotel-room:${id}`,
      detail: { showState },
      table: hotelRooms,
      id,
      values: { showState },
    });
    return ok(c, { id, showState });
  });

  app.post("/special-item", async (c) => {
    const body = await readBody(c);
    const conferenceId = await guardParent(c, specials, idParam(String((body as { specialId?: unknown })?.specialId ?? "")));
    const input = parse(c, specialItemSchema, body);
    const row = await createRow(deps, requireAccount(c), {
      conferenceId,
      action: "special-item.create",
      target: `special:${input.specialId}`,
      table: specialItems,
      values: input,
    });
    return ok(c, row, 201);
  });
  /** Changes a list member; it stays in its list (the body's specialId is not read). */
  app.put("/special-item/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "item", c.req.param("id"));
    const { specialId: _specialId, ...input } = parse(c, specialItemSchema, await readBody(c));
    await updateRow(deps, requireAccount(c), {
      conferenceId,
      action: "special-item.update",
      target: `special-item:${id}`,
      table: specialItems,
      id,
      values: input,
    });
    return ok(c, { id });
  });
  app.delete("/special-item/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "item", c.req.param("id"));
    await deleteRow(deps, requireAccount(c), { conferenceId, action: "special-item.delete", target: `special-item:${id}`, table: specialItems, id });
    return ok(c, { id });
  });

  return app;
}
