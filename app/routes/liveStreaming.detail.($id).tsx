import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import { ReplayCard, type ReplaySummary } from "~/components/ReplayCard";
import { ReplayPlayer } from "~/components/ReplayPlayer";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, pick } from "~/utils/format";
import { chinaDay, formatDuration, replayCover } from "~/utils/replay";

type ReplayDetail = {
  info: {
    id: number;
    conferenceId: number | null;
    titleZh: string;
    titleEn: string;
    descriptionZh: string;
    descriptionEn: string;
    cover: string | null;
    mp4Url: string | null;
    hlsUrl: string | null;
    durationSeconds: number;
    recordedAt: string;
  };
  conference: { id: number; nameZh: string; nameEn: string } | null;
  related: ReplaySummary[];
};

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["directory"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const { og } = data;
  return [
    { title: data.title },
    { name: "description", content: data.description },
    { property: "og:title", content: data.title },
    { property: "og:description", content: data.description },
    { property: "og:type", content: "video.other" },
    { property: "og:url", content: og.url },
    { property: "og:image", content: og.image },
    ...(og.video
      ? [
          { property: "og:video", content: og.video },
          { property: "og:video:type", content: "video/mp4" },
          { property: "og:video:width", content: "640" },
          { property: "og:video:height", content: "360" },
        ]
      : []),
  ];
};
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** One replay (spec §2 /liveStreaming/detail/{id?}): without an id, the list; unknown or unpublished, 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.id === undefined) throw redirect("/liveStreaming");
  const id = routeId(params.id);
  const t = await i18n.getFixedT(request);
  const result = await callPlatform<ReplayDetail>(request, `/live-streaming/${id}`);
  if (!result.ok) throw new Response(result.message || t("replays.errors.notFound"), { status: 404 });
  const { lang } = getLang(request);
  const replay = result.data;
  const { info } = replay;
  const origin = new URL(request.url).origin;
  const absolute = (path: string) => new URL(path, origin).toString();
  const title = pick(lang, info.titleZh, info.titleEn);
  const description = pick(lang, info.descriptionZh, info.descriptionEn).slice(0, 160) || t("replays.description");
  return data(
    {
      title: `${title} - ${t("replays.title")} - ${t("meta.siteName")}`,
      description,
      og: {
        url: absolute(`/liveStreaming/detail/${info.id}`),
        image: absolute(replayCover(info)),
        video: info.mp4Url ? absolute(info.mp4Url) : null,
      },
      replay,
    },
    { headers: publicPageHeaders(request) },
  );
}

export default function ReplayPage() {
  const { replay } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { info, conference, related } = replay;
  const title = pick(lang, info.titleZh, info.titleEn);
  const paragraphs = pick(lang, info.descriptionZh, info.descriptionEn)
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <article>
      <Link className="ui-org-back" to="/liveStreaming">
        ← {t("replays.back")}
      </Link>
      <div className="ui-replay-layout">
        <div>
          {/* A new replay needs a new element: changed <source> children alone don't reload a video. */}
          <ReplayPlayer key={info.id} title={title} mp4Url={info.mp4Url} hlsUrl={info.hlsUrl} poster={replayCover(info)} />
          <h1 className="ui-replay-heading" {...enteredLang(title)}>
            {title}
          </h1>
          <p className="ui-replay-facts">
            <span>{t("replays.recordedAt", { date: formatDay(lang, chinaDay(info.recordedAt)) })}</span>
            {info.durationSeconds > 0 && (
              <span>
                {t("replays.duration")} {formatDuration(info.durationSeconds)}
              </span>
            )}
          </p>
          {conference && (
            <p className="ui-replay-facts ui-replay-conference">
              <span>
                {t("replays.conference")}: <Link to={`/${conference.id}`}>{pick(lang, conference.nameZh, conference.nameEn)}</Link>
              </span>
              <Link to={`/liveStreaming?conferenceId=${conference.id}`}>{t("replays.moreFromConference")}</Link>
            </p>
          )}
          {paragraphs.length > 0 && (
            <div className="ui-replay-description">
              {paragraphs.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          )}
        </div>
        {related.length > 0 && (
          <aside aria-labelledby="replay-related-title">
            <h2 id="replay-related-title" className="ui-replay-aside-title">
              {t("replays.related")}
            </h2>
            <ul className="ui-replay-related" data-testid="related-replays">
              {related.map((item) => (
                <ReplayCard key={item.id} replay={item} lazy />
              ))}
            </ul>
          </aside>
        )}
      </div>
    </article>
  );
}
