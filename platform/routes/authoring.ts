/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- a table passed as a generic: tsc needs these casts where the typed lint sees none (decision 046) */
import { and, asc, count, desc, eq, exists, inArray, or } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import { companySchema, conferenceBasicsSchema, publishSchema, domainSchema } from "#contract/schemas/conference";
import { isPlatformHost } from "#contract/schemas/host";
import { EDITOR_PARTS, type EditorPart, type EditorRows, type EditorView } from "#contract/views/authoring";
import type { Sent } from "#contract/views/sent";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import {
  accounts,
  branches,
  categories,
  conferenceAdmins,
  conferences,
  coupons,
  fees,
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
import { fail, idParam, ok, paging } from "../http";
import { createConference, updateConference } from "../services/authoring";
import { isCertified } from "../services/identity";
import { authoringAdminRoutes } from "./authoring-admins";
import { type Owned, adminColumns, authoringKit, fieldFail } from "./authoring-common";
import { authoringListRoutes } from "./authoring-lists";
import { authoringModuleRoutes } from "./authoring-modules";
import { authoringRegistrationRoutes } from "./authoring-registration";

/**
 * Organiser authoring (issue 4): the calls that create and change a conference, its modules and
 * its registration settings. Every call checks that the signed-in account owns the conference or
 * is one of its admin users; anyone else gets a 404, so ids of others' drafts reveal nothing.
 */
export function authoringRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  app.route("/", authoringConferenceRoutes(deps));
  app.route("/", authoringModuleRoutes(deps));
  app.route("/", authoringListRoutes(deps));
  app.route("/", authoringRegistrationRoutes(deps));
  app.route("/", authoringAdminRoutes(deps));
  return app;
}

