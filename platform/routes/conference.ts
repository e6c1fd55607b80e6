import { and, asc, count, desc, eq, exists, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { chinaDay } from "#contract/clock";
import { type PlatformDeps, type PlatformEnv, requireAccount } from "../context";
import type { Db } from "../db";
import { categories, conferenceAdmins, conferences, majors } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { canManageConference } from "../services/access";
import type { Memo } from "../services/memo";
import { conferenceCardColumns, conferenceFilters, withSale } from "../services/portal-filters";

const listColumns = { ...conferenceCardColumns, categoryId: conferences.categoryId, majorId: conferences.majorId };

/**
 * Adds each conference's major and category names (what a keyword may have matched besides
 * names and cities), from the two small tables as `memo` keeps them (the portal's directory
 * data). Looked up for the page's rows after the fact: joined into the list query, the join ran
 * for every match before the sort picked the page.
 */
async function withDisciplines<T extends { majorId: number | null; categoryId: number | null }>(db: Db, memo: Memo, rows: T[]) {
  const names = (table: typeof majors | typeof categories) => db.select({ id: table.id, nameZh: table.nameZh, nameEn: table.nameEn }).from(table);
  const [majorNames, categoryNames] = await Promise.all([
    memo("names:majors", async () => new Map((await names(majors)).map((row) => [row.id, { nameZh: row.nameZh, nameEn: row.nameEn }]))),
    memo("names:categories", async () => new Map((await names(categories)).map((row) => [row.id, { nameZh: row.nameZh, nameEn: row.nameEn }]))),
  ]);
  const named = (list: Map<number, { nameZh: string; nameEn: string }>, id: number | null) => (id === null ? null : (list.get(id) ?? null));
  return rows.map((row) => ({ ...row, major: named(majorNames, row.majorId), category: named(categoryNames, row.categoryId) }));
}

/** Conference calls (spec §7, under /conference). */
export function conferenceRoutes(deps: PlatformDeps, memo: Memo) {
  const app = new Hono<PlatformEnv>();

  /**
   * Published conferences for everyone; `mine=1` lists the ones the account owns or administers,
   * published or not. Filters (platform/services/portal-filters.ts): keyword, categoryId, majorId,
   * city, when (upcoming | past), from/to or month (start date). Upcoming and past read the
   * (is_publish, end_date) index in order, soonest first and latest first, so a page costs the
   * same however many conferences are stored; other lists go by start date.
   */
  app.get("/conference", async (c) => {
    const { pageSize, offset } = paging(c);
    const q = c.req.query();
    const { where, when } = conferenceFilters(q, chinaDay(deps.now()));
    if (q.mine === "1") {
      const account = requireAccount(c);
      where.push(
        or(
          eq(conferences.ownerAccountId, account.id),
          exists(
            deps.db
              .select({ one: conferenceAdmins.accountId })
              .from(conferenceAdmins)
              .where(and(eq(conferenceAdmins.conferenceId, conferences.id), eq(conferenceAdmins.accountId, account.id))),
          ),
        )!,
      );
    } else {
      where.push(eq(conferences.isPublish, true));
    }
    // Conferences whose microsite (`/conf/{id}`) carries the organiser's own styles.
    if (q.microsite === "1") where.push(sql`coalesce(${conferences.exCss}, '') <> ''`);
    const condition = and(...where);
    const order =
      when === "upcoming"
        ? [asc(conferences.endDate), asc(conferences.id)]
        : when === "past"
          ? [desc(conferences.endDate), desc(conferences.id)]
          : [asc(conferences.startDate), asc(conferences.id)];
    const countAll = async () => (await deps.db.select({ total: count() }).from(conferences).where(condition))[0].total;
    const pageRows = async () => {
      const rows = await deps.db
        .select(listColumns)
        .from(conferences)
        .where(condition)
        .orderBy(...order)
        .limit(pageSize)
        .offset(offset);
      return withSale(deps.db, await withDisciplines(deps.db, memo, rows));
    };
    // Everyone's list is the same for every visitor: its pages and its count are kept like the
    // portal's other directory data (until this instance answers a write, a minute at most).
    const day = chinaDay(deps.now());
    const everyones = q.mine !== "1";
    const filters = `${day}:${JSON.stringify({ ...q, page: undefined, pageSize: undefined })}`;
    const [rows, total] = await Promise.all([
      everyones ? memo(`conference-page:${filters}:${offset}:${pageSize}`, pageRows) : pageRows(),
      everyones ? memo(`conferences:${filters}`, countAll) : countAll(),
    ]);
    return page(c, rows, total);
  });

  /** One conference; an unpublished one exists only for its organisers. */
  app.get("/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    // The record is the same for every viewer (kept like the list); who may see it is decided below.
    const [row] = await memo(`conference:${id}`, () =>
      deps.db
        .select({
          conference: conferences,
          category: { nameZh: categories.nameZh, nameEn: categories.nameEn },
          major: { nameZh: majors.nameZh, nameEn: majors.nameEn },
        })
        .from(conferences)
        .leftJoin(categories, eq(categories.id, conferences.categoryId))
        .leftJoin(majors, eq(majors.id, conferences.majorId))
        .where(eq(conferences.id, id))
        .limit(1),
    );
    if (!row) fail(404, "errors.notFound");
    const canManage = await canManageConference(deps.db, c.get("account"), id);
    if (!row.conference.isPublish && !canManage) fail(404, "errors.notFound");
    const { searchText: _searchText, exJs: _exJs, ...info } = row.conference;
    return ok(c, { info, category: row.category, major: row.major, canManage });
  });

  return app;
}
