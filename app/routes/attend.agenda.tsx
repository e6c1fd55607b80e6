import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SessionList, SubscribeButton } from "~/components/services/SessionList";
import type { AgendaSession } from "~/components/services/types";
import { areaLoader } from "~/locales/load";
import { groupSessions, subscriptionAction } from "~/services/agenda.server";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** My agenda (issue 6): every session I subscribed to, and the private calendar feed of it. */
export async function loader({ request }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const agenda = await platformData<{ list: AgendaSession[]; feedToken: string }>(request, "/user/schedule");
  const feedPath = `/attend/agenda/${agenda.feedToken}.ics`;
  return data(
    {
      title: `${t("services.agenda.title")} - ${t("meta.siteName")}`,
      days: groupSessions(lang, agenda.list, t("services.papers.mainVenue")),
      feedPath,
      feedUrl: new URL(feedPath, request.url).toString(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action({ request }: ActionFunctionArgs) {
  requireSignedIn(request);
  return subscriptionAction(request);
}

export default function MyAgenda() {
  const { days, feedPath, feedUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="ui-container ui-attend-page ui-svc-page">
      <p className="ui-muted">
        <Link to="/attend">{t("attend.myTitle")}</Link>
      </p>
      <h1 className="ui-page-title">{t("services.agenda.title")}</h1>
      <section className="ui-card ui-stack ui-svc-feed" aria-labelledby="feed-title">
        <h2 id="feed-title" className="ui-section-title">
          {t("services.agenda.feedTitle")}
        </h2>
        <p className="ui-muted">{t("services.agenda.feedHelp")}</p>
        <label className="ui-label" htmlFor="feed-url">
          {t("services.agenda.feedUrl")}
        </label>
        <input id="feed-url" className="ui-input" readOnly value={feedUrl} data-testid="feed-url" />
        <p>
          <a href={feedPath} download className="ui-button-outline" data-testid="download-ics">
            {t("services.agenda.download")}
          </a>
        </p>
      </section>
      {days.length === 0 ? (
        <p className="ui-muted" data-testid="agenda-empty">
          {t("services.agenda.empty")}
        </p>
      ) : (
        <SessionList days={days} showConference action={(session) => <SubscribeButton session={session} />} />
      )}
    </div>
  );
}
