import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseId, parsePage } from "#contract/params";
import { institutionMergeSchema, institutionSchema } from "#contract/schemas/institutions-admin";
import type { AdminInstitution } from "#contract/views/institutions-admin";
import { ConfirmForm } from "~/components/ConfirmForm";
import { Field } from "~/components/Field";
import { FieldError } from "~/components/FieldError";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { IMAGE_ACCEPT } from "~/components/UploadField";
import { Entered } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, rejectIntent, rejectValues } from "~/services/form-protocol.server";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { uploadFormPicture } from "~/services/pictures.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { type IntentView, intentView } from "~/utils/form-protocol";
import { pick } from "~/utils/format";
import { useFormKey } from "~/utils/fresh-form";
import { refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["admin"]);

const PAGE_SIZE = 20;
const CERTIFIED_FILTERS = ["1", "0"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** The institutions of the directory (issue 17), certified or not: platform administrators only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const certified = CERTIFIED_FILTERS.find((value) => value === url.searchParams.get("certified")) ?? "";
  const page = parsePage(url.searchParams.get("page"));
  const [institutions, t] = await Promise.all([
    platformData(request, "/admin/institutions", { query: { keyword: keyword || undefined, certified: certified || undefined, page, pageSize: PAGE_SIZE } }),
    i18n.getFixedT(request),
  ]);
  return { title: `${t("admin.institutions.title")} - ${t("meta.siteName")}`, query: { keyword, certified }, page, institutions };
}

/** The merge the server asks to confirm: what moves where. */
type MergeQuestion = { intent: string; merge: { into: AdminInstitution } };
/** The delete the server asks to confirm (ConfirmForm's `{confirm}`). */
type DeleteQuestion = { intent: string; confirm: string };

