import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { exhibitionSchema, scheduleSubscriptionSchema } from "#contract/schemas/services";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { branches, conferences, modules, scheduleSubscriptions, schedules, sponsors } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { accountOfFeedToken, agendaFeedToken, publishedConference, uploadNames } from "../services/attendee";
import { conferenceSummaryColumns } from "../services/portal-filters";
import { requireOwnUploads } from "./guards";

/** Visitors (and subscribers) see a session only when its module's schedule is published and shown, of a published conference. */
const published = and(
  eq(conferences.isPublish, true),
  sql`exists (select 1 from ${modules} where ${modules.id} = ${schedules.moduleId} and ${modules.schedulePublished} and ${modules.visible})`,
);

const sessionColumns = {
  id: schedules.id,
  conferenceId: schedules.conferenceId,
  branchId: schedules.branchId,
  startsAt: schedules.startsAt,
  endsAt: schedules.endsAt,
  titleZh: schedules.titleZh,
  titleEn: schedules.titleEn,
  speakers: schedules.speakers,
  room: schedules.room,
  branchNameZh: branches.nameZh,
  branchNameEn: branches.nameEn,
  conferenceNameZh: conferences.nameZh,
  conferenceNameEn: conferences.nameEn,
  cityZh: conferences.cityZh,
  cityEn: conferences.cityEn,
  addressZh: conferences.addressZh,
  addressEn: conferences.addressEn,
};

/**
 * Attendee services, part three (issue 6): subscribing to sessions of the schedule
 * (`/user/schedule`), the private agenda feed, and sponsor or exhibitor applications
 * (`/exhibition`).
 */
