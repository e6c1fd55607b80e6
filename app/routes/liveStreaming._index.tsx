import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { parseId, parsePage } from "#contract/params";
import { Pagination } from "~/components/Pagination";
import { DirectoryFilters, DirectoryResults } from "~/components/portal/DirectoryFilters";
import { ReplayCard, type ReplaySummary } from "~/components/ReplayCard";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform, type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

const PAGE_SIZE = 12;
/** Covers of the first row load at once; the rest only when scrolled near. */
const EAGER_COVERS = 4;

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["directory"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Live-stream replays (spec §2 /liveStreaming): newest first, by keyword, year and conference, paged by links. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const conferenceId = parseId(url.searchParams.get("conferenceId"));
  const yearText = url.searchParams.get("year") ?? "";
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : undefined;
  const page = parsePage(url.searchParams.get("page"));
  const [replays, filters, conference, t] = await Promise.all([
    platformData<Page<ReplaySummary>>(request, "/live-streaming", { query: { keyword, conferenceId, year, page, pageSize: PAGE_SIZE } }),
    platformData<{ years: number[] }>(request, "/live-streaming/filters"),
    // The conference filter's name; an unknown or unpublished conference just shows its number.
    conferenceId ? callPlatform<{ info: { nameZh: string; nameEn: string } }>(request, `/conference/${conferenceId}`) : null,
    i18n.getFixedT(request),
  ]);
  return data(
    {
      title: `${t("replays.title")} - ${t("meta.siteName")}`,
      description: t("replays.description"),
      query: { keyword, year: year ?? null, conferenceId: conferenceId ?? null },
      conference: conference?.ok ? { nameZh: conference.data.info.nameZh, nameEn: conference.data.info.nameEn } : null,
      years: filters.years,
      page,
      replays,
    },
    { headers: publicPageHeaders(request) },
  );
}

export default function Replays() {
  const { query, conference, years, page, replays } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const lang = i18n.language;
  const filtered = Boolean(query.keyword || query.year || query.conferenceId);
  const withoutConference = new URLSearchParams(location.search);
  withoutConference.delete("conferenceId");
  withoutConference.delete("page");
  const conferenceName = conference ? pick(lang, conference.nameZh, conference.nameEn) : `#${query.conferenceId}`;
  return (
    <section>
      <h1 className="ui-page-title">{t("replays.title")}</h1>
      <DirectoryFilters
        label={t("replays.filters")}
        className="ui-replay-filters"
        formKey={JSON.stringify(query)}
        keyword={{ id: "replay-keyword", label: t("replays.keyword"), placeholder: t("replays.keywordPlaceholder"), value: query.keyword }}
        selects={[
          {
            id: "replay-year",
            name: "year",
            label: t("replays.year"),
            value: query.year,
            allLabel: t("replays.allYears"),
            options: years.map((year) => ({ value: year, label: String(year) })),
          },
        ]}
        hidden={{ conferenceId: query.conferenceId }}
        submitLabel={t("replays.search")}
        reset={filtered ? { to: "/liveStreaming", label: t("replays.reset") } : null}
      />
      {query.conferenceId && (
        <p className="ui-replay-chip" data-testid="conference-filter">
          <span>{t("replays.conferenceFilter", { name: conferenceName })}</span>
          <Link
            to={`/liveStreaming${withoutConference.size ? `?${withoutConference}` : ""}`}
            aria-label={t("replays.removeConference")}
            title={t("replays.removeConference")}
          >
            ×
          </Link>
        </p>
      )}
      <DirectoryResults shown={replays.list.length} summary={t("replays.results", { total: replays.total })} empty={<p>{t("replays.empty")}</p>}>
        <ul className="ui-replay-grid" data-testid="replay-list">
          {replays.list.map((replay, i) => (
            <ReplayCard key={replay.id} replay={replay} keyword={query.keyword} lazy={i >= EAGER_COVERS} />
          ))}
        </ul>
      </DirectoryResults>
      <Pagination page={page} pageSize={PAGE_SIZE} total={replays.total} />
    </section>
  );
}
