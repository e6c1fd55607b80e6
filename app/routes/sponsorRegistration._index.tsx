import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { ConferenceCard, type ConferenceSummary } from "~/components/ConferenceCard";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/Pagination";
import { ApplicationConferences } from "~/components/services/ApplicationConferences";
import type { Application } from "~/components/services/types";
import { areaLoader } from "~/locales/load";
import { requireSignedIn } from "~/services/guard.server";
import { type Page, platformData } from "~/services/platform.server";
import { servicePageData } from "~/services/services.server";
import { useTranslation } from "~/use-translation";

const PAGE_SIZE = 12;

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * `/sponsorRegistration` without an id (spec §2 `{id?}`): the visitor's own sponsor and exhibitor
 * applications by conference, and the upcoming conferences to apply to, paged.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [mine, upcoming] = await Promise.all([
    platformData<{ list: Application[] }>(request, "/exhibition", { query: { pageSize: 100 } }),
    platformData<Page<ConferenceSummary>>(request, "/conference", { query: { when: "upcoming", page, pageSize: PAGE_SIZE } }),
  ]);
  return servicePageData(request, "services.sponsorIndex.title", { page, applications: mine.list, upcoming });
}

export default function SponsorApplications() {
  const { page, applications, upcoming } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("services.sponsorIndex.title")}</h1>
      <p className="ui-muted">{t("services.sponsor.intro")}</p>
      <section aria-labelledby="mine-title" className="ui-stack">
        <h2 id="mine-title" className="ui-section-title">
          {t("services.sponsor.mine")}
        </h2>
        {applications.length > 0 ? (
          <ApplicationConferences applications={applications} href={(id) => `/sponsorRegistration/${id}`} />
        ) : (
          <p data-testid="no-applications">{t("services.sponsorIndex.none")}</p>
        )}
      </section>
      <section aria-labelledby="choose-title" className="ui-stack">
        <h2 id="choose-title" className="ui-section-title">
          {t("services.sponsorIndex.choose")}
        </h2>
        {upcoming.list.length > 0 ? (
          <>
            <ul className="ui-conference-list" data-testid="apply-conferences">
              {upcoming.list.map((conference) => (
                <ConferenceCard key={conference.id} conference={conference} href={`/sponsorRegistration/${conference.id}`} />
              ))}
            </ul>
            <Pagination page={page} pageSize={PAGE_SIZE} total={upcoming.total} />
          </>
        ) : (
          <EmptyState message={t("services.sponsorIndex.noConferences")} />
        )}
      </section>
    </section>
  );
}
