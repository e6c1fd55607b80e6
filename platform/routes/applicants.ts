import { and, asc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import type { Lang } from "#contract/message";
import {
  applicantFilterSchema,
  bulkSchema,
  checkStateSchema,
  confirmSchema,
  levelSchema,
  paySchema,
  remarkSchema,
  smsSchema,
  smsSignNameSchema,
} from "#contract/schemas/applicants";
import type { Applicant, ApplicantOptions, BulkOutcome, SmsSent } from "#contract/views/applicants";
import type { Sent } from "#contract/views/sent";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { conferences, type FormField, identities, registrations, vipLevels } from "../db/schema";
import { ApiError, fail, idParam, langOf, ok, page, paging, say as sayTo } from "../http";
import { canManageConference } from "../services/access";
import {
  applicantBatches,
  applicantCondition,
  applicantPage,
  decideRegistration,
  deleteRegistration,
  levelRegistration,
  markRegistrationPaid,
  remarkRegistration,
} from "../services/applicants";
import { checkIn, undoCheckIn } from "../services/checkin";
import { askSignName, sendConferenceSms, smsRecipients, smsStanding } from "../services/conference-sms";
import type { Memo } from "../services/memo";
import { conferenceFacts, describeRegistrations, fieldsOf, type Registration, type RegistrationFacts } from "../services/registration";
import { xlsxResponse, xlsxStream, type XlsxCell } from "../services/xlsx";
import { requireManager as requireManagerOf } from "./guards";

/**
 * The organiser's registration list (spec §7 "Conference users", issue 7): the filtered,
 * paged list, per-row changes (confirm, remark, level, check state, paid, delete), bulk
 * actions, a text message to a selection, and the Excel export. Only the conference's owner
 * and admin users get anything: for everyone else the conference and its rows are not there
 * (404), so nothing about them leaks.
 *
 * `memo` keeps what the list page reads of a conference besides its rows (names, identities,
 * levels, own fields, the sender's standing) as the header's memo keeps an account's: until this
 * instance answers a write, and a minute at most. Who may see them is checked on every call.
 */
export function applicantRoutes(deps: PlatformDeps, memo: Memo) {
  const app = new Hono<PlatformEnv>();

  const requireManager = (c: Ctx, conferenceId: number) => requireManagerOf(deps.db, c, conferenceId);

  /** A registration of a conference the caller manages, with the caller; 404 otherwise. */
  const managed = async (c: Ctx) => {
    const account = requireAccount(c);
    const [row] = await deps.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!row || !(await canManageConference(deps.db, account, row.conferenceId))) fail(404, "errors.notFound");
    return { row, by: account.id };
  };

  /** A conference's identities or VIP levels, named in both languages, in their order. */
  const namedOf = (table: typeof identities | typeof vipLevels, conferenceId: number) =>
    deps.db
      .select({ id: table.id, nameZh: table.nameZh, nameEn: table.nameEn })
      .from(table)
      .where(eq(table.conferenceId, conferenceId))
      .orderBy(asc(table.sort), asc(table.id));
  const identitiesOf = (conferenceId: number) => namedOf(identities, conferenceId);
  const levelsOf = (conferenceId: number) => namedOf(vipLevels, conferenceId);

  /**
   * Registrations as the organiser sees them: the attendee's view plus remark, level and check-in.
   * With `conferenceId` (the list), its conference and identities come from the memo.
   */
  const describe = async (rows: Registration[], conferenceId?: number) => {
    const known =
      conferenceId === undefined
        ? undefined
        : await memo(`applicant-facts:${conferenceId}`, async () => {
            const [conferenceRows, identityRows] = await Promise.all([conferenceFacts(deps.db, [conferenceId]), identitiesOf(conferenceId)]);
            return { conferences: conferenceRows, identities: identityRows } satisfies RegistrationFacts;
          });
    const described = await describeRegistrations(deps.db, rows, deps.now(), known);
    const views = described.map((one, i) => ({
      ...one,
      conference: undefined,
      remark: rows[i].remark,
      levelId: rows[i].levelId,
      checkinState: rows[i].checkinState,
      checkedInAt: rows[i].checkedInAt,
      createdBy: rows[i].createdBy,
    }));
    return views satisfies Array<Sent<Applicant>>;
  };

  /** What the list page needs besides the rows: the conference's name, identities, levels and own fields. */
  app.get("/user/manage/:conferenceId{[0-9]+}/options", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await requireManager(c, conferenceId);
    const load = async () => {
      const [[conference], identityRows, levels, fields] = await Promise.all([
        deps.db
          .select({
            id: conferences.id,
            nameZh: conferences.nameZh,
            nameEn: conferences.nameEn,
            shortName: conferences.shortName,
            currency: conferences.currency,
          })
          .from(conferences)
          .where(eq(conferences.id, conferenceId)),
        identitiesOf(conferenceId),
        levelsOf(conferenceId),
        fieldsOf(deps.db, conferenceId),
      ]);
      return { conference, identities: identityRows, levels, fields } satisfies ApplicantOptions;
    };
    return ok(c, await memo(`applicant-options:${conferenceId}`, load));
  });

  /** The conference's registrations, newest first, filtered (see applicantFilterSchema) and paged. */
  app.get("/user/manage/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await requireManager(c, conferenceId);
    const filters = parse(c, applicantFilterSchema, c.req.query());
    const { pageSize, offset } = paging(c);
    const { rows, total } = await applicantPage(deps.db, conferenceId, filters, pageSize, offset);
    return page(c, await describe(rows, conferenceId), total);
  });

  // ─── One registration ───────────────────────────────────────────────────────────────

  app.put("/user/confirm/:id{[0-9]+}", async (c) => {
    const { row, by } = await managed(c);
    const { state } = parse(c, confirmSchema, await readBody(c));
    return ok(c, (await describe([await decideRegistration(deps, by, row, state)]))[0]);
  });

  app.put("/user/remark/:id{[0-9]+}", async (c) => {
    const { row, by } = await managed(c);
    const { remark } = parse(c, remarkSchema, await readBody(c));
    return ok(c, (await describe([await remarkRegistration(deps, by, row, remark)]))[0]);
  });

  app.put("/user/level/:id{[0-9]+}", async (c) => {
    const { row, by } = await managed(c);
    const { levelId } = parse(c, levelSchema, await readBody(c));
    return ok(c, (await describe([await levelRegistration(deps, by, row, levelId)]))[0]);
  });

  /**
   * The manual check-in switch. Checking in follows the desk's rule (confirmed, fee settled) and
   * its once-only update (platform/services/checkin.ts); checking out takes a check-in back.
   */
  const checkState = async (row: Registration, by: number, checked: boolean) => {
    const ref = { conferenceId: row.conferenceId, registrationId: row.id, accountId: by, now: deps.now(), via: "manual" as const };
    if (!checked) {
      await undoCheckIn(deps.db, ref);
      return;
    }
    const { result } = await checkIn(deps.db, ref);
    if (result === "not_confirmed") fail(400, "applicants.errors.notConfirmed");
    if (result === "not_paid") fail(400, "applicants.errors.notPaid");
    if (result === "not_found") fail(404, "errors.notFound");
  };

  app.put("/user/checkState/:id{[0-9]+}", async (c) => {
    const { row, by } = await managed(c);
    const { checked } = parse(c, checkStateSchema, await readBody(c));
    await checkState(row, by, checked);
    const [updated] = await deps.db.select().from(registrations).where(eq(registrations.id, row.id));
    return ok(c, (await describe([updated]))[0]);
  });

  app.put("/user/pay/:id{[0-9]+}", async (c) => {
    const { row, by } = await managed(c);
    const { remark } = parse(c, paySchema, await readBody(c));
    await markRegistrationPaid(deps, by, row, remark);
    const [updated] = await deps.db.select().from(registrations).where(eq(registrations.id, row.id));
    return ok(c, (await describe([updated]))[0]);
  });

  app.delete("/user/:id{[0-9]+}", async (c) => {
    const { row, by } = await managed(c);
    await deleteRegistration(deps, by, row);
    return ok(c, { id: row.id, deleted: true });
  });

  // ─── A selection ────────────────────────────────────────────────────────────────────

  /** The selected registrations that belong to the conference; ids of other conferences are ignored. */
  const selected = (conferenceId: number, ids: number[]) =>
    deps.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.conferenceId, conferenceId), inArray(registrations.id, ids)))
      .orderBy(asc(registrations.id));

  /**
   * One action on each selected registration, each in its own transaction with its audit row.
   * A row the action may not change (a paid one to delete, an unpaid one to check in…) is
   * skipped and counted with the first reason; the others go ahead.
   */
  app.post("/user/bulk", async (c) => {
    requireAccount(c); // signed out: 401 before the body is judged
    const input = parse(c, bulkSchema, await readBody(c));
    const organiser = await requireManager(c, input.conferenceId);
    const rows = await selected(input.conferenceId, input.ids);
    const act = async (row: Registration) => {
      switch (input.action) {
        case "confirm":
          return decideRegistration(deps, organiser.id, row, "confirmed");
        case "level":
          return levelRegistration(deps, organiser.id, row, input.levelId ?? null);
        case "checkin":
          return checkState(row, organiser.id, true);
        case "delete":
          return deleteRegistration(deps, organiser.id, row);
        default:
          fail(400, "applicants.validation.actionInvalid");
      }
    };
    let done = 0;
    const skipped: BulkOutcome["skipped"] = [];
    for (const row of rows) {
      try {
        await act(row);
        done += 1;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        skipped.push({ id: row.id, reason: error.options.params ? { key: error.messageKey, params: error.options.params } : { key: error.messageKey } });
      }
    }
    return ok(c, { action: input.action, done, skipped, total: rows.length } satisfies BulkOutcome);
  });

  /**
   * Where the conference stands for text messages (decision 028): certified, published, its sender
   * name and review, today's quota and when it resets, and what keeps it from sending now.
   */
  app.get("/send/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    await requireManager(c, conferenceId);
    return ok(c, await smsStanding(deps, conferenceId, 1, memo));
  });

  /** Asks for a sender name; it stays unused until a platform administrator approves it. */
  app.put("/send/:conferenceId{[0-9]+}/sign-name", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    const organiser = await requireManager(c, conferenceId);
    const { signName } = parse(c, smsSignNameSchema, await readBody(c));
    await askSignName(deps, organiser, { conferenceId, signName });
    return ok(c, await smsStanding(deps, conferenceId));
  });

  /**
   * A text message to the selected registrations, under the conference's approved sender name,
   * once per proven mobile (platform/services/conference-sms.ts). `dryRun` answers exactly what
   * would go out and to how many numbers (unclaimed entries left out), and what keeps it from
   * sending now, without sending.
   */
  app.post("/send/:conferenceId{[0-9]+}", async (c) => {
    const conferenceId = idParam(c.req.param("conferenceId"));
    const organiser = await requireManager(c, conferenceId);
    const input = parse(c, smsSchema, await readBody(c));
    if (input.dryRun) {
      const recipients = await smsRecipients(deps.db, conferenceId, input.ids);
      if (recipients.selected === 0) fail(400, "applicants.validation.selectionEmpty");
      const standing = await smsStanding(deps, conferenceId, recipients.mobiles.length);
      const text = standing.signName?.state === "approved" ? `【${standing.signName.name}】${input.message}` : null;
      return ok(c, {
        text,
        recipients: recipients.mobiles.length,
        unclaimed: recipients.unclaimed,
        sent: 0,
        failed: 0,
        blocks: standing.blocks,
        quota: standing.quota,
      } satisfies SmsSent);
    }
    const result = await sendConferenceSms(deps, organiser.id, conferenceId, input);
    if (result.sent === 0) fail(502, "errors.smsFailed");
    return ok(c, result);
  });

  // ─── Export ─────────────────────────────────────────────────────────────────────────

  /**
   * The filtered registrations as an Excel workbook, with the registration form's own fields as
   * extra columns. Rows stream from a keyset-paged generator: the export never holds the table.
   */
  app.get("/user/export", async (c) => {
    const conferenceId = idParam(c.req.query("conferenceId"));
    await requireManager(c, conferenceId);
    const filters = parse(c, applicantFilterSchema, c.req.query());
    const lang = langOf(c);
    const [[conference], levels, fields] = await Promise.all([
      deps.db.select({ nameZh: conferences.nameZh, nameEn: conferences.nameEn }).from(conferences).where(eq(conferences.id, conferenceId)),
      levelsOf(conferenceId),
      fieldsOf(deps.db, conferenceId),
    ]);
    const say = (key: string) => sayTo(c, { key: `applicants.${key}` });
    const columns = [
      ...EXPORT_COLUMNS.map(([key, width]) => ({ header: say(`export.${key}`), width })),
      ...fields.map((field) => ({ header: pickLabel(lang, field.labelZh, field.labelEn), width: 20 })),
    ];
    const condition = applicantCondition(conferenceId, filters);
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      for await (const batch of applicantBatches(deps.db, condition)) {
        for (const r of await describe(batch)) {
          const level = levels.find((l) => l.id === r.levelId);
          yield [
            r.id,
            r.name,
            r.mobile,
            r.email,
            r.institution,
            r.identity ? pickLabel(lang, r.identity.nameZh, r.identity.nameEn) : "",
            level ? pickLabel(lang, level.nameZh, level.nameEn) : "",
            r.feeFen / 100,
            r.currency,
            sayTo(c, { key: `registration.states.${r.state}` }),
            r.paymentState ? sayTo(c, { key: `payment.states.${r.paymentState}` }) : say("payment.free"),
            r.payment?.paidAt ?? null,
            say(r.checkinState ? "export.yes" : "export.no"),
            r.checkedInAt,
            r.ticketCode,
            say(r.accountId === null ? "export.no" : "export.yes"),
            r.remark ?? "",
            r.createdAt,
            ...fields.map((field) => answerText(lang, field, r.answers[field.key])),
          ];
        }
      }
    }
    const name = pickLabel(lang, conference.nameZh, conference.nameEn);
    return xlsxResponse(`${say("export.filename")}-${conferenceId}.xlsx`, xlsxStream({ sheetName: name, columns, rows: rows() }));
  });

  return app;
}

