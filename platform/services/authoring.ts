import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { feeSchema, textSchema } from "#contract/schemas/conference";
import type { Db } from "../db";
import { conferenceAdmins, conferences, fees, hotelRooms, modules, schedules, sponsors, tags, texts } from "../db/schema";
import { type Actor, recordAudit } from "./audit";

/**
 * Organiser authoring (issue 4): every change to a conference, its modules, lists and
 * registration settings is written with its audit row in one transaction, so a failed change
 * leaves no trail. The caller (platform/routes/authoring*.ts) has guarded the conference.
 */

type Deps = { db: Db; now: () => Date };
/** What the audit row says: `action` on `target` of the conference, with `detail`. */
type Entry = { conferenceId: number; action: string; target: string; detail?: Record<string, unknown> };
/** A table whose rows have an id. */
type Rows = PgTable & { id: AnyPgColumn };

function audited<T>(deps: Deps, actor: Actor, entry: Entry, change: (tx: Db) => Promise<T>) {
  return deps.db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, { ...entry, accountId: actor.id, at: deps.now() });
    return result;
  });
}

const touch = (deps: Deps, tx: Db, conferenceId: number) => tx.update(conferences).set({ updatedAt: deps.now() }).where(eq(conferences.id, conferenceId));

/** A draft (unpublished) conference of mine with an intro and a schedule module. */
export async function createConference(
  deps: Deps,
  actor: Actor,
  input: { values: Omit<typeof conferences.$inferInsert, "ownerAccountId" | "isPublish" | "createdAt" | "updatedAt"> },
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conferences)
      .values({ ...input.values, ownerAccountId: actor.id, isPublish: false, createdAt: deps.now(), updatedAt: deps.now() })
      .returning({ id: conferences.id });
    await tx.insert(modules).values([
      { conferenceId: row.id, type: "intro", titleZh: "会议简介", titleEn: "About", sort: 1 },
      { conferenceId: row.id, type: "schedule", titleZh: "会议日程", titleEn: "Programme", sort: 2 },
    ]);
    await recordAudit(tx, { conferenceId: row.id, accountId: actor.id, action: "conference.create", target: `conference:${row.id}`, at: deps.now() });
    return row;
  });
}

/** A change of the conference's own row (basics, publishing, company, host name, registration settings). */
export async function updateConference(
  deps: Deps,
  actor: Actor,
  input: { conferenceId: number; action: string; values: Partial<typeof conferences.$inferInsert>; detail?: Record<string, unknown> },
) {
  const { conferenceId } = input;
  await audited(deps, actor, { conferenceId, action: input.action, target: `conference:${conferenceId}`, detail: input.detail }, (tx) =>
    tx
      .update(conferences)
      .set({ ...input.values, updatedAt: deps.now() })
      .where(eq(conferences.id, conferenceId)),
  );
}

/** A new row of one of the conference's lists; `touch` marks the conference changed (what visitors' caches key on). */
export async function createRow<T extends Rows>(
  deps: Deps,
  actor: Actor,
  input: Entry & { table: T; values: Record<string, unknown>; touch?: boolean },
): Promise<T["$inferSelect"]> {
  const { table, values, touch: touching, ...entry } = input;
  return audited(deps, actor, entry, async (tx) => {
    const [created] = (await tx
      .insert(table)
      .values(values as never)
      .returning()) as Array<T["$inferSelect"]>;
    if (touching) await touch(deps, tx, entry.conferenceId);
    return created;
  });
}

/** Changes one row (by id) of the conference's lists. */
export async function updateRow<T extends Rows>(deps: Deps, actor: Actor, input: Entry & { table: T; id: number; values: Record<string, unknown> }) {
  const { table, id, values, ...entry } = input;
  await audited(deps, actor, entry, (tx) =>
    tx
      .update(table)
      .set(values as never)
      .where(eq(table.id, id)),
  );
}

/** Deletes one row (by id) of the conference's lists. */
export async function deleteRow<T extends Rows>(deps: Deps, actor: Actor, input: Entry & { table: T; id: number }) {
  const { table, id, ...entry } = input;
  await audited(deps, actor, entry, (tx) => tx.delete(table).where(eq(table.id, id)));
}

/** Sets a module's text (one per module, or the conference's own without one); answers its id. */
export async function saveText(deps: Deps, actor: Actor, input: { conferenceId: number; text: z.output<typeof textSchema> }) {
  const { conferenceId, text } = input;
  const where = and(eq(texts.conferenceId, conferenceId), text.moduleId ? eq(texts.moduleId, text.moduleId) : isNull(texts.moduleId));
  return audited(deps, actor, { conferenceId, action: "text.save", target: `module:${text.moduleId ?? "none"}` }, async (tx) => {
    const [existing] = await tx.select({ id: texts.id }).from(texts).where(where).orderBy(asc(texts.sort), asc(texts.id)).limit(1);
    if (existing) {
      await tx.update(texts).set(text).where(eq(texts.id, existing.id));
      return existing.id;
    }
    const [row] = await tx
      .insert(texts)
      .values({ ...text, conferenceId })
      .returning({ id: texts.id });
    return row.id;
  });
}

