import { and, asc, count, desc, eq, exists, inArray, isNull, or } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import type { z } from "zod";
import {
  adminUserSchema,
  adminUserUpdateSchema,
  replaySchema,
  branchSchema,
  companySchema,
  conferenceBasicsSchema,
  couponSchema,
  feeSchema,
  formFieldSchema,
  forumSchema,
  identitySchema,
  moduleSchema,
  publishSchema,
  registrationSettingsSchema,
  schedulePublishSchema,
  scheduleSchema,
  strategySchema,
  textSchema,
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
  domainSchema,
} from "#contract/schemas/conference";
import type { Db } from "../db";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import {
  accounts,
  branches,
  categories,
  conferenceAdmins,
  conferences,
  coupons,
  fees,
  type FormField,
  forums,
  identities,
  majors,
  modules,
  registrationFields,
  registrations,
  schedules,
  strategies,
  texts,
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
  payees,
  replays,
} from "../db/schema";
import { conferenceSearchText } from "../db/seed";
import type { EditorData, ModuleData } from "#contract/views/authoring";
import type { Sent } from "#contract/views/sent";
import { fail, idParam, ok, page, paging, refuseField } from "../http";
import { requireManager } from "../services/access";
import { recordAudit } from "../services/audit";
import { isPlatformHost } from "#contract/schemas/host";
import { accountByMobile, isCertified } from "../services/identity";

/** A 400 naming one field (like `parse` does). */
function fieldFail(_c: Ctx, field: string, key: string): never {
  refuseField(field, key);
}

/** The shared schemas give times as ISO strings; timestamp columns take dates. */
function withDates(input: unknown) {
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of ["startsAt", "endsAt", "recordedAt"]) if (typeof out[key] === "string") out[key] = new Date(out[key] as string);
  return out;
}

/** What the editor shows of an admin user. */
const adminColumns = { accountId: accounts.id, name: accounts.name, mobile: accounts.mobile, remark: conferenceAdmins.remark };

type Owned = PgTable & { id: AnyPgColumn; conferenceId: AnyPgColumn };

/**
 * Organiser authoring (issue 4): the calls that create and change a conference, its modules and
 * its registration settings. Every call checks that the signed-in account owns the conference or
 * is one of its admin users; anyone else gets a 404, so ids of others' drafts reveal nothing.
 */
