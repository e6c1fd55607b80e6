import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConferenceCard, type ConferenceSummary } from "~/components/ConferenceCard";
import { Pagination } from "~/components/Pagination";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";

const PAGE_SIZE = 18;
const WHEN = ["upcoming", "past", "all"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "" },
  { name: "description", content: data?.description ?? "" },
  { property: "og:title", content: data?.title ?? "" },
  { property: "og:description", content: data?.description ?? "" },
];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Home: academic conferences, upcoming first, as plain links that page without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const when = WHEN.find((w) => w === url.searchParams.get("when")) ?? "upcoming";
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const conferences = await platformData<Page<ConferenceSummary>>(request, "/conference", {
    query: { when: when === "all" ? undefined : when, page, pageSize: PAGE_SIZE },
  });
  const t = await i18n.getFixedT(request);
  return data(
    { title: `${t("home.title")} - ${t("meta.siteName")}`, description: t("meta.description"), when, page, conferences },
    { headers: publicPageHeaders(request) },
  );
}

export default function Home() {
  const { when, page, conferences } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="ui-page-title">{t("home.title")}</h1>
      <nav className="ui-tabs" aria-label={t("home.title")}>
        {WHEN.map((w) => (
          <Link key={w} className="ui-tab" to={w === "upcoming" ? "/" : `/?when=${w}`} aria-current={when === w ? "page" : undefined}>
            {t(`home.${w}`)}
          </Link>
        ))}
      </nav>
      {conferences.list.length === 0 ? (
        <p className="ui-muted">{t("home.empty")}</p>
      ) : (
        <ul className="ui-conference-list" data-testid="conference-list">
          {conferences.list.map((conference) => (
            <ConferenceCard key={conference.id} conference={conference} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={conferences.total} />
    </section>
  );
}
