import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { badRequest, notFound, parseId, parsePage } from "#contract/params";
import { bulkSchema, FILTER_KEYS, levelSchema, paySchema, remarkSchema, smsSchema, smsSignNameSchema } from "#contract/schemas/applicants";
import { adminRegistrationSchema } from "#contract/schemas/registration";
import type { Applicant, ApplicantOptions } from "#contract/views/applicants";
import { pick } from "~/utils/format";
import type { NoticeInput } from "~/utils/notice";
import { punctuation } from "~/utils/punctuation";
import { formValues, parseValues, refuseIntent, rejectIntent, runIntent } from "./form-protocol.server";
import { i18n } from "./i18n.server";
import { dangerNotices, redirectWithNotice } from "./notices.server";
import { type CallPath, callPlatform, platformData, platformWords } from "./platform.server";

/**
 * The organiser's registration list (issue 7), server side: the filters of a URL, the page's
 * data, and the page's posts (one per intent) against the platform's calls.
 */

export type { Applicant, ApplicantOptions, Named, SmsBlock, SmsStanding } from "#contract/views/applicants";

/** Where the conference stands for text messages (decision 028): what the send screen explains. */
export const smsStanding = (request: Request, conferenceId: number) => platformData(request, `/send/${conferenceId}`);

/** The list filters present in a query, as strings (unknown keys and empty values dropped). */
export function filtersOf(search: URLSearchParams) {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

const applicantOptions = (request: Request, conferenceId: number) => platformData(request, `/user/manage/${conferenceId}/options`);

/** The list's options as its pages use them. */
export type ListOptions = Omit<ApplicantOptions, "fields">;

/** The options without the registration form's fields, which neither the list nor the badge page shows. */
export function toListOptions({ conference, identities, levels }: ApplicantOptions): ListOptions {
  return { conference, identities, levels };
}

/**
 * A registration as the list and the badge page show it: the fields of `Applicant` and no others.
 * The page's data goes to the browser with it, and the platform's row also carries the answers,
 * keys, times and the whole payment (36 fields a row, where the page reads 19).
 */
export function toApplicant(row: Applicant): Applicant {
  const { id, accountId, name, mobile, email, institution, identity, levelId, feeFen, currency, state, paymentState, needsPayment, payment } = row;
  const { ticketCode, remark, checkinState, checkedInAt, createdAt } = row;
  return {
    id,
    accountId,
    name,
    mobile,
    email,
    institution,
    identity: identity && { nameZh: identity.nameZh, nameEn: identity.nameEn },
    levelId,
    feeFen,
    currency,
    state,
    paymentState,
    needsPayment,
    payment: payment && { state: payment.state, registrationId: payment.registrationId },
    ticketCode,
    remark,
    checkinState,
    checkedInAt,
    createdAt,
  };
}

/**
 * One page of registrations. A filter the platform refuses (a malformed date…) gives an empty
 * page and the per-field messages, so the filter form can show them beside what was typed.
 */
async function applicantPage(request: Request, conferenceId: number, filters: Record<string, string>, page: number, pageSize: number) {
  const result = await callPlatform(request, `/user/manage/${conferenceId}`, { query: { ...filters, page, pageSize } });
  if (result.ok) return { list: result.data.list.map(toApplicant), total: result.data.total, filterErrors: {} as Record<string, string> };
  if (result.status === 404) throw notFound();
  return { list: [] as Applicant[], total: 0, filterErrors: Object.keys(result.fields).length ? result.fields : { keyword: result.message } };
}

/**
 * What both the list and the badge page read: the conference (404 unless the caller manages
 * it), one page of registrations under the URL's filters, and the page's title words.
 */
export async function loadApplicants(request: Request, conferenceId: number, pageSize: number) {
  const search = new URL(request.url).searchParams;
  const filters = filtersOf(search);
  const page = parsePage(search.get("page"));
  const [options, rows] = await Promise.all([applicantOptions(request, conferenceId), applicantPage(request, conferenceId, filters, page, pageSize)]);
  const t = await i18n.getFixedT(request);
  const lang = (await i18n.getLocale(request)) === "en" ? "en" : "zh";
  const name = pick(lang, options.conference.nameZh, options.conference.nameEn);
  return { conferenceId, search, filters, page, options: toListOptions(options), rows, t, name };
}

/** A registration the organiser just entered by hand, with the link its attendee claims it by. */
export async function addedRegistration(request: Request, conferenceId: number, raw: string | null) {
  const id = parseId(raw);
  if (id === null) return null;
  const result = await callPlatform<Applicant & { conferenceId: number }>(request, `/conference/user/${id}`);
  if (!result.ok || result.data.conferenceId !== conferenceId || result.data.accountId !== null) return null;
  return { id, name: result.data.name, mobile: result.data.mobile, claimUrl: new URL(`/attend/claime/${id}`, request.url).toString() };
}

const rowId = (values: Record<string, string>) => (/^\d+$/.test(values.rowId ?? "") ? values.rowId : "0");

/** Per-row intents: what each posts to the platform (`kind` or `kind:<id>` for forms with fields). */
const ROW_INTENTS: Record<string, { schema?: z.ZodType; method: "PUT" | "DELETE"; path: (id: string) => CallPath; body?: () => unknown; notice: string }> = {
  confirm: { method: "PUT", path: (id) => `/user/confirm/${id}`, body: () => ({ state: "confirmed" }), notice: "applicants.saved" },
  reject: { method: "PUT", path: (id) => `/user/confirm/${id}`, body: () => ({ state: "rejected" }), notice: "applicants.saved" },
  remark: { schema: remarkSchema, method: "PUT", path: (id) => `/user/remark/${id}`, notice: "applicants.saved" },
  level: { schema: levelSchema, method: "PUT", path: (id) => `/user/level/${id}`, notice: "applicants.saved" },
  checkin: { method: "PUT", path: (id) => `/user/checkState/${id}`, body: () => ({ checked: true }), notice: "applicants.saved" },
  checkout: { method: "PUT", path: (id) => `/user/checkState/${id}`, body: () => ({ checked: false }), notice: "applicants.saved" },
  pay: { schema: paySchema, method: "PUT", path: (id) => `/user/pay/${id}`, notice: "applicants.saved" },
  delete: { method: "DELETE", path: (id) => `/user/${id}`, notice: "applicants.deleted" },
};

/** Back to the same list (filters and page kept), minus one-time markers and the parts a save closes. */
export function backTo(request: Request, ...closed: string[]) {
  const url = new URL(request.url);
  for (const name of ["added", ...closed]) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

/**
 * Runs one post of the list page. Deleting (one row or a selection) and sending a text message
 * ask first: the answer carries the question (or the message's preview), and only a post with
 * `confirmed=1` acts, so it works the same with and without JavaScript.
 */
export async function applicantAction(request: Request, conferenceId: number) {
  const formData = await request.formData();
  const values = formValues(formData);
  const intent = values.intent ?? "";
  const kind = intent.split(":")[0];
  const back = backTo(request);

  if (kind === "bulk") return bulkAction(request, conferenceId, formData, values, back);
  if (kind === "signName") {
    return runIntent(request, intent, values, {
      schema: smsSignNameSchema,
      call: (value) => ({ path: `/send/${conferenceId}/sign-name`, options: { method: "PUT", body: value } }),
      // Asked for, the sender's name is under review: its form closes.
      back: `${backTo(request, "signName")}#sms`,
      notice: "applicants.sms.signNameRequested",
    });
  }
  if (kind === "add") {
    const submission = parseValues(values, adminRegistrationSchema, { ...values, conferenceId, answers: {} });
    if (submission.status !== "success") return rejectIntent(intent, submission);
    const added = await callPlatform(request, "/user/admin", { method: "POST", body: submission.value });
    if (!added.ok) return refuseIntent(intent, submission, added);
    const t = await i18n.getFixedT(request);
    const url = new URL(request.url);
    throw await redirectWithNotice(request, `${url.pathname}?added=${added.data.id}`, {
      content: t("applicants.add.added", { name: added.data.name }),
      color: "success",
    });
  }

  const spec = ROW_INTENTS[kind];
  if (!spec) throw badRequest();
  const id = intent.includes(":") ? intent.split(":")[1] : rowId(values);
  if (parseId(id) === null) throw badRequest();
  if (kind === "delete" && values.confirmed !== "1") return data({ intent, confirm: "delete", id: parseId(id) });
  return runIntent(request, intent, values, {
    schema: spec.schema,
    input: values,
    call: (value) => ({ path: spec.path(id), options: { method: spec.method, body: spec.method === "DELETE" ? undefined : (spec.body?.() ?? value) } }),
    back,
    notice: spec.notice,
  });
}

async function bulkAction(request: Request, conferenceId: number, formData: FormData, values: Record<string, string>, back: string) {
  const ids = formData.getAll("ids").filter((value): value is string => typeof value === "string");
  // What was ticked comes back with a rejection, so the page ticks it again.
  const echo = { ...values, ids: ids.join(",") };
  const submission = parseValues(echo, bulkSchema, { conferenceId, ids, action: values.action, levelId: values.levelId });
  if (submission.status !== "success") return rejectIntent("bulk", submission);
  const input = submission.value;
  const t = await i18n.getFixedT(request);

  if (input.action === "print") {
    throw redirect(`/manage/applicant/print/${conferenceId}?ids=${input.ids.join(",")}`);
  }
  if (input.action === "sms") {
    const message = parseValues(echo, smsSchema.pick({ message: true }), { message: values.message ?? "" });
    if (message.status !== "success") return rejectIntent("bulk", message);
    const sent = await callPlatform(request, `/send/${conferenceId}`, {
      method: "POST",
      body: { ids: input.ids, message: message.value.message, dryRun: values.confirmed !== "1" },
    });
    if (!sent.ok) return refuseIntent("bulk", message, sent);
    if (values.confirmed !== "1") return data({ intent: "bulk", smsPreview: { ...sent.data, ids: input.ids, message: message.value.message } });
    const notices: NoticeInput[] = [{ content: t("applicants.sms.sent", { sent: sent.data.sent }), color: "success" }];
    if (sent.data.failed) notices.push(...dangerNotices([t("applicants.sms.failed", { count: sent.data.failed })]));
    throw await redirectWithNotice(request, back, notices);
  }
  if (input.action === "delete" && values.confirmed !== "1") return data({ intent: "bulk", bulkConfirm: { ids: input.ids, action: input.action } });

  const done = await callPlatform(request, "/user/bulk", { method: "POST", body: input });
  if (!done.ok) return refuseIntent("bulk", submission, done);
  const { skipped } = done.data;
  const lang = (await i18n.getLocale(request)) === "en" ? "en" : "zh";
  const reasons = [...new Set(skipped.map((s) => platformWords(lang, s.reason)))].join(punctuation(lang).semicolon);
  throw await redirectWithNotice(request, back, [
    { content: t("applicants.bulk.done", { done: done.data.done }), color: "success" },
    ...(skipped.length ? dangerNotices([t("applicants.bulk.skipped", { count: skipped.length, reasons })]) : []),
  ]);
}
