import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { AUDIT_EXPORT_MAX, type AUDIT_FILTER_KEYS, type AuditRow, auditFiltersOf } from "#contract/schemas/audit-admin";
import { Field } from "~/components/Field";
import { Pagination } from "~/components/Pagination";
import { Entered } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatInstant, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["admin"]);

type AuditPage = { list: AuditRow[]; total: number; pageSize: number; actions: string[] };
type FilterKey = (typeof AUDIT_FILTER_KEYS)[number];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/**
 * The platform-wide audit log (issue 17): platform administrators only. Filters a refused value
 * are said beside their field with what was typed kept, and the unfiltered log is shown.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const url = new URL(request.url);
  const asked = auditFiltersOf(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const [tried, t] = await Promise.all([callPlatform<AuditPage>(request, "/admin/audit", { query: { ...asked, page } }), i18n.getFixedT(request)]);
  const errors: Partial<Record<FilterKey, string>> = tried.ok ? {} : tried.fields;
  const log = tried.ok ? tried.data : await platformData<AuditPage>(request, "/admin/audit");
  const title = `${t("admin.audit.title")} - ${t("meta.siteName")}`;
  return data({ title, asked, errors, page: tried.ok ? page : 1, log }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function AuditLog() {
  const { asked, errors, page, log } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const families = [...new Set(log.actions.flatMap((action) => (action.includes(".") ? [`${action.split(".")[0]}.`] : [])))];
  const filtered = Object.keys(asked).length > 0;
  const exportQuery = new URLSearchParams(Object.keys(errors).length ? {} : asked);
  // A refused day is kept as typed, in a text box: a date box may only hold a real day (HTML).
  const dayType = (key: "from" | "to") => (errors[key] ? "text" : "date");
  const field = (key: FilterKey, control: React.ReactElement) => (
    <Field id={`audit-${key}`} label={t(`admin.audit.${key}`)} errors={errors[key] ? [errors[key]] : undefined}>
      {control}
    </Field>
  );
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.audit.title")}</h1>
      <p className="ui-muted">{t("admin.audit.intro")}</p>
      <section className="ui-card ui-stack" aria-labelledby="audit-filters">
        <h2 id="audit-filters" className="ui-section-title">
          {t("admin.audit.filters")}
        </h2>
        <Form method="get" className="ui-stack" key={JSON.stringify(asked)}>
          {field("account", <input className="ui-input" name="account" inputMode="numeric" maxLength={30} defaultValue={asked.account ?? ""} />)}
          {field("conferenceId", <input className="ui-input" name="conferenceId" inputMode="numeric" maxLength={30} defaultValue={asked.conferenceId ?? ""} />)}
          {field(
            "action",
            <select className="ui-input" name="action" defaultValue={asked.action ?? ""}>
              <option value="">{t("admin.audit.allActions")}</option>
              {asked.action && !log.actions.includes(asked.action) && !families.includes(asked.action) && <option value={asked.action}>{asked.action}</option>}
              {families.map((prefix) => (
                <option key={prefix} value={prefix}>
                  {t("admin.audit.actionFamily", { prefix })}
                </option>
              ))}
              {log.actions.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </select>,
          )}
          {field("from", <input className="ui-input" type={dayType("from")} name="from" defaultValue={asked.from ?? ""} />)}
          {field("to", <input className="ui-input" type={dayType("to")} name="to" defaultValue={asked.to ?? ""} />)}
          <div className="ui-row">
            <button type="submit" className="ui-button">
              {t("admin.audit.search")}
            </button>
            {filtered && (
              <Link className="ui-link" to="/admin/audit">
                {t("admin.audit.reset")}
              </Link>
            )}
          </div>
        </Form>
        <div className="ui-row">
          <a
            className="ui-button-outline"
            href={`/admin/audit/export.xlsx${exportQuery.size ? `?${exportQuery}` : ""}`}
            download
            rel="nofollow"
            data-testid="export"
          >
            {t("admin.audit.export")}
          </a>
          <span className="ui-muted">{t("admin.audit.exportNote", { max: AUDIT_EXPORT_MAX })}</span>
        </div>
      </section>
      <section className="ui-card ui-stack" aria-labelledby="audit-list">
        <h2 id="audit-list" className="ui-section-title">
          {t("admin.audit.list")}
        </h2>
        <p className="ui-muted" data-testid="audit-total">
          {t("admin.audit.results", { total: log.total })}
        </p>
        {log.list.length === 0 ? (
          <p>{t("admin.audit.empty")}</p>
        ) : (
          <div className="ui-edit-table-wrap">
            <table className="ui-table" data-testid="audit-rows">
              <thead>
                <tr>
                  {(["time", "who", "conference", "action", "target", "detail"] as const).map((key) => (
                    <th key={key} scope="col">
                      {t(`admin.audit.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {log.list.map((row) => (
                  <tr key={row.id} data-testid="audit-row">
                    <td>{formatInstant(lang, row.createdAt)}</td>
                    <td>
                      {row.account ? (
                        <Link className="ui-link" to={`/admin/accounts/${row.account.id}`}>
                          <Entered text={row.account.name} /> {row.account.mobile}
                        </Link>
                      ) : (
                        t("admin.audit.system")
                      )}
                    </td>
                    <td>
                      {row.conference ? (
                        <Link className="ui-link" to={`/${row.conference.id}`}>
                          <Entered text={pick(lang, row.conference.nameZh, row.conference.nameEn)} />
                        </Link>
                      ) : (
                        (row.conferenceId ?? "")
                      )}
                    </td>
                    <td>
                      <code>{row.action}</code>
                    </td>
                    <td>
                      <Entered text={row.target} />
                    </td>
                    <td>
                      {/* What was typed travels in the detail: Chinese there is data, said so for readers and the layout check. */}
                      <code {...enteredLang(JSON.stringify(row.detail))}>{JSON.stringify(row.detail)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} pageSize={log.pageSize} total={log.total} />
      </section>
    </section>
  );
}
