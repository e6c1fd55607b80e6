import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConferenceCard, type ConferenceSummary } from "~/components/ConferenceCard";
import { Pagination } from "~/components/Pagination";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";

const PAGE_SIZE = 18;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Conferences by name, subject and host city (spec §2 /search, query `keyword`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const results = await platformData<Page<ConferenceSummary>>(request, "/conference", { query: { keyword, page, pageSize: PAGE_SIZE } });
  const t = await i18n.getFixedT(request);
  const title = keyword ? t("search.title", { keyword }) : t("search.titleEmpty");
  return data({ title: `${title} - ${t("meta.siteName")}`, keyword, page, results }, { headers: publicPageHeaders(request) });
}

export default function Search() {
  const { keyword, page, results } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="ui-page-title">{keyword ? t("search.title", { keyword }) : t("search.titleEmpty")}</h1>
      <Form method="get" className="ui-row" role="search" style={{ marginBottom: 16 }}>
        <input className="ui-input" style={{ maxWidth: 420 }} type="search" name="keyword" defaultValue={keyword} placeholder={t("header.searchPlaceholder")} aria-label={t("header.search")} />
        <button className="ui-button" type="submit">
          {t("header.search")}
        </button>
      </Form>
      {results.list.length === 0 ? (
        <div>
          <p>{t("search.empty", { keyword })}</p>
          <p className="ui-muted">{t("search.suggestions")}</p>
        </div>
      ) : (
        <>
          <p className="ui-muted">{t("search.results", { total: results.total })}</p>
          <ul className="ui-conference-list" data-testid="search-results">
            {results.list.map((conference) => (
              <ConferenceCard key={conference.id} conference={conference} keyword={keyword} />
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={results.total} />
    </section>
  );
}
