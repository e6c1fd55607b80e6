import { count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { organizationDecisionSchema, organizationSchema } from "#contract/schemas/organization";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { accounts, organizations, uploads } from "../db/schema";
import { fail, idParam, ok, page, paging } from "../http";
import { applyForCertification, decideOrganization } from "../services/organization";
import { requirePlatformAdmin } from "./guards";

/** Organization certification (issue 8): an account applies, a platform administrator decides. */
export function organizationRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  /** My latest application, or null. */
  app.get("/organization", async (c) => {
    const account = requireAccount(c);
    const [latest] = await deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.accountId, account.id))
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(1);
    return ok(c, latest ?? null);
  });

  /** Apply, or apply again after a rejection. One application is reviewed at a time. */
  app.post("/organization", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, organizationSchema, await readBody(c));
    const [licence] = await deps.db.select().from(uploads).where(eq(uploads.key, input.licenceKey)).limit(1);
    // The caller's own private document (decision 032): a public image would be served to anyone.
    if (!licence || licence.ownerAccountId !== account.id || licence.isPublic) fail(400, "organization.errors.licenceRequired");
    const created = await applyForCertification(deps, account, input);
    return ok(c, created);
  });

  /** The review queue: platform administrators only. */
  app.get("/organization/review", async (c) => {
    requirePlatformAdmin(c);
    const { pageSize, offset } = paging(c);
    const state = c.req.query("state");
    const where = state === "pending" || state === "approved" || state === "rejected" ? eq(organizations.state, state) : undefined;
    const [list, [{ total }]] = await Promise.all([
      deps.db
        .select({ organization: organizations, applicant: { name: accounts.name, mobile: accounts.mobile } })
        .from(organizations)
        .innerJoin(accounts, eq(accounts.id, organizations.accountId))
        .where(where)
        .orderBy(desc(organizations.createdAt), desc(organizations.id))
        .limit(pageSize)
        .offset(offset),
      deps.db.select({ total: count() }).from(organizations).where(where),
    ]);
    return page(
      c,
      list.map((row) => ({ ...row.organization, applicant: row.applicant })),
      total,
    );
  });

  /** Approve or reject (with a reason). Approval lists the organization among the certified institutions. */
  app.patch("/organization/:id", async (c) => {
    const admin = requirePlatformAdmin(c);
    const id = idParam(c.req.param("id"));
    const decision = parse(c, organizationDecisionSchema, await readBody(c));
    const decided = await decideOrganization(deps, admin, { id, decision });
    return ok(c, decided);
  });

  return app;
}
