import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parseId, parsePage } from "#contract/params";
import { Highlight } from "~/components/Highlight";
import { Pagination } from "~/components/Pagination";
import { DirectoryFilters, DirectoryResults } from "~/components/portal/DirectoryFilters";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

const PAGE_SIZE = 20;

type Named = { id: number; nameZh: string; nameEn: string };
/** A reference as the directory lists it (GET /reference), for this page and the administrators' (admin.references.tsx). */
export type Reference = {
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
export type Filters = { majors: Array<Named & { subjects: Named[] }>; cities: Array<{ zh: string; en: string }> };

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["directory"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The references directory (spec §2 /search/reference): keyword, subject, field and city, paged by links. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const majorId = parseId(url.searchParams.get("majorId"));
  const subjectId = parseId(url.searchParams.get("subjectId"));
  const city = (url.searchParams.get("city") ?? "").trim().slice(0, 50);
  const page = parsePage(url.searchParams.get("page"));
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
  return (
    <section>
      <h1 className="ui-page-title">{t("references.title")}</h1>
      <DirectoryFilters
        label={t("references.filters")}
        className="ui-ref-filters"
        formKey={JSON.stringify(query)}
        keyword={{ id: "ref-keyword", label: t("references.keyword"), placeholder: t("references.keywordPlaceholder"), value: query.keyword }}
        selects={[
          {
            id: "ref-major",
            name: "majorId",
            label: t("references.major"),
            value: query.majorId,
            allLabel: t("references.allMajors"),
            options: filters.majors.map((major) => ({ value: major.id, label: pick(lang, major.nameZh, major.nameEn) })),
          },
          {
            id: "ref-subject",
            name: "subjectId",
            label: t("references.subject"),
            value: query.subjectId,
            allLabel: t("references.allSubjects"),
            groups: filters.majors
              .filter((major) => major.subjects.length > 0)
              .map((major) => ({
                label: pick(lang, major.nameZh, major.nameEn),
                options: major.subjects.map((subject) => ({ value: subject.id, label: pick(lang, subject.nameZh, subject.nameEn) })),
              })),
          },
          {
            id: "ref-city",
            name: "city",
            label: t("references.city"),
            value: query.city,
            allLabel: t("references.allCities"),
            options: filters.cities.map((city) => ({ value: city.zh, label: pick(lang, city.zh, city.en) })),
          },
        ]}
        submitLabel={t("references.search")}
        reset={filtered ? { to: "/search/reference", label: t("references.reset") } : null}
      />

      <DirectoryResults
        shown={references.list.length}
        summary={t("references.results", { total: references.total })}
        empty={
          <>
            <p>{t("references.empty")}</p>
            <p className="ui-muted">{t("references.emptyHint")}</p>
          </>
        }
      >
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
      </DirectoryResults>
      <Pagination page={page} pageSize={PAGE_SIZE} total={references.total} />
    </section>
  );
}
