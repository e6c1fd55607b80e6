import { and, eq, gte, inArray, like, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db";
import { conferences, fees, strategies } from "../db/schema";
import { fail, idParam } from "../http";

/** One or two characters of the CJK ideograph blocks cjk_grams() indexes (migration 0002). */
const SHORT_CJK = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{1,2}$/u;

/**
 * The keyword condition on the lower-cased `search_text`. pg_trgm serves keywords of three
 * characters or more; one or two Chinese characters yield no trigram, so they go through the
 * CJK gram index instead, which answers the same "contains" question exactly. The LIKE beside it
 * changes no result: it lets the planner see how few rows match, and makes any row it reads in
 * date order cheap to reject before cjk_grams() is called on it.
 */
export function keywordCondition(raw: string): SQL | undefined {
  const keyword = raw.trim().toLowerCase().slice(0, 100);
  if (!keyword) return undefined;
  const contains = like(conferences.searchText, `%${keyword.replace(/[\\%_]/g, "\\$&")}%`);
  if (SHORT_CJK.test(keyword)) return and(sql`cjk_grams(${conferences.searchText}) @> array[${keyword}]::text[]`, contains);
  return contains;
}

/** A calendar day `YYYY-MM-DD`, or 400 with a translated message. */
export function dayParam(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isRealDay(value)) fail(400, "portal.errors.badDate", { params: { value: value.slice(0, 20) } });
  return value;
}

function isRealDay(day: string) {
  const year = Number(day.slice(0, 4));
  if (year < 1900 || year > 2999) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** `YYYY-MM` → its first and last day, or 400. */
export function monthParam(value: string | undefined): { from: string; to: string } | undefined {
  if (value === undefined || value === "") return undefined;
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12 || year < 1900 || year > 2999) fail(400, "portal.errors.badMonth", { params: { value: value.slice(0, 20) } });
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${value}-01`, to: `${value}-${String(last).padStart(2, "0")}` };
}

export type When = "upcoming" | "past" | undefined;

/**
 * The visitor filters shared by the conference list and the calendar: keyword, category, major,
 * city (either language), `when` (upcoming: not over yet; past: over) and a start-date range
 * (`from`/`to`, or `month=YYYY-MM`). A conference belongs to the day it starts, as in a calendar.
 */
export function conferenceFilters(query: Record<string, string>, today: string): { where: SQL[]; when: When; from?: string; to?: string } {
  const where: SQL[] = [];
  const keyword = keywordCondition(query.keyword ?? "");
  if (keyword) where.push(keyword);
  if (query.categoryId) where.push(eq(conferences.categoryId, idParam(query.categoryId)));
  if (query.majorId) where.push(eq(conferences.majorId, idParam(query.majorId)));
  const city = (query.city ?? "").trim().slice(0, 50);
  if (city) where.push(or(eq(conferences.cityZh, city), eq(conferences.cityEn, city))!);
  const when: When = query.when === "upcoming" || query.when === "past" ? query.when : undefined;
  if (when === "upcoming") where.push(gte(conferences.endDate, today));
  if (when === "past") where.push(lt(conferences.endDate, today));
  const month = monthParam(query.month);
  const from = dayParam(query.from) ?? month?.from;
  const to = dayParam(query.to) ?? month?.to;
  if (from && to && from > to) fail(400, "portal.errors.badRange");
  if (from) where.push(gte(conferences.startDate, from));
  if (to) where.push(lte(conferences.startDate, to));
  return { where, when, from, to };
}

/** All conditions, or undefined for none. */
export const allOf = (where: SQL[]) => (where.length ? and(...where) : undefined);

/** What a list shows of a conference (an institution's, an applicant's applications). */
export const conferenceSummaryColumns = {
  id: conferences.id,
  nameZh: conferences.nameZh,
  nameEn: conferences.nameEn,
  startDate: conferences.startDate,
  endDate: conferences.endDate,
  cityZh: conferences.cityZh,
  cityEn: conferences.cityEn,
  hostZh: conferences.hostZh,
  hostEn: conferences.hostEn,
  isPublish: conferences.isPublish,
};

/** The columns of a conference card (portal lists, the calendar, search results). */
export const conferenceCardColumns = {
  ...conferenceSummaryColumns,
  cover: conferences.cover,
  /** When the record last changed (the sitemap's lastmod). */
  updatedAt: conferences.updatedAt,
};

/**
 * What a visitor decides with on a card: the lowest listed fee (fen, null without a fee table)
 * and the registration window, from the first fee window's start to the last one's end (null
 * without fee windows: registration then runs until the conference ends). Looked up for the
 * page's rows after the fact, in one read however long the page (each figure a subquery on its
 * table's conference index).
 */
export async function withSale<T extends { id: number }>(db: Db, rows: T[]) {
  const ids = rows.map((row) => row.id);
  const saleRows = ids.length
    ? await db
        .select({
          id: conferences.id,
          low: sql<number | null>`(select min(f.price_fen) from ${fees} f where f.conference_id = ${conferences}.id)`.mapWith(fees.priceFen),
          opens: sql<Date | null>`(select min(s.starts_at) from ${strategies} s where s.conference_id = ${conferences}.id)`.mapWith(strategies.startsAt),
          closes: sql<Date | null>`(select max(s.ends_at) from ${strategies} s where s.conference_id = ${conferences}.id)`.mapWith(strategies.endsAt),
        })
        .from(conferences)
        .where(inArray(conferences.id, ids))
    : [];
  const sale = new Map(saleRows.map((row) => [row.id, row]));
  return rows.map((row) => ({
    ...row,
    lowestFeeFen: sale.get(row.id)?.low ?? null,
    registrationOpensAt: sale.get(row.id)?.opens?.toISOString() ?? null,
    registrationClosesAt: sale.get(row.id)?.closes?.toISOString() ?? null,
  }));
}
