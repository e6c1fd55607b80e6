import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { notFound, parseId, parsePage } from "#contract/params";
import { answerDeleteSchema, DATE_FORMATS } from "#contract/schemas/forms";
import type { FormField } from "#contract/states";
import { showMoment } from "~/components/authoring/types";
import { ConfirmForm } from "~/components/ConfirmForm";
import { FieldError } from "~/components/FieldError";
import { Pagination } from "~/components/Pagination";
import { Entered } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, refuseIntent, rejectIntent } from "~/services/form-protocol.server";
import { formIdOf, loadForm, privateData } from "~/services/forms.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { replyMessages } from "~/utils/form-protocol";
import { pick } from "~/utils/format";
import { type AnswerRow, answerText, formPath } from "~/utils/forms";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["forms", "organiser"]);

const PAGE_SIZE = 20;
/** The page's one post (and the intent its forms send). */
const DELETE = "delete";
const FILTERS = ["keyword", "dateField", "format", "date"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * A form's answers (issue 8) for its owner, its administrators and its conference's managers:
 * keyword and date filters (a date needs its format, spec §5), paging, one answer in full,
 * deletion by the owner, and the Excel export of what is filtered.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const id = formIdOf(request);
  const url = new URL(request.url);
  const form = await loadForm(request, id);
  if (!form.role) throw notFound();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, (url.searchParams.get(name) ?? "").trim().slice(0, 100)])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const page = parsePage(url.searchParams.get("page"));
  const answerId = parseId(url.searchParams.get("answer"));
  const [rows, one, t] = await Promise.all([
    callPlatform<{ rows: AnswerRow[]; count: number }>(request, "/form/user", { query: { formId: id, ...filters, page, pageSize: PAGE_SIZE } }),
    answerId ? callPlatform(request, `/form/user/${answerId}`) : null,
    i18n.getFixedT(request),
  ]);
  if (!rows.ok && rows.status === 404) throw notFound();
  const { lang } = getLang(request);
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
  return privateData({
    title: `${t("forms.answers.title", { title: pick(lang, form.titleZh, form.titleEn) })} - ${t("meta.siteName")}`,
    form,
    lang,
    filters,
    query,
    page,
    rows: rows.ok ? rows.data.rows : [],
    count: rows.ok ? rows.data.count : 0,
    // A refused filter (a date without its format) says why beside its field, with no rows.
    filterErrors: rows.ok ? {} : Object.keys(rows.fields).length ? rows.fields : { date: rows.message },
    one: one?.ok && one.data.formId === id ? one.data : null,
  });
}

