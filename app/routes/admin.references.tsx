import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseId, parsePage } from "#contract/params";
import { REFERENCE_COLUMNS, type ReferenceColumn, importConfirmSchema, referenceSchema } from "#contract/schemas/references-admin";
import { Field } from "~/components/Field";
import { FieldError } from "~/components/FieldError";
import { Pagination } from "~/components/Pagination";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, rejectIntent, rejectValues } from "~/services/form-protocol.server";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { type Page, callPlatform, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { type IntentView, intentView } from "~/utils/form-protocol";
import { pick } from "~/utils/format";
import { refusalMessages } from "~/utils/validation";
import type { Filters, Reference } from "./search_.reference";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["admin"]);

const PAGE_SIZE = 20;

type Majors = Filters["majors"];
type Problem = { column: ReferenceColumn | null; key: string; params?: Record<string, string | number> };
type PreviewRow = { row: number; status: "new" | "update" | "error"; cells: Record<ReferenceColumn, string>; problems: Problem[] };
type Counts = { new: number; update: number; unchanged: number; error: number };
type Preview = { token: string; counts: Counts; problems: PreviewRow[]; changes: PreviewRow[] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** The references of the directory (issue 17): platform administrators only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const majorId = parseId(url.searchParams.get("majorId"));
  const page = parsePage(url.searchParams.get("page"));
  const [references, filters, t] = await Promise.all([
    platformData<Page<Reference>>(request, "/reference", { query: { keyword, majorId, page, pageSize: PAGE_SIZE } }),
    platformData<{ majors: Majors }>(request, "/reference/filters"),
    i18n.getFixedT(request),
  ]);
  return { title: `${t("admin.references.title")} - ${t("meta.siteName")}`, query: { keyword, majorId }, page, references, majors: filters.majors };
}

