import { and, asc, count, desc, eq, exists, inArray, or } from "drizzle-orm";
import { Hono } from "hono";
import { chinaDay } from "#contract/clock";
import { type PlatformDeps, type PlatformEnv, requireAccount } from "../context";
import type { Db } from "../db";
import { categories, conferenceAdmins, conferences, majors } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { canManageConference } from "../services/access";
import { conferenceCardColumns, conferenceFilters, withSale } from "../services/portal-filters";

const listColumns = { ...conferenceCardColumns, categoryId: conferences.categoryId, majorId: conferences.majorId };

/**
 * Adds each conference's major and category names (what a keyword may have matched besides
 * names and cities). Looked up for the page's rows after the fact: joined into the list query,
 * the join ran for every match before the sort picked the page.
 */
async function withDisciplines<T extends { majorId: number | null; categoryId: number | null }>(db: Db, rows: T[]) {
  const ids = (key: "majorId" | "categoryId") => [...new Set(rows.map((row) => row[key]).filter((id): id is number => id !== null))];
  const majorIds = ids("majorId");
  const categoryIds = ids("categoryId");
  const [majorRows, categoryRows] = await Promise.all([
    majorIds.length ? db.select({ id: majors.id, nameZh: majors.nameZh, nameEn: majors.nameEn }).from(majors).where(inArray(majors.id, majorIds)) : [],
    categoryIds.length
      ? db.select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).where(inArray(categories.id, categoryIds))
      : [],
  ]);
  const named = (list: Array<{ id: number; nameZh: string; nameEn: string }>, id: number | null) => {
    const found = list.find((item) => item.id === id);
    return found ? { nameZh: found.nameZh, nameEn: found.nameEn } : null;
  };
  return rows.map((row) => ({ ...row, major: named(majorRows, row.majorId), category: named(categoryRows, row.categoryId) }));
}

/** Conference calls (spec §7, under /conference). */
export function conferenceRoutes(deps: PlatformDeps) {
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
    const condition = and(...where);
    const order =
      when === "upcoming"
        ? [asc(conferences.endDate), asc(conferences.id)]
        : when === "past"
          ? [desc(conferences.endDate), desc(conferences.id)]
          : [asc(conferences.startDate), asc(conferences.id)];
    const [rows, [{ total }]] = await Promise.all([
      deps.db
        .select(listColumns)
        .from(conferences)
        .where(condition)
        .orderBy(...order)
        .limit(pageSize)
        .offset(offset),
      deps.db.select({ total: count() }).from(conferences).where(condition),
    ]);
    return page(c, await withSale(deps.db, await withDisciplines(deps.db, rows)), total);
  });

  /** One conference; an unpublished one exists only for its organisers. */
  app.get("/conference/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const [row] = await deps.db
      .select({
        conference: conferences,
        category: { nameZh: categories.nameZh, nameEn: categories.nameEn },
        major: { nameZh: majors.nameZh, nameEn: majors.nameEn },
      })
      .from(conferences)
      .leftJoin(categories, eq(categories.id, conferences.categoryId))
      .leftJoin(majors, eq(majors.id, conferences.majorId))
      .where(eq(conferences.id, id))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    const canManage = await canManageConference(deps.db, c.get("account"), id);
    if (!row.conference.isPublish && !canManage) fail(404, "errors.notFound");
    const { searchText: _searchText, exJs: _exJs, ...info } = row.conference;
    return ok(c, { info, category: row.category, major: row.major, canManage });
  });

  return app;
}
