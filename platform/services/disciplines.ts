import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { categories, conferences, majors, references, subjects } from "../db/schema";
import { type Actor, auditedChange } from "./audit";

type Names = { nameZh: string; nameEn: string; sort: number };

/**
 * The platform administrators' changes to categories and majors (issue 17), each in one
 * transaction with its audit row. The route checked who may call and that the rows exist.
 */
const audited = <T>(db: Db, actor: Actor, at: Date, action: string, target: string, detail: Record<string, unknown>, change: (tx: Db) => Promise<T>) =>
  auditedChange(db, { actor, at, action, target, detail }, change);

export const createCategory = (db: Db, actor: Actor, at: Date, input: Names) =>
  audited(db, actor, at, "discipline.category.create", input.nameZh, input, async (tx) => (await tx.insert(categories).values(input).returning())[0]);

export const updateCategory = (db: Db, actor: Actor, at: Date, id: number, input: Names) =>
  audited(
    db,
    actor,
    at,
    "discipline.category.update",
    `category:${id}`,
    input,
    async (tx) => (await tx.update(categories).set(input).where(eq(categories.id, id)).returning())[0],
  );

export const createMajor = (db: Db, actor: Actor, at: Date, input: Names & { categoryId: number }) =>
  audited(db, actor, at, "discipline.major.create", input.nameZh, input, async (tx) => (await tx.insert(majors).values(input).returning())[0]);

export const updateMajor = (db: Db, actor: Actor, at: Date, id: number, input: Names & { categoryId: number }) =>
  audited(
    db,
    actor,
    at,
    "discipline.major.update",
    `major:${id}`,
    input,
    async (tx) => (await tx.update(majors).set(input).where(eq(majors.id, id)).returning())[0],
  );

/** Merges a category into another: its majors and conferences move there, then it goes. */
export const mergeCategory = (db: Db, actor: Actor, at: Date, id: number, into: number) =>
  audited(db, actor, at, "discipline.category.merge", `category:${id}`, { into }, async (tx) => {
    const movedMajors = await tx.update(majors).set({ categoryId: into }).where(eq(majors.categoryId, id)).returning({ id: majors.id });
    const movedConferences = await tx.update(conferences).set({ categoryId: into }).where(eq(conferences.categoryId, id)).returning({ id: conferences.id });
    await tx.delete(categories).where(eq(categories.id, id));
    return { majors: movedMajors.length, conferences: movedConferences.length };
  });

/**
 * Merges a major into another: its conferences, references and subjects move there, then it
 * goes. A moved conference takes the target's category, so its two levels still agree.
 */
export const mergeMajor = (db: Db, actor: Actor, at: Date, id: number, into: { id: number; categoryId: number | null }) =>
  audited(db, actor, at, "discipline.major.merge", `major:${id}`, { into: into.id }, async (tx) => {
    const movedConferences = await tx
      .update(conferences)
      .set({ majorId: into.id, categoryId: sql`coalesce(${into.categoryId}::int, ${conferences.categoryId})` })
      .where(eq(conferences.majorId, id))
      .returning({ id: conferences.id });
    const movedReferences = await tx.update(references).set({ majorId: into.id }).where(eq(references.majorId, id)).returning({ id: references.id });
    await tx.update(subjects).set({ majorId: into.id }).where(eq(subjects.majorId, id));
    await tx.delete(majors).where(eq(majors.id, id));
    return { conferences: movedConferences.length, references: movedReferences.length };
  });
