import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { ConferenceCard, type ConferenceSummary } from "~/components/ConferenceCard";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/Pagination";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { pageMeta } from "~/utils/meta";

const PAGE_SIZE = 18;

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["directory"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * `/conf` without an id (spec §2 `/conf/{id?}`): the published conferences whose organisers gave
 * their site its own styles, soonest first, each leading to its microsite.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [sites, t] = await Promise.all([
    platformData<Page<ConferenceSummary>>(request, "/conference", { query: { microsite: 1, page, pageSize: PAGE_SIZE } }),
    i18n.getFixedT(request),
  ]);
  return data(
    { title: `${t("microsites.title")} - ${t("meta.siteName")}`, description: t("microsites.description"), page, sites },
    { headers: publicPageHeaders(request) },
  );
}

export default function Microsites() {
  const { page, sites } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("microsites.title")}</h1>
      <p className="ui-muted">{t("microsites.description")}</p>
      {sites.list.length === 0 ? (
        <EmptyState message={t("microsites.empty")} action={{ href: "/", label: t("microsites.allConferences") }} />
      ) : (
        <>
          <p className="ui-muted" data-testid="microsite-total">
            {t("microsites.results", { count: sites.total })}
          </p>
          <ul className="ui-conference-list" data-testid="microsite-list">
            {sites.list.map((conference) => (
              <ConferenceCard key={conference.id} conference={conference} href={`/conf/${conference.id}`} />
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={sites.total} />
        </>
      )}
    </section>
  );
}
