import { asc, count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { categorySchema, majorSchema, mergeSchema } from "#contract/schemas/disciplines";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { categories, conferences, majors } from "../db/schema";
import { fail, idParam, ok } from "../http";
import { createCategory, createMajor, mergeCategory, mergeMajor, updateCategory, updateMajor } from "../services/disciplines";
import { requirePlatformAdmin } from "./guards";

/**
 * The platform administrators' categories and majors (issue 17): the two levels with their
 * conference counts, adding, renaming and ordering, and merging one into another. Every change
 * is audited in its transaction (platform/services/disciplines.ts); the portal's memo of them (platform/services/memo.ts) and
 * the page cache are emptied by the write itself.
 */
export function disciplineRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** A 400 on one field, as a schema's refusal reads. */
  const refuse = (field: string, key: string): never => fail(400, key, { data: { fields: { [field]: { key } } } });

  const exists = async (table: typeof categories | typeof majors, id: number) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)).length > 0;

  /** Categories in order, each with its majors and how many conferences name each; majors without a category last. */
  app.get("/admin/disciplines", async (c) => {
    requirePlatformAdmin(c);
    const [categoryRows, majorRows, byMajor, byCategory] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
      db.select().from(majors).orderBy(asc(majors.sort), asc(majors.id)),
      db.select({ id: conferences.majorId, total: count() }).from(conferences).groupBy(conferences.majorId),
      db.select({ id: conferences.categoryId, total: count() }).from(conferences).groupBy(conferences.categoryId),
    ]);
    const conferencesOf = (rows: Array<{ id: number | null; total: number }>, id: number) => rows.find((row) => row.id === id)?.total ?? 0;
    const withCount = (major: (typeof majorRows)[number]) => ({ ...major, conferences: conferencesOf(byMajor, major.id) });
    return ok(c, {
      categories: categoryRows.map((category) => ({
        ...category,
        conferences: conferencesOf(byCategory, category.id),
        majors: majorRows.filter((major) => major.categoryId === category.id).map(withCount),
      })),
      uncategorised: majorRows.filter((major) => major.categoryId === null).map(withCount),
    });
  });

  app.post("/admin/category", async (c) => {
    const admin = requirePlatformAdmin(c);
    const input = parse(c, categorySchema, await readBody(c));
    return ok(c, await createCategory(db, admin, deps.now(), input));
  });

  app.put("/admin/category/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const input = parse(c, categorySchema, await readBody(c));
    if (!(await exists(categories, id))) fail(404, "errors.notFound");
    return ok(c, await updateCategory(db, admin, deps.now(), id, input));
  });

  app.post("/admin/major", async (c) => {
    const admin = requirePlatformAdmin(c);
    const input = parse(c, majorSchema, await readBody(c));
    if (!(await exists(categories, input.categoryId))) refuse("categoryId", "admin.v.categoryRequired");
    return ok(c, await createMajor(db, admin, deps.now(), input));
  });

  app.put("/admin/major/:id{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const input = parse(c, majorSchema, await readBody(c));
    if (!(await exists(majors, id))) fail(404, "errors.notFound");
    if (!(await exists(categories, input.categoryId))) refuse("categoryId", "admin.v.categoryRequired");
    return ok(c, await updateMajor(db, admin, deps.now(), id, input));
  });

  app.post("/admin/category/:id{[0-9]+}/merge", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const { into } = parse(c, mergeSchema, await readBody(c));
    if (into === id) refuse("into", "admin.v.mergeSelf");
    if (!(await exists(categories, id))) fail(404, "errors.notFound");
    if (!(await exists(categories, into))) refuse("into", "admin.v.mergeTarget");
    return ok(c, { into, ...(await mergeCategory(db, admin, deps.now(), id, into)) });
  });

  app.post("/admin/major/:id{[0-9]+}/merge", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const { into } = parse(c, mergeSchema, await readBody(c));
    if (into === id) refuse("into", "admin.v.mergeSelf");
    if (!(await exists(majors, id))) fail(404, "errors.notFound");
    const [target] = await db.select({ id: majors.id, categoryId: majors.categoryId }).from(majors).where(eq(majors.id, into)).limit(1);
    if (!target) refuse("into", "admin.v.mergeTarget");
    return ok(c, { into, ...(await mergeMajor(db, admin, deps.now(), id, target)) });
  });

  return app;
}
