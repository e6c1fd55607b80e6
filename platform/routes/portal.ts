import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { Hono } from "hono";
import { chinaDay } from "#contract/clock";
import { parsePageSize } from "#contract/params";
import { hostName, isPlatformHost } from "#contract/schemas/host";
import type { PlatformDeps, PlatformEnv } from "../context";
import { banners, categories, conferences, links, majors } from "../db/schema";
import { fail, ok, page } from "../http";
import { bannerShowing } from "../services/home-admin";
import type { Memo } from "../services/memo";
import { allOf, conferenceCardColumns, conferenceFilters, withSale } from "../services/portal-filters";

const IMPORTANT_DEFAULT = 6;
const IMPORTANT_MAX = 12;

/**
 * The visitor portal's calls (issue 3): home page content, filter facets, the calendar and
 * conference domains. What they read for every visitor (banners, links, categories, important
 * conferences, counts) goes through `memo` (platform/services/memo.ts): kept until this instance
 * answers a write, and at most a minute.
 */
export function portalRoutes(deps: PlatformDeps, memo: Memo) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;
  const today = () => chinaDay(deps.now());

  /** Upcoming important conferences (soonest first), then the latest past ones to fill `size`. */
  const loadImportant = (size: number) => memo(`important:${today()}:${size}`, () => readImportant(size));

  async function readImportant(size: number) {
    const important = sql`${conferences.isPublish} and ${conferences.isImportant}`;
    const day = today();
    const upcoming = await db
      .select(conferenceCardColumns)
      .from(conferences)
      .where(and(important, gte(conferences.endDate, day)))
      .orderBy(asc(conferences.startDate), asc(conferences.id))
      .limit(size);
    if (upcoming.length >= size) return withSale(db, upcoming);
    const past = await db
      .select(conferenceCardColumns)
      .from(conferences)
      .where(and(important, lt(conferences.endDate, day)))
      .orderBy(desc(conferences.startDate), desc(conferences.id))
      .limit(size - upcoming.length);
    return withSale(db, [...upcoming, ...past]);
  }

  /**
   * The portal's banners or adverts that show now: the memo keeps every one with its display
   * period, and each read keeps those whose period holds the platform's clock (`bannerShowing`),
   * so one starts and ends on time whatever the memo's age.
   */
  const loadBanners = async (placement: "banner" | "advert") => {
    const all = await memo(`banners:${placement}`, () =>
      db
        .select({
          id: banners.id,
          titleZh: banners.titleZh,
          titleEn: banners.titleEn,
          image: banners.image,
          url: banners.url,
          sort: banners.sort,
          startsAt: banners.startsAt,
          endsAt: banners.endsAt,
        })
        .from(banners)
        .where(and(isNull(banners.conferenceId), eq(banners.placement, placement)))
        .orderBy(asc(banners.sort), asc(banners.id)),
    );
    const now = deps.now();
    return all.filter((row) => bannerShowing(row, now) === "showing").map(({ startsAt: _startsAt, endsAt: _endsAt, ...row }) => row);
  };

  const loadLinks = () =>
    memo("links", () =>
      db
        .select({ id: links.id, titleZh: links.titleZh, titleEn: links.titleEn, url: links.url, sort: links.sort })
        .from(links)
        .where(isNull(links.conferenceId))
        .orderBy(asc(links.sort), asc(links.id)),
    );

  const loadCategories = () =>
    memo("categories", () =>
      db.select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    );

  const loadCategoriesWithMajors = () => memo("categoriesWithMajors", readCategoriesWithMajors);

  async function readCategoriesWithMajors() {
    const [categoryRows, majorRows] = await Promise.all([
      loadCategories(),
      db
        .select({ id: majors.id, categoryId: majors.categoryId, nameZh: majors.nameZh, nameEn: majors.nameEn })
        .from(majors)
        .where(isNotNull(majors.categoryId))
        .orderBy(asc(majors.sort), asc(majors.id)),
    ]);
    return categoryRows.map((category) => ({
      ...category,
      majors: majorRows.filter((major) => major.categoryId === category.id).map(({ categoryId: _categoryId, ...major }) => major),
    }));
  }

  /**
   * Cities of published conferences in both languages, most conferences first: one entry per
   * Chinese name, with the English name any of them gives (organisers may leave it empty).
   * `total` counts what choosing the city then lists: with the list's other filters (`when`,
   * category, major, start dates), the city itself left out. Without them, every published one.
   */
  const loadCities = (query: Record<string, string> = {}) => {
    const scope = { when: query.when ?? "", categoryId: query.categoryId ?? "", majorId: query.majorId ?? "", from: query.from ?? "", to: query.to ?? "" };
    const { where } = conferenceFilters(scope, today());
    return memo(`cities:${today()}:${JSON.stringify(scope)}`, () =>
      db
        .select({ cityZh: conferences.cityZh, cityEn: sql<string>`max(${conferences.cityEn})`, total: count() })
        .from(conferences)
        .where(and(eq(conferences.isPublish, true), sql`${conferences.cityZh} <> ''`, ...where))
        .groupBy(conferences.cityZh)
        .orderBy(desc(count()), asc(conferences.cityZh)),
    );
  };

  app.get("/conference/importantConference", async (c) => {
    const size = parsePageSize(c.req.query("size"), IMPORTANT_DEFAULT, IMPORTANT_MAX);
    const list = await loadImportant(size);
    return page(c, list, list.length);
  });

  /** Portal banners (`placement=banner`, the default) or adverts; a conference's own go to the content routes. */
  app.get("/banner", async (c, next) => {
    if (c.req.query("conferenceId") !== undefined) return next();
    const placement = c.req.query("placement") ?? "banner";
    if (placement !== "banner" && placement !== "advert") fail(400, "portal.errors.badPlacement");
    const list = await loadBanners(placement);
    return page(c, list, list.length);
  });

  /** The portal's links (a conference's own are served with `conferenceId` by the content routes). */
  app.get("/link", async (c, next) => {
    if (c.req.query("conferenceId") !== undefined) return next();
    const list = await loadLinks();
    return page(c, list, list.length);
  });

  app.get("/category", async (c) => {
    const list = await loadCategories();
    return page(c, list, list.length);
  });

  /** Categories with their majors, for the filters. */
  app.get("/categories", async (c) => {
    const list = await loadCategoriesWithMajors();
    return page(c, list, list.length);
  });

  app.get("/conference/cities", async (c) => {
    const list = await loadCities(c.req.query());
    return page(c, list, list.length);
  });

  /** What the filters offer: categories with their majors, and cities. */
  app.get("/portal/facets", async (c) => {
    const [categoryList, cities] = await Promise.all([loadCategoriesWithMajors(), loadCities(c.req.query())]);
    return ok(c, { categories: categoryList, cities });
  });

  /** Everything of the home page but the conference list, in one round trip (the single calls stay). */
  app.get("/portal/home", async (c) => {
    const [bannerList, adverts, important, linkList, categoryList, cities] = await Promise.all([
      loadBanners("banner"),
      loadBanners("advert"),
      loadImportant(IMPORTANT_DEFAULT),
      loadLinks(),
      loadCategoriesWithMajors(),
      loadCities(c.req.query()),
    ]);
    return ok(c, { banners: bannerList, adverts, important, links: linkList, categories: categoryList, cities });
  });

  /**
   * The academic calendar's year: published conferences starting in each month of `year`, with
   * the list's filters (keyword, categoryId, majorId, city). All twelve months, zeros included.
   */
  app.get("/conference/calendar", async (c) => {
    const q = c.req.query();
    const yearText = q.year ?? today().slice(0, 4);
    if (!/^\d{4}$/.test(yearText) || Number(yearText) < 1900 || Number(yearText) > 2999) fail(400, "portal.errors.badYear");
    const { where } = conferenceFilters(
      {
        keyword: q.keyword ?? "",
        categoryId: q.categoryId ?? "",
        majorId: q.majorId ?? "",
        city: q.city ?? "",
        from: `${yearText}-01-01`,
        to: `${yearText}-12-31`,
      },
      today(),
    );
    where.push(eq(conferences.isPublish, true));
    const key = JSON.stringify(["calendar", yearText, q.keyword ?? "", q.categoryId ?? "", q.majorId ?? "", q.city ?? ""]);
    const rows = await memo(key, () => {
      const month = sql<string>`to_char(${conferences.startDate}, 'YYYY-MM')`;
      return db.select({ month, total: count() }).from(conferences).where(allOf(where)).groupBy(month);
    });
    const byMonth = new Map(rows.map((row) => [row.month, row.total]));
    const months = Array.from({ length: 12 }, (_, i) => {
      const month = `${yearText}-${String(i + 1).padStart(2, "0")}`;
      return { month, total: byMonth.get(month) ?? 0 };
    });
    return ok(c, { year: Number(yearText), months });
  });

  /**
   * The published conference served on its own host name (spec's /domain/{id}): the host as the
   * browser sent it, port, case and a trailing dot ignored. Only a name a platform administrator
   * approved counts, and never one of the platform's own hosts (decision 029).
   */
  app.get("/domain/:host", async (c) => {
    const host = hostName(c.req.param("host"));
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) || host.length > 253 || isPlatformHost(host, deps.platformHosts ?? [])) fail(404, "errors.notFound");
    const [row] = await db
      .select({ id: conferences.id })
      .from(conferences)
      .where(and(eq(conferences.domain, host), eq(conferences.domainState, "approved"), eq(conferences.isPublish, true)))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    return ok(c, { id: row.id });
  });

  return app;
}