export function authoringRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const guard = (c: Ctx, conferenceId: number) => requireManager(db, c, conferenceId);

  /** Finds a child row's conference, then guards it. */
  async function guardRow(c: Ctx, table: Owned, raw: string | undefined) {
    requireAccount(c);
    const id = idParam(raw);
    const [row] = (await db.select({ conferenceId: table.conferenceId }).from(table as PgTable).where(eq(table.id, id)).limit(1)) as Array<{ conferenceId: number }>;
    if (!row) fail(404, "errors.notFound");
    await guard(c, row.conferenceId);
    return { id, conferenceId: row.conferenceId };
  }

  /** Makes an organiser's change and its audit row in one transaction, so a failed change leaves no trail. */
  function audited<T>(c: Ctx, conferenceId: number, action: string, target: string, change: (tx: Db) => Promise<T>, detail?: Record<string, unknown>) {
    const account = requireAccount(c);
    return db.transaction(async (tx) => {
      const result = await change(tx);
      await recordAudit(tx, { conferenceId, accountId: account.id, action, target, detail, at: deps.now() });
      return result;
    });
  }

  const conferenceIdOf = (body: unknown) => idParam(String((body as { conferenceId?: unknown })?.conferenceId ?? ""));

  async function searchTextFor(c: Ctx, basics: { nameZh: string; nameEn: string; shortName: string; cityZh: string; cityEn: string; majorId: number | null; categoryId: number | null }) {
    const [major] = basics.majorId ? await db.select({ nameZh: majors.nameZh, nameEn: majors.nameEn }).from(majors).where(eq(majors.id, basics.majorId)) : [];
    const [category] = basics.categoryId
      ? await db.select({ nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).where(eq(categories.id, basics.categoryId))
      : [];
    if (basics.majorId && !major) fieldFail(c, "majorId", "authoring.v.invalid");
    if (basics.categoryId && !category) fieldFail(c, "categoryId", "authoring.v.invalid");
    return conferenceSearchText({ nameZh: basics.nameZh, nameEn: basics.nameEn, shortName: basics.shortName, cityZh: basics.cityZh, cityEn: basics.cityEn }, major, category);
  }

  const touch = (tx: Db, conferenceId: number) => tx.update(conferences).set({ updatedAt: deps.now() }).where(eq(conferences.id, conferenceId));

  // ─── The conference itself ────────────────────────────────────────────────────────

  /** Creates a draft (unpublished) with an intro and a schedule module. */
  app.post("/conference", async (c) => {
    const account = requireAccount(c);
    const basics = parse(c, conferenceBasicsSchema, await readBody(c));
    const searchText = await searchTextFor(c, basics);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(conferences)
        .values({ ...basics, cover: basics.cover || null, ownerAccountId: account.id, isPublish: false, searchText, createdAt: deps.now(), updatedAt: deps.now() })
        .returning({ id: conferences.id });
      await tx.insert(modules).values([
        { conferenceId: row.id, type: "intro", titleZh: "会议简介", titleEn: "About", sort: 1 },
        { conferenceId: row.id, type: "schedule", titleZh: "会议日程", titleEn: "Programme", sort: 2 },
      ]);
      await recordAudit(tx, { conferenceId: row.id, accountId: account.id, action: "conference.create", target: `conference:${row.id}`, at: deps.now() });
      return row;
    });
    return ok(c, { id: created.id }, 201);
  });

  app.put("/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    await guard(c, id);
    const basics = parse(c, conferenceBasicsSchema, await readBody(c));
    const searchText = await searchTextFor(c, basics);
    await audited(c, id, "conference.update", `conference:${id}`, (tx) =>
      tx
        .update(conferences)
        .set({ ...basics, cover: basics.cover || null, searchText, updatedAt: deps.now() })
        .where(eq(conferences.id, id)),
    );
    return ok(c, { id });
  });

  /** The publish switch; publishing needs a certified organization (spec §5). */
  app.patch("/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const account = await guard(c, id);
    const { isPublish } = parse(c, publishSchema, await readBody(c));
    if (isPublish && !(await isCertified(db, account.id))) fail(403, "authoring.errors.notCertified");
    await audited(c, id, isPublish ? "conference.publish" : "conference.unpublish", `conference:${id}`, (tx) => tx.update(conferences).set({ isPublish, updatedAt: deps.now() }).where(eq(conferences.id, id)));
    return ok(c, { id, isPublish });
  });

  /** The organiser's list: owned or administered conferences, with their registration counts. */
  app.get("/manage/conference", async (c) => {
    const account = requireAccount(c);
    const { pageSize, offset } = paging(c);
    const mine = or(
      eq(conferences.ownerAccountId, account.id),
      exists(db.select({ one: conferenceAdmins.accountId }).from(conferenceAdmins).where(and(eq(conferenceAdmins.conferenceId, conferences.id), eq(conferenceAdmins.accountId, account.id)))),
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ id: conferences.id, nameZh: conferences.nameZh, nameEn: conferences.nameEn, startDate: conferences.startDate, endDate: conferences.endDate, isPublish: conferences.isPublish, cityZh: conferences.cityZh, cityEn: conferences.cityEn })
        .from(conferences)
        .where(mine)
        .orderBy(desc(conferences.startDate), desc(conferences.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(conferences).where(mine),
    ]);
    const ids = rows.map((row) => row.id);
    const counts = ids.length
      ? await db.select({ conferenceId: registrations.conferenceId, n: count() }).from(registrations).where(inArray(registrations.conferenceId, ids)).groupBy(registrations.conferenceId)
      : [];
    const list = rows.map((row) => ({ ...row, registrations: counts.find((item) => item.conferenceId === row.id)?.n ?? 0 }));
    return ok(c, { list, total, certified: await isCertified(db, account.id) });
  });

  /** Everything the editor screens show, published or not. */
  app.get("/manage/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const account = await guard(c, id);
    // Drizzle can't infer a select from a table given as a type parameter: its rows are the table's.
    const byConference = <T extends Owned & { $inferSelect: object; sort?: AnyPgColumn }>(table: T) =>
      db
        .select()
        .from(table as PgTable)
        .where(eq(table.conferenceId, id))
        .orderBy(...(table.sort ? [asc(table.sort)] : []), asc(table.id)) as Promise<Array<T["$inferSelect"]>>;
    const [extra] = await Promise.all([loadExtras(id)]);
    const [[info], moduleRows, textRows, branchRows, forumRows, scheduleRows, identityRows, strategyRows, feeRows, vipRows, couponRows, fieldRows, adminRows, certified] = await Promise.all([
      db.select().from(conferences).where(eq(conferences.id, id)),
      byConference(modules),
      byConference(texts),
      byConference(branches),
      byConference(forums),
      db.select().from(schedules).where(eq(schedules.conferenceId, id)).orderBy(asc(schedules.startsAt), asc(schedules.id)),
      byConference(identities),
      byConference(strategies),
      db.select().from(fees).where(eq(fees.conferenceId, id)),
      byConference(vipLevels),
      db.select().from(coupons).where(eq(coupons.conferenceId, id)).orderBy(asc(coupons.id)),
      byConference(registrationFields),
      db
        .select(adminColumns)
        .from(conferenceAdmins)
        .innerJoin(accounts, eq(accounts.id, conferenceAdmins.accountId))
        .where(eq(conferenceAdmins.conferenceId, id)),
      isCertified(db, account.id),
    ]);
    const { searchText: _searchText, ...conference } = info;
    const editor = {
      conference,
      isOwner: info.ownerAccountId === account.id,
      certified,
      modules: moduleRows,
      texts: textRows,
      branches: branchRows,
      forums: forumRows,
      schedules: scheduleRows,
      identities: identityRows,
      strategies: strategyRows,
      fees: feeRows,
      vipLevels: vipRows,
      coupons: couponRows,
      fields: fieldRows,
      admins: adminRows,
      ...extra,
    };
    return ok(c, editor satisfies Sent<EditorData & ModuleData>);
  });

  /** The other modules' rows for the editor. */
  async function loadExtras(id: number) {
    const [organizerRows, sponsorRows, linkRows, mediaRows, bannerRows, hotelRows, specialRows, payeeRows, replayRows] = await Promise.all([
      db.select().from(organizers).where(eq(organizers.conferenceId, id)).orderBy(asc(organizers.sort), asc(organizers.id)),
      db.select().from(sponsors).where(eq(sponsors.conferenceId, id)).orderBy(asc(sponsors.sort), asc(sponsors.id)),
      db.select().from(links).where(eq(links.conferenceId, id)).orderBy(asc(links.sort), asc(links.id)),
      db.select().from(media).where(eq(media.conferenceId, id)).orderBy(asc(media.sort), asc(media.id)),
      db.select().from(banners).where(eq(banners.conferenceId, id)).orderBy(asc(banners.sort), asc(banners.id)),
      db.select().from(hotels).where(eq(hotels.conferenceId, id)).orderBy(asc(hotels.sort), asc(hotels.id)),
      db.select().from(specials).where(eq(specials.conferenceId, id)).orderBy(asc(specials.sort), asc(specials.id)),
      db.select().from(payees).where(eq(payees.conferenceId, id)).orderBy(asc(payees.id)).limit(1),
      db.select().from(replays).where(eq(replays.conferenceId, id)).orderBy(desc(replays.recordedAt), desc(replays.id)),
    ]);
    const [roomRows, itemRows] = await Promise.all([
      hotelRows.length ? db.select().from(hotelRooms).where(inArray(hotelRooms.hotelId, hotelRows.map((h) => h.id))).orderBy(asc(hotelRooms.id)) : [],
      specialRows.length ? db.select().from(specialItems).where(inArray(specialItems.specialId, specialRows.map((row) => row.id))).orderBy(asc(specialItems.sort), asc(specialItems.id)) : [],
    ]);
    return {
      organizers: organizerRows,
      sponsors: sponsorRows,
      links: linkRows,
      media: mediaRows,
      banners: bannerRows,
      hotels: hotelRows.map((hotel) => ({ ...hotel, rooms: roomRows.filter((room) => room.hotelId === hotel.id) })),
      specials: specialRows.map((special) => ({ ...special, items: itemRows.filter((item) => item.specialId === special.id) })),
      payee: payeeRows[0] ?? null,
      replays: replayRows,
    };
  }

  app.put("/conference/company/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    await guard(c, id);
    const company = parse(c, companySchema, await readBody(c));
    await audited(c, id, "conference.company", `conference:${id}`, (tx) => tx.update(conferences).set({ invoiceCompany: company, updatedAt: deps.now() }).where(eq(conferences.id, id)), company);
    return ok(c, { id });
  });

  // ─── Modules and texts ────────────────────────────────────────────────────────────

  app.post("/module", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, moduleSchema, body);
    const row = await audited(c, conferenceId, "module.create", "module", async (tx) => (await tx.insert(modules).values({ ...input, conferenceId }).returning())[0]);
    return ok(c, row, 201);
  });

  app.put("/module/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("id"));
    const input = parse(c, moduleSchema, await readBody(c));
    await audited(c, conferenceId, "module.update", `module:${id}`, (tx) => tx.update(modules).set(input).where(eq(modules.id, id)));
    return ok(c, { id });
  });

  app.delete("/module/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("id"));
    await audited(c, conferenceId, "module.delete", `module:${id}`, (tx) => tx.delete(modules).where(eq(modules.id, id)));
    return ok(c, { id });
  });

  /** The per-module publish switch of the schedule (visitors see a module's schedule once published). */
  app.patch("/schedule/:moduleId{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("moduleId"));
    const { published } = parse(c, schedulePublishSchema, await readBody(c));
    await audited(c, conferenceId, "schedule.publish", `module:${id}`, (tx) => tx.update(modules).set({ schedulePublished: published }).where(eq(modules.id, id)), { published });
    return ok(c, { id, published });
  });

  /** Sets a module's text (one per module: the intro, a custom page). */
  app.put("/text", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, textSchema, body);
    if (input.moduleId) {
      const [module] = await db.select({ id: modules.id }).from(modules).where(and(eq(modules.id, input.moduleId), eq(modules.conferenceId, conferenceId)));
      if (!module) fail(404, "errors.notFound");
    }
    const where = and(eq(texts.conferenceId, conferenceId), input.moduleId ? eq(texts.moduleId, input.moduleId) : isNull(texts.moduleId));
    const id = await audited(c, conferenceId, "text.save", `module:${input.moduleId ?? "none"}`, async (tx) => {
      const [existing] = await tx.select({ id: texts.id }).from(texts).where(where).orderBy(asc(texts.sort), asc(texts.id)).limit(1);
      if (existing) {
        await tx.update(texts).set(input).where(eq(texts.id, existing.id));
        return existing.id;
      }
      const [row] = await tx.insert(texts).values({ ...input, conferenceId }).returning({ id: texts.id });
      return row.id;
    });
    return ok(c, { id });
  });

  // ─── Simple child lists: branches, forums, identities, strategies, vip levels ───────

  /** POST `path` (body names the conference), PUT and DELETE `path/{id}`; each guarded and audited as `<kind>.create` …. */
  function childList<S extends z.ZodType>(path: string, table: Owned, schema: S, check?: (c: Ctx, conferenceId: number, value: z.output<S>, selfId?: number) => Promise<void>) {
    const kind = path.slice(1);
    app.post(path, async (c) => {
      const body = await readBody(c);
      const conferenceId = conferenceIdOf(body);
      await guard(c, conferenceId);
      const input = parse(c, schema, body);
      await check?.(c, conferenceId, input);
      const row = await audited(c, conferenceId, `${kind}.create`, kind, async (tx) => {
        const [created] = (await tx
          .insert(table)
          .values({ ...withDates(input), conferenceId } as never)
          .returning()) as Array<{ id: number }>;
        await touch(tx, conferenceId);
        return created;
      });
      return ok(c, row, 201);
    });
    app.put(`${path}/:id{[0-9]+}`, async (c) => {
      const { id, conferenceId } = await guardRow(c, table, c.req.param("id"));
      const input = parse(c, schema, await readBody(c));
      await check?.(c, conferenceId, input, id);
      await audited(c, conferenceId, `${kind}.update`, `${kind}:${id}`, (tx) =>
        tx
          .update(table)
          .set(withDates(input) as never)
          .where(eq(table.id, id)),
      );
      return ok(c, { id });
    });
    app.delete(`${path}/:id{[0-9]+}`, async (c) => {
      const { id, conferenceId } = await guardRow(c, table, c.req.param("id"));
      await audited(c, conferenceId, `${kind}.delete`, `${kind}:${id}`, (tx) => tx.delete(table).where(eq(table.id, id)));
      return ok(c, { id });
    });
  }

  /** A referenced row must belong to the same conference. */
  async function sameConference(c: Ctx, table: Owned, id: number | null | undefined, conferenceId: number, field: string) {
    if (!id) return;
    const [row] = (await db.select({ conferenceId: table.conferenceId }).from(table as PgTable).where(eq(table.id, id))) as Array<{ conferenceId: number }>;
    if (!row || row.conferenceId !== conferenceId) fieldFail(c, field, "authoring.v.invalid");
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
  childList("/vip-level", vipLevels, vipLevelSchema);
  childList("/coupon", coupons, couponSchema, async (c, conferenceId, value, selfId) => {
    const [clash] = await db.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.conferenceId, conferenceId), eq(coupons.code, value.code)));
    if (clash && clash.id !== selfId) fieldFail(c, "code", "authoring.v.codeTaken");
  });

  childList("/organizer", organizers, organizerSchema);
  childList("/link", links, linkSchema);
  childList("/media", media, mediaSchema);
  childList("/conference-banner", banners, bannerSchema);
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
    const row = await audited(c, conferenceId, "sponsor.create", "sponsor", async (tx) => (await tx.insert(sponsors).values({ ...input, conferenceId, state: "approved", remarks, createdAt: deps.now() }).returning())[0]);
    return ok(c, row, 201);
  });
  app.put("/sponsor/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, sponsors, c.req.param("id"));
    const account = requireAccount(c);
    const { remark, ...input } = parse(c, sponsorSchema, await readBody(c));
    await audited(c, conferenceId, "sponsor.update", `sponsor:${id}`, async (tx) => {
      const [current] = await tx.select({ remarks: sponsors.remarks }).from(sponsors).where(eq(sponsors.id, id)).for("update");
      const remarks = remark ? [...current.remarks, { by: account.id, at: deps.now().toISOString(), text: remark }] : current.remarks;
      await tx.update(sponsors).set({ ...input, remarks }).where(eq(sponsors.id, id));
    });
    return ok(c, { id });
  });
  app.delete("/sponsor/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, sponsors, c.req.param("id"));
    await audited(c, conferenceId, "sponsor.delete", `sponsor:${id}`, (tx) => tx.delete(sponsors).where(eq(sponsors.id, id)));
    return ok(c, { id });
  });

  /** A hotel room's (or special item's) conference, through its parent; 404 unless the caller manages it. */
  async function guardChild(c: Ctx, kind: "room" | "item", raw: string | undefined) {
    requireAccount(c);
    const id = idParam(raw);
    const [row] =
      kind === "room"
        ? await db.select({ conferenceId: hotels.conferenceId }).from(hotelRooms).innerJoin(hotels, eq(hotels.id, hotelRooms.hotelId)).where(eq(hotelRooms.id, id))
        : await db.select({ conferenceId: specials.conferenceId }).from(specialItems).innerJoin(specials, eq(specials.id, specialItems.specialId)).where(eq(specialItems.id, id));
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
    const row = await audited(c, conferenceId, "hotel-room.create", `hotel:${input.hotelId}`, async (tx) => (await tx.insert(hotelRooms).values(input).returning())[0]);
    return ok(c, row, 201);
  });
  /** Changes a room type; it stays with its hotel (the body's hotelId is not read). */
  app.put("/hotel-room/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "room", c.req.param("id"));
    const { hotelId: _hotelId, ...input } = parse(c, hotelRoomSchema, await readBody(c));
    await audited(c, conferenceId, "hotel-room.update", `hotel-room:${id}`, (tx) => tx.update(hotelRooms).set(input).where(eq(hotelRooms.id, id)));
    return ok(c, { id });
  });
  app.delete("/hotel-room/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "room", c.req.param("id"));
    await audited(c, conferenceId, "hotel-room.delete", `hotel-room:${id}`, (tx) => tx.delete(hotelRooms).where(eq(hotelRooms.id, id)));
    return ok(c, { id });
  });
  /** Shows or hides a room type to attendees. */
  app.patch("/hotel-room/switch-show-state/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "room", c.req.param("id"));
    const { showState } = parse(c, roomShowSchema, await readBody(c));
    await audited(c, conferenceId, "hotel-room.show", `hotel-room:${id}`, (tx) => tx.update(hotelRooms).set({ showState }).where(eq(hotelRooms.id, id)), { showState });
    return ok(c, { id, showState });
  });

  app.post("/special-item", async (c) => {
    const body = await readBody(c);
    const conferenceId = await guardParent(c, specials, idParam(String((body as { specialId?: unknown })?.specialId ?? "")));
    const input = parse(c, specialItemSchema, body);
    const row = await audited(c, conferenceId, "special-item.create", `special:${input.specialId}`, async (tx) => (await tx.insert(specialItems).values(input).returning())[0]);
    return ok(c, row, 201);
  });
  /** Changes a list member; it stays in its list (the body's specialId is not read). */
  app.put("/special-item/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "item", c.req.param("id"));
    const { specialId: _specialId, ...input } = parse(c, specialItemSchema, await readBody(c));
    await audited(c, conferenceId, "special-item.update", `special-item:${id}`, (tx) => tx.update(specialItems).set(input).where(eq(specialItems.id, id)));
    return ok(c, { id });
  });
  app.delete("/special-item/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardChild(c, "item", c.req.param("id"));
    await audited(c, conferenceId, "special-item.delete", `special-item:${id}`, (tx) => tx.delete(specialItems).where(eq(specialItems.id, id)));
    return ok(c, { id });
  });

  /**
   * The conference's own host name (served by `/domain/{host}`). A new name waits for a platform
   * administrator (decision 029); the platform's own hosts are refused, and a name another
   * conference was approved for is taken.
   */
  app.put("/conference/domain/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    await guard(c, id);
    const { domain } = parse(c, domainSchema, await readBody(c));
    if (domain && isPlatformHost(domain, deps.platformHosts ?? [])) fieldFail(c, "domain", "authoring.v.domainPlatform");
    if (domain) {
      const [taken] = await db
        .select({ id: conferences.id })
        .from(conferences)
        .where(and(eq(conferences.domain, domain), eq(conferences.domainState, "approved")));
      if (taken && taken.id !== id) fieldFail(c, "domain", "authoring.v.domainTaken");
    }
    const [current] = await db.select({ domain: conferences.domain, domainState: conferences.domainState, domainReason: conferences.domainReason }).from(conferences).where(eq(conferences.id, id));
    const review = !domain ? { domainState: null, domainReason: null } : current.domain === domain ? { domainState: current.domainState, domainReason: current.domainReason } : { domainState: "pending" as const, domainReason: null };
    await audited(c, id, "conference.domain", `conference:${id}`, (tx) => tx.update(conferences).set({ domain, ...review, updatedAt: deps.now() }).where(eq(conferences.id, id)), { domain });
    return ok(c, { id, domain, domainState: review.domainState });
  });

  /** Deletes one venue's schedule (`branchId` empty or 0: the main venue). */
  app.delete("/scheduleBranch/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const raw = c.req.query("branchId") ?? "";
    const branchId = raw === "" || raw === "0" || raw === "null" ? null : idParam(raw);
    const removed = await audited(c, conferenceId, "schedule.deleteBranch", `branch:${branchId ?? "main"}`, (tx) =>
      tx
        .delete(schedules)
        .where(and(eq(schedules.conferenceId, conferenceId), branchId === null ? isNull(schedules.branchId) : eq(schedules.branchId, branchId)))
        .returning({ id: schedules.id }),
    );
    return ok(c, { removed: removed.length });
  });

  // ─── Fees, settings and the registration form ────────────────────────────────────────

  /** Sets one cell of the fee table (identity × strategy). */
  app.put("/fee", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, feeSchema, body);
    await sameConference(c, identities, input.identityId, conferenceId, "identityId");
    await sameConference(c, strategies, input.strategyId, conferenceId, "strategyId");
    await audited(c, conferenceId, "fee.set", `fee:${input.identityId}:${input.strategyId}`, (tx) =>
      tx
        .insert(fees)
        .values({ ...input, conferenceId })
        .onConflictDoUpdate({ target: [fees.identityId, fees.strategyId], set: { priceFen: input.priceFen, unit: input.unit } }),
      input,
    );
    return ok(c, input);
  });

  app.put("/registration/settings/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const input = parse(c, registrationSettingsSchema, await readBody(c));
    await audited(c, conferenceId, "registration.settings", `conference:${conferenceId}`, (tx) => tx.update(conferences).set({ ...input, updatedAt: deps.now() }).where(eq(conferences.id, conferenceId)), input);
    return ok(c, input);
  });

  const toField = (input: z.output<typeof formFieldSchema>): FormField => ({
    key: input.key,
    type: input.type,
    labelZh: input.labelZh,
    labelEn: input.labelEn,
    helpZh: input.helpZh || undefined,
    helpEn: input.helpEn || undefined,
    required: input.required,
    ...(input.type === "radio" || input.type === "checkbox" ? { options: input.options } : {}),
    showWhen: input.showWhenField ? { field: input.showWhenField, value: input.showWhenValue } : null,
  });

  /** Keys are unique per form; a condition must name another field of the form. */
  async function checkField(c: Ctx, conferenceId: number, field: FormField, selfId?: number) {
    const rows = await db.select({ id: registrationFields.id, field: registrationFields.field }).from(registrationFields).where(eq(registrationFields.conferenceId, conferenceId));
    const others = rows.filter((row) => row.id !== selfId);
    if (others.some((row) => row.field.key === field.key)) fieldFail(c, "key", "authoring.v.keyTaken");
    if (field.showWhen && !others.some((row) => row.field.key === field.showWhen?.field)) fieldFail(c, "showWhenField", "authoring.v.noSuchField");
  }

  app.post("/registration/field", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, formFieldSchema, body);
    const field = toField(input);
    await checkField(c, conferenceId, field);
    const row = await audited(c, conferenceId, "registration-field.create", `field:${field.key}`, async (tx) => (await tx.insert(registrationFields).values({ conferenceId, field, sort: input.sort }).returning())[0]);
    return ok(c, row, 201);
  });

  app.put("/registration/field/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, registrationFields, c.req.param("id"));
    const input = parse(c, formFieldSchema, await readBody(c));
    const field = toField(input);
    await checkField(c, conferenceId, field, id);
    await audited(c, conferenceId, "registration-field.update", `registration-field:${id}`, (tx) => tx.update(registrationFields).set({ field, sort: input.sort }).where(eq(registrationFields.id, id)));
    return ok(c, { id });
  });

  app.delete("/registration/field/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, registrationFields, c.req.param("id"));
    await audited(c, conferenceId, "registration-field.delete", `registration-field:${id}`, (tx) => tx.delete(registrationFields).where(eq(registrationFields.id, id)));
    return ok(c, { id });
  });

  // ─── Admin users ──────────────────────────────────────────────────────────────────

  app.get("/admin-user", async (c) => {
    const conferenceId = idParam(c.req.query("conferenceId"));
    await guard(c, conferenceId);
    const rows = await db
      .select(adminColumns)
      .from(conferenceAdmins)
      .innerJoin(accounts, eq(accounts.id, conferenceAdmins.accountId))
      .where(eq(conferenceAdmins.conferenceId, conferenceId));
    return page(c, rows, rows.length);
  });

  app.post("/admin-user", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const { mobile, remark } = parse(c, adminUserSchema, body);
    const account = await accountByMobile(db, mobile);
    if (!account) fieldFail(c, "mobile", "authoring.v.noSuchAccount");
    await audited(c, conferenceId, "admin-user.create", `account:${account.id}`, (tx) => tx.insert(conferenceAdmins).values({ conferenceId, accountId: account.id, remark, createdAt: deps.now() }).onConflictDoNothing(), { remark });
    return ok(c, { accountId: account.id }, 201);
  });

  /** One admin user of a conference; 404 when that account is not one. */
  async function adminParams(c: Ctx) {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const accountId = idParam(c.req.param("accountId"));
    const where = and(eq(conferenceAdmins.conferenceId, conferenceId), eq(conferenceAdmins.accountId, accountId));
    const [row] = await db.select({ accountId: conferenceAdmins.accountId }).from(conferenceAdmins).where(where);
    if (!row) fail(404, "errors.notFound");
    return { conferenceId, accountId, where };
  }

  /** Changes what the organiser noted about an admin user. */
  app.put("/admin-user/:conferenceId{[0-9]+}/:accountId{[0-9]+}", async (c) => {
    const { conferenceId, accountId, where } = await adminParams(c);
    const { remark } = parse(c, adminUserUpdateSchema, await readBody(c));
    await audited(c, conferenceId, "admin-user.update", `account:${accountId}`, (tx) => tx.update(conferenceAdmins).set({ remark }).where(where), { remark });
    return ok(c, { accountId, remark });
  });

  app.delete("/admin-user/:conferenceId{[0-9]+}/:accountId{[0-9]+}", async (c) => {
    const { conferenceId, accountId, where } = await adminParams(c);
    await audited(c, conferenceId, "admin-user.delete", `account:${accountId}`, (tx) => tx.delete(conferenceAdmins).where(where));
    return ok(c, { accountId });
  });

  return app;
}