/**
 * One change per post, named by its intent: `create`, `update:<id>`, `merge:<id>`, `delete:<id>`.
 * A logo may come as a file (`logoFile`, with or without JavaScript): it is uploaded first, so a
 * refused form keeps it as the logo's address. A merge or a delete acts only once confirmed
 * (`confirmed=1`): the first post answers the question (for a merge, naming its target).
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
  const done = async (content: string): Promise<never> => {
    throw await redirectWithNotice(request, url.pathname + url.search, { content, color: "success" });
  };

  if (kind === "create" || (id !== null && kind === "update")) {
    const logo = await uploadFormPicture(request, formData.get("logoFile"));
    if (logo.state === "refused") return rejectValues(intent, values, { fieldErrors: { logo: logo.messages } });
    if (logo.state === "uploaded") values.logo = logo.url;
    const submission = parseValues(values, institutionSchema);
    if (submission.status !== "success") return rejectIntent(intent, submission);
    const result =
      kind === "create"
        ? await callPlatform(request, "/admin/institution", { method: "POST", body: submission.value })
        : await callPlatform(request, `/admin/institution/${id}`, { method: "PUT", body: submission.value });
    if (!result.ok) return rejectIntent(intent, submission, refusalMessages(result));
    return done(t(kind === "create" ? "admin.institutions.created" : "admin.institutions.saved"));
  }
  if (id !== null && kind === "merge") {
    const submission = parseValues(values, institutionMergeSchema);
    if (submission.status !== "success") return rejectIntent(intent, submission);
    const { into } = submission.value;
    if (values.confirmed !== "1") {
      const target = into === id ? null : await callPlatform(request, `/admin/institution/${into}`);
      if (!target?.ok) {
        const key = into === id ? "admin.institutions.v.mergeSelf" : "admin.institutions.v.mergeUnknown";
        return rejectValues(intent, values, { fieldErrors: { into: [t(key, { id: into })] } });
      }
      return { intent, merge: { into: target.data } } satisfies MergeQuestion;
    }
    const result = await callPlatform(request, `/admin/institution/${id}/merge`, { method: "POST", body: { into } });
    if (!result.ok) return rejectIntent(intent, submission, refusalMessages(result));
    return done(t("admin.institutions.merged", { count: result.data.conferences }));
  }
  if (id !== null && kind === "delete") {
    if (values.confirmed !== "1") return { intent, confirm: t("admin.institutions.delete") } satisfies DeleteQuestion;
    const result = await callPlatform(request, `/admin/institution/${id}`, { method: "DELETE" });
    if (!result.ok && result.status !== 404) return rejectValues(intent, values, { formErrors: result.messages });
    return done(t("admin.institutions.deleted"));
  }
  throw new Response(t("errors.invalid"), { status: 400 });
}

export default function Institutions() {
  const { query, page, institutions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const view = (intent: string) => intentView(answer, intent);
  const question = answer && ("merge" in answer || "confirm" in answer) ? answer : null;
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.institutions.title")}</h1>
      <p className="ui-muted">{t("admin.institutions.intro")}</p>

      <section className="ui-card ui-stack" aria-labelledby="institutions-list">
        <h2 id="institutions-list" className="ui-section-title">
          {t("admin.institutions.list")}
        </h2>
        <Form method="get" className="ui-stack" key={JSON.stringify(query)}>
          <Field id="institutions-keyword" label={t("admin.institutions.keyword")}>
            <input className="ui-input" type="search" name="keyword" defaultValue={query.keyword} maxLength={100} />
          </Field>
          <Field id="institutions-certified" label={t("admin.institutions.certification")}>
            <select className="ui-input" name="certified" defaultValue={query.certified}>
              <option value="">{t("admin.institutions.all")}</option>
              <option value="1">{t("admin.institutions.certified")}</option>
              <option value="0">{t("admin.institutions.uncertified")}</option>
            </select>
          </Field>
          <div className="ui-row">
            <button type="submit" className="ui-button">
              {t("admin.institutions.search")}
            </button>
            {(query.keyword || query.certified) && (
              <Link className="ui-link" to="/admin/institutions">
                {t("admin.institutions.reset")}
              </Link>
            )}
          </div>
        </Form>
        <p className="ui-muted">{t("admin.institutions.results", { total: institutions.total })}</p>
        {institutions.list.length === 0 && <p>{t("admin.institutions.empty")}</p>}
        <ul className="ui-home-admin-rows" data-testid="institutions">
          {institutions.list.map((row) => (
            <InstitutionRow key={row.id} row={row} view={view} question={question && question.intent.endsWith(`:${row.id}`) ? question : null} />
          ))}
        </ul>
        <Pagination page={page} pageSize={PAGE_SIZE} total={institutions.total} />
      </section>

      <section className="ui-card ui-stack" aria-labelledby="institutions-add">
        <h2 id="institutions-add" className="ui-section-title">
          {t("admin.institutions.add")}
        </h2>
        <InstitutionForm intent="create" view={view("create")} />
      </section>
    </section>
  );
}

function InstitutionRow({
  row,
  view,
  question,
}: {
  row: AdminInstitution;
  view: (intent: string) => IntentView | undefined;
  question: MergeQuestion | DeleteQuestion | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const city = pick(lang, row.cityZh, row.cityEn);
  // Without a logo, the first letter of its name in the page's language stands in (as in /orgList).
  const initialOf = Array.from(pick(lang, row.nameZh, row.nameEn))[0] ?? "";
  const mergeIntent = `merge:${row.id}`;
  const deleteIntent = `delete:${row.id}`;
  const merge = question && "merge" in question && question.intent === mergeIntent ? question.merge : null;
  return (
    <li className="ui-home-admin-row" data-testid="institution" data-id={row.id}>
      <div className="ui-home-admin-row-head">
        {row.logo ? (
          <img className="ui-org-logo" src={row.logo} width={48} height={48} alt="" loading="lazy" />
        ) : (
          <span className="ui-org-logo" aria-hidden="true" {...enteredLang(initialOf)}>
            {initialOf}
          </span>
        )}
        <div className="ui-home-admin-row-text">
          <strong lang="zh-CN">{row.nameZh}</strong>
          {row.nameEn && <span lang="en"> {row.nameEn}</span>} <span className="ui-muted">#{row.id}</span>
          <p className="ui-muted">
            {city && (
              <>
                <span lang={lang === "en" && row.cityEn ? "en" : "zh-CN"}>{city}</span>
                {" · "}
              </>
            )}
            {t("admin.institutions.conferences", { count: row.conferences, published: row.published })}
          </p>
          <p>
            <StatusBadge tone={row.certified ? "success" : "neutral"} data-testid="certified">
              {t(row.certified ? "admin.institutions.certified" : "admin.institutions.uncertified")}
            </StatusBadge>
            {row.organization && (
              <span className="ui-muted">
                {" "}
                {t("admin.institutions.fromApplication")} <Entered text={row.organization.name} />
              </span>
            )}
          </p>
        </div>
      </div>
      <details open={Boolean(view(`update:${row.id}`))}>
        <summary>
          {t("admin.institutions.edit")}
          <span className="ui-visually-hidden" lang="zh-CN">
            {` ${row.nameZh}`}
          </span>
        </summary>
        <InstitutionForm intent={`update:${row.id}`} row={row} view={view(`update:${row.id}`)} />
      </details>
      {merge ? (
        <Form
          method="post"
          className="ui-banner ui-stack"
          role="alertdialog"
          aria-label={t("admin.institutions.mergeConfirmTitle")}
          data-testid="merge-question"
        >
          <input type="hidden" name="intent" value={mergeIntent} />
          <input type="hidden" name="into" value={merge.into.id} />
          <input type="hidden" name="confirmed" value="1" />
          <p>
            {t("admin.institutions.mergeQuestion", { count: row.conferences })}{" "}
            <strong lang="zh-CN">
              {merge.into.nameZh} #{merge.into.id}
            </strong>
          </p>
          <p className="ui-muted">{t("admin.institutions.mergeAfter")}</p>
          <div className="ui-row">
            <button type="submit" className="ui-button">
              {t("admin.institutions.mergeConfirm")}
            </button>
            <a className="ui-button-outline" href="?">
              {t("common.cancel")}
            </a>
          </div>
        </Form>
      ) : (
        <MergeForm intent={mergeIntent} row={row} view={view(mergeIntent)} />
      )}
      {row.conferences === 0 && (
        <>
          <ConfirmForm
            title={t("admin.institutions.confirmDelete", { name: row.nameZh })}
            fields={{ intent: deleteIntent }}
            asked={Boolean(question && "confirm" in question && question.intent === deleteIntent)}
          >
            {t("admin.institutions.delete")}
            <span className="ui-visually-hidden" lang="zh-CN">
              {` ${row.nameZh}`}
            </span>
          </ConfirmForm>
          <FieldError errors={view(deleteIntent)?.formErrors} />
        </>
      )}
    </li>
  );
}

/** Merge this duplicate into another institution, named by its number as the list shows it. */
function MergeForm({ intent, row, view }: { intent: string; row: AdminInstitution; view?: IntentView }) {
  const { t } = useTranslation();
  const id = `institution-${row.id}-into`;
  return (
    <Form method="post" className="ui-stack" noValidate key={view ? "refused" : "shown"}>
      <input type="hidden" name="intent" value={intent} />
      <FieldError errors={view?.formErrors} />
      <Field id={id} label={t("admin.institutions.mergeLabel", { id: row.id })} errors={view?.fieldErrors.into}>
        <input className="ui-input" name="into" inputMode="numeric" defaultValue={view?.values.into ?? ""} placeholder="#" />
      </Field>
      <div>
        <button type="submit" className="ui-button-outline">
          {t("admin.institutions.merge")}
          <span className="ui-visually-hidden" lang="zh-CN">
            {` ${row.nameZh}`}
          </span>
        </button>
      </div>
    </Form>
  );
}

