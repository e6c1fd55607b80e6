import { and, asc, count, desc, eq, gt, ilike, isNull, or, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { parseId } from "#contract/params";
import type { Ctx, PlatformDeps, PlatformEnv } from "../context";
import { type AuditState, accounts, branches, conferenceFiles, papers } from "../db/schema";
import { ok, paging } from "../http";
import { xlsxResponse, xlsxStream } from "../services/xlsx";
import { conferenceName, decideRemarked, headers, keysetRows, likePattern, managedConference, named, word } from "./audits-common";

const STATES: AuditState[] = ["pending", "approved", "rejected"];

type Kind = "paper" | "file";

/**
 * The organiser's papers (spec "issues") and conference files: lists with filters, the
 * approve/reject decision with a remark, and the Excel export (`GET /file/export?kind=`).
 */
export function auditPaperRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const db = deps.db;

  /** `state`, `branchId` (0 is the main venue) and `keyword` filters, for either kind. */
  const filters = (c: Ctx, kind: Kind, conferenceId: number) => {
    const q = c.req.query();
    const table = kind === "paper" ? papers : conferenceFiles;
    const where: SQL[] = [eq(table.conferenceId, conferenceId)];
    if (STATES.includes(q.state as AuditState)) where.push(eq(table.state, q.state as AuditState));
    const branchId = parseId(q.branchId);
    if (q.branchId === "0") where.push(isNull(table.branchId));
    else if (branchId !== null) where.push(eq(table.branchId, branchId));
    const pattern = likePattern(q.keyword);
    if (pattern) {
      where.push(
        kind === "paper"
          ? or(ilike(papers.title, pattern), ilike(papers.keywords, pattern), ilike(accounts.name, pattern))!
          : or(ilike(conferenceFiles.name, pattern), ilike(accounts.name, pattern))!,
      );
    }
    return where;
  };

  const paperColumns = {
    id: papers.id,
    conferenceId: papers.conferenceId,
    branchId: papers.branchId,
    branchZh: branches.nameZh,
    branchEn: branches.nameEn,
    title: papers.title,
    authors: papers.authors,
    abstract: papers.abstract,
    keywords: papers.keywords,
    uploadKey: papers.uploadKey,
    state: papers.state,
    remark: papers.remark,
    createdAt: papers.createdAt,
    accountName: accounts.name,
    accountMobile: accounts.mobile,
  };
  const fileColumns = {
    id: conferenceFiles.id,
    conferenceId: conferenceFiles.conferenceId,
    branchId: conferenceFiles.branchId,
    branchZh: branches.nameZh,
    branchEn: branches.nameEn,
    name: conferenceFiles.name,
    uploadKey: conferenceFiles.uploadKey,
    state: conferenceFiles.state,
    remark: conferenceFiles.remark,
    createdAt: conferenceFiles.createdAt,
    accountName: accounts.name,
    accountMobile: accounts.mobile,
  };

  const paperQuery = () =>
    db.select(paperColumns).from(papers).innerJoin(accounts, eq(accounts.id, papers.accountId)).leftJoin(branches, eq(branches.id, papers.branchId));
  const fileQuery = () =>
    db
      .select(fileColumns)
      .from(conferenceFiles)
      .innerJoin(accounts, eq(accounts.id, conferenceFiles.accountId))
      .leftJoin(branches, eq(branches.id, conferenceFiles.branchId));

  const list = (kind: Kind) => async (c: Ctx) => {
    const { conference } = await managedConference(db, c, c.req.param("conferenceId"));
    const { pageSize, offset } = paging(c);
    const condition = and(...filters(c, kind, conference.id));
    const table = kind === "paper" ? papers : conferenceFiles;
    const [rows, [{ total }], branchList] = await Promise.all([
      kind === "paper"
        ? paperQuery().where(condition).orderBy(desc(papers.id)).limit(pageSize).offset(offset)
        : fileQuery().where(condition).orderBy(desc(conferenceFiles.id)).limit(pageSize).offset(offset),
      db.select({ total: count() }).from(table).innerJoin(accounts, eq(accounts.id, table.accountId)).where(condition),
      db
        .select({ id: branches.id, nameZh: branches.nameZh, nameEn: branches.nameEn })
        .from(branches)
        .where(eq(branches.conferenceId, conference.id))
        .orderBy(asc(branches.sort), asc(branches.id)),
    ]);
    return ok(c, { list: rows, total, conference: conferenceName(conference), branches: branchList });
  };

  app.get("/issue/conference/:conferenceId{[0-9]+}", list("paper"));
  app.get("/file/conference/:conferenceId{[0-9]+}", list("file"));

  // Papers and files keep when they last changed.
  app.patch("/issue/:id{[0-9]+}", async (c) => ok(c, await decideRemarked(deps, c, "paper", papers, { touch: true })));
  app.patch("/file/:id{[0-9]+}", async (c) => ok(c, await decideRemarked(deps, c, "file", conferenceFiles, { touch: true })));

  /** The filtered papers (`kind=paper`, the default) or files as a workbook, streamed. */
  app.get("/file/export", async (c) => {
    const { conference } = await managedConference(db, c, c.req.query("conferenceId"));
    const kind: Kind = c.req.query("kind") === "file" ? "file" : "paper";
    const where = filters(c, kind, conference.id);
    const branch = (row: { branchZh: string | null; branchEn: string | null }) =>
      row.branchZh === null ? word(c, "audits.mainVenue") : named(c, row.branchZh, row.branchEn);
    const state = (value: string) => word(c, `audits.states.${value}`);
    const rows =
      kind === "paper"
        ? keysetRows(
            (afterId, limit) =>
              paperQuery()
                .where(and(...where, gt(papers.id, afterId)))
                .orderBy(asc(papers.id))
                .limit(limit),
            (list) =>
              list.map((row) => [
                row.id,
                row.title,
                row.authors.map((a) => (a.affiliation ? `${a.name} (${a.affiliation})` : a.name)).join("; "),
                row.keywords,
                branch(row),
                row.accountName,
                row.accountMobile,
                state(row.state),
                row.remark ?? "",
                row.createdAt,
              ]),
          )
        : keysetRows(
            (afterId, limit) =>
              fileQuery()
                .where(and(...where, gt(conferenceFiles.id, afterId)))
                .orderBy(asc(conferenceFiles.id))
                .limit(limit),
            (list) => list.map((row) => [row.id, row.name, branch(row), row.accountName, row.accountMobile, state(row.state), row.remark ?? "", row.createdAt]),
          );
    const columns =
      kind === "paper"
        ? headers(c, ["id", "title", "authors", "keywords", "branch", "submitter", "mobile", "state", "remark", "submittedAt"])
        : headers(c, ["id", "fileName", "branch", "submitter", "mobile", "state", "remark", "submittedAt"]);
    const sheetName = word(c, kind === "paper" ? "audits.papers.papers" : "audits.papers.files");
    return xlsxResponse(`${sheetName}-${conference.id}.xlsx`, xlsxStream({ sheetName, columns, rows }));
  });

  return app;
}
