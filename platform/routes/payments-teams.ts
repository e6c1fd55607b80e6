import { and, desc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { paymentProofSchema, teamPaymentRemoveSchema, teamPaymentSchema, teamRefSchema } from "#contract/schemas/registration";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { payments, teams } from "../db/schema";
import { fail, idParam, ok, page } from "../http";
import { canManageConference } from "../services/access";
import { createTeamPayment, replaceProof, teamOutstanding } from "../services/payments";
import { publicPayment } from "../services/registration";
import { conferenceOf, paymentById, requireManager, transferAudit } from "./payments-common";

/** Team payments: the team's outstanding total, one transfer for all of it, its proof, its withdrawal and audit. */
export function paymentTeamRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  const teamFor = async (c: Ctx, teamId: number) => {
    const account = requireAccount(c);
    const [team] = await deps.db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
    if (!team || (team.leaderAccountId !== account.id && !(await canManageConference(deps.db, account, team.conferenceId)))) fail(404, "errors.notFound");
    return team;
  };

  /** The team's total: the sum of the fees of members not yet covered by a paid or waiting team payment. */
  app.post("/team/payment/count", async (c) => {
    requireAccount(c); // signed out: 401 before the body is judged
    const { teamId } = parse(c, teamRefSchema, await readBody(c));
    const team = await teamFor(c, teamId);
    const conference = await conferenceOf(deps, team.conferenceId);
    const { members, totalFen } = await teamOutstanding(deps.db, team.id);
    return ok(c, {
      teamId: team.id,
      count: members.length,
      totalFen,
      currency: conference.currency,
      members: members.map((m) => ({ id: m.id, name: m.name, mobile: m.mobile, identityId: m.identityId, feeFen: m.feeFen })),
    });
  });

  /** One transfer (with proof) for all of the team's outstanding members; only the leader pays. */
  app.post("/team/payment", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, teamPaymentSchema, await readBody(c));
    const { payment, replayed } = await createTeamPayment(deps, {
      accountId: account.id,
      teamId: input.teamId,
      proofKey: input.proofKey,
      idempotencyKey: input.idempotencyKey,
    });
    if (replayed) c.header("Idempotent-Replayed", "true");
    return ok(c, publicPayment(payment));
  });

  /** `?teamId=`: that team's payments (leader or organiser); `?conferenceId=`: all of a conference's (organisers); neither: mine. */
  app.get("/team/payment", async (c) => {
    const account = requireAccount(c);
    const q = c.req.query();
    let where: SQL | undefined;
    if (q.teamId) where = eq(payments.teamId, (await teamFor(c, idParam(q.teamId))).id);
    else if (q.conferenceId) {
      const conferenceId = idParam(q.conferenceId);
      await requireManager(deps, c, conferenceId);
      where = and(eq(payments.conferenceId, conferenceId), isNotNull(payments.teamId));
    } else where = and(eq(payments.accountId, account.id), isNotNull(payments.teamId));
    const rows = await deps.db.select().from(payments).where(where).orderBy(desc(payments.id));
    return page(c, rows.map(publicPayment), rows.length);
  });

  /** A new proof for the team's transfer (waiting or refused); the total is worked out afresh. */
  app.put("/team/payment/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, paymentProofSchema, await readBody(c));
    const updated = await replaceProof(deps, { accountId: account.id, paymentId: idParam(c.req.param("id")), proofKey: input.proofKey, teamOnly: true });
    return ok(c, publicPayment(updated));
  });

  /** Withdraws (deletes) one of my team payments that is not paid. */
  app.patch("/team/payment", async (c) => {
    const account = requireAccount(c);
    const { id } = parse(c, teamPaymentRemoveSchema, await readBody(c));
    const payment = await paymentById(deps, id);
    if (payment.teamId === null || payment.accountId !== account.id) fail(404, "errors.notFound");
    const removed = await deps.db
      .delete(payments)
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.accountId, account.id),
          isNotNull(payments.teamId),
          inArray(payments.state, ["unpaid", "pending_audit", "rejected"]),
        ),
      )
      .returning({ id: payments.id });
    if (removed.length === 0) fail(400, "payment.errors.notRemovable");
    return ok(c, { removed: payment.id });
  });

  app.patch("/team/payment/:id{[0-9]+}", transferAudit(deps, true));

  return app;
}
