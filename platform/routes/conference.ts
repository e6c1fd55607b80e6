import { and, asc, count, desc, eq, exists, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { type PlatformDeps, type PlatformEnv, requireAccount } from "../context";
import { categories, conferenceAdmins, conferences, majors } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { canManageConference } from "../services/access";

const listColumns = {
  id: conferences.id,
  nameZh: conferences.nameZh,
  nameEn: conferences.nameEn,
  startDate: conferences.startDate,
  endDate: conferences.endDate,
  cityZh: conferences.cityZh,
  cityEn: conferences.cityEn,
  cover: conferences.cover,
  hostZh: conferences.hostZh,
  hostEn: conferences.hostEn,
  isPublish: conferences.isPublish,
  categoryId: conferences.categoryId,
  majorId: conferences.majorId,
};

/** Conference calls (spec §7, under /conference). */
export function conferenceRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  /**
   * Published conferences for everyone; `mine=1` lists the ones the account owns or administers,
   * published or not. Filters: keyword, categoryId, majorId, city, when (upcoming | past).
   */
  app.get("/conference", async (c) => {
    const { pageSize, offset } = paging(c);
    const q = c.req.query();
    const where: SQL[] = [];
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
    const keyword = (q.keyword ?? "").trim().toLowerCase().slice(0, 100);
    if (keyword) where.push(ilike(conferences.searchText, `%${keyword.replace(/[\\%_]/g, "\\$&")}%`));
    if (q.categoryId) where.push(eq(conferences.categoryId, idParam(q.categoryId)));
    if (q.majorId) where.push(eq(conferences.majorId, idParam(q.majorId)));
    if (q.city) where.push(or(eq(conferences.cityZh, q.city), eq(conferences.cityEn, q.city))!);
    const today = deps.now().toISOString().slice(0, 10);
    if (q.when === "upcoming") where.push(gte(conferences.endDate, today));
    if (q.when === "past") where.push(lt(conferences.endDate, today));
    const condition = and(...where);
    const order = q.when === "past" ? [desc(conferences.startDate), desc(conferences.id)] : [asc(conferences.startDate), asc(conferences.id)];
    const [list, [{ total }]] = await Promise.all([
      deps.db.select(listColumns).from(conferences).where(condition).orderBy(...order).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(conferences).where(condition),
    ]);
    return page(c, list, total);
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
