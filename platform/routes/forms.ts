import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { checkAnswers } from "#contract/schemas/form-fields";
import {
  answersFilterSchema,
  DATE_PATTERNS,
  FORM_ANSWER_MESSAGES,
  formAdminSchema,
  formAnswerSchema,
  formFieldInputSchema,
  formFromTemplateSchema,
  formPatchSchema,
  formSettingsSchema,
  type AnswersFilter,
} from "#contract/schemas/forms";
import { mobileSearchKeyword } from "#contract/schemas/mobile";
import type { AnswerRow, FormInfo } from "#contract/views/forms";
import type { Sent } from "#contract/views/sent";
import { type Ctx, type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import type { Db } from "../db";
import { accounts, conferences, formAdmins, formAnswers, forms, type FormField, uploads } from "../db/schema";
import { fail, idParam, langOf, ok, paging, refuseFields, say } from "../http";
import { canManageConference } from "../services/access";
import { issueSubmissionKey } from "../services/form-uploads";
import { addFormAdmin, addFormField, buildFields, createForm, deleteAnswer, deleteForm, removeFormAdmin, saveAnswer, updateForm } from "../services/forms";
import type { Account } from "../services/identity";
import { xlsxResponse, xlsxStream, type XlsxCell } from "../services/xlsx";
import { keywordMatch } from "./directory";

type Form = typeof forms.$inferSelect;
/** Who the caller is to a form: its owner edits; its administrators and the attached conference's managers read answers. */
export type FormRole = "owner" | "admin" | "conference" | null;
export type FormState = "open" | "closed" | "full";

/** The expression the forms' title indexes are built on (platform/db/schema.ts); must stay identical. */
const formSearch = sql`lower(${forms.titleZh} || ' ' || ${forms.titleEn})`;
const answerCount = sql<number>`(select count(*)::int from ${formAnswers} where ${formAnswers.formId} = ${forms.id})`;
/** Rows per query of an export: the workbook is streamed, never held whole. */
const EXPORT_BATCH = 500;

const listColumns = {
  id: forms.id,
  titleZh: forms.titleZh,
  titleEn: forms.titleEn,
  descriptionZh: forms.descriptionZh,
  descriptionEn: forms.descriptionEn,
  conferenceId: forms.conferenceId,
  ownerAccountId: forms.ownerAccountId,
  isTemplate: forms.isTemplate,
  isPublic: forms.isPublic,
  deadline: forms.deadline,
  responseLimit: forms.responseLimit,
  onePerAccount: forms.onePerAccount,
  fieldCount: sql<number>`jsonb_array_length(${forms.fields})::int`,
  answers: answerCount,
  createdAt: forms.createdAt,
};

export function stateOf(form: Pick<Form, "deadline" | "responseLimit">, answers: number, now: Date): FormState {
  if (form.deadline && form.deadline.getTime() < now.getTime()) return "closed";
  if (form.responseLimit !== null && answers >= form.responseLimit) return "full";
  return "open";
}

export async function roleOf(db: Db, account: Account | null, form: Pick<Form, "id" | "ownerAccountId" | "conferenceId">): Promise<FormRole> {
  if (!account) return null;
  if (form.ownerAccountId === account.id) return "owner";
  const [admin] = await db
    .select({ id: formAdmins.accountId })
    .from(formAdmins)
    .where(and(eq(formAdmins.formId, form.id), eq(formAdmins.accountId, account.id)))
    .limit(1);
  if (admin) return "admin";
  if (form.conferenceId && (await canManageConference(db, account, form.conferenceId))) return "conference";
  return null;
}

/** Several fields' messages at once. */
function fieldsFail(_c: Ctx, problems: Record<string, string>): never {
  refuseFields(problems);
}

/** Templates an account may start from: the platform's own (made by its administrators) and its own. */
const visibleTemplates = (account: Account) =>
  and(
    eq(forms.isTemplate, true),
    or(
      eq(forms.ownerAccountId, account.id),
      sql`exists (select 1 from ${accounts} where ${accounts.id} = ${forms.ownerAccountId} and ${accounts.isPlatformAdmin})`,
    ),
  );

/** The date filter as a condition (spec §5: without a format it asks for one). */
function dateCondition(c: Ctx, form: Form, filter: AnswersFilter): SQL | undefined {
  if (!filter.date) return undefined;
  if (!filter.format) fieldsFail(c, { format: "forms.errors.dateFormatRequired" });
  if (!DATE_PATTERNS[filter.format].test(filter.date)) fieldsFail(c, { date: "forms.v.dateFilter" });
  const on = filter.dateField || "createdAt";
  if (on === "createdAt") {
    // Submission dates are days in China (UTC+8), like every other date of the platform.
    const [year, month = "01", day = "01"] = filter.date.split("-");
    const start = new Date(`${year}-${month}-${day}T00:00:00+08:00`);
    const end = new Date(start);
    if (filter.format === "YYYY") end.setUTCFullYear(end.getUTCFullYear() + 1);
    else if (filter.format === "YYYY-MM") end.setUTCMonth(end.getUTCMonth() + 1);
    else end.setUTCDate(end.getUTCDate() + 1);
    return and(gte(formAnswers.createdAt, start), lt(formAnswers.createdAt, end));
  }
  const field = form.fields.find((f) => f.key === on && f.type === "date");
  if (!field) fieldsFail(c, { dateField: "forms.v.dateField" });
  // Date answers are stored YYYY-MM-DD, so a coarser date is a prefix; the pattern was checked above.
  return sql`${formAnswers.answers} ->> ${field.key} like ${filter.date + "%"}`;
}

function answersWhere(c: Ctx, form: Form, filter: AnswersFilter) {
  const where: SQL[] = [eq(formAnswers.formId, form.id)];
  const date = dateCondition(c, form, filter);
  if (date) where.push(date);
  if (filter.keyword) {
    const pattern = `%${mobileSearchKeyword(filter.keyword)
      .toLowerCase()
      .replace(/[\\%_]/g, "\\$&")}%`;
    where.push(
      sql`(lower(${formAnswers.answers}::text) like ${pattern} or exists (select 1 from ${accounts} where ${accounts.id} = ${formAnswers.accountId} and (${accounts.mobile} like ${pattern} or lower(${accounts.name}) like ${pattern})))`,
    );
  }
  return and(...where);
}

const answerColumns = {
  id: formAnswers.id,
  formId: formAnswers.formId,
  accountId: formAnswers.accountId,
  answers: formAnswers.answers,
  createdAt: formAnswers.createdAt,
  name: accounts.name,
  mobile: accounts.mobile,
};

/** One cell of the export: choices by their labels, files by their download path. */
function exportCell(field: FormField, value: unknown, lang: "zh" | "en"): XlsxCell {
  if (value === undefined || value === null || value === "") return null;
  const label = (v: string) => {
    const option = field.options?.find((o) => o.value === v);
    return option ? (lang === "en" ? option.labelEn || option.labelZh : option.labelZh || option.labelEn) : v;
  };
  if (Array.isArray(value)) return value.map((v) => label(String(v))).join(", ");
  if (field.type === "file" || field.type === "image") return `/files/${value}`;
  if (field.type === "radio") return label(String(value));
  if (field.type === "number" && /^-?\d+(\.\d+)?$/.test(String(value))) return Number(value);
  return String(value);
}

/** Standalone forms (issue 8): build, answer, read and export. Owners edit; administrators read. */
export function formRoutes(deps: PlatformDeps) {
  const { db } = deps;
  const app = new Hono<PlatformEnv>();

  const loadForm = async (id: number) => {
    const [form] = await db.select().from(forms).where(eq(forms.id, id)).limit(1);
    if (!form) fail(404, "errors.notFound");
    return form;
  };

  /** The owner, or 403 for those who may only read, 404 for everyone else. */
  const ownerOnly = async (c: Ctx, id: number) => {
    const account = requireAccount(c);
    const form = await loadForm(id);
    const role = await roleOf(db, account, form);
    if (role === null) fail(404, "errors.notFound");
    if (role !== "owner") fail(403, "forms.errors.ownerOnly");
    return { account, form };
  };

  /** The owner, an administrator of the form, or a manager of its conference; 404 for everyone else. */
  const reader = async (c: Ctx, id: number) => {
    const account = requireAccount(c);
    const form = await loadForm(id);
    const role = await roleOf(db, account, form);
    if (role === null) fail(404, "errors.notFound");
    return { account, form, role };
  };

  const checkConference = async (c: Ctx, account: Account, conferenceId: number | null | undefined) => {
    if (conferenceId && !(await canManageConference(db, account, conferenceId))) fieldsFail(c, { conferenceId: "forms.v.conferenceNotYours" });
  };

  // ─── Lists ─────────────────────────────────────────────────────────────────────────

  /**
   * `?template=1`: templates to start from (20 a page from page 1, spec §9); `?public=1`: the
   * public forms of /search/form, for anyone; `?conferenceId=`: the forms attached to a
   * conference, for its managers; otherwise the forms the account owns or administers.
   */
  app.get("/form", async (c) => {
    const { pageSize, offset } = paging(c, 20);
    const keyword = keywordMatch(formSearch, c.req.query("keyword"));
    const now = deps.now();
    const withState = <T extends { deadline: Date | null; responseLimit: number | null; answers: number }>(rows: T[]) =>
      rows.map((row) => ({ ...row, state: stateOf(row, row.answers, now) }));
    const listed = async (where: SQL | undefined, order: SQL[]) => {
      const [list, [{ total }]] = await Promise.all([
        db
          .select(listColumns)
          .from(forms)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset(offset),
        db.select({ total: count() }).from(forms).where(where),
      ]);
      return { list, total };
    };

    if (c.req.query("public") === "1") {
      const { list, total } = await listed(and(eq(forms.isPublic, true), eq(forms.isTemplate, false), keyword), [desc(forms.createdAt), desc(forms.id)]);
      return ok(c, { list: withState(list).map(({ ownerAccountId: _owner, ...row }) => row), total });
    }
    const account = requireAccount(c);
    if (c.req.query("template") === "1") {
      const { list, total } = await listed(and(visibleTemplates(account), keyword), [asc(forms.id)]);
      return ok(c, { list: list.map((row) => ({ ...row, mine: row.ownerAccountId === account.id })), total });
    }
    const conferenceId = c.req.query("conferenceId");
    if (conferenceId !== undefined) {
      const id = idParam(conferenceId);
      if (!(await canManageConference(db, account, id))) fail(404, "errors.notFound");
      const [{ list, total }, [conference]] = await Promise.all([
        listed(and(eq(forms.conferenceId, id), eq(forms.isTemplate, false), keyword), [desc(forms.createdAt), desc(forms.id)]),
        db.select({ id: conferences.id, nameZh: conferences.nameZh, nameEn: conferences.nameEn }).from(conferences).where(eq(conferences.id, id)),
      ]);
      return ok(c, { list: withState(list).map((row) => ({ ...row, role: row.ownerAccountId === account.id ? "owner" : "conference" })), total, conference });
    }
    const administered = sql`${forms.id} in (select ${formAdmins.formId} from ${formAdmins} where ${formAdmins.accountId} = ${account.id})`;
    const { list, total } = await listed(and(or(eq(forms.ownerAccountId, account.id), administered), keyword), [desc(forms.createdAt), desc(forms.id)]);
    return ok(c, { list: withState(list).map((row) => ({ ...row, role: row.ownerAccountId === account.id ? "owner" : "admin" })), total });
  });

  // ─── One form ──────────────────────────────────────────────────────────────────────

  /** A new form: blank, or (`?template=<id>`) with the fields of a template or of a form of one's own. */
  app.post("/form", async (c) => {
    const account = requireAccount(c);
    const body = await readBody(c);
    const templateId = c.req.query("template");
    let source: Form | null = null;
    if (templateId !== undefined) {
      const [row] = await db
        .select()
        .from(forms)
        .where(and(eq(forms.id, idParam(templateId)), or(visibleTemplates(account), eq(forms.ownerAccountId, account.id))))
        .limit(1);
      if (!row) fail(404, "errors.notFound");
      source = row;
    }
    const input = source ? parse(c, formFromTemplateSchema, body) : parse(c, formSettingsSchema, body);
    await checkConference(c, account, input.conferenceId);
    const created = await createForm(deps, account, {
      source,
      values: {
        ...input,
        titleZh: input.titleZh || source!.titleZh,
        titleEn: input.titleEn || (input.titleZh ? "" : (source?.titleEn ?? "")),
        descriptionZh: input.descriptionZh || (input.titleZh ? "" : (source?.descriptionZh ?? "")),
        descriptionEn: input.descriptionEn || (input.titleZh ? "" : (source?.descriptionEn ?? "")),
        deadline: input.deadline ? new Date(input.deadline) : null,
        fields: source?.fields ?? [],
      },
    });
    return ok(c, created, 201);
  });

  /** What a respondent (or the editor) sees: the form, its state, and the caller's relation to it. */
  app.get("/form/:id{[0-9]+}", async (c) => {
    const form = await loadForm(idParam(c.req.param("id")));
    const account = c.get("account");
    const role = await roleOf(db, account, form);
    if (form.isTemplate && role !== "owner") {
      const visible = account
        ? await db
            .select({ id: forms.id })
            .from(forms)
            .where(and(eq(forms.id, form.id), visibleTemplates(account)))
            .limit(1)
        : [];
      if (visible.length === 0) fail(404, "errors.notFound");
    }
    const [[{ answers }], mine] = await Promise.all([
      db.select({ answers: count() }).from(formAnswers).where(eq(formAnswers.formId, form.id)),
      account
        ? db
            .select({ id: formAnswers.id })
            .from(formAnswers)
            .where(and(eq(formAnswers.formId, form.id), eq(formAnswers.accountId, account.id)))
            .limit(1)
        : [],
    ]);
    const { ownerAccountId: _owner, ...rest } = form;
    const state = stateOf(form, answers, deps.now());
    // The answer page's key: its files are bound to it, and it makes a resubmit the same answer (decision 032).
    const submissionKey = state === "open" && !form.isTemplate ? issueSubmissionKey(deps.secret, form.id, deps.now()) : null;
    const info = { ...rest, answers, state, role, answered: mine.length > 0, submissionKey };
    return ok(c, info satisfies Sent<FormInfo>);
  });

  /** The form's settings, its whole list of fields (reorder, edit, remove) and the template flag: the owner only. */
  app.patch("/form/:id{[0-9]+}", async (c) => {
    const { account, form } = await ownerOnly(c, idParam(c.req.param("id")));
    const body = await readBody(c);
    const parsed = parse(c, formPatchSchema, body);
    // Only what was sent changes (the schema fills defaults for what wasn't).
    const sent = body && typeof body === "object" ? Object.keys(body) : [];
    const changes = Object.fromEntries(Object.entries(parsed).filter(([name]) => sent.includes(name))) as Partial<typeof parsed>;
    await checkConference(c, account, changes.conferenceId);
    let fields: FormField[] | undefined;
    if (changes.fields) {
      const built = buildFields(changes.fields);
      if (Object.keys(built.problems).length) fieldsFail(c, built.problems);
      fields = built.fields;
    }
    const updated = await updateForm(deps, account, {
      form,
      changed: Object.keys(changes),
      changes: { ...changes, fields, deadline: changes.deadline === undefined ? undefined : changes.deadline ? new Date(changes.deadline) : null },
    });
    return ok(c, updated);
  });

  /** Adds one custom field at the end (its key made when not given): the owner only. */
  app.post("/form/:id{[0-9]+}", async (c) => {
    const { account, form } = await ownerOnly(c, idParam(c.req.param("id")));
    const input = parse(c, formFieldInputSchema, await readBody(c));
    const added = await addFormField(deps, account, { form, field: input });
    if ("problems" in added) fieldsFail(c, added.problems);
    const { field } = added;
    return ok(c, field, 201);
  });

  app.delete("/form/:id{[0-9]+}", async (c) => {
    const { account, form } = await ownerOnly(c, idParam(c.req.param("id")));
    await deleteForm(deps, account, { form });
    return ok(c, { id: form.id });
  });

  // ─── Answers ───────────────────────────────────────────────────────────────────────

  /**
   * One response. Answers to fields whose condition does not hold are dropped; the deadline,
   * the one-per-account rule and the response limit are checked under a lock on the form's
   * row, so concurrent answers never go past the limit.
   */
  app.post("/form/user", async (c) => {
    const account = c.get("account");
    const input = parse(c, formAnswerSchema, await readBody(c));
    const form = await loadForm(input.formId);
    if (form.isTemplate) fail(404, "errors.notFound");
    if (form.deadline && form.deadline.getTime() < deps.now().getTime()) fail(400, "forms.errors.closed");
    if (form.onePerAccount && !account) fail(400, "forms.errors.signInRequired");
    const checked = checkAnswers(form.fields, input.answers, { strict: true, messages: FORM_ANSWER_MESSAGES });
    if (!checked.ok) fieldsFail(c, checked.problems);
    const fileFields = form.fields.filter((f) => (f.type === "file" || f.type === "image") && typeof checked.answers[f.key] === "string");
    const fileKeys = fileFields.map((f) => checked.answers[f.key] as string);
    if (fileKeys.length) {
      // Only files uploaded for this form through this answer page's key (decision 032), by this
      // respondent or signed out: no borrowing someone's private upload, no file sent elsewhere.
      const found = await db
        .select({ key: uploads.key, owner: uploads.ownerAccountId, formId: uploads.formId, submissionKey: uploads.submissionKey })
        .from(uploads)
        .where(inArray(uploads.key, fileKeys));
      const problems: Record<string, string> = {};
      for (const field of fileFields) {
        const upload = found.find((u) => u.key === checked.answers[field.key]);
        const bound = upload && upload.formId === form.id && input.submissionKey !== undefined && upload.submissionKey === input.submissionKey;
        if (!bound || (upload.owner !== null && upload.owner !== account?.id)) problems[`answers.${field.key}`] = "forms.v.file";
      }
      if (Object.keys(problems).length) fieldsFail(c, problems);
    }
    const saved = await saveAnswer(deps, account, { form, answers: checked.answers, fileKeys, submissionKey: input.submissionKey });
    return ok(c, saved, 201);
  });

  /** The answers table (`rows` and `count`, spec §3): keyword, a date filter with its format, paging. */
  app.get("/form/user", async (c) => {
    const { form, role } = await reader(c, idParam(c.req.query("formId")));
    const filter = parse(c, answersFilterSchema, c.req.query());
    const { pageSize, offset } = paging(c, 20);
    const where = answersWhere(c, form, filter);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(answerColumns)
        .from(formAnswers)
        .leftJoin(accounts, eq(accounts.id, formAnswers.accountId))
        .where(where)
        .orderBy(desc(formAnswers.createdAt), desc(formAnswers.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(formAnswers).where(where),
    ]);
    return ok(c, {
      rows,
      count: total,
      role,
      form: { id: form.id, titleZh: form.titleZh, titleEn: form.titleEn, fields: form.fields, conferenceId: form.conferenceId },
    });
  });

  /** The answers as a workbook, filtered like the table; rows are read in keyset pages as the download goes. */
  app.get("/form/user/export", async (c) => {
    const { form } = await reader(c, idParam(c.req.query("formId")));
    const filter = parse(c, answersFilterSchema, c.req.query());
    const where = answersWhere(c, form, filter);
    const lang = langOf(c);
    const t = (key: string) => say(c, { key });
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      // Timestamps are compared as the database's own text: JavaScript dates would drop the microseconds.
      let after: { at: string; id: number } | null = null;
      for (;;) {
        const batch: Array<{ at: string; id: number; answers: Record<string, unknown>; createdAt: Date; name: string | null; mobile: string | null }> = await db
          .select({
            at: sql<string>`${formAnswers.createdAt}::text`,
            id: formAnswers.id,
            answers: formAnswers.answers,
            createdAt: formAnswers.createdAt,
            name: accounts.name,
            mobile: accounts.mobile,
          })
          .from(formAnswers)
          .leftJoin(accounts, eq(accounts.id, formAnswers.accountId))
          .where(after ? and(where, sql`(${formAnswers.createdAt}, ${formAnswers.id}) > (${after.at}::timestamptz, ${after.id})`) : where)
          .orderBy(asc(formAnswers.createdAt), asc(formAnswers.id))
          .limit(EXPORT_BATCH);
        for (const row of batch) {
          yield [row.id, row.createdAt, row.name ?? "", row.mobile ?? "", ...form.fields.map((field) => exportCell(field, row.answers[field.key], lang))];
        }
        if (batch.length < EXPORT_BATCH) return;
        after = { at: batch[batch.length - 1].at, id: batch[batch.length - 1].id };
      }
    }
    const columns = [
      { header: t("forms.export.id"), width: 8 },
      { header: t("forms.export.submittedAt"), width: 18 },
      { header: t("forms.export.name"), width: 12 },
      { header: t("forms.export.mobile"), width: 14 },
      ...form.fields.map((field) => ({ header: lang === "en" ? field.labelEn || field.labelZh : field.labelZh, width: 20 })),
    ];
    const title = lang === "en" ? form.titleEn || form.titleZh : form.titleZh;
    return xlsxResponse(`${title}-${form.id}.xlsx`, xlsxStream({ sheetName: title, columns, rows: rows() }));
  });

  /** One answer: for who reads the form's answers, and for the respondent. */
  app.get("/form/user/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const [row] = await db
      .select(answerColumns)
      .from(formAnswers)
      .leftJoin(accounts, eq(accounts.id, formAnswers.accountId))
      .where(eq(formAnswers.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    const form = await loadForm(row.formId);
    const role = await roleOf(db, account, form);
    if (role === null && row.accountId !== account.id) fail(404, "errors.notFound");
    const answer = { ...row, role, form: { id: form.id, titleZh: form.titleZh, titleEn: form.titleEn, fields: form.fields } };
    return ok(c, answer satisfies Sent<AnswerRow>);
  });

  /** Removes one answer: the owner only. */
  app.delete("/form/user/:id{[0-9]+}", async (c) => {
    const account = requireAccount(c);
    const [row] = await db
      .select({ id: formAnswers.id, formId: formAnswers.formId })
      .from(formAnswers)
      .where(eq(formAnswers.id, idParam(c.req.param("id"))))
      .limit(1);
    if (!row) fail(404, "errors.notFound");
    const { form } = await ownerOnly(c, row.formId);
    await deleteAnswer(deps, account, { form, answerId: row.id });
    return ok(c, { id: row.id });
  });

  // ─── Administrators ────────────────────────────────────────────────────────────────

  app.get("/form/admin/:id{[0-9]+}", async (c) => {
    const { form, role } = await reader(c, idParam(c.req.param("id")));
    const list = await db
      .select({ accountId: accounts.id, name: accounts.name, mobile: accounts.mobile })
      .from(formAdmins)
      .innerJoin(accounts, eq(accounts.id, formAdmins.accountId))
      .where(eq(formAdmins.formId, form.id))
      .orderBy(asc(accounts.id));
    return ok(c, { list, total: list.length, role, form: { id: form.id, titleZh: form.titleZh, titleEn: form.titleEn } });
  });

  /** Adds an administrator by mobile; the account must exist already. */
  app.post("/form/admin/:id{[0-9]+}", async (c) => {
    const { account, form } = await ownerOnly(c, idParam(c.req.param("id")));
    const { mobile } = parse(c, formAdminSchema, await readBody(c));
    const [target] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.mobile, mobile)).limit(1);
    if (!target) fieldsFail(c, { mobile: "forms.errors.noSuchAccount" });
    if (target.id === form.ownerAccountId) fieldsFail(c, { mobile: "forms.errors.ownerIsAdmin" });
    await addFormAdmin(deps, account, { form, accountId: target.id });
    return ok(c, { accountId: target.id }, 201);
  });

  /** Removes an administrator (`?accountId=` or a body `{accountId}`). */
  app.delete("/form/admin/:id{[0-9]+}", async (c) => {
    const { account, form } = await ownerOnly(c, idParam(c.req.param("id")));
    const body = (await readBody(c)) as { accountId?: unknown };
    const accountId = idParam(c.req.query("accountId") ?? String(body?.accountId ?? ""));
    await removeFormAdmin(deps, account, { form, accountId });
    return ok(c, { accountId });
  });

  return app;
}