/**
 * Deletes one answer (the owner) once confirmed (ConfirmForm asks first without JavaScript). A
 * forged intent or id is the form protocol's 400 reply, a platform refusal too.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  // A bad ?id= is the not-found page here too.
  formIdOf(request);
  const submission = parseValues(formValues(await request.formData()), answerDeleteSchema);
  if (submission.status !== "success") return rejectIntent(DELETE, submission);
  const { answerId, confirmed } = submission.value;
  if (!confirmed) return data({ confirm: String(answerId) });
  const url = new URL(request.url);
  url.searchParams.delete("answer");
  const result = await callPlatform(request, `/form/user/${answerId}`, { method: "DELETE" });
  if (!result.ok) return refuseIntent(DELETE, submission, result);
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, `${url.pathname}${url.search}`, { content: t("forms.answers.deleted"), color: "success" });
}

function AnswerValue({ field, value, lang }: { field: FormField; value: unknown; lang: string }) {
  const { t } = useTranslation();
  if ((field.type === "file" || field.type === "image") && typeof value === "string" && value) {
    return (
      <a href={`/files/${value}`} target="_blank" rel="noopener">
        {t("forms.answers.download")}
      </a>
    );
  }
  const text = answerText(field, value, lang);
  return text ? (
    <span className="ui-frm-answer-text" {...enteredLang(text)}>
      {text}
    </span>
  ) : (
    <span className="ui-muted">{t("forms.answers.empty_answer")}</span>
  );
}

export default function FormAnswers() {
  const { form, lang, filters, query, page, rows, count, filterErrors, one } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const asked = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  const { t } = useTranslation();
  const title = pick(lang, form.titleZh, form.titleEn);
  const dateFields = form.fields.filter((field) => field.type === "date");
  const summary = form.fields.filter((field) => field.type !== "file" && field.type !== "image").slice(0, 3);
  const label = (field: FormField) => pick(lang, field.labelZh, field.labelEn);
  const errors = filterErrors;
  const listHref = `${formPath.answers(form.id)}${query ? `&${query}` : ""}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <section className="ui-container ui-frm-page">
      <h1 className="ui-page-title">{t("forms.answers.title", { title })}</h1>
      <p className="ui-edit-actions">
        {form.role === "owner" && <Link to={formPath.edit(form.id)}>{t("forms.formSign.edit")}</Link>}
        <Link to={formPath.administrators(form.id)}>{t("forms.edit.administrators")}</Link>
        <Link to="/form/administrator">{t("forms.mine.title")}</Link>
      </p>

      {/* Keyed by the filters: after a navigation (e.g. "clear filters") the inputs show what is applied. */}
      <Form method="get" className="ui-card ui-frm-filters" aria-label={t("forms.answers.filters")} key={query}>
        <input type="hidden" name="id" value={form.id} />
        <div className="ui-field">
          <label className="ui-label" htmlFor="filter-keyword">
            {t("forms.answers.keyword")}
          </label>
          <input id="filter-keyword" className="ui-input" type="search" name="keyword" defaultValue={filters.keyword} maxLength={100} />
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="filter-date-field">
            {t("forms.answers.dateField")}
          </label>
          <select id="filter-date-field" className="ui-input" name="dateField" defaultValue={filters.dateField}>
            <option value="">{t("forms.answers.submittedAt")}</option>
            {dateFields.map((field) => (
              <option key={field.key} value={field.key}>
                {label(field)}
              </option>
            ))}
          </select>
          <FieldError errors={errors.dateField ? [errors.dateField] : undefined} />
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="filter-format">
            {t("forms.answers.format")}
          </label>
          <select
            id="filter-format"
            className="ui-input"
            name="format"
            defaultValue={filters.format}
            aria-invalid={errors.format ? true : undefined}
            aria-describedby={errors.format ? "filter-format-error" : undefined}
          >
            <option value="">{t("forms.answers.chooseFormat")}</option>
            {DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {t(`forms.answers.formats.${format}`)} ({format})
              </option>
            ))}
          </select>
          <FieldError id="filter-format-error" errors={errors.format ? [errors.format] : undefined} />
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="filter-date">
            {t("forms.answers.date")}
          </label>
          <input
            id="filter-date"
            className="ui-input"
            name="date"
            defaultValue={filters.date}
            maxLength={10}
            inputMode="numeric"
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? "filter-date-error" : "filter-date-help"}
          />
          <p id="filter-date-help" className="ui-field-help">
            {t("forms.answers.dateHelp")}
          </p>
          <FieldError id="filter-date-error" errors={errors.date ? [errors.date] : undefined} />
        </div>
        <div className="ui-row ui-frm-filter-actions">
          <button type="submit" className="ui-button">
            {t("forms.answers.apply")}
          </button>
          <Link to={formPath.answers(form.id)}>{t("forms.answers.reset")}</Link>
          <a className="ui-button-outline" href={formPath.export(form.id, query)} download data-testid="export">
            {t("forms.answers.export")}
          </a>
        </div>
      </Form>

      {one && (
        <section className="ui-card ui-stack ui-frm-one" aria-labelledby="one-title" data-testid="answer-detail">
          <h2 id="one-title" className="ui-section-title">
            {t("forms.answers.one", { id: one.id })}
          </h2>
          <p className="ui-muted">
            {showMoment(one.createdAt)} · {one.mobile ? `${one.name ?? ""} ${one.mobile}` : t("forms.answers.anonymous")}
          </p>
          <dl className="ui-frm-answer-list">
            {form.fields.map((field) => (
              <div key={field.key}>
                <dt>{label(field)}</dt>
                <dd>
                  <AnswerValue field={field} value={one.answers[field.key]} lang={lang} />
                </dd>
              </div>
            ))}
          </dl>
          <Link to={listHref}>{t("forms.answers.close")}</Link>
        </section>
      )}

      <FieldError errors={replyMessages(actionData, DELETE)} />
      <p role="status" data-testid="answer-count">
        {t("forms.answers.count", { count })}
      </p>
      {rows.length === 0 ? (
        <p className="ui-muted">{t("forms.answers.empty")}</p>
      ) : (
        <div className="ui-edit-table-wrap">
          <table className="ui-table ui-frm-answers" data-testid="answers-table">
            <thead>
              <tr>
                <th scope="col">{t("forms.answers.no")}</th>
                <th scope="col">{t("forms.answers.submittedAt")}</th>
                <th scope="col">{t("forms.answers.respondent")}</th>
                {summary.map((field) => (
                  <th key={field.key} scope="col">
                    {label(field)}
                  </th>
                ))}
                <th scope="col">{t("forms.mine.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-answer={row.id}>
                  <td>{row.id}</td>
                  <td>{showMoment(row.createdAt)}</td>
                  <td>
                    {row.mobile ? (
                      <>
                        <Entered text={row.name ?? ""} /> {row.mobile}
                      </>
                    ) : (
                      t("forms.answers.anonymous")
                    )}
                  </td>
                  {summary.map((field) => (
                    <td key={field.key}>
                      <AnswerValue field={field} value={row.answers[field.key]} lang={lang} />
                    </td>
                  ))}
                  <td>
                    <div className="ui-edit-actions">
                      <Link to={`${listHref}&answer=${row.id}`} aria-label={t("forms.answers.viewLabel", { id: row.id })}>
                        {t("forms.answers.view")}
                      </Link>
                      {form.role === "owner" && (
                        <ConfirmForm
                          title={t("forms.answers.deleteConfirm", { id: row.id })}
                          fields={{ intent: DELETE, answerId: String(row.id) }}
                          asked={asked === String(row.id)}
                        >
                          {t("forms.answers.delete")}
                        </ConfirmForm>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={count} />
    </section>
  );
}
