import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import { ServicePage } from "~/components/services/ServicePage";
import { SessionList, SubscribeButton } from "~/components/services/SessionList";
import type { AgendaSession, ServiceConference } from "~/components/services/types";
import { areaLoader } from "~/locales/load";
import { subscriptionAction, groupSessions } from "~/services/agenda.server";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The published sessions of a conference by day and branch, each with subscribe or unsubscribe (issue 6). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const sessions = await platformData<{ conference: ServiceConference; list: AgendaSession[] }>(request, `/user/schedule/sessions/${id}`);
  return data(
    {
      title: `${t("services.agenda.scheduleTitle")} - ${t("meta.siteName")}`,
      lang,
      conference: sessions.conference,
      days: groupSessions(lang, sessions.list, t("services.papers.mainVenue")),
      subscribed: sessions.list.filter((s) => s.subscribed).length,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action({ request }: ActionFunctionArgs) {
  requireSignedIn(request);
  return subscriptionAction(request);
}

export default function ScheduleSubscription() {
  const { conference, days, lang, subscribed } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ServicePage conference={conference} lang={lang} title={t("services.agenda.scheduleTitle")} intro={t("services.agenda.scheduleIntro")} current="schedule">
      <p>
        {t("services.agenda.count", { count: subscribed })} <Link to="/attend/agenda">{t("services.agenda.myAgenda")}</Link>
      </p>
      {days.length === 0 ? (
        <p className="ui-muted">{t("services.agenda.noSessions")}</p>
      ) : (
        <SessionList days={days} action={(session) => <SubscribeButton session={session} />} />
      )}
    </ServicePage>
  );
}
