import { and, count, desc, eq, isNotNull, ne } from "drizzle-orm";
import { Hono } from "hono";
import { isPlatformHost } from "#contract/schemas/host";
import { type ConferenceReviewKind, conferenceReviewSchema } from "#contract/schemas/organization";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { accounts, type AuditState, conferences } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { requirePlatformAdmin } from "../services/access";
import { recordAudit } from "../services/audit";
import { isCertified } from "../services/identity";

/**
 * What platform administrators review about conferences besides organizations: the sender
 * name in front of a conference's text messages (decision 028) and the conference's own host
 * name (decision 029). Each waits as `pending` until approved or rejected with a reason.
 */
export function reviewRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const columns = {
    signName: { subject: conferences.smsSignName, state: conferences.smsSignState, reason: conferences.smsSignReason },
    domain: { subject: conferences.domain, state: conferences.domainState, reason: conferences.domainReason },
  } as const;
  const kindOf = (raw: string): ConferenceReviewKind => (raw === "sign-names" || raw === "sign-name" ? "signName" : "domain");

  /** The queue of one kind (`sign-names` or `domains`), newest change first; `state` filters. */
  app.get("/review/:kind{sign-names|domains}", async (c) => {
    requirePlatformAdmin(c);
    const column = columns[kindOf(c.req.param("kind"))];
    const { pageSize, offset } = paging(c);
    const state = c.req.query("state");
    const where = and(isNotNull(column.subject), state === "pending" || state === "approved" || state === "rejected" ? eq(column.state, state) : undefined);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          conferenceId: conferences.id,
          nameZh: conferences.nameZh,
          nameEn: conferences.nameEn,
          isPublish: conferences.isPublish,
          ownerAccountId: conferences.ownerAccountId,
          subject: column.subject,
          state: column.state,
          reason: column.reason,
          updatedAt: conferences.updatedAt,
          owner: { name: accounts.name, mobile: accounts.mobile },
        })
        .from(conferences)
        .innerJoin(accounts, eq(accounts.id, conferences.ownerAccountId))
        .where(where)
        .orderBy(desc(conferences.updatedAt), desc(conferences.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(conferences).where(where),
    ]);
    const list = await Promise.all(rows.map(async ({ ownerAccountId, ...row }) => ({ ...row, certified: await isCertified(db, ownerAccountId) })));
    return page(c, list, total);
  });

  /**
   * Approves or rejects (with a reason) the name a conference asked for. `subject` must be the
   * name still asked for: one changed since the administrator looked is not decided.
   */
  app.patch("/review/:kind{sign-name|domain}/:conferenceId{[0-9]+}", async (c) => {
    const admin = requirePlatformAdmin(c);
    const kind = kindOf(c.req.param("kind"));
    const column = columns[kind];
    const conferenceId = idParam(c.req.param("conferenceId"));
    const decision = parse(c, conferenceReviewSchema, await readBody(c));
    if (kind === "domain" && decision.state === "approved" && isPlatformHost(decision.subject, deps.platformHosts ?? [])) fail(400, "authoring.v.domainPlatform");
    const decided = await db.transaction(async (tx) => {
      const [current] = await tx.select({ subject: column.subject, state: column.state }).from(conferences).where(eq(conferences.id, conferenceId)).for("update");
      if (!current?.subject) fail(404, "errors.notFound");
      if (current.subject !== decision.subject) fail(409, "organization.errors.subjectChanged");
      if (current.state !== "pending") fail(400, "organization.errors.alreadyDecided");
      if (kind === "domain" && decision.state === "approved") {
        const [taken] = await tx
          .select({ id: conferences.id })
          .from(conferences)
          .where(and(eq(conferences.domain, decision.subject), eq(conferences.domainState, "approved"), ne(conferences.id, conferenceId)));
        if (taken) fail(400, "authoring.v.domainTaken");
      }
      const state: AuditState = decision.state;
      const reason = decision.state === "rejected" ? decision.reason : null;
      const values = kind === "domain" ? { domainState: state, domainReason: reason } : { smsSignState: state, smsSignReason: reason };
      await tx.update(conferences).set({ ...values, updatedAt: deps.now() }).where(eq(conferences.id, conferenceId));
      await recordAudit(tx, {
        conferenceId,
        accountId: admin.id,
        action: `${kind === "domain" ? "domain" : "sms-sign"}.${state}`,
        target: `conference:${conferenceId}`,
        detail: { subject: decision.subject, reason },
        at: deps.now(),
      });
      return { conferenceId, subject: decision.subject, state, reason };
    });
    return ok(c, decided);
  });

  return app;
}
