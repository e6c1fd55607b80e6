import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Highlight } from "~/components/Highlight";
import { Pagination } from "~/components/Pagination";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { pick } from "~/utils/format";
import { pageParam, positiveId } from "~/utils/replay";
import { pageMeta } from "~/utils/meta";

const PAGE_SIZE = 20;

type Named = { id: number; nameZh: string; nameEn: string };
type Reference = {
  id: number;
  nameZh: string;
  nameEn: string;
  cityZh: string;
  cityEn: string;
  addressZh: string;
  addressEn: string;
  majorInfo: Named | null;
  subjectInfo: Named | null;
};
type Filters = { majors: Array<Named & { subjects: Named[] }>; cities: Array<{ zh: string; en: string }> };

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The references directory (spec §2 /search/reference): keyword, subject, field and city, paged by links. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const majorId = positiveId(url.searchParams.get("majorId"));
  const subjectId = positiveId(url.searchParams.get("subjectId"));
  const city = (url.searchParams.get("city") ?? "").trim().slice(0, 50);
  const page = pageParam(url.searchParams.get("page"));
  const [references, filters, t] = await Promise.all([
    platformData<Page<Reference>>(request, "/reference", { query: { keyword, majorId, subjectId, city, page, pageSize: PAGE_SIZE } }),
    platformData<Filters>(request, "/reference/filters"),
    i18n.getFixedT(request),
  ]);
  const title = keyword ? t("references.titleKeyword", { keyword }) : t("references.title");
  return data(
    {
      title: `${title} - ${t("meta.siteName")}`,
      description: t("references.description"),
      query: { keyword, majorId: majorId ?? null, subjectId: subjectId ?? null, city },
      page,
      references,
      filters,
    },
    { headers: publicPageHeaders(request) },
  );
}

export default function ReferenceDirectory() {
  const { query, page, references, filters } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const other = lang === "en" ? "zh" : "en";
  const filtered = Boolean(query.keyword || query.majorId || query.subjectId || query.city);
  // `key` resets the uncontrolled fields when a link (paging, clearing) changes the query.
  const formKey = JSON.stringify(query);
  return (
    <section>
      <h1 className="ui-page-title">{t("references.title")}</h1>
      <Form method="get" className="ui-ref-filters" role="search" aria-label={t("references.filters")} key={formKey}>
        <div className="ui-field">
          <label className="ui-label" htmlFor="ref-keyword">
            {t("references.keyword")}
          </label>
          <input id="ref-keyword" className="ui-input" type="search" name="keyword" defaultValue={query.keyword} placeholder={t("references.keywordPlaceholder")} maxLength={100} />
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="ref-major">
            {t("references.major")}
          </label>
          <select id="ref-major" className="ui-input" name="majorId" defaultValue={query.majorId ?? ""}>
            <option value="">{t("references.allMajors")}</option>
            {filters.majors.map((major) => (
              <option key={major.id} value={major.id}>
                {pick(lang, major.nameZh, major.nameEn)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="ref-subject">
            {t("references.subject")}
          </label>
          <select id="ref-subject" className="ui-input" name="subjectId" defaultValue={query.subjectId ?? ""}>
            <option value="">{t("references.allSubjects")}</option>
            {filters.majors
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
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="ref-city">
            {t("references.city")}
          </label>
          <select id="ref-city" className="ui-input" name="city" defaultValue={query.city}>
            <option value="">{t("references.allCities")}</option>
            {filters.cities.map((city) => (
              <option key={city.zh} value={city.zh}>
                {pick(lang, city.zh, city.en)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-ref-actions">
          <button className="ui-button" type="submit">
            {t("references.search")}
          </button>
          {filtered && (
            <Link className="ui-ref-reset" to="/search/reference">
              {t("references.reset")}
            </Link>
          )}
        </div>
      </Form>

      {references.list.length === 0 ? (
        <div className="ui-ref-empty" role="status">
          <p>{t("references.empty")}</p>
          <p className="ui-muted">{t("references.emptyHint")}</p>
        </div>
      ) : (
        <>
          <p className="ui-ref-summary" role="status">
            {t("references.results", { total: references.total })}
          </p>
          <ul className="ui-ref-list" data-testid="reference-list">
            {references.list.map((reference) => {
              const name = pick(lang, reference.nameZh, reference.nameEn);
              const otherName = pick(other, reference.nameZh, reference.nameEn);
              return (
                <li key={reference.id} className="ui-ref-item">
                  <h2 className="ui-ref-name">
                    <Highlight text={name} keyword={query.keyword} />
                  </h2>
                  {otherName !== name && (
                    <p className="ui-ref-alt" lang={other === "en" ? "en" : "zh-CN"}>
                      <Highlight text={otherName} keyword={query.keyword} />
                    </p>
                  )}
                  <dl className="ui-ref-meta">
                    <dt>{t("references.city")}</dt>
                    <dd>
                      <Highlight text={pick(lang, reference.cityZh, reference.cityEn)} keyword={query.keyword} />
                    </dd>
                    <dt>{t("references.address")}</dt>
                    <dd>
                      <Highlight text={pick(lang, reference.addressZh, reference.addressEn)} keyword={query.keyword} />
                    </dd>
                    {reference.majorInfo && (
                      <>
                        <dt>{t("references.major")}</dt>
                        <dd>
                          <Highlight text={pick(lang, reference.majorInfo.nameZh, reference.majorInfo.nameEn)} keyword={query.keyword} />
                        </dd>
                      </>
                    )}
                    {reference.subjectInfo && (
                      <>
                        <dt>{t("references.subject")}</dt>
                        <dd>
                          <Highlight text={pick(lang, reference.subjectInfo.nameZh, reference.subjectInfo.nameEn)} keyword={query.keyword} />
                        </dd>
                      </>
                    )}
                  </dl>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={references.total} />
    </section>
  );
}
