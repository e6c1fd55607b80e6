import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import { conferenceStyleSchema } from "#contract/schemas/conference-style";
import type { PlatformConferencePage } from "#contract/views/conference";
import type { Sent } from "#contract/views/sent";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { type Db, queryRows } from "../db";
import {
  banners,
  branches,
  categories,
  conferences,
  fees,
  forums,
  hotelRooms,
  hotels,
  identities,
  links,
  majors,
  media,
  modules,
  organizers,
  schedules,
  specialItems,
  specials,
  sponsors,
  strategies,
  tags,
  texts,
} from "../db/schema";
import { fail, idParam, ok, page } from "../http";
import { canManageConference } from "../services/access";
import type { Memo } from "../services/memo";

/**
 * What a conference page shows (spec §7 content calls, issue 3). Visitors see only published
 * conferences; the organisers of an unpublished one (owner or admin user) see it too.
 *
 * Each list is described once (`ListSpec`: table, fields, condition, order) and read as a JSON
 * array built by the database, so the page call gathers all of them, and the conference itself,
 * in one statement instead of one round trip per list. Every list is read through its
 * `conference_id` (or parent id) index: its cost follows the conference's size, not the table's.
 */
export function conferenceContentRoutes(deps: PlatformDeps, memo: Memo) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** 404 unless the caller may see the conference; says whether they manage it. */
  async function access(c: Ctx, raw: string | undefined) {
    const id = idParam(raw);
    const [row] = await db
      .select({ isPublish: conferences.isPublish, currency: conferences.currency })
      .from(conferences)
      .where(eq(conferences.id, id))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    const canManage = await manages(c, id);
    if (!row.isPublish && !canManage) fail(404, "errors.notFound");
    return { id, canManage, currency: row.currency };
  }

  const manages = async (c: Ctx, id: number) => {
    const account = c.get("account");
    return account ? canManageConference(db, account, id) : false;
  };

  /** A list call: the spec's rows as `{list, total}`. */
  const serve = async (c: Ctx, raw: string | undefined, spec: (id: number, canManage: boolean) => SQL) => {
    const { id, canManage } = await access(c, raw);
    const rows = await readJson<unknown[]>(db, spec(id, canManage));
    return page(c, rows, rows.length);
  };

  app.get("/module/:conferenceId", (c) => serve(c, c.req.param("conferenceId"), (id) => jsonList(moduleList(id))));
  app.get("/intro/:conferenceId", (c) => serve(c, c.req.param("conferenceId"), (id) => jsonList(introList(id))));
  app.get("/text", (c) => {
    const moduleId = c.req.query("moduleId");
    const only = moduleId ? idParam(moduleId) : undefined;
    return serve(c, c.req.query("conferenceId"), (id) => jsonList(textList(id, only)));
  });
  app.get("/branches/:conferenceId", (c) => serve(c, c.req.param("conferenceId"), (id) => jsonList(branchList(id))));
  app.get("/forum", (c) => serve(c, c.req.query("conferenceId"), (id) => jsonList(forumList(id))));
  app.get("/schedule", (c) => {
    const moduleId = c.req.query("moduleId");
    const only = moduleId ? idParam(moduleId) : undefined;
    return serve(c, c.req.query("conferenceId"), (id, canManage) => jsonList(scheduleList(id, canManage, only)));
  });
  app.get("/special", (c) => serve(c, c.req.query("conferenceId"), (id) => jsonList(specialList(id))));
  app.get("/organizer", (c) => serve(c, c.req.query("conferenceId"), (id) => jsonList(organizerList(id))));
  app.get("/sponsor/conference", (c) => {
    const kind = c.req.query("kind");
    if (kind !== undefined && kind !== "sponsor" && kind !== "exhibitor") fail(404, "errors.notFound");
    return serve(c, c.req.query("conferenceId"), (id) => jsonList(sponsorList(id, kind)));
  });
  app.get("/hotels/:conferenceId", (c) => serve(c, c.req.param("conferenceId"), (id) => jsonList(hotelList(id))));
  app.get("/tags/:conferenceId", (c) => serve(c, c.req.param("conferenceId"), (id) => jsonList(tagList(id))));

  app.get("/fee/table", async (c) => {
    const { id, currency } = await access(c, c.req.query("conferenceId"));
    return ok(c, { currency, ...(await readJson<object>(db, feeTable(id))) });
  });

  // The portal keeps its own links and banners (no conference) on the same paths: without a conference id, pass on.
  app.get("/link", (c, next) => (c.req.query("conferenceId") === undefined ? next() : serve(c, c.req.query("conferenceId"), (id) => jsonList(linkList(id)))));
  app.get("/media", (c, next) => (c.req.query("conferenceId") === undefined ? next() : serve(c, c.req.query("conferenceId"), (id) => jsonList(mediaList(id)))));
  app.get("/banner", (c, next) => {
    if (c.req.query("conferenceId") === undefined) return next();
    const placement = c.req.query("placement") ?? "banner";
    if (placement !== "banner" && placement !== "advert") fail(404, "errors.notFound");
    return serve(c, c.req.query("conferenceId"), (id) => jsonList(bannerList(id, placement)));
  });

  /** The organiser's extra styles. Their script is stored for them alone: visitors never receive it. */
  app.get("/conference/conferenceExCssJs/:id", async (c) => {
    const { id, canManage } = await access(c, c.req.param("id"));
    const [row] = await db.select({ exCss: conferences.exCss, exJs: conferences.exJs }).from(conferences).where(eq(conferences.id, id));
    return ok(c, canManage ? { id, exCss: row.exCss, exJs: row.exJs } : { id, exCss: row.exCss });
  });

  app.put("/conference/conferenceExCssJs/:id", async (c) => {
    const account = requireAccount(c);
    const id = idParam(c.req.param("id"));
    if (!(await canManageConference(db, account, id))) fail(404, "errors.notFound");
    const body = parse(c, conferenceStyleSchema, await readBody(c));
    const values: { exCss: string; exJs?: string; updatedAt: Date } = { exCss: body.exCss, updatedAt: deps.now() };
    if (body.exJs !== undefined) values.exJs = body.exJs;
    await db.update(conferences).set(values).where(eq(conferences.id, id));
    return ok(c, { id, exCss: body.exCss });
  });

  /**
   * Everything a conference page needs, in one round trip and (for a visitor) one statement;
   * the single calls above stay for other screens.
   */
  app.get("/conference/:id{[0-9]+}/page", async (c) => {
    const id = idParam(c.req.param("id"));
    const canManage = await manages(c, id);
    // The database writes each list as JSON from the field lists below; each is named as the view it answers.
    type Page = PlatformConferencePage;
    // The same for every visitor (and for every organiser of it, who also sees unpublished
    // sessions): kept like the directory data, until this instance answers a write.
    const [row] = await memo(`conference-page:${id}:${canManage}`, () =>
      db
        .select({
          conference: conferences,
          category: { nameZh: categories.nameZh, nameEn: categories.nameEn },
          major: { nameZh: majors.nameZh, nameEn: majors.nameEn },
          modules: jsonList<Page["modules"]>(moduleList(id)),
          texts: jsonList<Page["texts"]>(textList(id)),
          branches: jsonList<Page["branches"]>(branchList(id)),
          forums: jsonList<Page["forums"]>(forumList(id)),
          schedule: jsonList<Page["schedule"]>(scheduleList(id, canManage)),
          specials: jsonList<Page["specials"]>(specialList(id)),
          organizers: jsonList<Page["organizers"]>(organizerList(id)),
          sponsors: jsonList<Page["sponsors"]>(sponsorList(id)),
          hotels: jsonList<Page["hotels"]>(hotelList(id)),
          feeTable: feeTable(id),
          links: jsonList<Page["links"]>(linkList(id)),
          media: jsonList<Page["media"]>(mediaList(id)),
          tags: jsonList<Page["tags"]>(tagList(id)),
        })
        .from(conferences)
        .leftJoin(categories, eq(categories.id, conferences.categoryId))
        .leftJoin(majors, eq(majors.id, conferences.majorId))
        .where(eq(conferences.id, id))
        .limit(1),
    );
    if (!row || (!row.conference.isPublish && !canManage)) fail(404, "errors.notFound");
    const { conference, category, major, feeTable: table, ...lists } = row;
    const { searchText: _s, exJs: _j, exCss, invoiceCompany: _i, paymentMethods: _p, moderation: _m, capacity: _c, ownerAccountId: _o, ...info } = conference;
    const feeTableOf: Omit<Page["feeTable"], "currency"> = table;
    return ok(c, { info, category, major, canManage, exCss, ...lists, feeTable: { currency: info.currency, ...feeTableOf } } satisfies Sent<Page>);
  });

  return app;
}

