import { type SQL, and, asc, count, desc, eq, gte, like, lt, or } from "drizzle-orm";
import { Hono } from "hono";
import { chinaDayStart } from "#contract/clock";
import { parsePage } from "#contract/params";
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, type AuditFilters, type AuditRow, auditFilterSchema } from "#contract/schemas/audit-admin";
import { type PlatformDeps, type PlatformEnv, parse } from "../context";
import { accounts, auditLog, conferences } from "../db/schema";
import { ok, refuseField, say } from "../http";
import { xlsxResponse, xlsxStream } from "../services/xlsx";
import { requirePlatformAdmin } from "./guards";

/** How many distinct actions the filter's choice lists (the log holds a few dozen kinds). */
const ACTIONS_LISTED = 500;
const EXPORT_BATCH = 500;

/**
 * The platform-wide audit log for platform administrators (issue 17, decision 043): every
 * conference's and the platform's own changes, newest first, filtered by account (a mobile is
 * resolved to its account), conference, action (or an action family by prefix) and China days;
 * paged, and exported as a workbook of the same columns.
 */
export function auditAdminRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  /** The filters as conditions; a mobile no account has is refused beside its field. */
  async function conditions(filters: AuditFilters): Promise<SQL[]> {
    const where: SQL[] = [];
    if (filters.account) {
      let accountId = Number(filters.account);
      if (filters.account.length === 11) {
        const [found] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, filters.account)).limit(1);
        if (!found) refuseField("account", "admin.audit.v.accountUnknown");
        accountId = found.id;
      }
      where.push(eq(auditLog.accountId, accountId));
    }
    if (filters.conferenceId) where.push(eq(auditLog.conferenceId, filters.conferenceId));
    if (filters.action?.endsWith(".")) where.push(like(auditLog.action, `${filters.action.replace(/[\\%_]/g, "\\$&")}%`));
    else if (filters.action) where.push(eq(auditLog.action, filters.action));
    if (filters.from) where.push(gte(auditLog.createdAt, chinaDayStart(filters.from)));
    if (filters.to) where.push(lt(auditLog.createdAt, chinaDayStart(filters.to, 1)));
    return where;
  }

  /** The rows after `before` (the last row shown: time and id), newest first. */
  async function rows(where: SQL[], limit: number, offset: number, before?: { at: Date; id: number }): Promise<AuditRow[]> {
    const after = before ? [or(lt(auditLog.createdAt, before.at), and(eq(auditLog.createdAt, before.at), lt(auditLog.id, before.id)))!] : [];
    const found = await db
      .select({
        log: auditLog,
        account: { id: accounts.id, name: accounts.name, mobile: accounts.mobile },
        conference: { id: conferences.id, nameZh: conferences.nameZh, nameEn: conferences.nameEn },
      })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
      .leftJoin(conferences, eq(conferences.id, auditLog.conferenceId))
      .where(and(...where, ...after))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
    return found.map(({ log, account, conference }) => ({
      id: log.id,
      createdAt: log.createdAt.toISOString(),
      account,
      conference,
      conferenceId: log.conferenceId,
      action: log.action,
      target: log.target,
      detail: log.detail,
    }));
  }

  app.get("/admin/audit", async (c) => {
    requirePlatformAdmin(c);
    const filters = parse(c, auditFilterSchema, c.req.query());
    const page = parsePage(c.req.query("page"));
    const where = await conditions(filters);
    const [list, [{ total }], actions] = await Promise.all([
      rows(where, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE),
      db
        .select({ total: count() })
        .from(auditLog)
        .where(and(...where)),
      db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(ACTIONS_LISTED),
    ]);
    return ok(c, { list, total, pageSize: AUDIT_PAGE_SIZE, actions: actions.map((row) => row.action) });
  });

  /** The filtered rows as a workbook, newest first, at most AUDIT_EXPORT_MAX of them (read in batches, streamed). */
  app.get("/admin/audit/export", async (c) => {
    requirePlatformAdmin(c);
    const where = await conditions(parse(c, auditFilterSchema, c.req.query()));
    async function* cells() {
      let written = 0;
      let before: { at: Date; id: number } | undefined;
      while (written < AUDIT_EXPORT_MAX) {
        const batch = await rows(where, Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX - written), 0, before);
        for (const row of batch)
          yield [
            new Date(row.createdAt),
            row.account ? `${row.account.name} ${row.account.mobile}`.trim() : say(c, { key: "admin.audit.system" }),
            row.account?.id ?? null,
            row.conference ? `${row.conference.nameZh || row.conference.nameEn}` : "",
            row.conferenceId,
            row.action,
            row.target,
            JSON.stringify(row.detail),
          ];
        written += batch.length;
        if (batch.length < EXPORT_BATCH) return;
        const last = batch[batch.length - 1];
        before = { at: new Date(last.createdAt), id: last.id };
      }
    }
    const heading = (key: string) => say(c, { key: `admin.audit.${key}` });
    const columns = [
      { header: heading("time"), width: 18 },
      { header: heading("who"), width: 24 },
      { header: heading("accountId"), width: 10 },
      { header: heading("conference"), width: 30 },
      { header: heading("conferenceId"), width: 10 },
      { header: heading("action"), width: 28 },
      { header: heading("target"), width: 24 },
      { header: heading("detail"), width: 60 },
    ];
    const sheetName = heading("exportSheet");
    return xlsxResponse(`${sheetName}.xlsx`, xlsxStream({ sheetName, columns, rows: cells() }));
  });

  return app;
}
