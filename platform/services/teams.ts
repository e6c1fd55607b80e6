import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db";
import { type RegistrationState, registrations, teams } from "../db/schema";
import { fail } from "../http";
import { quoteFee } from "./fees";
import { checkCapacity, LIVE_STATES, lockConference, mobileTaken, newTicketCode } from "./registration";

/**
 * Teams: a leader registers several people for one conference and pays for them at once.
 * Members become registrations with the team's id and no account until they claim them.
 */

export type Team = typeof teams.$inferSelect;

export type TeamMember = { name: string; mobile: string; identityId?: number; email?: string; institution?: string };

/** A team the account leads, or 404. */
export async function ledTeam(db: Db, accountId: number, teamId: number): Promise<Team> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team || team.leaderAccountId !== accountId) fail(404, "errors.notFound");
  return team;
}

/**
 * Adds members under the conference's capacity, each with the fee in force now. A member
 * already in this team (same mobile) is kept as is, so sending the same list twice adds
 * nobody twice; a mobile registered for the conference otherwise is refused.
 */
export async function addTeamMembers(deps: { db: Db; now: () => Date }, team: Team, members: TeamMember[]) {
  return deps.db.transaction(async (tx) => {
    const conference = await lockConference(tx, team.conferenceId);
    const existing = await tx
      .select({ mobile: registrations.mobile })
      .from(registrations)
      .where(and(eq(registrations.teamId, team.id), inArray(registrations.state, LIVE_STATES)));
    const seen = new Set(existing.map((row) => row.mobile));
    const fresh: TeamMember[] = [];
    for (const member of members) {
      if (seen.has(member.mobile)) continue;
      seen.add(member.mobile);
      fresh.push(member);
    }
    for (const member of fresh) {
      if (await mobileTaken(tx, conference.id, member.mobile)) {
        fail(400, "registration.errors.memberRegistered", { params: { mobile: member.mobile }, data: { mobile: member.mobile } });
      }
    }
    await checkCapacity(tx, conference, fresh.length);
    const now = deps.now();
    const state: RegistrationState = conference.moderation ? "pending" : "confirmed";
    for (const member of fresh) {
      const quote = await quoteFee(tx, { conferenceId: conference.id, identityId: member.identityId, now });
      await tx.insert(registrations).values({
        conferenceId: conference.id,
        accountId: null,
        teamId: team.id,
        mobile: member.mobile,
        name: member.name,
        email: member.email ?? null,
        institution: member.institution ?? "",
        identityId: quote.identityId,
        strategyId: quote.strategyId,
        feeFen: quote.amountFen,
        state,
        ticketCode: newTicketCode(),
        createdBy: team.leaderAccountId,
        createdAt: now,
        updatedAt: now,
      });
    }
    return { added: fresh.length };
  });
}