// ─── Lists: described once, read as JSON arrays ──────────────────────────────────────

type Fields = Record<string, AnyColumn | SQL>;
type ListSpec = { table: PgTable; fields: Fields; where: SQL | undefined; order: SQL[] };

/** A conference's own rows of a child table, in the organiser's order. */
function ownRows(table: { conferenceId: AnyColumn; sort: AnyColumn; id: AnyColumn }, conferenceId: number) {
  return { where: eq(table.conferenceId, conferenceId), order: [asc(table.sort), asc(table.id)] };
}

/** `json_build_object('key', column, …)` with the code's own (camelCase) keys. */
function jsonObject(fields: Fields): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The spec's rows, in order, as one JSON array (`[]` when there are none). */
function jsonList<List extends unknown[] = unknown[]>({ table, fields, where, order }: ListSpec): SQL<List> {
  return sql<List>`coalesce((select json_agg(${jsonObject(fields)} order by ${sql.join(order, sql`, `)}) from ${table} where ${where ?? sql`true`}), '[]'::json)`;
}

/** Reads one JSON value computed by the database. */
async function readJson<T>(db: Db, expression: SQL): Promise<T> {
  const rows = await queryRows<{ value: T }>(db, sql`select ${expression} as value`);
  return rows[0].value;
}

