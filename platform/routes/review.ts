import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import { Hono } from "hono";
import { isPlatformHost } from "#contract/schemas/host";
import { type ConferenceReviewKind, conferenceReviewSchema } from "#contract/schemas/organization";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { accounts, conferences } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { isCertified } from "../services/identity";
import { decideConferenceReview, reviewColumns } from "../services/review";
import { requirePlatformAdmin } from "./guards";

/**
 * What platform administrators review about conferences besides organizations: the sender
 * name in front of a conference's text messages (decision 028) and the conference's own host
 * name (decision 029). Each waits as `pending` until approved or rejected with a reason.
 */
export function reviewRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const kindOf = (raw: string): ConferenceReviewKind => (raw === "sign-names" || raw === "sign-name" ? "signName" : "domain");

  /** The queue of one kind (`sign-names` or `domains`), newest change first; `state` filters. */
  app.get("/review/:kind{sign-names|domains}", async (c) => {
    requirePlatformAdmin(c);
    const column = reviewColumns[kindOf(c.req.param("kind"))];
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
    const conferenceId = idParam(c.req.param("conferenceId"));
    const decision = parse(c, conferenceReviewSchema, await readBody(c));
    if (kind === "domain" && decision.state === "approved" && isPlatformHost(decision.subject, deps.platformHosts ?? []))
      fail(400, "authoring.v.domainPlatform");
    const decided = await decideConferenceReview(deps, admin, { kind, conferenceId, decision });
    return ok(c, decided);
  });

  return app;
}
