import { and, count, desc, eq, gte, lt, max, min, notInArray, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { PlatformDeps, PlatformEnv } from "../context";
import { conferences, replays } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { keywordMatch } from "./directory";

/** Related replays shown beside one. */
const RELATED = 4;

/** The expression the replays' search indexes are built on (platform/db/schema.ts); must stay identical. */
export const replaySearch = sql`lower(${replays.titleZh} || ' ' || ${replays.titleEn})`;

/** Replays are filed by the year they were recorded in China (UTC+8), like conference dates. */
const yearStart = (year: number) => new Date(`${year}-01-01T00:00:00+08:00`);

const listColumns = {
  id: replays.id,
  titleZh: replays.titleZh,
  titleEn: replays.titleEn,
  cover: replays.cover,
  durationSeconds: replays.durationSeconds,
  recordedAt: replays.recordedAt,
  conferenceId: replays.conferenceId,
  // The conference is named only while it is published (left join on that condition).
  conferenceNameZh: conferences.nameZh,
  conferenceNameEn: conferences.nameEn,
};

const publishedConference = and(eq(conferences.id, replays.conferenceId), eq(conferences.isPublish, true));

/** Live-stream replays (issue 3): published ones only, for everyone. */
export function replayRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  /** Published replays, newest first. Filters: keyword (titles, both languages), conferenceId, year. */
  app.get("/live-streaming", async (c) => {
    const { pageSize, offset } = paging(c, 12);
    const q = c.req.query();
    const where: SQL[] = [eq(replays.isPublish, true)];
    const keyword = keywordMatch(replaySearch, q.keyword);
    if (keyword) where.push(keyword);
    if (q.conferenceId) where.push(eq(replays.conferenceId, idParam(q.conferenceId)));
    if (q.year) {
      if (!/^\d{4}$/.test(q.year)) fail(400, "replays.errors.year");
      const year = Number(q.year);
      where.push(gte(replays.recordedAt, yearStart(year)), lt(replays.recordedAt, yearStart(year + 1)));
    }
    const condition = and(...where);
    const [list, [{ total }]] = await Promise.all([
      deps.db
        .select(listColumns)
        .from(replays)
        .leftJoin(conferences, publishedConference)
        .where(condition)
        .orderBy(desc(replays.recordedAt), desc(replays.id))
        .limit(pageSize)
        .offset(offset),
      deps.db.select({ total: count() }).from(replays).where(condition),
    ]);
    return page(c, list, total);
  });

  /** What the list's filters offer: the years with published replays, newest first. */
  app.get("/live-streaming/filters", async (c) => {
    // Two ends of the (is_publish, recorded_at) index; the years between are listed whole.
    const [range] = await deps.db
      .select({ first: min(replays.recordedAt), last: max(replays.recordedAt) })
      .from(replays)
      .where(eq(replays.isPublish, true));
    const years: number[] = [];
    if (range?.first && range.last) {
      const yearOf = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).getUTCFullYear();
      for (let year = yearOf(range.last); year >= yearOf(range.first); year--) years.push(year);
    }
    return ok(c, { years });
  });

  /**
   * One published replay with its (published) conference's name and a few related replays:
   * the same conference first, then the same major, then the newest others.
   */
  app.get("/live-streaming/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const [row] = await deps.db
      .select({
        replay: replays,
        conference: { id: conferences.id, nameZh: conferences.nameZh, nameEn: conferences.nameEn, majorId: conferences.majorId },
      })
      .from(replays)
      .leftJoin(conferences, publishedConference)
      .where(and(eq(replays.id, id), eq(replays.isPublish, true)))
      .limit(1);
    if (!row) fail(404, "replays.errors.notFound");
    const { replay, conference } = row;

    const relatedQuery = (condition: SQL | undefined, exclude: number[], limit: number) =>
      deps.db
        .select(listColumns)
        .from(replays)
        .leftJoin(conferences, publishedConference)
        .where(and(eq(replays.isPublish, true), notInArray(replays.id, exclude), condition))
        .orderBy(desc(replays.recordedAt), desc(replays.id))
        .limit(limit);
    const related = replay.conferenceId === null ? [] : await relatedQuery(eq(replays.conferenceId, replay.conferenceId), [id], RELATED);
    if (related.length < RELATED && conference?.majorId) {
      related.push(...(await relatedQuery(eq(conferences.majorId, conference.majorId), [id, ...related.map((r) => r.id)], RELATED - related.length)));
    }
    if (related.length < RELATED) related.push(...(await relatedQuery(undefined, [id, ...related.map((r) => r.id)], RELATED - related.length)));

    const { isPublish: _isPublish, ...info } = replay;
    return ok(c, {
      info,
      conference: conference ? { id: conference.id, nameZh: conference.nameZh, nameEn: conference.nameEn } : null,
      related,
    });
  });

  return app;
}
