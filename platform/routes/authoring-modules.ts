import { and, asc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { moduleSchema, schedulePublishSchema, textSchema } from "#contract/schemas/conference";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { modules, schedules, texts } from "../db/schema";
import { fail, idParam, ok } from "../http";
import { authoringKit } from "./authoring-common";

/** Modules, their texts and the schedule's publish switch; a venue's schedule deleted at once. */
export function authoringModuleRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;
  const { guard, guardRow, audited, conferenceIdOf } = authoringKit(deps);

  app.post("/module", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, moduleSchema, body);
    const row = await audited(c, conferenceId, "module.create", "module", async (tx) => (await tx.insert(modules).values({ ...input, conferenceId }).returning())[0]);
    return ok(c, row, 201);
  });

  app.put("/module/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("id"));
    const input = parse(c, moduleSchema, await readBody(c));
    await audited(c, conferenceId, "module.update", `module:${id}`, (tx) => tx.update(modules).set(input).where(eq(modules.id, id)));
    return ok(c, { id });
  });

  app.delete("/module/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("id"));
    await audited(c, conferenceId, "module.delete", `module:${id}`, (tx) => tx.delete(modules).where(eq(modules.id, id)));
    return ok(c, { id });
  });

  /** The per-module publish switch of the schedule (visitors see a module's schedule once published). */
  app.patch("/schedule/:moduleId{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("moduleId"));
    const { published } = parse(c, schedulePublishSchema, await readBody(c));
    await audited(c, conferenceId, "schedule.publish", `module:${id}`, (tx) => tx.update(modules).set({ schedulePublished: published }).where(eq(modules.id, id)), { published });
    return ok(c, { id, published });
  });

  /** Sets a module's text (one per module: the intro, a custom page). */
  app.put("/text", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, textSchema, body);
    if (input.moduleId) {
      const [module] = await db.select({ id: modules.id }).from(modules).where(and(eq(modules.id, input.moduleId), eq(modules.conferenceId, conferenceId)));
      if (!module) fail(404, "errors.notFound");
    }
    const where = and(eq(texts.conferenceId, conferenceId), input.moduleId ? eq(texts.moduleId, input.moduleId) : isNull(texts.moduleId));
    const id = await audited(c, conferenceId, "text.save", `module:${input.moduleId ?? "none"}`, async (tx) => {
      const [existing] = await tx.select({ id: texts.id }).from(texts).where(where).orderBy(asc(texts.sort), asc(texts.id)).limit(1);
      if (existing) {
        await tx.update(texts).set(input).where(eq(texts.id, existing.id));
        return existing.id;
      }
      const [row] = await tx.insert(texts).values({ ...input, conferenceId }).returning({ id: texts.id });
      return row.id;
    });
    return ok(c, { id });
  });

  /** Deletes one venue's schedule (`branchId` empty or 0: the main venue). */
  app.delete("/scheduleBranch/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const raw = c.req.query("branchId") ?? "";
    const branchId = raw === "" || raw === "0" || raw === "null" ? null : idParam(raw);
    const removed = await audited(c, conferenceId, "schedule.deleteBranch", `branch:${branchId ?? "main"}`, (tx) =>
      tx
        .delete(schedules)
        .where(and(eq(schedules.conferenceId, conferenceId), branchId === null ? isNull(schedules.branchId) : eq(schedules.branchId, branchId)))
        .returning({ id: schedules.id }),
    );
    return ok(c, { removed: removed.length });
  });


  return app;
}
