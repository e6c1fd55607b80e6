import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { moduleSchema, schedulePublishSchema, textSchema } from "#contract/schemas/conference";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { modules } from "../db/schema";
import { fail, idParam, ok } from "../http";
import { createRow, deleteRow, deleteVenueSchedule, saveText, updateRow } from "../services/authoring";
import { authoringKit } from "./authoring-common";

/** Modules, their texts and the schedule's publish switch; a venue's schedule deleted at once. */
export function authoringModuleRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;
  const { guard, guardRow, conferenceIdOf } = authoringKit(deps);

  app.post("/module", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, moduleSchema, body);
    const row = await createRow(deps, requireAccount(c), {
      conferenceId,
      action: "module.create",
      target: "module",
      table: modules,
      values: { ...input, conferenceId },
    });
    return ok(c, row, 201);
  });

  app.put("/module/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("id"));
    const input = parse(c, moduleSchema, await readBody(c));
    await updateRow(deps, requireAccount(c), { conferenceId, action: "module.update", target: `module:${id}`, table: modules, id, values: input });
    return ok(c, { id });
  });

  app.delete("/module/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("id"));
    await deleteRow(deps, requireAccount(c), { conferenceId, action: "module.delete", target: `module:${id}`, table: modules, id });
    return ok(c, { id });
  });

  /** The per-module publish switch of the schedule (visitors see a module's schedule once published). */
  app.patch("/schedule/:moduleId{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, modules, c.req.param("moduleId"));
    const { published } = parse(c, schedulePublishSchema, await readBody(c));
    await updateRow(deps, requireAccount(c), {
      conferenceId,
      action: "schedule.publish",
      target: `module:${id}`,
      detail: { published },
      table: modules,
      id,
      values: { schedulePublished: published },
    });
    return ok(c, { id, published });
  });

  /** Sets a module's text (one per module: the intro, a custom page). */
  app.put("/text", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, textSchema, body);
    if (input.moduleId) {
      const [module] = await db
        .select({ id: modules.id })
        .from(modules)
        .where(and(eq(modules.id, input.moduleId), eq(modules.conferenceId, conferenceId)));
      if (!module) fail(404, "errors.notFound");
    }
    const id = await saveText(deps, requireAccount(c), { conferenceId, text: input });
    return ok(c, { id });
  });

  /** Deletes one venue's schedule (`branchId` empty or 0: the main venue). */
  app.delete("/scheduleBranch/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const raw = c.req.query("branchId") ?? "";
    const branchId = raw === "" || raw === "0" || raw === "null" ? null : idParam(raw);
    const removed = await deleteVenueSchedule(deps, requireAccount(c), { conferenceId, branchId });
    return ok(c, { removed: removed.length });
  });

  return app;
}
