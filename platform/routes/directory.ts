import { and, asc, count, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "../context";
import { conferences, institutions, majors, references, subjects } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { conferenceSummaryColumns } from "../services/portal-filters";

/** Conferences shown inline under each institution of the list. */
const INLINE_CONFERENCES = 3;

/** The expression the institutions' search indexes are built on (platform/db/schema.ts); must stay identical. */
export const institutionSearch = sql`lower(${institutions.nameZh} || ' ' || ${institutions.nameEn} || ' ' || ${institutions.cityZh} || ' ' || ${institutions.cityEn})`;

/** One or two characters of the CJK ideograph blocks cjk_grams() indexes (migration 0002). */
const SHORT_CJK = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{1,2}$/u;

/**
 * "The lower-cased `text` contains the keyword", or undefined without a keyword. pg_trgm's index
 * serves keywords of three characters or more; one or two Chinese characters (北京, 光学) yield no
 * trigram, so they are looked up in the index over cjk_grams(text), as the conference search does
 * (platform/services/portal-filters.ts). `text` must be the very expression both indexes are on.
 */
export function keywordMatch(text: SQL | AnyPgColumn, raw: string | undefined): SQL | undefined {
  const keyword = (raw ?? "").trim().toLowerCase().slice(0, 100);
  if (!keyword) return undefined;
  const contains = like(text, `%${keyword.replace(/[\\%_]/g, "\\$&")}%`);
  return SHORT_CJK.test(keyword) ? and(sql`cjk_grams(${text}) @> array[${keyword}]::text[]`, contains) : contains;
}

/** The institutions a list asks for: `certified=1` only the certified ones, `certified=0` the others; `keyword` in their names and cities. */
export function institutionFilter(q: Record<string, string>): SQL | undefined {
  const where: SQL[] = [];
  if (q.certified === "1" || q.certified === "0") where.push(eq(institutions.certified, q.certified === "1"));
  const keyword = keywordMatch(institutionSearch, q.keyword);
  if (keyword) where.push(keyword);
  return and(...where);
}

export const institutionColumns = {
  id: institutions.id,
  nameZh: institutions.nameZh,
  nameEn: institutions.nameEn,
  cityZh: institutions.cityZh,
  cityEn: institutions.cityEn,
  logo: institutions.logo,
  certified: institutions.certified,
};

type InlineConference = { id: number; nameZh: string; nameEn: string; startDate: string; endDate: string };

/** Directory calls for visitors (issue 3): references, institutions and the references' filter lists. */
export function directoryRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  /**
   * References (spec §3: name, city, address, majorInfo.name, subjectInfo.name).
   * Filters: keyword (names, cities, addresses, major and subject in both languages, over the
   * trigram-indexed search text), majorId, subjectId, city (Chinese or English name).
   */
  app.get("/reference", async (c) => {
    const { pageSize, offset } = paging(c);
    const q = c.req.query();
    const where: SQL[] = [];
    const keyword = keywordMatch(references.searchText, q.keyword);
    if (keyword) where.push(keyword);
    if (q.majorId) where.push(eq(references.majorId, idParam(q.majorId)));
    if (q.subjectId) where.push(eq(references.subjectId, idParam(q.subjectId)));
    const city = (q.city ?? "").trim();
    if (city) where.push(or(eq(references.cityZh, city), eq(references.cityEn, city))!);
    const condition = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      deps.db
        .select({
          id: references.id,
          nameZh: references.nameZh,
          nameEn: references.nameEn,
          cityZh: references.cityZh,
          cityEn: references.cityEn,
          addressZh: references.addressZh,
          addressEn: references.addressEn,
          majorId: majors.id,
          majorZh: majors.nameZh,
          majorEn: majors.nameEn,
          subjectId: subjects.id,
          subjectZh: subjects.nameZh,
          subjectEn: subjects.nameEn,
        })
        .from(references)
        .leftJoin(majors, eq(majors.id, references.majorId))
        .leftJoin(subjects, eq(subjects.id, references.subjectId))
        .where(condition)
        .orderBy(asc(references.id))
        .limit(pageSize)
        .offset(offset),
      deps.db.select({ total: count() }).from(references).where(condition),
    ]);
    const list = rows.map(({ majorId, majorZh, majorEn, subjectId, subjectZh, subjectEn, ...reference }) => ({
      ...reference,
      majorInfo: majorId === null ? null : { id: majorId, nameZh: majorZh ?? "", nameEn: majorEn ?? "" },
      subjectInfo: subjectId === null ? null : { id: subjectId, nameZh: subjectZh ?? "", nameEn: subjectEn ?? "" },
    }));
    return page(c, list, total);
  });

  /**
   * What the reference filters offer: majors with their subjects (curated, short lists) and
   * the cities references are in.
   */
  app.get("/reference/filters", async (c) => {
    const [majorRows, subjectRows, cityRows] = await Promise.all([
      deps.db.select({ id: majors.id, nameZh: majors.nameZh, nameEn: majors.nameEn }).from(majors).orderBy(asc(majors.sort), asc(majors.id)),
      deps.db.select({ id: subjects.id, majorId: subjects.majorId, nameZh: subjects.nameZh, nameEn: subjects.nameEn }).from(subjects).orderBy(asc(subjects.id)),
      // A loose index scan: one index probe per distinct city, instead of reading every reference.
      deps.db.execute(sql`
        with recursive city(name) as (
          (select ${references.cityZh} from ${references} where ${references.cityZh} <> '' order by 1 limit 1)
          union all
          select (select r.city_zh from ${references} r where r.city_zh > city.name order by 1 limit 1) from city where city.name is not null
        )
        select name as "zh", (select r.city_en from ${references} r where r.city_zh = city.name limit 1) as "en"
        from city where name is not null`),
    ]);
    const cities = (cityRows as { rows: Array<{ zh: string; en: string | null }> }).rows.map((row) => ({ zh: row.zh, en: row.en || row.zh }));
    return ok(c, {
      majors: majorRows.map((major) => ({ ...major, subjects: subjectRows.filter((s) => s.majorId === major.id).map(({ majorId: _, ...s }) => s) })),
      cities,
    });
  });

  /**
   * Institutions; `certified=1` only the certified ones (the visitors' list), `certified=0` the
   * others. Each comes with its number of published conferences and the newest few of them.
   */
  app.get("/institution", async (c) => {
    const { pageSize, offset } = paging(c);
    const condition = institutionFilter(c.req.query());
    const [rows, [{ total }]] = await Promise.all([
      deps.db.select(institutionColumns).from(institutions).where(condition).orderBy(asc(institutions.id)).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(institutions).where(condition),
    ]);
    const ids = rows.map((row) => row.id);
    const [counts, inline] = ids.length
      ? await Promise.all([
          deps.db
            .select({ institutionId: conferences.institutionId, n: count() })
            .from(conferences)
            .where(and(inArray(conferences.institutionId, ids), eq(conferences.isPublish, true)))
            .groupBy(conferences.institutionId),
          // The newest few per institution, each an index range scan of its own (lateral), not a sort of all of them.
          deps.db.execute(sql`
            select i.id as "institutionId", c.id, c.name_zh as "nameZh", c.name_en as "nameEn", c.start_date::text as "startDate", c.end_date::text as "endDate"
            from unnest(${`{${ids.join(",")}}`}::int[]) as i(id)
            cross join lateral (
              select id, name_zh, name_en, start_date, end_date from ${conferences}
              where institution_id = i.id and is_publish
              order by start_date desc, id desc
              limit ${INLINE_CONFERENCES}
            ) c`),
        ])
      : [[], { rows: [] }];
    const inlineRows = (inline as { rows: Array<InlineConference & { institutionId: number }> }).rows;
    const list = rows.map((row) => ({
      ...row,
      conferenceCount: counts.find((entry) => entry.institutionId === row.id)?.n ?? 0,
      conferences: inlineRows.filter((entry) => entry.institutionId === row.id).map(({ institutionId: _, ...conference }) => conference),
    }));
    return page(c, list, total);
  });

  /** One institution with its published conferences, newest first, paged. */
  app.get("/institution/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const { pageSize, offset } = paging(c, 12);
    const [info] = await deps.db.select(institutionColumns).from(institutions).where(eq(institutions.id, id)).limit(1);
    if (!info) fail(404, "orgList.errors.notFound");
    const condition = and(eq(conferences.institutionId, id), eq(conferences.isPublish, true));
    const [list, [{ total }]] = await Promise.all([
      deps.db
        .select(conferenceSummaryColumns)
        .from(conferences)
        .where(condition)
        .orderBy(desc(conferences.startDate), desc(conferences.id))
        .limit(pageSize)
        .offset(offset),
      deps.db.select({ total: count() }).from(conferences).where(condition),
    ]);
    return ok(c, { info, conferences: { list, total } });
  });

  return app;
}