/** The conference itself: draft, basics, publishing, the organiser's list and the editor's data, company, host name. */
export function authoringConferenceRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;
  const { guard } = authoringKit(deps);

  async function searchTextFor(
    c: Ctx,
    basics: { nameZh: string; nameEn: string; shortName: string; cityZh: string; cityEn: string; majorId: number | null; categoryId: number | null },
  ) {
    const [major] = basics.majorId ? await db.select({ nameZh: majors.nameZh, nameEn: majors.nameEn }).from(majors).where(eq(majors.id, basics.majorId)) : [];
    const [category] = basics.categoryId
      ? await db.select({ nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).where(eq(categories.id, basics.categoryId))
      : [];
    if (basics.majorId && !major) fieldFail(c, "majorId", "authoring.v.invalid");
    if (basics.categoryId && !category) fieldFail(c, "categoryId", "authoring.v.invalid");
    return conferenceSearchText(
      { nameZh: basics.nameZh, nameEn: basics.nameEn, shortName: basics.shortName, cityZh: basics.cityZh, cityEn: basics.cityEn },
      major,
      category,
    );
  }

  // ─── The conference itself ────────────────────────────────────────────────────────

  /** Creates a draft (unpublished) with an intro and a schedule module. */
  app.post("/conference", async (c) => {
    const account = requireAccount(c);
    const basics = parse(c, conferenceBasicsSchema, await readBody(c));
    const searchText = await searchTextFor(c, basics);
    const created = await createConference(deps, account, { values: { ...basics, cover: basics.cover || null, searchText } });
    return ok(c, { id: created.id }, 201);
  });

  app.put("/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    await guard(c, id);
    const basics = parse(c, conferenceBasicsSchema, await readBody(c));
    const searchText = await searchTextFor(c, basics);
    await updateConference(deps, requireAccount(c), {
      conferenceId: id,
      action: "conference.update",
      values: { ...basics, cover: basics.cover || null, searchText },
    });
    return ok(c, { id });
  });

  /** The publish switch; publishing needs a certified organization (spec §5). */
  app.patch("/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const account = await guard(c, id);
    const { isPublish } = parse(c, publishSchema, await readBody(c));
    if (isPublish && !(await isCertified(db, account.id))) fail(403, "authoring.errors.notCertified");
    if (isPublish) {
      const [row] = await db.select({ reason: conferences.takenDownReason }).from(conferences).where(eq(conferences.id, id)).limit(1);
      // Taken down by a platform administrator: published again only once one allows it.
      if (row?.reason) fail(400, "authoring.errors.takenDown", { params: { reason: row.reason } });
    }
    await updateConference(deps, account, { conferenceId: id, action: isPublish ? "conference.publish" : "conference.unpublish", values: { isPublish } });
    return ok(c, { id, isPublish });
  });

  /** The organiser's list: owned or administered conferences, with their registration counts. */
  app.get("/manage/conference", async (c) => {
    const account = requireAccount(c);
    const { pageSize, offset } = paging(c);
    const mine = or(
      eq(conferences.ownerAccountId, account.id),
      exists(
        db
          .select({ one: conferenceAdmins.accountId })
          .from(conferenceAdmins)
          .where(and(eq(conferenceAdmins.conferenceId, conferences.id), eq(conferenceAdmins.accountId, account.id))),
      ),
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: conferences.id,
          nameZh: conferences.nameZh,
          nameEn: conferences.nameEn,
          startDate: conferences.startDate,
          endDate: conferences.endDate,
          isPublish: conferences.isPublish,
          takenDownReason: conferences.takenDownReason,
          cityZh: conferences.cityZh,
          cityEn: conferences.cityEn,
        })
        .from(conferences)
        .where(mine)
        .orderBy(desc(conferences.startDate), desc(conferences.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(conferences).where(mine),
    ]);
    const ids = rows.map((row) => row.id);
    const counts = ids.length
      ? await db
          .select({ conferenceId: registrations.conferenceId, n: count() })
          .from(registrations)
          .where(inArray(registrations.conferenceId, ids))
          .groupBy(registrations.conferenceId)
      : [];
    const list = rows.map((row) => ({ ...row, registrations: counts.find((item) => item.conferenceId === row.id)?.n ?? 0 }));
    return ok(c, { list, total, certified: await isCertified(db, account.id) });
  });

  /**
   * What the editor screens show, published or not: the conference, whether the caller owns it and
   * is certified, and its rows. `?parts=branches,forums` reads only those row lists (each editor
   * page reads the tables of its own section), `?parts=none` none of them; without it, all of them.
   */
  app.get("/manage/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const account = await guard(c, id);
    const parts = editorParts(c.req.query("parts"));
    // Drizzle can't infer a select from a table given as a type parameter: its rows are the table's.
    const byConference = <T extends Owned & { $inferSelect: object; sort?: AnyPgColumn }>(table: T) =>
      db
        .select()
        .from(table as PgTable)
        .where(eq(table.conferenceId, id))
        .orderBy(...(table.sort ? [asc(table.sort)] : []), asc(table.id)) as Promise<Array<T["$inferSelect"]>>;
    const read: { [K in EditorPart]: () => Promise<Sent<EditorRows[K]>> } = {
      modules: () => byConference(modules),
      texts: () => byConference(texts) as Promise<Sent<EditorRows["texts"]>>,
      branches: () => byConference(branches),
      forums: () => byConference(forums),
      schedules: () => db.select().from(schedules).where(eq(schedules.conferenceId, id)).orderBy(asc(schedules.startsAt), asc(schedules.id)),
      identities: () => byConference(identities),
      strategies: () => byConference(strategies),
      fees: () => db.select().from(fees).where(eq(fees.conferenceId, id)),
      vipLevels: () => byConference(vipLevels),
      coupons: () => db.select().from(coupons).where(eq(coupons.conferenceId, id)).orderBy(asc(coupons.id)),
      fields: () => byConference(registrationFields),
      admins: () =>
        db
          .select(adminColumns)
          .from(conferenceAdmins)
          .innerJoin(accounts, eq(accounts.id, conferenceAdmins.accountId))
          .where(eq(conferenceAdmins.conferenceId, id)),
      organizers: () => db.select().from(organizers).where(eq(organizers.conferenceId, id)).orderBy(asc(organizers.sort), asc(organizers.id)),
      sponsors: () => db.select().from(sponsors).where(eq(sponsors.conferenceId, id)).orderBy(asc(sponsors.sort), asc(sponsors.id)),
      links: () => db.select().from(links).where(eq(links.conferenceId, id)).orderBy(asc(links.sort), asc(links.id)),
      media: () => db.select().from(media).where(eq(media.conferenceId, id)).orderBy(asc(media.sort), asc(media.id)),
      banners: () => db.select().from(banners).where(eq(banners.conferenceId, id)).orderBy(asc(banners.sort), asc(banners.id)),
      hotels: async () => {
        const hotelRows = await db.select().from(hotels).where(eq(hotels.conferenceId, id)).orderBy(asc(hotels.sort), asc(hotels.id));
        const roomRows = hotelRows.length
          ? await db
              .select()
              .from(hotelRooms)
              .where(
                inArray(
                  hotelRooms.hotelId,
                  hotelRows.map((h) => h.id),
                ),
              )
              .orderBy(asc(hotelRooms.id))
          : [];
        return hotelRows.map((hotel) => ({ ...hotel, rooms: roomRows.filter((room) => room.hotelId === hotel.id) }));
      },
      specials: async () => {
        const specialRows = await db.select().from(specials).where(eq(specials.conferenceId, id)).orderBy(asc(specials.sort), asc(specials.id));
        const itemRows = specialRows.length
          ? await db
              .select()
              .from(specialItems)
              .where(
                inArray(
                  specialItems.specialId,
                  specialRows.map((row) => row.id),
                ),
              )
              .orderBy(asc(specialItems.sort), asc(specialItems.id))
          : [];
        return specialRows.map((special) => ({ ...special, items: itemRows.filter((item) => item.specialId === special.id) }));
      },
      payee: async () => (await db.select().from(payees).where(eq(payees.conferenceId, id)).orderBy(asc(payees.id)).limit(1))[0] ?? null,
      replays: () => db.select().from(replays).where(eq(replays.conferenceId, id)).orderBy(desc(replays.recordedAt), desc(replays.id)),
    };
    const [[info], certified, rows] = await Promise.all([
      db.select().from(conferences).where(eq(conferences.id, id)),
      isCertified(db, account.id),
      Promise.all(parts.map((part) => read[part]())),
    ]);
    const { searchText: _searchText, ...conference } = info;
    const editor = {
      conference,
      isOwner: info.ownerAccountId === account.id,
      certified,
      ...Object.fromEntries(parts.map((part, index) => [part, rows[index]])),
    };
    return ok(c, editor as Sent<EditorView>);
  });

  app.put("/conference/company/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    await guard(c, id);
    const company = parse(c, companySchema, await readBody(c));
    await updateConference(deps, requireAccount(c), { conferenceId: id, action: "conference.company", values: { invoiceCompany: company }, detail: company });
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
    const [current] = await db
      .select({ domain: conferences.domain, domainState: conferences.domainState, domainReason: conferences.domainReason })
      .from(conferences)
      .where(eq(conferences.id, id));
    const review = !domain
      ? { domainState: null, domainReason: null }
      : current.domain === domain
        ? { domainState: current.domainState, domainReason: current.domainReason }
        : { domainState: "pending" as const, domainReason: null };
    await updateConference(deps, requireAccount(c), { conferenceId: id, action: "conference.domain", values: { domain, ...review }, detail: { domain } });
    return ok(c, { id, domain, domainState: review.domainState });
  });

  return app;
}

/**
 * The row lists a `parts` query names: every one without it, none for `parts=none` (the conference
 * alone); a name the editor doesn't know is a bad request.
 */
function editorParts(asked: string | undefined): readonly EditorPart[] {
  if (asked === undefined) return EDITOR_PARTS;
  if (asked === "none") return [];
  const names = asked.split(",").filter(Boolean);
  const known: readonly string[] = EDITOR_PARTS;
  if (names.some((name) => !known.includes(name))) fail(400, "errors.invalid");
  return [...new Set(names)] as EditorPart[];
}
