import { asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { institutionMergeSchema, institutionSchema } from "#contract/schemas/institutions-admin";
import type { AdminInstitution } from "#contract/views/institutions-admin";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import type { Db } from "../db";
import { conferences, institutions, organizations } from "../db/schema";
import { fail, idParam, ok, page, paging, refuseField } from "../http";
import { createInstitution, deleteInstitution, mergeInstitution, updateInstitution } from "../services/institutions-admin";
import { requirePublicImage } from "../services/public-images";
import { institutionColumns, institutionFilter } from "./directory";
import { requirePlatformAdmin } from "./guards";

/** The institutions with what an administrator judges them by: how many conferences name them (published or not) and the certification behind them. */
async function described(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<AdminInstitution[]> {
  const rows = await db
    .select({
      ...institutionColumns,
      organization: { id: organizations.id, name: organizations.name, state: organizations.state },
    })
    .from(institutions)
    .leftJoin(organizations, eq(organizations.id, institutions.organizationId))
    .where(where)
    .orderBy(asc(institutions.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((row) => row.id);
  const counts = ids.length
    ? await db
        .select({ id: conferences.institutionId, all: count(), published: sql<number>`count(*) filter (where ${conferences.isPublish})`.mapWith(Number) })
        .from(conferences)
        .where(inArray(conferences.institutionId, ids))
        .groupBy(conferences.institutionId)
    : [];
  return rows.map((row) => {
    const counted = counts.find((entry) => entry.id === row.id);
    return { ...row, organization: row.organization?.id ? row.organization : null, conferences: counted?.all ?? 0, published: counted?.published ?? 0 };
  });
}

/**
 * The platform administrators' institutions (issue 17, "Directory data"): every institution,
 * certified or not, found by its words; add and edit one (names, cities, logo, certification),
 * merge a duplicate into another with its conferences, delete one no conference names. Every
 * change is audited in its transaction (platform/services/institutions-admin.ts); the portal's
 * memo and the page cache empty on the write itself, so /orgList shows it at once.
 */
export function institutionAdminRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const existing = async (id: number) => {
    const [row] = await db.select().from(institutions).where(eq(institutions.id, id)).limit(1);
    if (!row) fail(404, "errors.notFound");
    return row;
  };

  /** `keyword` (names and cities, either language), `certified=1|0`, paged. */
  app.get("/admin/institutions", async (c) => {
    requirePlatformAdmin(c);
    const { pageSize, offset } = paging(c);
    const condition = institutionFilter(c.req.query());
    const [list, [{ total }]] = await Promise.all([
      described(db, condition, pageSize, offset),
      db.select({ total: count() }).from(institutions).where(condition),
    ]);
    return page(c, list, total);
  });

  /** One institution as the list shows it (the merge's confirmation names its target by it). */
  app.get("/admin/institution/:id{[0-9]+}", async (c) => {
    requirePlatformAdmin(c);
    const [row] = await described(db, eq(institutions.id, idParam(c.req.param("id"))), 1, 0);
    if (!row) fail(404, "errors.notFound");
    return ok(c, row);
  });

  app.post("/admin/institution", async (c) => {
    const admin = requirePlatformAdmin(c);
    const input = parse(c, institutionSchema, await readBody(c));
    if (input.logo) await requirePublicImage(db, input.logo, "logo", "admin.institutions.v.logoUnknown");
    return ok(c, await createInstitution(db, admin, deps.now(), input));
  });

  app.put("/admin/institution/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const input = parse(c, institutionSchema, await readBody(c));
    const before = await existing(id);
    if (input.logo && input.logo !== before.logo) await requirePublicImage(db, input.logo, "logo", "admin.institutions.v.logoUnknown");
    return ok(c, await updateInstitution(db, admin, deps.now(), id, input, before));
  });

  app.post("/admin/institution/:id{[0-9]+}/merge", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const { into } = parse(c, institutionMergeSchema, await readBody(c));
    if (into === id) refuseField("into", "admin.institutions.v.mergeSelf");
    await existing(id);
    const [target] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, into)).limit(1);
    if (!target) refuseField("into", "admin.institutions.v.mergeUnknown", { id: into });
    return ok(c, { into, ...(await mergeInstitution(db, admin, deps.now(), id, into)) });
  });

  app.delete("/admin/institution/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    await existing(id);
    return ok(c, await deleteInstitution(db, admin, deps.now(), id));
  });

  return app;
}
