import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { mobileSearchKeyword, normalizeMobile } from "#contract/schemas/mobile";
import {
  adminRegistrationSchema,
  checkAnswers,
  checkEmailSchema,
  checkMobileSchema,
  claimSchema,
  feeQuerySchema,
  quickLoginSchema,
  registrationEditSchema,
  registrationSchema,
  teamMembersSchema,
  teamSchema,
} from "#contract/schemas/registration";
import type { AttendForm, AttendQuote } from "#contract/views/attend";
import type { Sent } from "#contract/views/sent";
import { type Ctx, type PlatformDeps, type PlatformEnv, clientAddress, parse, readBody, requireAccount } from "../context";
import { accounts, conferences, fees, identities, registrations, strategies, teams, uploads } from "../db/schema";
import { ApiError, codedAnswer, fail, idParam, langOf, ok, page, paging, refuseField, refuseFields } from "../http";
import { canManageConference } from "../services/access";
import { quoteFee, strategyInForce } from "../services/fees";
import { accountByMobile, checkCode, consumeCode, issueToken, publicAccount, refuseDisabled, spendCode } from "../services/identity";
import { availableMethods } from "../services/payments";
import {
  type Registration,
  createRegistration,
  describeRegistrations,
  editRegistration,
  fieldsOf,
  isUniqueViolation,
  LIVE_STATES,
  cancelRegistration,
  maskMobile,
  maskName,
  mobileTaken,
  ownRegistration,
  placesTaken,
  registeredWith,
  resolveHeldRegistration,
  takePlaceOnClaim,
} from "../services/registration";
import { CHECKS_PER_CLIENT, eventWait, recordEvent, refuseFor, ticketNonce } from "../services/sign-in-guard";
import { follows } from "../services/subscription";
import { addTeamMembers, createTeam, ledTeam, TEAM_MAX_MEMBERS } from "../services/teams";
import { requireManager as requireManagerOf } from "./guards";

/** Quick login: this mobile has no account yet; the caller shows the registration form (ARCHITECTURE.md). */
export const CODE_QUICK_NO_ACCOUNT = 1101;

/** A wrong or spent SMS code on these forms is said beside their `code` field (the form keeps what was typed). */
async function codeChecked<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === "errors.codeInvalid") refuseField("code", error.messageKey);
    throw error;
  }
}

/**
 * Conference users (spec §7): the fee, registering, my registrations, claims, quick login,
 * the organiser's hand entry, and teams. Every rule is in platform/services/; these handlers
 * guard, parse and answer.
 */
