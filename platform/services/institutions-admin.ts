import { count, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { InstitutionInput } from "#contract/schemas/institutions-admin";
import type { Db } from "../db";
import { conferences, institutions } from "../db/schema";
import { fail } from "../http";
import { type Actor, auditedChange } from "./audit";

/**
 * A platform administrator's changes to the institutions (issue 17), each one transaction with
 * its audit row (no conference). The route checked who may call, the input, and that the rows exist.
 */

export const createInstitution = (db: Db, actor: Actor, at: Date, input: InstitutionInput) =>
  auditedChange(db, { actor, at, action: "institution.create", target: (row: { id: number }) => `institution:${row.id}`, detail: { ...input } }, async (tx) => {
    const [row] = await tx
      .insert(institutions)
      .values({ ...input, createdAt: at })
      .returning();
    return row;
  });

/** Saves the names, cities, logo and certification; the audit row says what the certification became when it changed. */
export const updateInstitution = (db: Db, actor: Actor, at: Date, id: number, input: InstitutionInput, before: { certified: boolean }) =>
  auditedChange(
    db,
    {
      actor,
      at,
      action: before.certified === input.certified ? "institution.update" : input.certified ? "institution.certify" : "institution.uncertify",
      target: `institution:${id}`,
      detail: { ...input },
    },
    async (tx) => (await tx.update(institutions).set(input).where(eq(institutions.id, id)).returning())[0],
  );

/**
 * Merges a duplicate into another: its conferences move there, the target keeps its own names
 * and takes what it lacks from the duplicate (English name, cities, logo, the certification and
 * the application behind it), then the duplicate goes.
 */
export const mergeInstitution = (db: Db, actor: Actor, at: Date, id: number, into: number) =>
  auditedChange(db, { actor, at, action: "institution.merge", target: `institution:${id}`, detail: { into } }, async (tx) => {
    const [source] = await tx.select().from(institutions).where(eq(institutions.id, id)).for("update");
    const moved = await tx.update(conferences).set({ institutionId: into }).where(eq(conferences.institutionId, id)).returning({ id: conferences.id });
    const fill = (column: AnyPgColumn, value: string) => sql`case when ${column} = '' then ${value} else ${column} end`;
    await tx
      .update(institutions)
      .set({
        nameEn: fill(institutions.nameEn, source.nameEn),
        cityZh: fill(institutions.cityZh, source.cityZh),
        cityEn: fill(institutions.cityEn, source.cityEn),
        logo: sql`coalesce(${institutions.logo}, ${source.logo})`,
        certified: sql`${institutions.certified} or ${source.certified}`,
        organizationId: sql`coalesce(${institutions.organizationId}, ${source.organizationId}::int)`,
      })
      .where(eq(institutions.id, into));
    await tx.delete(institutions).where(eq(institutions.id, id));
    return { conferences: moved.length };
  });

/** Deletes an institution that no conference names (one that some do is merged instead: the route refuses). */
export const deleteInstitution = (db: Db, actor: Actor, at: Date, id: number) =>
  auditedChange(db, { actor, at, action: "institution.delete", target: `institution:${id}`, detail: {} }, async (tx) => {
    const [{ named }] = await tx.select({ named: count() }).from(conferences).where(eq(conferences.institutionId, id));
    // Inside the transaction, so a conference named meanwhile still stops it (the rollback leaves no audit row).
    if (named > 0) fail(400, "admin.institutions.v.stillNamed", { params: { count: named } });
    await tx.delete(institutions).where(eq(institutions.id, id));
    return { id };
  });
