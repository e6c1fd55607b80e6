import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Ctx, type PlatformDeps, requireAccount } from "../context";
import { accounts, conferenceAdmins } from "../db/schema";
import { fail, idParam } from "../http";
import { fieldFail, requireManager } from "./guards";

export { fieldFail };

/** The shared schemas give times as ISO strings; timestamp columns take dates. */
export function withDates(input: unknown) {
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of ["startsAt", "endsAt", "recordedAt"]) if (typeof out[key] === "string") out[key] = new Date(out[key]);
  return out;
}

/** What the editor shows of an admin user. */
export const adminColumns = { accountId: accounts.id, name: accounts.name, mobile: accounts.mobile, remark: conferenceAdmins.remark };

export type Owned = PgTable & { id: AnyPgColumn; conferenceId: AnyPgColumn };

/** The guards every authoring call shares (the writes are in services/authoring.ts). */
export function authoringKit(deps: PlatformDeps) {
  const { db } = deps;

  const guard = (c: Ctx, conferenceId: number) => requireManager(db, c, conferenceId);

  /** Finds a child row's conference, then guards it. */
  async function guardRow(c: Ctx, table: Owned, raw: string | undefined) {
    requireAccount(c);
    const id = idParam(raw);
    const [row] = (await db.select({ conferenceId: table.conferenceId }).from(table).where(eq(table.id, id)).limit(1)) as Array<{ conferenceId: number }>;
    if (!row) fail(404, "errors.notFound");
    await guard(c, row.conferenceId);
    return { id, conferenceId: row.conferenceId };
  }

  const conferenceIdOf = (body: unknown) => idParam(String((body as { conferenceId?: unknown })?.conferenceId ?? ""));

  /** A referenced row must belong to the same conference. */
  async function sameConference(c: Ctx, table: Owned, id: number | null | undefined, conferenceId: number, field: string) {
    if (!id) return;
    const [row] = (await db.select({ conferenceId: table.conferenceId }).from(table).where(eq(table.id, id))) as Array<{ conferenceId: number }>;
    if (!row || row.conferenceId !== conferenceId) fieldFail(c, field, "authoring.v.invalid");
  }

  return { guard, guardRow, conferenceIdOf, sameConference };
}
