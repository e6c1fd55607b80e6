import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { Around } from "~/components/Around";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/Pagination";
import { ConferenceSearchForm } from "~/components/portal/ConferenceSearchForm";
import { PortalConferenceCard } from "~/components/portal/PortalConferenceCard";
import type { PortalConference, PortalFacets } from "~/components/portal/types";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { clockNow, toConferences } from "~/services/portal.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { pick } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

const PAGE_SIZE = 18;
const SUGGESTED_CITIES = 8;

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["portal"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data, [{ name: "robots", content: "noindex" }]);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * Conferences by name, subject and host city (spec §2 /search, query `keyword`), Chinese or
 * English. No keyword, or no result: suggestions to search by (popular cities, categories).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const page = parsePage(url.searchParams.get("page"));
  const [results, t] = await Promise.all([
    keyword ? platformData<Page<PortalConference>>(request, "/conference", { query: { keyword, page, pageSize: PAGE_SIZE } }) : null,
    i18n.getFixedT(request),
  ]);
  const facets = results && results.total > 0 ? null : await platformData<PortalFacets>(request, "/portal/facets");
  const title = keyword ? t("search.title", { keyword }) : t("search.titleEmpty");
  return data(
    {
      title: `${title} - ${t("meta.siteName")}`,
      description: t("portal.search.description"),
      keyword,
      page,
      ...(await clockNow()),
      results: results && { list: toConferences(results.list), total: results.total },
      suggestions: facets && { cities: facets.cities.slice(0, SUGGESTED_CITIES), categories: facets.categories },
    },
    { headers: publicPageHeaders(request) },
  );
}

export default function Search() {
  const { keyword, page, today, now, results, suggestions } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="ui-portal-search">
      <h1 className="ui-page-title" id="search-results-title">
        {keyword ? (
          <Around t={t} k="search.title" param="keyword">
            <span {...enteredLang(keyword)}>{keyword}</span>
          </Around>
        ) : (
          t("search.titleEmpty")
        )}
      </h1>
      <ConferenceSearchForm id="portal-keyword" keyword={keyword} key={keyword} />

      {!keyword && <p className="ui-muted">{t("portal.search.prompt")}</p>}
      {results && results.total === 0 && (
        <EmptyState
          testId="search-empty"
          message={
            <Around t={t} k="search.empty" param="keyword">
              <span {...enteredLang(keyword)}>{keyword}</span>
            </Around>
          }
        >
          <p className="ui-muted">{t("search.suggestions")}</p>
        </EmptyState>
      )}
      {results && results.total > 0 && (
        <>
          <p className="ui-muted" data-testid="search-count">
            {t("search.results", { total: results.total })}
          </p>
          <ul className="ui-conference-list" data-testid="search-results" aria-labelledby="search-results-title">
            {results.list.map((conference, index) => (
              <PortalConferenceCard key={conference.id} conference={conference} today={today} now={now} keyword={keyword} first={index === 0} />
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={results.total} />
        </>
      )}

      {suggestions && (
        <div className="ui-portal-suggestions" data-testid="search-suggestions">
          <SuggestionChips
            title={t("portal.search.tryCities")}
            items={suggestions.cities.map((city) => ({ key: city.cityZh, name: pick(lang, city.cityZh, city.cityEn) }))}
          />
          <SuggestionChips
            title={t("portal.search.tryCategories")}
            items={suggestions.categories.map((category) => ({ key: String(category.id), name: pick(lang, category.nameZh, category.nameEn) }))}
          />
          <p className="ui-portal-suggestions-more">
            <Link className="ui-link-button" to="/">
              {t("portal.search.browseAll")}
            </Link>
            <Link className="ui-link-button" to="/schedule">
              {t("portal.search.calendar")}
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

const searchHref = (word: string) => `/search?keyword=${encodeURIComponent(word)}`;

/** Suggested searches as links (works without JavaScript). */
function SuggestionChips({ title, items }: { title: string; items: Array<{ key: string; name: string }> }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="ui-portal-suggestions-title">{title}</h2>
      <ul className="ui-portal-chips">
        {items.map((item) => (
          <li key={item.key}>
            <Link className="ui-portal-chip" to={searchHref(item.name)}>
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
