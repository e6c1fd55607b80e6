import { and, count, desc, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { accountDisableSchema } from "#contract/schemas/accounts-admin";
import { type PlatformDeps, type PlatformEnv, parse, readBody } from "../context";
import { accounts, auditLog, authTokens, conferenceAdmins, conferences, organizations, registrations } from "../db/schema";
import { fail, idParam, ok } from "../http";
import { disableAccount, enableAccount, setPlatformAdmin } from "../services/accounts-admin";
import { publicAccount } from "../services/identity";
import { requirePlatformAdmin } from "./guards";

/** How many of an account's conferences and registrations its page lists (newest first). */
const LISTED = 50;

/**
 * The platform administrators' accounts (issue 17): one account with what it runs and has asked
 * for, and the changes to it: disable (its sessions end at once) and enable, grant and revoke
 * platform administration. The search is the spec's `GET /users` (platform/routes/account.ts).
 */
export function accountsAdminRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;

  const existing = async (id: number) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    if (!account) fail(404, "errors.notFound");
    return account;
  };

  /**
   * One account: its public fields, whether and when it was disabled (and why, from the audit
   * trail), its live sessions, the conferences it owns or co-organises, its certification
   * applications and its registrations.
   */
  app.get("/admin/accounts/:id{[0-9]+}", async (c) => {
    requirePlatformAdmin(c);
    const account = await existing(idParam(c.req.param("id")));
    const conferenceColumns = {
      id: conferences.id,
      nameZh: conferences.nameZh,
      nameEn: conferences.nameEn,
      startDate: conferences.startDate,
      isPublish: conferences.isPublish,
    };
    const [[{ sessions }], owned, coOrganised, certifications, registered, [disabling]] = await Promise.all([
      db
        .select({ sessions: count() })
        .from(authTokens)
        .where(and(eq(authTokens.accountId, account.id), gt(authTokens.expiresAt, deps.now()))),
      db
        .select(conferenceColumns)
        .from(conferences)
        .where(eq(conferences.ownerAccountId, account.id))
        .orderBy(desc(conferences.startDate), desc(conferences.id))
        .limit(LISTED),
      db
        .select(conferenceColumns)
        .from(conferenceAdmins)
        .innerJoin(conferences, eq(conferences.id, conferenceAdmins.conferenceId))
        .where(eq(conferenceAdmins.accountId, account.id))
        .orderBy(desc(conferences.startDate), desc(conferences.id))
        .limit(LISTED),
      db
        .select({
          id: organizations.id,
          name: organizations.name,
          type: organizations.type,
          state: organizations.state,
          reason: organizations.reason,
          createdAt: organizations.createdAt,
        })
        .from(organizations)
        .where(eq(organizations.accountId, account.id))
        .orderBy(desc(organizations.createdAt)),
      db
        .select({ id: registrations.id, state: registrations.state, conference: conferenceColumns })
        .from(registrations)
        .innerJoin(conferences, eq(conferences.id, registrations.conferenceId))
        .where(eq(registrations.accountId, account.id))
        .orderBy(desc(registrations.id))
        .limit(LISTED),
      account.disabledAt
        ? db
            .select({ detail: auditLog.detail, by: auditLog.accountId, at: auditLog.createdAt })
            .from(auditLog)
            .where(and(eq(auditLog.action, "account.disable"), eq(auditLog.target, `account:${account.id}`)))
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(1)
        : [],
    ]);
    return ok(c, {
      account: { ...publicAccount(account), createdAt: account.createdAt, disabledAt: account.disabledAt, configuredAdmin: isConfigured(account.mobile) },
      disabledReason: typeof disabling?.detail.reason === "string" ? disabling.detail.reason : null,
      sessions,
      owned,
      coOrganised,
      certifications,
      registrations: registered,
    });
  });

  /** A mobile named in PLATFORM_ADMIN_MOBILES is made an administrator again at each sign-in. */
  const isConfigured = (mobile: string) => deps.platformAdmins?.includes(mobile) ?? false;

  app.post("/admin/accounts/:id{[0-9]+}/disable", async (c) => {
    const admin = requirePlatformAdmin(c);
    const account = await existing(idParam(c.req.param("id")));
    const { reason } = parse(c, accountDisableSchema, await readBody(c));
    return ok(c, await disableAccount(db, admin, deps.now(), account.id, reason));
  });

  app.post("/admin/accounts/:id{[0-9]+}/enable", async (c) => {
    const admin = requirePlatformAdmin(c);
    const account = await existing(idParam(c.req.param("id")));
    return ok(c, await enableAccount(db, admin, deps.now(), account.id));
  });

  /** Grants platform administration. */
  app.post("/admin/accounts/:id{[0-9]+}/admin", async (c) => {
    const admin = requirePlatformAdmin(c);
    const account = await existing(idParam(c.req.param("id")));
    return ok(c, await setPlatformAdmin(db, admin, deps.now(), account.id, true));
  });

  /** Revokes it: not one's own (another administrator does that), nor one the configuration names. */
  app.delete("/admin/accounts/:id{[0-9]+}/admin", async (c) => {
    const admin = requirePlatformAdmin(c);
    const account = await existing(idParam(c.req.param("id")));
    if (account.id === admin.id) fail(400, "admin.accounts.v.notYourself");
    if (isConfigured(account.mobile)) fail(400, "admin.accounts.v.configuredAdmin");
    return ok(c, await setPlatformAdmin(db, admin, deps.now(), account.id, false));
  });

  return app;
}
