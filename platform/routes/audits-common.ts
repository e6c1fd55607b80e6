import { eq } from "drizzle-orm";
import { auditDecisionSchema } from "#contract/schemas/audits";
import { type Ctx, type PlatformDeps, parse, readBody } from "../context";
import type { Db } from "../db";
import { conferences } from "../db/schema";
import { fail, idParam, langOf, say } from "../http";
import { type AuditedSpec, type RemarkedTable, decideAudited as decide, remarkedSpec } from "../services/audits";
import { requireManager } from "./guards";

/**
 * The request side the organiser's audit calls share (platform/routes/audits-*.ts): the manager
 * guard (someone else's conference is simply not there: 404), the decision call read from the
 * request, export words in the caller's language. The rules are in services/audits.ts.
 */

export { requireManager };
export { conferenceName, keysetRows, likePattern } from "../services/audits";

/** The conference named by a path or query parameter, for its managers only. */
export async function managedConference(db: Db, c: Ctx, raw: string | undefined) {
  const conferenceId = idParam(raw);
  const account = await requireManager(db, c, conferenceId);
  const [conference] = await db.select().from(conferences).where(eq(conferences.id, conferenceId)).limit(1);
  if (!conference) fail(404, "errors.notFound");
  return { conference, account };
}

/** `PATCH …/:id` with a decision: the row's managers only (404 for others), then `decideAudited` of services/audits.ts. */
export async function decideAudited<R extends { id: number; conferenceId: number; state: string }>(deps: PlatformDeps, c: Ctx, spec: AuditedSpec<R>) {
  const id = idParam(c.req.param("id"));
  const found = await spec.find(deps.db, id);
  if (!found) fail(404, "errors.notFound");
  const organiser = await requireManager(deps.db, c, found.conferenceId);
  const decision = parse(c, auditDecisionSchema, await readBody(c));
  return decide(deps, organiser, { id, decision }, spec);
}

/** `decideAudited` for a row of a table with `state` and `remark` columns (papers, files, hotel stays). */
export function decideRemarked<T extends RemarkedTable>(
  deps: PlatformDeps,
  c: Ctx,
  kind: string,
  table: T,
  options: Parameters<typeof remarkedSpec<T>>[3] = {},
) {
  return decideAudited(deps, c, remarkedSpec(deps, kind, table, options));
}

/** Column headers of an export in the caller's language, from keys under `audits.export`. */
export function headers(c: Ctx, keys: string[]) {
  return keys.map((key) => ({ header: say(c, { key: `audits.export.${key}` }), width: 18 }));
}

/** A word of the caller's language (a state, a method) for an export cell. */
export function word(c: Ctx, key: string) {
  return say(c, { key });
}

/** Bilingual names as the caller reads them. */
export function named(c: Ctx, zh: string | null | undefined, en: string | null | undefined) {
  return (langOf(c) === "en" ? en || zh : zh || en) ?? "";
}