/** Adds or edits one institution: names and cities in both languages, the logo, the certification. */
function InstitutionForm({ intent, row, view }: { intent: string; row?: AdminInstitution; view?: IntentView }) {
  const { t } = useTranslation();
  const key = intent.replace(/[^a-z0-9]/gi, "-");
  const value = (field: string, fallback: string) => view?.values[field] ?? fallback;
  const text = (field: "nameZh" | "nameEn" | "cityZh" | "cityEn") => (
    <Field id={`${key}-${field}`} label={t(`admin.institutions.${field}`)} errors={view?.fieldErrors[field]}>
      <input className="ui-input" name={field} lang={field.endsWith("Zh") ? "zh-CN" : "en"} defaultValue={value(field, row?.[field] ?? "")} />
    </Field>
  );
  const certified = view ? view.values.certified === "on" : (row?.certified ?? false);
  const logoErrors = view?.fieldErrors.logo;
  // Afresh after its own save (with JavaScript too: the add form empty for the next one, an edit
  // form showing what is now stored); kept as typed after another form's post or a refusal.
  const formKey = useFormKey(intent, Boolean(view), row ?? null);
  return (
    <Form method="post" encType="multipart/form-data" className="ui-stack" noValidate key={formKey}>
      <input type="hidden" name="intent" value={intent} />
      <FieldError errors={view?.formErrors} />
      {text("nameZh")}
      {text("nameEn")}
      {text("cityZh")}
      {text("cityEn")}
      <Field id={`${key}-logo`} label={t("admin.institutions.logo")} errors={logoErrors}>
        <input className="ui-input" name="logo" lang="en" defaultValue={value("logo", row?.logo ?? "")} />
      </Field>
      <div className="ui-field">
        <label className="ui-label" htmlFor={`${key}-logoFile`}>
          {t("admin.institutions.uploadLogo")}
        </label>
        <input id={`${key}-logoFile`} type="file" name="logoFile" accept={IMAGE_ACCEPT} aria-describedby={`${key}-logo-help`} />
        <p id={`${key}-logo-help`} className="ui-field-help">
          {t("admin.institutions.logoHelp")}
        </p>
      </div>
      <div className="ui-field">
        <label className="ui-row" htmlFor={`${key}-certified`}>
          <input id={`${key}-certified`} type="checkbox" name="certified" defaultChecked={certified} />
          <span>{t("admin.institutions.certifiedLabel")}</span>
        </label>
      </div>
      <div>
        <button type="submit" className="ui-button">
          {row ? t("admin.institutions.save") : t("admin.institutions.add")}
        </button>
      </div>
    </Form>
  );
}