/**
 * One change per post, named by its intent: `create`, `update:<id>`, `delete:<id>`, `import` (a
 * multipart upload: answers the preview, nothing is written) and `confirm` (applies the preview
 * its token names, decision 067). A refusal answers that intent, so only its form shows it.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePlatformAdmin(request);
  const formData = await request.formData();
  const values = formValues(formData);
  const intent = values.intent ?? "";
  const [kind, rawId] = intent.split(":");
  const id = rawId === undefined ? null : parseId(rawId);
  const t = await i18n.getFixedT(request);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const done = async (content: string) => {
    throw await redirectWithNotice(request, back, { content, color: "success" });
  };

  if (kind === "import") {
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) return rejectValues(intent, values, { fieldErrors: { file: [t("admin.references.v.fileRequired")] } });
    const body = new FormData();
    body.set("file", file);
    const result = await callPlatform<Preview>(request, "/admin/reference/import", { method: "POST", body });
    if (!result.ok) return rejectValues(intent, values, refusalMessages(result));
    return { preview: result.data };
  }
  if (kind === "confirm") {
    const submission = parseValues(values, importConfirmSchema);
    if (submission.status !== "success") return rejectIntent(intent, submission);
    const result = await callPlatform<Counts>(request, "/admin/reference/import/confirm", { method: "POST", body: submission.value });
    if (!result.ok) return rejectIntent(intent, submission, { formErrors: Object.values(refusalMessages(result).fieldErrors).flat() });
    return done(t("admin.references.imported", result.data));
  }
  if (id !== null && kind === "delete") {
    const result = await callPlatform(request, `/admin/reference/${id}`, { method: "DELETE" });
    if (!result.ok) return rejectValues(intent, values, { formErrors: result.messages });
    return done(t("admin.references.deleted"));
  }
  if (kind === "create" || (id !== null && kind === "update")) {
    const submission = parseValues(values, referenceSchema);
    if (submission.status !== "success") return rejectIntent(intent, submission);
    const result =
      kind === "create"
        ? await callPlatform(request, "/admin/reference", { method: "POST", body: submission.value })
        : await callPlatform(request, `/admin/reference/${id}`, { method: "PUT", body: submission.value });
    if (!result.ok) return rejectIntent(intent, submission, refusalMessages(result));
    return done(t(kind === "create" ? "admin.references.created" : "admin.references.saved"));
  }
  throw new Response(t("errors.invalid"), { status: 400 });
}

export default function References() {
  const { query, page, references, majors } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const view = (intent: string) => intentView(answer, intent);
  const preview = answer && "preview" in answer ? answer.preview : null;
  const exportQuery = new URLSearchParams();
  if (query.keyword) exportQuery.set("keyword", query.keyword);
  if (query.majorId) exportQuery.set("majorId", String(query.majorId));
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.references.title")}</h1>
      <p className="ui-muted">{t("admin.references.intro")}</p>

      <section className="ui-card ui-stack" aria-labelledby="references-list">
        <h2 id="references-list" className="ui-section-title">
          {t("admin.references.list")}
        </h2>
        <Form method="get" className="ui-stack" key={JSON.stringify(query)}>
          <Field id="references-keyword" label={t("admin.references.keyword")}>
            <input className="ui-input" type="search" name="keyword" defaultValue={query.keyword} maxLength={100} />
          </Field>
          <Field id="references-major" label={t("admin.references.major")}>
            <select className="ui-input" name="majorId" defaultValue={query.majorId ?? ""}>
              <option value="">{t("admin.references.allMajors")}</option>
              {majors.map((major) => (
                <option key={major.id} value={major.id}>
                  {name(major)}
                </option>
              ))}
            </select>
          </Field>
          <div className="ui-row">
            <button type="submit" className="ui-button">
              {t("admin.references.search")}
            </button>
            {(query.keyword || query.majorId) && (
              <Link className="ui-link" to="/admin/references">
                {t("admin.references.reset")}
              </Link>
            )}
            <a className="ui-button-outline" href={`/admin/references/export.xlsx${exportQuery.size ? `?${exportQuery}` : ""}`} download data-testid="export">
              {t("admin.references.export")}
            </a>
          </div>
        </Form>
        <p className="ui-muted">{t("admin.references.results", { total: references.total })}</p>
        {references.list.length === 0 && <p>{t("admin.references.empty")}</p>}
        <ul className="ui-stack" data-testid="references">
          {references.list.map((reference) => (
            <li key={reference.id} data-testid="reference">
              <strong lang="zh-CN">{reference.nameZh}</strong>
              {reference.nameEn && <span lang="en"> {reference.nameEn}</span>}
              <p className="ui-muted">
                {[{ nameZh: reference.cityZh, nameEn: reference.cityEn }, reference.majorInfo, reference.subjectInfo].flatMap((named, index) =>
                  named && (named.nameZh || named.nameEn) ? [<Named key={index} row={named} separated={index > 0} />] : [],
                )}
              </p>
              <details open={Boolean(view(`update:${reference.id}`))}>
                <summary>{t("admin.references.edit")}</summary>
                <ReferenceForm intent={`update:${reference.id}`} row={reference} majors={majors} view={view(`update:${reference.id}`)} />
              </details>
              <Form method="post">
                <input type="hidden" name="intent" value={`delete:${reference.id}`} />
                <FieldError errors={view(`delete:${reference.id}`)?.formErrors} />
                <button type="submit" className="ui-button-outline">
                  {t("admin.references.delete")}
                  <span className="ui-visually-hidden" lang="zh-CN">
                    {` ${reference.nameZh}`}
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Pagination page={page} pageSize={PAGE_SIZE} total={references.total} />
      </section>

      <section className="ui-card ui-stack" aria-labelledby="references-add">
        <h2 id="references-add" className="ui-section-title">
          {t("admin.references.add")}
        </h2>
        <ReferenceForm intent="create" majors={majors} view={view("create")} />
      </section>

      <section className="ui-card ui-stack" aria-labelledby="references-import">
        <h2 id="references-import" className="ui-section-title">
          {t("admin.references.import")}
        </h2>
        <p>{t("admin.references.importIntro")}</p>
        <div className="ui-edit-table-wrap">
          <table className="ui-table" data-testid="import-columns">
            <thead>
              <tr>
                <th scope="col">{t("admin.references.column")}</th>
                <th scope="col">{t("admin.references.columnMeaning")}</th>
              </tr>
            </thead>
            <tbody>
              {REFERENCE_COLUMNS.map((column) => (
                <tr key={column.field}>
                  <td>
                    <span lang="zh-CN">{column.zh}</span> / <span lang="en">{column.en}</span>
                  </td>
                  <td>
                    {t(`admin.references.${column.field}`)}
                    {column.field === "nameZh" && ` (${t("admin.references.required")})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {preview ? <ImportPreview preview={preview} confirmView={view("confirm")} /> : <UploadForm view={view("import")} confirmView={view("confirm")} />}
      </section>
    </section>
  );
}

/** A name in the page's language when it has one, marked with the language it is in (after a separator when `separated`). */
function Named({ row, separated }: { row: { nameZh: string; nameEn: string }; separated: boolean }) {
  const { i18n } = useTranslation();
  const english = i18n.language === "en" && row.nameEn !== "";
  return (
    <>
      {separated && " · "}
      <span lang={english ? "en" : "zh-CN"}>{english ? row.nameEn : row.nameZh}</span>
    </>
  );
}

/** The upload of step 1 (works without JavaScript: a plain multipart post). */
function UploadForm({ view, confirmView }: { view?: IntentView; confirmView?: IntentView }) {
  const { t } = useTranslation();
  return (
    <Form method="post" encType="multipart/form-data" className="ui-stack" noValidate>
      <input type="hidden" name="intent" value="import" />
      <FieldError errors={[...(view?.formErrors ?? []), ...(confirmView?.formErrors ?? [])]} />
      <Field id="references-file" label={t("admin.references.file")} errors={view?.fieldErrors.file}>
        <input className="ui-input" type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
      </Field>
      <div>
        <button type="submit" className="ui-button">
          {t("admin.references.preview")}
        </button>
      </div>
    </Form>
  );
}

