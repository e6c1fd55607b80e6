import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { z } from "zod";
import { feeSchema, formFieldSchema, registrationSettingsSchema } from "#contract/schemas/conference";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { type FormField, identities, registrationFields, strategies } from "../db/schema";
import { idParam, ok } from "../http";
import { createRow, deleteRow, setFee, updateConference, updateRow } from "../services/authoring";
import { authoringKit, fieldFail } from "./authoring-common";

/** The fee table, the registration settings and the registration form's fields. */
export function authoringRegistrationRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;
  const { guard, guardRow, conferenceIdOf, sameConference } = authoringKit(deps);

  /** Sets one cell of the fee table (identity × strategy), created or replaced: PUT, and POST as spec §7 names it (decision 037). */
  app.on(["PUT", "POST"], "/fee", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, feeSchema, body);
    await sameConference(c, identities, input.identityId, conferenceId, "identityId");
    await sameConference(c, strategies, input.strategyId, conferenceId, "strategyId");
    await setFee(deps, requireAccount(c), { conferenceId, fee: input });
    return ok(c, input);
  });

  app.put("/registration/settings/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const input = parse(c, registrationSettingsSchema, await readBody(c));
    await updateConference(deps, requireAccount(c), { conferenceId, action: "registration.settings", values: input, detail: input });
    return ok(c, input);
  });

  const toField = (input: z.output<typeof formFieldSchema>): FormField => ({
    key: input.key,
    type: input.type,
    labelZh: input.labelZh,
    labelEn: input.labelEn,
    helpZh: input.helpZh || undefined,
    helpEn: input.helpEn || undefined,
    required: input.required,
    ...(input.type === "radio" || input.type === "checkbox" ? { options: input.options } : {}),
    showWhen: input.showWhenField ? { field: input.showWhenField, value: input.showWhenValue } : null,
  });

  /** Keys are unique per form; a condition must name another field of the form. */
  async function checkField(c: Ctx, conferenceId: number, field: FormField, selfId?: number) {
    const rows = await db
      .select({ id: registrationFields.id, field: registrationFields.field })
      .from(registrationFields)
      .where(eq(registrationFields.conferenceId, conferenceId));
    const others = rows.filter((row) => row.id !== selfId);
    if (others.some((row) => row.field.key === field.key)) fieldFail(c, "key", "authoring.v.keyTaken");
    if (field.showWhen && !others.some((row) => row.field.key === field.showWhen?.field)) fieldFail(c, "showWhenField", "authoring.v.noSuchField");
  }

  app.post("/registration/field", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const input = parse(c, formFieldSchema, body);
    const field = toField(input);
    await checkField(c, conferenceId, field);
    const row = await createRow(deps, requireAccount(c), {
      conferenceId,
      action: "registration-field.create",
      target: `field:${field.key}`,
      table: registrationFields,
      values: { conferenceId, field, sort: input.sort },
    });
    return ok(c, row, 201);
  });

  app.put("/registration/field/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, registrationFields, c.req.param("id"));
    const input = parse(c, formFieldSchema, await readBody(c));
    const field = toField(input);
    await checkField(c, conferenceId, field, id);
    await updateRow(deps, requireAccount(c), {
      conferenceId,
      action: "registration-field.update",
      target: `registration-field:${id}`,
      table: registrationFields,
      id,
      values: { field, sort: input.sort },
    });
    return ok(c, { id });
  });

  app.delete("/registration/field/:id{[0-9]+}", async (c) => {
    const { id, conferenceId } = await guardRow(c, registrationFields, c.req.param("id"));
    await deleteRow(deps, requireAccount(c), {
      conferenceId,
      action: "registration-field.delete",
      target: `registration-field:${id}`,
      table: registrationFields,
      id,
    });
    return ok(c, { id });
  });

  return app;
}
