import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { adminUserSchema, adminUserUpdateSchema } from "#contract/schemas/conference";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { accounts, conferenceAdmins } from "../db/schema";
import { fail, idParam, ok, page } from "../http";
import { addConferenceAdmin, removeConferenceAdmin, updateConferenceAdmin } from "../services/authoring";
import { accountByMobile } from "../services/identity";
import { adminColumns, authoringKit, fieldFail } from "./authoring-common";

/** A conference's admin users (they manage it as its owner does). */
export function authoringAdminRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();
  const { db } = deps;
  const { guard, conferenceIdOf } = authoringKit(deps);

  app.get("/admin-user", async (c) => {
    const conferenceId = idParam(c.req.query("conferenceId"));
    await guard(c, conferenceId);
    const rows = await db
      .select(adminColumns)
      .from(conferenceAdmins)
      .innerJoin(accounts, eq(accounts.id, conferenceAdmins.accountId))
      .where(eq(conferenceAdmins.conferenceId, conferenceId));
    return page(c, rows, rows.length);
  });

  app.post("/admin-user", async (c) => {
    const body = await readBody(c);
    const conferenceId = conferenceIdOf(body);
    await guard(c, conferenceId);
    const { mobile, remark } = parse(c, adminUserSchema, body);
    const account = await accountByMobile(db, mobile);
    if (!account) fieldFail(c, "mobile", "authoring.v.noSuchAccount");
    await addConferenceAdmin(deps, requireAccount(c), { conferenceId, accountId: account.id, remark });
    return ok(c, { accountId: account.id }, 201);
  });

  /** One admin user of a conference; 404 when that account is not one. */
  async function adminParams(c: Ctx) {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await guard(c, conferenceId);
    const accountId = idParam(c.req.param("accountId"));
    const where = and(eq(conferenceAdmins.conferenceId, conferenceId), eq(conferenceAdmins.accountId, accountId));
    const [row] = await db.select({ accountId: conferenceAdmins.accountId }).from(conferenceAdmins).where(where);
    if (!row) fail(404, "errors.notFound");
    return { conferenceId, accountId };
  }

  /** Changes what the organiser noted about an admin user. */
  app.put("/admin-user/:conferenceId{[0-9]+}/:accountId{[0-9]+}", async (c) => {
    const { conferenceId, accountId } = await adminParams(c);
    const { remark } = parse(c, adminUserUpdateSchema, await readBody(c));
    await updateConferenceAdmin(deps, requireAccount(c), { conferenceId, accountId, remark });
    return ok(c, { accountId, remark });
  });

  app.delete("/admin-user/:conferenceId{[0-9]+}/:accountId{[0-9]+}", async (c) => {
    const { conferenceId, accountId } = await adminParams(c);
    await removeConferenceAdmin(deps, requireAccount(c), { conferenceId, accountId });
    return ok(c, { accountId });
  });

  return app;
}
