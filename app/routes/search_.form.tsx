import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { showMoment } from "~/components/authoring/types";
import { Highlight } from "~/components/Highlight";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { ENTERED, NamedControl } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { pick } from "~/utils/format";
import { type FormListRow, formPath } from "~/utils/forms";
import { pageMeta } from "~/utils/meta";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["forms"]);

const PAGE_SIZE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Public forms by keyword (spec §2 /search/form, open to anyone), each with its state and a way to answer it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const page = parsePage(url.searchParams.get("page"));
  const [forms, t] = await Promise.all([
    platformData<Page<FormListRow>>(request, "/form", { query: { public: 1, keyword, page, pageSize: PAGE_SIZE } }),
    i18n.getFixedT(request),
  ]);
  return data(
    { title: `${t("forms.search.title")} - ${t("meta.siteName")}`, description: t("forms.metaDescription"), keyword, page, forms },
    { headers: publicPageHeaders(request, 10) },
  );
}

export default function SearchForms() {
  const { keyword, page, forms } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="ui-container ui-frm-page">
      <h1 className="ui-page-title">{t("forms.search.title")}</h1>
      <Form method="get" className="ui-input-group ui-frm-search" role="search" aria-label={t("forms.search.title")} key={keyword}>
        <label className="ui-visually-hidden" htmlFor="form-keyword">
          {t("forms.search.keyword")}
        </label>
        <input
          id="form-keyword"
          className="ui-input"
          type="search"
          name="keyword"
          defaultValue={keyword}
          placeholder={t("forms.search.placeholder")}
          maxLength={100}
        />
        <button type="submit" className="ui-button">
          {t("forms.search.submit")}
        </button>
      </Form>
      <p className="ui-muted" role="status">
        {t("forms.search.results", { count: forms.total })}
      </p>
      {forms.list.length === 0 ? (
        <p className="ui-muted">{t("forms.search.empty")}</p>
      ) : (
        <ul className="ui-frm-results" data-testid="form-results">
          {forms.list.map((form) => {
            const title = pick(lang, form.titleZh, form.titleEn);
            const state = form.state ?? "open";
            return (
              <li key={form.id} className="ui-card ui-frm-result">
                <div>
                  <h2 className="ui-frm-result-title">
                    <Link to={formPath.detail(form.id)} {...enteredLang(title)}>
                      <Highlight text={title} keyword={keyword} />
                    </Link>
                  </h2>
                  <p className="ui-muted" {...enteredLang(pick(lang, form.descriptionZh, form.descriptionEn))}>
                    {pick(lang, form.descriptionZh, form.descriptionEn)}
                  </p>
                  {form.deadline && <p className="ui-muted">{t("forms.detail.deadline", { deadline: showMoment(form.deadline) })}</p>}
                </div>
                <div className="ui-frm-result-side">
                  <StatusBadge state={state} data-testid="form-state">
                    {t(`forms.states.${state}`)}
                  </StatusBadge>
                  {state === "open" && (
                    <Link className="ui-button-outline" to={formPath.detail(form.id)}>
                      <NamedControl shown={t("forms.search.fill")} name={t("forms.search.fillLabel", { title: ENTERED })} entered={title} />
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={forms.total} />
    </section>
  );
}
