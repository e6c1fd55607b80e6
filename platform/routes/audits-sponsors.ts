import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { sponsorRemarkSchema } from "#contract/schemas/audits";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { type AuditState, type Remark, accounts, sponsors } from "../db/schema";
import { fail, idParam, ok, paging } from "../http";
import { addSponsorRemark, sponsorSpec } from "../services/audits";
import { xlsxResponse, xlsxStream } from "../services/xlsx";
import { conferenceName, decideAudited, headers, keysetRows, likePattern, managedConference, requireManager, word } from "./audits-common";

const STATES: AuditState[] = ["pending", "approved", "rejected"];

/**
 * The organiser's sponsor and exhibitor applications: the list with filters (the print page
 * reads it too), approve/reject, remarks (`{by, at, text}` appended), the Excel export.
 */
export function auditSponsorRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const db = deps.db;

  /** `kind` (sponsor | exhibitor), `state` and `keyword` (company, contact, phone). */
  const filters = (c: Ctx, conferenceId: number) => {
    const q = c.req.query();
    const where: SQL[] = [eq(sponsors.conferenceId, conferenceId)];
    if (q.kind === "sponsor" || q.kind === "exhibitor") where.push(eq(sponsors.kind, q.kind));
    if (STATES.includes(q.state as AuditState)) where.push(eq(sponsors.state, q.state as AuditState));
    const pattern = likePattern(q.keyword);
    if (pattern) where.push(or(ilike(sponsors.company, pattern), ilike(sponsors.contact, pattern), ilike(sponsors.phone, pattern))!);
    return where;
  };

  /** Who wrote each remark, by account id, for the rows shown. */
  const remarkAuthors = async (rows: Array<{ remarks: Remark[] }>) => {
    const ids = [...new Set(rows.flatMap((row) => row.remarks.map((r) => r.by)))];
    if (ids.length === 0) return {};
    const found = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids));
    return Object.fromEntries(found.map((a) => [a.id, a.name]));
  };

  app.get("/sponsor/manage/:conferenceId{[0-9]+}", async (c) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const { pageSize, offset } = paging(c);
    const condition = and(...filters(c, conference.id));
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(sponsors).where(condition).orderBy(asc(sponsors.kind), desc(sponsors.id)).limit(pageSize).offset(offset),
      db.select({ total: count() }).from(sponsors).where(condition),
    ]);
    return ok(c, { list: rows, total, conference: conferenceName(conference), authors: await remarkAuthors(rows) });
  });

  app.patch("/sponsor/:id{[0-9]+}", async (c) => {
    const row = await decideAudited(deps, c, sponsorSpec(deps));
    return ok(c, row);
  });

  app.put("/sponsor/addRemark/:id{[0-9]+}", async (c) => {
    const id = idParam(c.req.param("id"));
    const [found] = await db.select({ conferenceId: sponsors.conferenceId }).from(sponsors).where(eq(sponsors.id, id)).limit(1);
    if (!found) fail(404, "errors.notFound");
    const organiser = await requireManager(db, c, found.conferenceId);
    const { text } = parse(c, sponsorRemarkSchema, await readBody(c));
    const row = await addSponsorRemark(deps, organiser, { id, text });
    return ok(c, row);
  });

  app.get("/sponsor/export", async (c) => {
    const { conference } = await managedConference(db, c, c.req.query("conferenceId"));
    const where = filters(c, conference.id);
    const rows = keysetRows(
      (afterId, limit) =>
        db
          .select()
          .from(sponsors)
          .where(and(...where, gt(sponsors.id, afterId)))
          .orderBy(asc(sponsors.id))
          .limit(limit),
      async (list) => {
        const authors = await remarkAuthors(list);
        return list.map((s) => [
          s.id,
          word(c, `audits.kinds.${s.kind}`),
          s.company,
          s.contact,
          s.phone,
          s.email,
          s.level,
          s.booth,
          s.website ?? "",
          word(c, `audits.states.${s.state}`),
          s.remarks.map((r) => `${r.at.slice(0, 10)} ${authors[r.by] ?? ""}: ${r.text}`).join("\n"),
          s.createdAt,
        ]);
      },
    );
    const columns = headers(c, ["id", "kind", "company", "contact", "phone", "email", "level", "booth", "website", "state", "remarks", "submittedAt"]);
    const sheetName = word(c, "audits.sponsors.title");
    return xlsxResponse(`${sheetName}-${conference.id}.xlsx`, xlsxStream({ sheetName, columns, rows }));
  });

  return app;
}
