import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { ApplicationConferences } from "~/components/services/ApplicationConferences";
import type { Application } from "~/components/services/types";
import { areaLoader } from "~/locales/load";
import { requireSignedIn } from "~/services/guard.server";
import { platformData } from "~/services/platform.server";
import { servicePageData } from "~/services/services.server";
import { useTranslation } from "~/use-translation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * `/sponsorHotel` without an id (spec §2 `{id?}`): the conferences where the visitor may request
 * rooms for sponsor staff, those of its pending or approved applications; without one, the way
 * to apply first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const mine = await platformData<{ list: Application[] }>(request, "/exhibition", { query: { pageSize: 100 } });
  return servicePageData(request, "services.sponsorHotel.title", {
    applications: mine.list.filter((a) => a.state === "pending" || a.state === "approved"),
  });
}

export default function SponsorHotels() {
  const { applications } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("services.sponsorHotel.title")}</h1>
      <p className="ui-muted">{t("services.sponsorHotel.intro")}</p>
      {applications.length > 0 ? (
        <ApplicationConferences applications={applications} href={(id) => `/sponsorHotel/${id}`} />
      ) : (
        <EmptyState message={t("services.sponsorIndex.hotelNone")} action={{ href: "/sponsorRegistration", label: t("services.sponsorIndex.apply") }} />
      )}
    </section>
  );
}
