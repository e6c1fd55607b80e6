import { and, count, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { conferenceTakeDownSchema } from "#contract/schemas/accounts-admin";
import { mobileSearchKeyword } from "#contract/schemas/mobile";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { accounts, conferences, registrations } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { auditedChange } from "../services/audit";
import { keywordCondition } from "../services/portal-filters";
import { requirePlatformAdmin } from "./guards";

const STATES = { published: eq(conferences.isPublish, true), draft: eq(conferences.isPublish, false), takenDown: isNotNull(conferences.takenDownAt) };

/**
 * Every conference on the platform for its administrators (issue 17): owner, state and
 * registrations, and taking one down that breaks the rules, with a reason its organisers see on
 * their list; it is not published again until an administrator allows it.
 */
export function conferencesAdminRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** Newest first; `keyword` matches the conference's words or the owner's mobile or name; `state` filters. */
  app.get("/admin/conferences", async (c) => {
    requirePlatformAdmin(c);
    const { pageSize, offset } = paging(c);
    const raw = (c.req.query("keyword") ?? "").trim().slice(0, 100);
    const owner = mobileSearchKeyword(raw).replace(/[\\%_]/g, "\\$&");
    const state = STATES[c.req.query("state") as keyof typeof STATES];
    const where = and(
      raw ? or(keywordCondition(raw), sql`${accounts.mobile} like ${`%${owner}%`}`, sql`${accounts.name} ilike ${`%${owner}%`}`) : undefined,
      state,
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
          takenDownAt: conferences.takenDownAt,
          takenDownReason: conferences.takenDownReason,
          owner: { id: accounts.id, name: accounts.name, mobile: accounts.mobile },
        })
        .from(conferences)
        .leftJoin(accounts, eq(accounts.id, conferences.ownerAccountId))
        .where(where)
        .orderBy(desc(conferences.createdAt), desc(conferences.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(conferences).leftJoin(accounts, eq(accounts.id, conferences.ownerAccountId)).where(where),
    ]);
    const ids = rows.map((row) => row.id);
    const counts = ids.length
      ? await db
          .select({ id: registrations.conferenceId, n: count() })
          .from(registrations)
          .where(inArray(registrations.conferenceId, ids))
          .groupBy(registrations.conferenceId)
      : [];
    return page(
      c,
      rows.map((row) => ({ ...row, registrations: counts.find((x) => x.id === row.id)?.n ?? 0 })),
      total,
    );
  });

  const existing = async (id: number) => {
    const [row] = await db.select({ id: conferences.id, takenDownAt: conferences.takenDownAt }).from(conferences).where(eq(conferences.id, id)).limit(1);
    if (!row) fail(404, "errors.notFound");
    return row;
  };

  /** Takes the conference down: unpublished at once, the reason kept on it and in the audit trail. */
  app.post("/admin/conferences/:id{[0-9]+}/take-down", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const { reason } = parse(c, conferenceTakeDownSchema, await readBody(c));
    if ((await existing(id)).takenDownAt) fail(400, "admin.conferences.v.alreadyDown");
    const at = deps.now();
    await auditedChange(db, { actor: admin, at, action: "conference.takeDown", target: `conference:${id}`, detail: { reason } }, (tx) =>
      tx.update(conferences).set({ isPublish: false, takenDownAt: at, takenDownReason: reason, updatedAt: at }).where(eq(conferences.id, id)),
    );
    return ok(c, { id });
  });

  /** Allows the organisers to publish it again (they do; it stays unpublished until then). */
  app.post("/admin/conferences/:id{[0-9]+}/restore", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    if (!(await existing(id)).takenDownAt) fail(400, "admin.conferences.v.notDown");
    const at = deps.now();
    await auditedChange(db, { actor: admin, at, action: "conference.restore", target: `conference:${id}`, detail: {} }, (tx) =>
      tx.update(conferences).set({ takenDownAt: null, takenDownReason: null, updatedAt: at }).where(eq(conferences.id, id)),
    );
    return ok(c, { id });
  });

  return app;
}
