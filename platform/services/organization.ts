import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { organizationDecisionSchema, organizationSchema } from "#contract/schemas/organization";
import type { Db } from "../db";
import { institutions, organizations } from "../db/schema";
import { fail } from "../http";
import { type Actor, recordAudit } from "./audit";

type Deps = { db: Db; now: () => Date };

/** Organization certification (issue 8): an account applies, a platform administrator decides. */

/** Apply, or apply again after a rejection: one application is reviewed at a time, and a certified account is done. */
export async function applyForCertification(deps: Deps, actor: Actor, input: z.output<typeof organizationSchema>) {
  return deps.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ state: organizations.state })
      .from(organizations)
      .where(eq(organizations.accountId, actor.id))
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(1)
      .for("update");
    if (latest?.state === "pending") fail(400, "organization.errors.alreadyPending");
    if (latest?.state === "approved") fail(400, "organization.errors.alreadyCertified");
    const [row] = await tx
      .insert(organizations)
      .values({ accountId: actor.id, ...input, createdAt: deps.now(), updatedAt: deps.now() })
      .returning();
    return row;
  });
}

/** A platform administrator's decision on a pending application; approval lists the organization among the certified institutions. */
export async function decideOrganization(deps: Deps, actor: Actor, input: { id: number; decision: z.output<typeof organizationDecisionSchema> }) {
  const { id, decision } = input;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(organizations)
      .set({ state: decision.state, reason: decision.reason || null, reviewedBy: actor.id, updatedAt: deps.now() })
      .where(and(eq(organizations.id, id), eq(organizations.state, "pending")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).limit(1);
      fail(exists ? 400 : 404, exists ? "organization.errors.alreadyDecided" : "errors.notFound");
    }
    if (row.state === "approved") {
      await tx.insert(institutions).values({ nameZh: row.name, nameEn: "", organizationId: row.id, certified: true, createdAt: deps.now() });
    }
    await recordAudit(tx, {
      conferenceId: null,
      accountId: actor.id,
      action: `organization.${row.state}`,
      target: `organization:${row.id}`,
      detail: { reason: row.reason },
      at: deps.now(),
    });
    return row;
  });
}