/** Changes a sponsor the organiser entered; a remark is appended to its remarks. */
export async function updateSponsor(
  deps: Deps,
  actor: Actor,
  input: { conferenceId: number; id: number; values: Partial<typeof sponsors.$inferInsert>; remark?: string },
) {
  const { conferenceId, id, remark } = input;
  await audited(deps, actor, { conferenceId, action: "sponsor.update", target: `sponsor:${id}` }, async (tx) => {
    const [current] = await tx.select({ remarks: sponsors.remarks }).from(sponsors).where(eq(sponsors.id, id)).for("update");
    const remarks = remark ? [...current.remarks, { by: actor.id, at: deps.now().toISOString(), text: remark }] : current.remarks;
    await tx
      .update(sponsors)
      .set({ ...input.values, remarks })
      .where(eq(sponsors.id, id));
  });
}

/** Deletes one venue's schedule (`branchId` null: the main venue); answers the rows removed. */
export async function deleteVenueSchedule(deps: Deps, actor: Actor, input: { conferenceId: number; branchId: number | null }) {
  const { conferenceId, branchId } = input;
  return audited(deps, actor, { conferenceId, action: "schedule.deleteBranch", target: `branch:${branchId ?? "main"}` }, (tx) =>
    tx
      .delete(schedules)
      .where(and(eq(schedules.conferenceId, conferenceId), branchId === null ? isNull(schedules.branchId) : eq(schedules.branchId, branchId)))
      .returning({ id: schedules.id }),
  );
}

/** Sets one cell of the fee table (identity × strategy). */
export async function setFee(deps: Deps, actor: Actor, input: { conferenceId: number; fee: z.output<typeof feeSchema> }) {
  const { conferenceId, fee } = input;
  await audited(deps, actor, { conferenceId, action: "fee.set", target: `fee:${fee.identityId}:${fee.strategyId}`, detail: fee }, (tx) =>
    tx
      .insert(fees)
      .values({ ...fee, conferenceId })
      .onConflictDoUpdate({ target: [fees.identityId, fees.strategyId], set: { priceFen: fee.priceFen, unit: fee.unit } }),
  );
}

const adminWhere = (conferenceId: number, accountId: number): SQL | undefined =>
  and(eq(conferenceAdmins.conferenceId, conferenceId), eq(conferenceAdmins.accountId, accountId));

/** Makes an account an admin user of the conference (again: no change). */
export async function addConferenceAdmin(deps: Deps, actor: Actor, input: { conferenceId: number; accountId: number; remark: string }) {
  const { conferenceId, accountId, remark } = input;
  await audited(deps, actor, { conferenceId, action: "admin-user.create", target: `account:${accountId}`, detail: { remark } }, (tx) =>
    tx.insert(conferenceAdmins).values({ conferenceId, accountId, remark, createdAt: deps.now() }).onConflictDoNothing(),
  );
}

/** Changes what the organiser noted about an admin user. */
export async function updateConferenceAdmin(deps: Deps, actor: Actor, input: { conferenceId: number; accountId: number; remark: string }) {
  const { conferenceId, accountId, remark } = input;
  await audited(deps, actor, { conferenceId, action: "admin-user.update", target: `account:${accountId}`, detail: { remark } }, (tx) =>
    tx.update(conferenceAdmins).set({ remark }).where(adminWhere(conferenceId, accountId)),
  );
}

export async function removeConferenceAdmin(deps: Deps, actor: Actor, input: { conferenceId: number; accountId: number }) {
  const { conferenceId, accountId } = input;
  await audited(deps, actor, { conferenceId, action: "admin-user.delete", target: `account:${accountId}` }, (tx) =>
    tx.delete(conferenceAdmins).where(adminWhere(conferenceId, accountId)),
  );
}

/** Replaces the conference's tags (decision 037); answers the new rows. */
export function replaceTags(deps: Deps, actor: Actor, input: { conferenceId: number; tags: Array<{ name: string; value: string }> }) {
  const { conferenceId, tags: list } = input;
  return audited(deps, actor, { conferenceId, action: "tag.set", target: `conference:${conferenceId}`, detail: { tags: list } }, async (tx) => {
    await tx.delete(tags).where(eq(tags.conferenceId, conferenceId));
    return list.length
      ? tx
          .insert(tags)
          .values(list.map((tag) => ({ ...tag, conferenceId })))
          .returning({ id: tags.id, name: tags.name, value: tags.value })
      : [];
  });
}

/** Sets a room's stock (decision 037). */
export async function setRoomStock(deps: Deps, actor: Actor, input: { conferenceId: number; roomId: number; inventory: number }) {
  const { conferenceId, roomId, inventory } = input;
  await audited(deps, actor, { conferenceId, action: "hotel-room.stock", target: `hotel-room:${roomId}`, detail: { inventory } }, (tx) =>
    tx.update(hotelRooms).set({ inventory }).where(eq(hotelRooms.id, roomId)),
  );
}