const moduleList = (conferenceId: number): ListSpec => ({
  table: modules,
  fields: {
    id: modules.id,
    type: modules.type,
    titleZh: modules.titleZh,
    titleEn: modules.titleEn,
    sort: modules.sort,
    schedulePublished: modules.schedulePublished,
  },
  where: and(eq(modules.conferenceId, conferenceId), eq(modules.visible, true)),
  order: [asc(modules.sort), asc(modules.id)],
});

const textFields = {
  id: texts.id,
  moduleId: texts.moduleId,
  titleZh: texts.titleZh,
  titleEn: texts.titleEn,
  contentZh: texts.contentZh,
  contentEn: texts.contentEn,
  sort: texts.sort,
};
const textOrder = [asc(texts.sort), asc(texts.id)];

const textList = (conferenceId: number, moduleId?: number): ListSpec => ({
  table: texts,
  fields: textFields,
  where: and(eq(texts.conferenceId, conferenceId), moduleId === undefined ? undefined : eq(texts.moduleId, moduleId)),
  order: textOrder,
});

/** The texts of the conference's (visible) intro module. */
const introList = (conferenceId: number): ListSpec => ({
  table: texts,
  fields: textFields,
  where: and(
    eq(texts.conferenceId, conferenceId),
    sql`exists (select 1 from ${modules} where ${modules.id} = ${texts.moduleId} and ${modules.type} = 'intro' and ${modules.visible})`,
  ),
  order: textOrder,
});

const branchList = (conferenceId: number): ListSpec => ({
  table: branches,
  fields: { id: branches.id, nameZh: branches.nameZh, nameEn: branches.nameEn, sort: branches.sort },
  ...ownRows(branches, conferenceId),
});

const forumList = (conferenceId: number): ListSpec => ({
  table: forums,
  fields: { id: forums.id, branchId: forums.branchId, nameZh: forums.nameZh, nameEn: forums.nameEn, sort: forums.sort },
  ...ownRows(forums, conferenceId),
});

/**
 * Schedule items in time order, with branchId (null: main venue) and forumId for grouping.
 * Visitors get only items of visible modules whose schedule is published; organisers get all.
 */
const scheduleList = (conferenceId: number, canManage: boolean, moduleId?: number): ListSpec => ({
  table: schedules,
  fields: {
    id: schedules.id,
    moduleId: schedules.moduleId,
    branchId: schedules.branchId,
    forumId: schedules.forumId,
    startsAt: schedules.startsAt,
    endsAt: schedules.endsAt,
    titleZh: schedules.titleZh,
    titleEn: schedules.titleEn,
    speakers: schedules.speakers,
    room: schedules.room,
  },
  where: and(
    eq(schedules.conferenceId, conferenceId),
    moduleId === undefined ? undefined : eq(schedules.moduleId, moduleId),
    canManage
      ? undefined
      : sql`exists (select 1 from ${modules} where ${modules.id} = ${schedules.moduleId} and ${modules.schedulePublished} and ${modules.visible})`,
  ),
  order: [asc(schedules.startsAt), asc(schedules.sort), asc(schedules.id)],
});

/** Specials with their items: type 0 guests and chairmen (by `role`), type 1 a plain list. */
const specialList = (conferenceId: number): ListSpec => ({
  table: specials,
  fields: {
    id: specials.id,
    type: specials.type,
    titleZh: specials.titleZh,
    titleEn: specials.titleEn,
    items: jsonList({
      table: specialItems,
      fields: {
        id: specialItems.id,
        role: specialItems.role,
        nameZh: specialItems.nameZh,
        nameEn: specialItems.nameEn,
        titleZh: specialItems.titleZh,
        titleEn: specialItems.titleEn,
        photo: specialItems.photo,
      },
      where: eq(specialItems.specialId, specials.id),
      order: [asc(specialItems.sort), asc(specialItems.id)],
    }),
  },
  ...ownRows(specials, conferenceId),
});

const organizerList = (conferenceId: number): ListSpec => ({
  table: organizers,
  fields: { id: organizers.id, role: organizers.role, nameZh: organizers.nameZh, nameEn: organizers.nameEn, logo: organizers.logo },
  ...ownRows(organizers, conferenceId),
});