export function servicesAgendaRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** The subscribed, still published sessions of an account, in time order. */
  const agendaOf = (accountId: number, conferenceId?: number) =>
    db
      .select(sessionColumns)
      .from(scheduleSubscriptions)
      .innerJoin(schedules, eq(schedules.id, scheduleSubscriptions.scheduleId))
      .innerJoin(conferences, eq(conferences.id, schedules.conferenceId))
      .leftJoin(branches, eq(branches.id, schedules.branchId))
      .where(and(eq(scheduleSubscriptions.accountId, accountId), published, conferenceId ? eq(schedules.conferenceId, conferenceId) : undefined))
      .orderBy(asc(schedules.startsAt), asc(schedules.id))
      .limit(500);

  // ─── Schedule subscription ────────────────────────────────────────────────────────

  /** My agenda (`conferenceId` narrows) and the token of its private calendar feed. */
  app.get("/user/schedule", async (c) => {
    const account = requireAccount(c);
    const raw = c.req.query("conferenceId");
    const list = await agendaOf(account.id, raw ? idParam(raw) : undefined);
    return ok(c, { list, total: list.length, feedToken: agendaFeedToken(deps.secret, account.id) });
  });

  /** The published sessions of a conference, each saying whether I subscribed. */
  app.get("/user/schedule/sessions/:conferenceId{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const conference = await publishedConference(db, idParam(c.req.param("conferenceId")));
    const list = await db
      .select({ ...sessionColumns, subscribed: sql<boolean>`${scheduleSubscriptions.accountId} is not null` })
      .from(schedules)
      .innerJoin(conferences, eq(conferences.id, schedules.conferenceId))
      .leftJoin(branches, eq(branches.id, schedules.branchId))
      .leftJoin(scheduleSubscriptions, and(eq(scheduleSubscriptions.scheduleId, schedules.id), eq(scheduleSubscriptions.accountId, account.id)))
      .where(and(eq(schedules.conferenceId, conference.id), published))
      .orderBy(asc(schedules.startsAt), asc(schedules.sort), asc(schedules.id));
    return ok(c, {
      conference: { id: conference.id, nameZh: conference.nameZh, nameEn: conference.nameEn, startDate: conference.startDate, endDate: conference.endDate },
      list,
      total: list.length,
    });
  });

  /** Subscribes to a published session; subscribing twice is the same as once. */
  app.post("/user/schedule", async (c) => {
    const account = requireAccount(c);
    const { scheduleId } = parse(c, scheduleSubscriptionSchema, await readBody(c));
    const [session] = await db
      .select({ id: schedules.id })
      .from(schedules)
      .innerJoin(conferences, eq(conferences.id, schedules.conferenceId))
      .where(and(eq(schedules.id, scheduleId), published))
      .limit(1);
    if (!session) fail(404, "errors.notFound");
    await db.insert(scheduleSubscriptions).values({ scheduleId, accountId: account.id, createdAt: deps.now() }).onConflictDoNothing();
    return ok(c, { scheduleId, subscribed: true });
  });

  /** Unsubscribes (spec §7: PUT). Unsubscribing from a session I never chose is not an error. */
  app.put("/user/schedule", async (c) => {
    const account = requireAccount(c);
    const { scheduleId } = parse(c, scheduleSubscriptionSchema, await readBody(c));
    await db.delete(scheduleSubscriptions).where(and(eq(scheduleSubscriptions.scheduleId, scheduleId), eq(scheduleSubscriptions.accountId, account.id)));
    return ok(c, { scheduleId, subscribed: false });
  });

  /** The agenda behind a feed token, for calendar apps that fetch without cookies; a token we did not make is a 404. */
  app.get("/user/schedule/feed/:token", async (c) => {
    const accountId = accountOfFeedToken(deps.secret, c.req.param("token"));
    if (!accountId) fail(404, "errors.notFound");
    const list = await agendaOf(accountId);
    return ok(c, { list, total: list.length });
  });

  // ─── Sponsor and exhibitor applications ───────────────────────────────────────────

  /** My applications (`conferenceId` narrows), with their review state and the organiser's remarks. */
  app.get("/exhibition", async (c) => {
    const account = requireAccount(c);
    const raw = c.req.query("conferenceId");
    const { pageSize, offset } = paging(c);
    const where = and(eq(sponsors.accountId, account.id), raw ? eq(sponsors.conferenceId, idParam(raw)) : undefined);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(sponsors).where(where).orderBy(desc(sponsors.id)).limit(pageSize).offset(offset),
      db.select({ total: count() }).from(sponsors).where(where),
    ]);
    const conferenceIds = [...new Set(rows.map((row) => row.conferenceId))];
    const [files, conferenceRows] = await Promise.all([
      uploadNames(
        db,
        rows.flatMap((row) => [...row.materials, ...(row.logo ? [row.logo] : [])]),
      ),
      conferenceIds.length ? db.select(conferenceSummaryColumns).from(conferences).where(inArray(conferences.id, conferenceIds)) : [],
    ]);
    const conferenceOf = new Map(conferenceRows.map((row) => [row.id, row]));
    const list = rows.map((row) => ({
      ...row,
      // What the applicant's list of applications shows of each conference.
      conference: conferenceOf.get(row.conferenceId) ?? null,
      // Who wrote a remark is the organiser's business; the applicant sees when and what.
      remarks: row.remarks.map((remark) => ({ at: remark.at, text: remark.text })),
      logoFile: row.logo ? (files.get(row.logo) ?? null) : null,
      materialFiles: row.materials.map((key) => ({ key, ...(files.get(key) ?? { name: key, contentType: "", size: 0 }) })),
    }));
    return page(c, list, total);
  });

  /** Applies to sponsor or exhibit: pending until the organiser reviews it. The logo and materials are the caller's own private uploads. */
  app.post("/exhibition", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, exhibitionSchema, await readBody(c));
    await publishedConference(db, input.conferenceId);
    await requireOwnUploads(c, db, account.id, input.logo ? [input.logo] : [], "logo", { imagesOnly: true });
    await requireOwnUploads(c, db, account.id, input.materials, "materials");
    const [row] = await db
      .insert(sponsors)
      .values({ ...input, accountId: account.id, state: "pending", remarks: [], createdAt: deps.now() })
      .returning();
    return ok(c, row);
  });

  /** Edits my application while pending; kind and conference stay. */
  app.put("/exhibition/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const [current] = await db
      .select()
      .from(sponsors)
      .where(eq(sponsors.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!current || current.accountId !== account.id) fail(404, "errors.notFound");
    if (current.state !== "pending") fail(400, "services.errors.notPending");
    const input = parse(c, exhibitionSchema, { ...((await readBody(c)) as object), conferenceId: current.conferenceId, kind: current.kind });
    await requireOwnUploads(c, db, account.id, input.logo && input.logo !== current.logo ? [input.logo] : [], "logo", { imagesOnly: true });
    await requireOwnUploads(
      c,
      db,
      account.id,
      input.materials.filter((key) => !current.materials.includes(key)),
      "materials",
    );
    const { conferenceId: _c, kind: _k, ...values } = input;
    const [row] = await db
      .update(sponsors)
      .set(values)
      .where(and(eq(sponsors.id, current.id), eq(sponsors.state, "pending")))
      .returning();
    if (!row) fail(400, "services.errors.notPending");
    return ok(c, row);
  });

  return app;
}