export function registrationRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  /** A conference visible to the caller (published, or theirs to manage), or 404. */
  const visibleConference = async (c: Ctx, conferenceId: number) => {
    const [conference] = await deps.db.select().from(conferences).where(eq(conferences.id, conferenceId)).limit(1);
    if (!conference) fail(404, "errors.notFound");
    if (!conference.isPublish && !(await canManageConference(deps.db, c.get("account"), conferenceId))) fail(404, "errors.notFound");
    return conference;
  };

  const requireManager = (c: Ctx, conferenceId: number) => requireManagerOf(deps.db, c, conferenceId, 403);

  /** Answers checked against the conference's own fields; 400 with each field's message otherwise. */
  const refuseAnswers = (_c: Ctx, problems: Record<string, string>): never => refuseFields(problems);

  /**
   * The answers checked against the organiser's fields. A file answer (`/api/cms/files/<key>`)
   * must be a private upload of the caller's own (decision 032): organisers read the files of
   * their registrations, so nobody may point a registration at somebody else's file.
   */
  const cleanAnswers = async (c: Ctx, conferenceId: number, answers: Record<string, unknown>, callerId: number, enforceRequired = true) => {
    const fields = await fieldsOf(deps.db, conferenceId);
    const result = checkAnswers(fields, answers, { enforceRequired });
    if (!result.ok) return refuseAnswers(c, result.problems);
    const files = fields.flatMap((field) => {
      const value = result.answers[field.key];
      return (field.type === "file" || field.type === "image") && typeof value === "string" && value
        ? [{ field, key: value.replace(/^\/api\/cms\/files\//, "") }]
        : [];
    });
    if (files.length) {
      const rows = await deps.db
        .select({ key: uploads.key, owner: uploads.ownerAccountId, isPublic: uploads.isPublic })
        .from(uploads)
        .where(
          inArray(
            uploads.key,
            files.map((f) => f.key),
          ),
        );
      const problems: Record<string, string> = {};
      for (const { field, key } of files) {
        const row = rows.find((r) => r.key === key);
        if (!row || row.owner !== callerId || row.isPublic) problems[`answers.${field.key}`] = "services.errors.notYourFile";
      }
      if (Object.keys(problems).length) refuseAnswers(c, problems);
    }
    return result.answers;
  };

  const describeOne = async (row: Registration) => (await describeRegistrations(deps.db, [row], deps.now()))[0];

  // ─── The form and the fee ─────────────────────────────────────────────────────────

  /** What the registration form needs: identities, the fee table in force, the organiser's fields, methods, places left. */
  app.get("/registration/form/:conferenceId{[0-9]+}", async (c) => {
    const conference = await visibleConference(c, idParam(c.req.param("conferenceId")));
    const [identityRows, strategyRows, fields, taken] = await Promise.all([
      deps.db.select().from(identities).where(eq(identities.conferenceId, conference.id)).orderBy(asc(identities.sort), asc(identities.id)),
      deps.db.select().from(strategies).where(eq(strategies.conferenceId, conference.id)),
      fieldsOf(deps.db, conference.id),
      placesTaken(deps.db, conference.id, deps.now()),
    ]);
    const strategy = strategyInForce(strategyRows, deps.now());
    const feeRows = strategy ? await deps.db.select().from(fees).where(eq(fees.strategyId, strategy.id)) : [];
    const form = {
      conference: {
        id: conference.id,
        nameZh: conference.nameZh,
        nameEn: conference.nameEn,
        currency: conference.currency,
        moderation: conference.moderation,
        requireSubscribe: conference.requireSubscribe,
        capacity: conference.capacity,
        paymentWindowHours: conference.paymentWindowHours,
        remaining: conference.capacity === null ? null : Math.max(0, conference.capacity - taken),
        paymentMethods: availableMethods(conference, deps.payments),
      },
      identities: identityRows.map((row) => ({
        id: row.id,
        nameZh: row.nameZh,
        nameEn: row.nameEn,
        fee: feeRows.find((fee) => fee.identityId === row.id) ?? null,
      })),
      strategy,
      fields,
      /** Whether the caller follows the official account (null for a visitor). */
      subscribed: c.get("account") ? follows(c.get("account")!) : null,
    };
    return ok(c, form satisfies Sent<AttendForm>);
  });

  /** The fee the registration would cost now (identity × strategy in force × coupon), without registering. */
  app.post("/coupon/amount", async (c) => {
    const input = parse(c, feeQuerySchema, await readBody(c));
    await visibleConference(c, input.conferenceId);
    return ok(c, (await quoteFee(deps.db, { ...input, now: deps.now() })) satisfies Sent<AttendQuote>);
  });

  /**
   * Only the conference's own registration form may ask (decision 025): a signed-in account, a
   * published conference (one that takes registrations), the check ticket that conference's
   * registration page rendered for this account at this address, and a limited number of checks
   * per address and per account.
   */
  const formCheck = async (c: Ctx, conferenceId: number) => {
    const account = requireAccount(c);
    const conference = await visibleConference(c, conferenceId);
    if (!conference.isPublish) fail(404, "errors.notFound");
    const client = clientAddress(c);
    if (!ticketNonce(deps, c.req.query("ticket"), { address: client, scope: `check:${conferenceId}:${account.id}` })) fail(400, "errors.checkTicket");
    const wait = Math.max(
      await eventWait(deps, "check", client, CHECKS_PER_CLIENT),
      await eventWait(deps, "check-account", String(account.id), CHECKS_PER_CLIENT),
    );
    if (wait > 0) refuseFor("errors.checkLimit", wait);
    await recordEvent(deps, "check", client);
    await recordEvent(deps, "check-account", String(account.id));
  };

  /** Is this mobile / e-mail registered for the conference already? For the form's own warning. */
  app.get("/user/check", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, checkMobileSchema, c.req.query());
    await formCheck(c, input.conferenceId);
    const holder = await mobileTaken(deps.db, input.conferenceId, input.mobile);
    // The account's own number (proven at sign-in) learns which registration holds it, to claim it (ADR 027).
    return ok(c, { exists: holder !== null, ...(holder !== null && input.mobile === account.mobile ? { registrationId: holder } : {}) });
  });

  app.get("/user/check-email", async (c) => {
    requireAccount(c);
    const input = parse(c, checkEmailSchema, c.req.query());
    await formCheck(c, input.conferenceId);
    return ok(c, { exists: await registeredWith(deps.db, input.conferenceId, { email: input.email }) });
  });

  // ─── Registering ──────────────────────────────────────────────────────────────────

  /** Registers the signed-in account; a repeat with the same idempotency key answers the first registration. */
  app.post("/conference/user", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, registrationSchema, await readBody(c));
    const conference = await visibleConference(c, input.conferenceId);
    if (conference.requireSubscribe && !follows(account)) fail(400, "registration.errors.subscribeFirst");
    const answers = await cleanAnswers(c, input.conferenceId, input.answers, account.id);
    // The registration's number is the account's own, or one proven by its code now (ADR 027):
    // nobody can take a place under another person's number and lock its owner out.
    const mobile = input.mobile ?? account.mobile;
    if (mobile !== account.mobile) {
      if (!input.code) refuseField("mobile", "registration.errors.mobileNotYours");
      await codeChecked(consumeCode(deps, { mobile, code: input.code, client: clientAddress(c) }));
    }
    const { registration, replayed } = await createRegistration(deps, {
      ...input,
      answers,
      mobile,
      accountId: account.id,
      createdBy: account.id,
      byOrganiser: false,
    });
    if (replayed) c.header("Idempotent-Replayed", "true");
    return ok(c, await describeOne(registration));
  });

  /** An organiser enters an attendee by hand (no account until the attendee claims it). */
  app.post("/user/admin", async (c) => {
    requireAccount(c); // signed out: 401 before the body is judged
    const input = parse(c, adminRegistrationSchema, await readBody(c));
    const organiser = await requireManager(c, input.conferenceId);
    // The organiser may not know every answer: types and options are checked, required ones are not.
    const answers = await cleanAnswers(c, input.conferenceId, input.answers, organiser.id, false);
    const { registration, replayed } = await createRegistration(deps, {
      ...input,
      answers,
      accountId: null,
      createdBy: organiser.id,
      byOrganiser: true,
    });
    if (replayed) c.header("Idempotent-Replayed", "true");
    return ok(c, await describeOne(registration));
  });

  /** The organiser's list of a conference's registrations (`state`, `keyword` filters). */
  app.get("/conference/user", async (c) => {
    const conferenceId = idParam(c.req.query("conferenceId"));
    await requireManager(c, conferenceId);
    const { pageSize, offset } = paging(c);
    const where: SQL[] = [eq(registrations.conferenceId, conferenceId)];
    const state = c.req.query("state");
    if (state === "pending" || state === "confirmed" || state === "rejected" || state === "cancelled") where.push(eq(registrations.state, state));
    const keyword = mobileSearchKeyword((c.req.query("keyword") ?? "").trim().slice(0, 50)).replace(/[\\%_]/g, "\\$&");
    if (keyword) where.push(or(ilike(registrations.name, `%${keyword}%`), ilike(registrations.mobile, `%${keyword}%`))!);
    const condition = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      deps.db.select().from(registrations).where(condition).orderBy(desc(registrations.id)).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(registrations).where(condition),
    ]);
    return page(c, await describeRegistrations(deps.db, rows, deps.now()), total);
  });

  /** My registrations, newest first: state, fee, payment and invoice state, ticket code. */
  app.get("/my-user", async (c) => {
    const account = requireAccount(c);
    const { pageSize, offset } = paging(c);
    const where = eq(registrations.accountId, account.id);
    const [rows, [{ total }]] = await Promise.all([
      deps.db.select().from(registrations).where(where).orderBy(desc(registrations.id)).limit(pageSize).offset(offset),
      deps.db.select({ total: count() }).from(registrations).where(where),
    ]);
    return page(c, await describeRegistrations(deps.db, rows, deps.now()), total);
  });

  /** One registration: the attendee's own, or any of the conference for its organisers; 404 otherwise. */
  app.get("/conference/user/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const id = idParam(c.req.param("id"));
    const [row] = await deps.db.select().from(registrations).where(eq(registrations.id, id)).limit(1);
    if (!row || (row.accountId !== account.id && !(await canManageConference(deps.db, account, row.conferenceId)))) fail(404, "errors.notFound");
    return ok(c, await describeOne(row));
  });

  /**
   * Edits my registration while it is pending and nothing is paid or being checked: answers,
   * name, e-mail, institution, and the identity, which prices it again (see `editRegistration`).
   */
  app.put("/conference/user/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const row = await ownRegistration(deps.db, account.id, idParam(c.req.param("id")));
    const input = parse(c, registrationEditSchema, await readBody(c));
    if (row.state !== "pending") fail(400, "registration.errors.notEditable");
    const answers = await cleanAnswers(c, row.conferenceId, input.answers, account.id);
    return ok(c, await describeOne(await editRegistration(deps, row.id, { ...input, answers })));
  });

  /** Cancels my registration while nothing is paid or waiting for audit; the coupon's use is given back. */
  app.post("/conference/user/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const id = idParam(c.req.param("id"));
    const cancelled = await cancelRegistration(deps, account, { id });
    return ok(c, await describeOne(cancelled));
  });

  // ─── Quick login, claims ────────────────────────────────────────────

  /**
   * Sign-in from a conference page. A mobile without an account answers code 1101 with
   * `data: {mobile}` (HTTP 200) and leaves the code unspent for the registration that follows.
   */
  app.post("/login/quick", async (c) => {
    const input = parse(c, quickLoginSchema, await readBody(c));
    await visibleConference(c, input.conferenceId);
    // The code first (decision 025): only its owner learns whether the number has an account.
    const codeId = await codeChecked(checkCode(deps, { mobile: input.mobile, code: input.code, client: clientAddress(c) }));
    const account = await accountByMobile(deps.db, input.mobile);
    if (!account) {
      return codedAnswer(c, CODE_QUICK_NO_ACCOUNT, "registration.quickLogin.noAccount", { mobile: input.mobile });
    }
    refuseDisabled(account);
    await spendCode(deps, codeId);
    const token = await issueToken(deps, account.id, input.rememberMe);
    const [registration] = await deps.db
      .select({ id: registrations.id, state: registrations.state })
      .from(registrations)
      .where(and(eq(registrations.conferenceId, input.conferenceId), eq(registrations.accountId, account.id)))
      .limit(1);
    return ok(c, { token, data: publicAccount(account), registration: registration ?? null });
  });

  /**
   * A live registration the owner of its number may claim, or 404: unclaimed (an organiser's
   * entry or a team member), or made by another account under this number (ADR 027); not one
   * held by the account that owns the number.
   */
  const claimable = async (id: number) => {
    const [found] = await deps.db
      .select({ row: registrations })
      .from(registrations)
      .leftJoin(accounts, eq(accounts.id, registrations.accountId))
      .where(
        and(
          eq(registrations.id, id),
          inArray(registrations.state, LIVE_STATES),
          or(isNull(registrations.accountId), ne(accounts.mobile, registrations.mobile)),
        ),
      )
      .limit(1);
    if (!found) fail(404, "errors.notFound");
    return found.row;
  };

  /**
   * Shows a claimable registration to the owner of its number: the signed-in account with that
   * mobile, or whoever gives the mobile (`?mobile=`, in any form it is typed). Name and mobile
   * are masked; `heldByOther` says another account made it (take it over or cancel it).
   */
  app.get("/user/claim/:id{[0-9]+}", async (c) => {
    // Looking a registration up by a typed number would tell which number holds which id:
    // limited per address like the registration form's check (decision 025).
    if (c.req.query("mobile") !== undefined) {
      const client = clientAddress(c);
      const wait = await eventWait(deps, "claim-lookup", client, CHECKS_PER_CLIENT);
      if (wait > 0) refuseFor("errors.checkLimit", wait);
      await recordEvent(deps, "claim-lookup", client);
    }
    const row = await claimable(idParam(c.req.param("id")));
    const account = c.get("account");
    const named = normalizeMobile(c.req.query("mobile") ?? "");
    const mobile = account?.mobile === row.mobile ? account.mobile : named;
    if (!mobile || mobile !== row.mobile || (account && row.accountId === account.id)) fail(404, "errors.notFound");
    const [described] = await describeRegistrations(deps.db, [row], deps.now());
    return ok(c, {
      id: row.id,
      conferenceId: row.conferenceId,
      conference: described.conference,
      teamId: row.teamId,
      name: maskName(row.name),
      mobile: maskMobile(row.mobile),
      identity: described.identity,
      feeFen: row.feeFen,
      currency: described.currency,
      state: row.state,
      paymentState: described.paymentState,
      heldByOther: row.accountId !== null,
    });
  });

  /**
   * Binds an unclaimed registration to the account of the mobile proven by its code (made
   * now if there is none) and signs that account in with a 31-day token. One another account
   * made under the number is taken over or cancelled instead, as `resolve` says (ADR 027).
   */
  app.post("/conference/user/claim/:id{[0-9]+}", async (c) => {
    const input = parse(c, claimSchema, await readBody(c));
    const row = await claimable(idParam(c.req.param("id")));
    if (row.mobile !== input.mobile) fail(404, "errors.notFound");
    if (row.accountId !== null && !input.resolve) {
      refuseField("resolve", "registration.errors.resolveHeld");
    }
    await codeChecked(consumeCode(deps, { mobile: input.mobile, code: input.code, client: clientAddress(c) }));
    let account = await accountByMobile(deps.db, input.mobile);
    if (!account) {
      [account] = await deps.db
        .insert(accounts)
        .values({
          mobile: input.mobile,
          name: row.name,
          email: row.email,
          defaultType: langOf(c) === "en" ? 1 : 0,
          createdAt: deps.now(),
          updatedAt: deps.now(),
        })
        .onConflictDoNothing()
        .returning();
      account ??= await accountByMobile(deps.db, input.mobile);
      if (!account) fail(500, "errors.internal");
    }
    refuseDisabled(account);
    if (row.accountId !== null && input.resolve) {
      const resolved = await resolveHeldRegistration(deps, { id: row.id, owner: account.id, mobile: input.mobile, resolve: input.resolve });
      const token = await issueToken(deps, account.id, true);
      return ok(c, { registration: await describeOne(resolved), account: { token, data: publicAccount(account) } });
    }
    let claimed: Registration | undefined;
    try {
      claimed = await takePlaceOnClaim(deps, row.id, account.id);
    } catch (error) {
      if (isUniqueViolation(error, "registrations_conference_account")) fail(400, "registration.errors.alreadyRegistered");
      throw error;
    }
    if (!claimed) fail(400, "registration.errors.alreadyClaimed");
    [account] = await deps.db.update(accounts).set({ hasClaimed: true, updatedAt: deps.now() }).where(eq(accounts.id, account.id)).returning();
    const token = await issueToken(deps, account.id, true);
    return ok(c, { registration: await describeOne(claimed), account: { token, data: publicAccount(account) } });
  });

  // ─── Teams ────────────────────────────────────────────────────────────────────────

  /** A leader creates a team for a conference. */
  app.post("/team", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, teamSchema, await readBody(c));
    await visibleConference(c, input.conferenceId);
    return ok(c, await createTeam(deps, { conferenceId: input.conferenceId, leaderAccountId: account.id, name: input.name }));
  });

  /** Members as registrations (team id set, no account until claimed). */
  const members = async (teamId: number) => {
    const rows = await deps.db.select().from(registrations).where(eq(registrations.teamId, teamId)).orderBy(asc(registrations.id));
    return describeRegistrations(deps.db, rows, deps.now());
  };

  /** Adds members (`{teamId, name, mobile, identityId}` or `{teamId, members: [...]}`); only the leader may. */
  app.post("/team/user", async (c) => {
    const account = requireAccount(c);
    const input = parse(c, teamMembersSchema, await readBody(c));
    const team = await ledTeam(deps.db, account.id, input.teamId);
    const { added, holding } = await addTeamMembers(deps, team, input.members);
    const list = await members(team.id);
    return ok(c, { team, added, holding, list, total: list.length, maxMembers: TEAM_MAX_MEMBERS });
  });

  /** A team's members, for its leader and the conference's organisers. */
  app.get("/team/user/:teamId{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const [team] = await deps.db
      .select()
      .from(teams)
      .where(eq(teams.id, idParam(c.req.param("teamId"))))
      .limit(1);
    if (!team || (team.leaderAccountId !== account.id && !(await canManageConference(deps.db, account, team.conferenceId)))) fail(404, "errors.notFound");
    const list = await members(team.id);
    return ok(c, { team, list, total: list.length, maxMembers: TEAM_MAX_MEMBERS });
  });

  const withCounts = async (rows: Array<typeof teams.$inferSelect>) => {
    if (rows.length === 0) return [];
    const counts = await deps.db
      .select({ teamId: registrations.teamId, members: count() })
      .from(registrations)
      .where(
        and(
          inArray(
            registrations.teamId,
            rows.map((t) => t.id),
          ),
          inArray(registrations.state, LIVE_STATES),
        ),
      )
      .groupBy(registrations.teamId);
    return rows.map((team) => ({ ...team, members: counts.find((row) => row.teamId === team.id)?.members ?? 0 }));
  };

  /** A conference's teams: all of them for its organisers, the caller's own for anyone else. */
  app.get("/team/conf/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const conferenceId = idParam(c.req.param("id"));
    const manager = await canManageConference(deps.db, account, conferenceId);
    const rows = await deps.db
      .select()
      .from(teams)
      .where(and(eq(teams.conferenceId, conferenceId), manager ? undefined : eq(teams.leaderAccountId, account.id)))
      .orderBy(desc(teams.id));
    const list = await withCounts(rows);
    return page(c, list, list.length);
  });

  /** The teams an account leads; only that account may ask. */
  app.get("/team/account/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    if (idParam(c.req.param("id")) !== account.id) fail(404, "errors.notFound");
    const rows = await deps.db.select().from(teams).where(eq(teams.leaderAccountId, account.id)).orderBy(desc(teams.id));
    const list = await withCounts(rows);
    return page(c, list, list.length);
  });

  return app;
}