/** Step 2: what the upload would change, the refused rows with their messages, and the confirmation. */
function ImportPreview({ preview, confirmView }: { preview: Preview; confirmView?: IntentView }) {
  const { t, i18n } = useTranslation();
  const heading = (field: ReferenceColumn) => {
    const column = REFERENCE_COLUMNS.find((c) => c.field === field)!;
    return i18n.language === "en" ? column.en : column.zh;
  };
  const said = (problem: Problem) => {
    const message = t(problem.key, problem.params);
    return problem.column ? t("admin.references.columnOf", { column: heading(problem.column), message }) : message;
  };
  const listed = (shown: number, total: number) => shown < total && <p className="ui-muted">{t("admin.references.moreRows", { shown, total })}</p>;
  const { counts } = preview;
  return (
    <section className="ui-stack" aria-labelledby="references-preview" data-testid="import-preview">
      <h3 id="references-preview" className="ui-section-title">
        {t("admin.references.preview")}
      </h3>
      <p>{t("admin.references.previewIntro")}</p>
      <p data-testid="import-counts">
        <strong>{t("admin.references.counts", counts)}</strong>
      </p>
      {preview.problems.length > 0 && (
        <div className="ui-edit-table-wrap">
          <table className="ui-table" data-testid="import-problems">
            <caption>{t("admin.references.problems")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.references.row")}</th>
                <th scope="col">{t("admin.references.problem")}</th>
              </tr>
            </thead>
            <tbody>
              {preview.problems.map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>
                    {row.problems.map((problem) => (
                      <p key={`${problem.column}-${problem.key}`}>{said(problem)}</p>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {listed(preview.problems.length, counts.error)}
      {preview.changes.length > 0 && (
        <div className="ui-edit-table-wrap">
          <table className="ui-table" data-testid="import-changes">
            <caption>{t("admin.references.changes")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.references.row")}</th>
                <th scope="col">{t("admin.references.status")}</th>
                <th scope="col">{t("admin.references.name")}</th>
                <th scope="col">{t("admin.references.city")}</th>
              </tr>
            </thead>
            <tbody>
              {preview.changes.map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>{t(row.status === "new" ? "admin.references.statusNew" : "admin.references.statusUpdate")}</td>
                  <td lang="zh-CN">{row.cells.nameZh}</td>
                  <td lang="zh-CN">{row.cells.cityZh}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {listed(preview.changes.length, counts.new + counts.update)}
      <Form method="post" className="ui-row">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="token" value={preview.token} />
        <FieldError errors={confirmView?.formErrors} />
        {counts.new + counts.update > 0 ? (
          <button type="submit" className="ui-button">
            {t("admin.references.confirm")}
          </button>
        ) : (
          <p>{t("admin.references.nothingToApply")}</p>
        )}
        <Link className="ui-link" to="/admin/references">
          {t("admin.references.cancel")}
        </Link>
      </Form>
    </section>
  );
}

/** Adds or edits one reference: names, cities and addresses in both languages, the major and its subject. */
function ReferenceForm({ intent, row, majors, view }: { intent: string; row?: Reference; majors: Majors; view?: IntentView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const key = intent.replace(/[^a-z0-9]/gi, "-");
  const value = (field: string, fallback: string) => view?.values[field] ?? fallback;
  const text = (field: "nameZh" | "nameEn" | "cityZh" | "cityEn" | "addressZh" | "addressEn") => (
    <Field id={`${key}-${field}`} label={t(`admin.references.${field}`)} errors={view?.fieldErrors[field]}>
      <input className="ui-input" name={field} lang={field.endsWith("Zh") ? "zh-CN" : "en"} defaultValue={value(field, row?.[field] ?? "")} />
    </Field>
  );
  return (
    <Form method="post" className="ui-stack" noValidate key={view ? "refused" : "shown"}>
      <input type="hidden" name="intent" value={intent} />
      <FieldError errors={view?.formErrors} />
      {text("nameZh")}
      {text("nameEn")}
      {text("cityZh")}
      {text("cityEn")}
      {text("addressZh")}
      {text("addressEn")}
      <Field id={`${key}-majorId`} label={t("admin.references.major")} errors={view?.fieldErrors.majorId}>
        <select className="ui-input" name="majorId" defaultValue={value("majorId", String(row?.majorInfo?.id ?? ""))}>
          <option value="">{t("admin.references.noMajor")}</option>
          {majors.map((major) => (
            <option key={major.id} value={major.id}>
              {pick(lang, major.nameZh, major.nameEn)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${key}-subjectId`} label={t("admin.references.subject")} errors={view?.fieldErrors.subjectId}>
        <select className="ui-input" name="subjectId" defaultValue={value("subjectId", String(row?.subjectInfo?.id ?? ""))}>
          <option value="">{t("admin.references.noSubject")}</option>
          {majors
            .filter((major) => major.subjects.length > 0)
            .map((major) => (
              <optgroup key={major.id} label={pick(lang, major.nameZh, major.nameEn)}>
                {major.subjects.map((subject) => (
                  <option key={subject.id} value={subject.id}>
                    {pick(lang, subject.nameZh, subject.nameEn)}
                  </option>
                ))}
              </optgroup>
            ))}
        </select>
      </Field>
      <div>
        <button type="submit" className="ui-button">
          {row ? t("admin.references.save") : t("admin.references.add")}
        </button>
      </div>
    </Form>
  );
}