/** Approved sponsors and exhibitors, with what a visitor may see (no contact details). */
const sponsorList = (conferenceId: number, kind?: "sponsor" | "exhibitor"): ListSpec => ({
  table: sponsors,
  // An applicant's logo is an upload key, public media once approved (decision 032): its address. An organiser's entry is already a URL.
  fields: {
    id: sponsors.id,
    kind: sponsors.kind,
    company: sponsors.company,
    level: sponsors.level,
    booth: sponsors.booth,
    logo: sql`case when ${sponsors.logo} ~ '^u/' then '/api/cms/files/' || ${sponsors.logo} else ${sponsors.logo} end`,
    website: sponsors.website,
  },
  where: and(eq(sponsors.conferenceId, conferenceId), eq(sponsors.state, "approved"), kind ? eq(sponsors.kind, kind) : undefined),
  order: [asc(sponsors.sort), asc(sponsors.id)],
});

/** Hotels with their shown rooms (showState) and the organiser's QR code value. */
const hotelList = (conferenceId: number): ListSpec => ({
  table: hotels,
  fields: {
    id: hotels.id,
    nameZh: hotels.nameZh,
    nameEn: hotels.nameEn,
    addressZh: hotels.addressZh,
    addressEn: hotels.addressEn,
    phone: hotels.phone,
    stars: hotels.stars,
    distanceZh: hotels.distanceZh,
    distanceEn: hotels.distanceEn,
    qrCode: hotels.qrCode,
    rooms: jsonList({
      table: hotelRooms,
      fields: {
        id: hotelRooms.id,
        typeZh: hotelRooms.typeZh,
        typeEn: hotelRooms.typeEn,
        priceFen: hotelRooms.priceFen,
        startDate: hotelRooms.startDate,
        endDate: hotelRooms.endDate,
      },
      where: and(eq(hotelRooms.hotelId, hotels.id), eq(hotelRooms.showState, true)),
      order: [asc(hotelRooms.priceFen), asc(hotelRooms.id)],
    }),
  },
  ...ownRows(hotels, conferenceId),
});

/** Identities × strategies; prices in fen with the unit the organiser typed them in. */
function feeTable(conferenceId: number): SQL<Omit<PlatformConferencePage["feeTable"], "currency">> {
  const identityList: ListSpec = {
    table: identities,
    fields: { id: identities.id, nameZh: identities.nameZh, nameEn: identities.nameEn },
    ...ownRows(identities, conferenceId),
  };
  const strategyList: ListSpec = {
    table: strategies,
    fields: { id: strategies.id, nameZh: strategies.nameZh, nameEn: strategies.nameEn, startsAt: strategies.startsAt, endsAt: strategies.endsAt },
    ...ownRows(strategies, conferenceId),
  };
  // fees has no conference index; its unique (identity, strategy) index serves the lookup by identity.
  const priceList: ListSpec = {
    table: fees,
    fields: { identityId: fees.identityId, strategyId: fees.strategyId, priceFen: fees.priceFen, unit: fees.unit },
    where: inArray(fees.identityId, sql`(select ${identities.id} from ${identities} where ${identities.conferenceId} = ${conferenceId})`),
    order: [asc(fees.identityId), asc(fees.strategyId)],
  };
  return sql<
    Omit<PlatformConferencePage["feeTable"], "currency">
  >`json_build_object('identities', ${jsonList(identityList)}, 'strategies', ${jsonList(strategyList)}, 'fees', ${jsonList(priceList)})`;
}

const linkList = (conferenceId: number): ListSpec => ({
  table: links,
  fields: { id: links.id, titleZh: links.titleZh, titleEn: links.titleEn, url: links.url },
  ...ownRows(links, conferenceId),
});

const mediaList = (conferenceId: number): ListSpec => ({
  table: media,
  fields: { id: media.id, kind: media.kind, titleZh: media.titleZh, titleEn: media.titleEn, url: media.url },
  ...ownRows(media, conferenceId),
});

const bannerList = (conferenceId: number, placement: "banner" | "advert"): ListSpec => ({
  table: banners,
  fields: { id: banners.id, titleZh: banners.titleZh, titleEn: banners.titleEn, image: banners.image, url: banners.url },
  where: and(eq(banners.conferenceId, conferenceId), eq(banners.placement, placement)),
  order: [asc(banners.sort), asc(banners.id)],
});

const tagList = (conferenceId: number): ListSpec => ({
  table: tags,
  fields: { id: tags.id, name: tags.name, value: tags.value },
  where: eq(tags.conferenceId, conferenceId),
  order: [asc(tags.id)],
});
