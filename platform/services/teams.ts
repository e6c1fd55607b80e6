import { and, eq, inArray } from "drizzle-orm";
import { TEAM_MAX_MEMBERS, TEAMS_PER_ACCOUNT } from "#contract/schemas/registration";
import type { Db } from "../db";
import { type RegistrationState, accounts, registrations, teams } from "../db/schema";
import { fail } from "../http";
import { quoteFee } from "./fees";
import { checkCapacity, holdDeadline, LIVE_STATES, lockConference, mobileTaken, newTicketCode } from "./registration";

/**
 * Teams: a leader registers several people for one conference and pays for them at once.
 * Members become registrations with the team's id and no account until they claim them.
 *
 * Limits (decision 030): a team has at most `TEAM_MAX_MEMBERS` live members and an account
 * leads at most `TEAMS_PER_ACCOUNT` teams per conference. A member takes a place only once
 * the mobile is real (claimed, or of an existing account); until then the member is listed
 * but holds nothing, and the capacity is checked again when the member claims.
 */

export { TEAM_MAX_MEMBERS, TEAMS_PER_ACCOUNT };

export type Team = typeof teams.$inferSelect;

export type TeamMember = { name: string; mobile: string; identityId?: number; email?: string; institution?: string };

/** A team the account leads, or 404. */
export async function ledTeam(db: Db, accountId: number, teamId: number): Promise<Team> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team || team.leaderAccountId !== accountId) fail(404, "errors.notFound");
  return team;
}

/** A new team, refused past `TEAMS_PER_ACCOUNT` for this leader and conference (counted under the conference lock). */
/**
 * Makes a team led by the account. The same name sent again by its leader for the same conference
 * (a second click, a resubmitted page) answers the team made first, `replayed`, instead of a
 * twin (decision 052); the conference's lock makes two such requests at once one team too.
 */
export async function createTeam(deps: { db: Db; now: () => Date }, input: { conferenceId: number; leaderAccountId: number; name: string }) {
  return deps.db.transaction(async (tx) => {
    await lockConference(tx, input.conferenceId);
    const led = await tx
      .select()
      .from(teams)
      .where(and(eq(teams.conferenceId, input.conferenceId), eq(teams.leaderAccountId, input.leaderAccountId)));
    const twin = led.find((team) => sameTeamName(team.name, input.name));
    if (twin) return { ...twin, replayed: true };
    if (led.length >= TEAMS_PER_ACCOUNT) fail(400, "registration.errors.tooManyTeams", { params: { max: TEAMS_PER_ACCOUNT } });
    const [team] = await tx
      .insert(teams)
      .values({ ...input, createdAt: deps.now() })
      .returning();
    return { ...team, replayed: false };
  });
}

/** Team names compared as a person reads them: spaces around and inside collapsed, letters in any case. */
const sameTeamName = (a: string, b: string) => {
  const plain = (name: string) => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  return plain(a) === plain(b);
};

/**
 * Adds members, each with the fee in force now. A member already in this team (same mobile)
 * is kept as is, so sending the same list twice adds nobody twice; a mobile registered for the
 * conference otherwise is refused. Only members whose mobile has an account take a place (and
 * start their payment window) now; the others do when they claim.
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
    if (existing.length + fresh.length > TEAM_MAX_MEMBERS) {
      fail(400, "registration.errors.teamFull", { params: { max: TEAM_MAX_MEMBERS, room: Math.max(0, TEAM_MAX_MEMBERS - existing.length) } });
    }
    for (const member of fresh) {
      if (await mobileTaken(tx, conference.id, member.mobile)) {
        fail(400, "registration.errors.memberRegistered", { params: { mobile: member.mobile }, data: { mobile: member.mobile } });
      }
    }
    const known = fresh.length
      ? new Set(
          (
            await tx
              .select({ mobile: accounts.mobile })
              .from(accounts)
              .where(
                inArray(
                  accounts.mobile,
                  fresh.map((m) => m.mobile),
                ),
              )
          ).map((row) => row.mobile),
        )
      : new Set<string>();
    const now = deps.now();
    await checkCapacity(tx, conference, now, fresh.filter((m) => known.has(m.mobile)).length);
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
        holdUntil: known.has(member.mobile) ? holdDeadline(conference, quote.amountFen, now) : null,
        createdAt: now,
        updatedAt: now,
      });
    }
    return { added: fresh.length, holding: fresh.filter((m) => known.has(m.mobile)).length };
  });
}