/** The export's fixed columns (translation key under `applicants.export`, width), in order. */
const EXPORT_COLUMNS: Array<[string, number]> = [
  ["id", 8],
  ["name", 14],
  ["mobile", 14],
  ["email", 24],
  ["institution", 28],
  ["identity", 14],
  ["level", 12],
  ["fee", 10],
  ["currency", 8],
  ["state", 10],
  ["paymentState", 12],
  ["paidAt", 18],
  ["checkedIn", 10],
  ["checkedInAt", 18],
  ["ticketCode", 14],
  ["claimed", 10],
  ["remark", 24],
  ["createdAt", 18],
];

const pickLabel = (lang: Lang, zh: string, en: string) => (lang === "en" ? en || zh : zh || en);

/** An answer as a person reads it: option labels instead of values, lists joined. */
function answerText(lang: Lang, field: FormField, value: unknown): XlsxCell {
  if (value === undefined || value === null || value === "") return "";
  const label = (one: unknown) => {
    const option = field.options?.find((o) => o.value === String(one));
    return option ? pickLabel(lang, option.labelZh, option.labelEn) : String(one);
  };
  if (Array.isArray(value)) return value.map(label).join(lang === "en" ? ", " : "、");
  if (typeof value === "number" || typeof value === "boolean") return value;
  return label(value);
}
