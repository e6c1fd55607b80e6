import { Link } from "@remix-run/react";
import type { ReplaySummary } from "#contract/views/replays";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, pick } from "~/utils/format";
import { usePrefetch } from "~/utils/prefetch";
import { chinaDay, formatDuration, replayCover } from "~/utils/replay";
import { Highlight } from "./Highlight";

export type { ReplaySummary };

/** One replay in a grid: cover with its duration, title, conference (a filter link) and day. */
export function ReplayCard({ replay, keyword, lazy }: { replay: ReplaySummary; keyword?: string; lazy: boolean }) {
  const { t, i18n } = useTranslation();
  const prefetch = usePrefetch();
  const lang = i18n.language;
  const conferenceName = pick(lang, replay.conferenceNameZh, replay.conferenceNameEn);
  return (
    <li className="ui-replay-card">
      <Link className="ui-replay-link" to={`/liveStreaming/detail/${replay.id}`} prefetch={prefetch}>
        <span className="ui-replay-thumb">
          <img className="ui-replay-cover" src={replayCover(replay)} width={320} height={180} alt="" loading={lazy ? "lazy" : "eager"} decoding="async" />
          {replay.durationSeconds > 0 && (
            <span className="ui-replay-duration">
              <span className="ui-visually-hidden">{t("replays.duration")} </span>
              {formatDuration(replay.durationSeconds)}
            </span>
          )}
        </span>
        <span className="ui-replay-title" {...enteredLang(pick(lang, replay.titleZh, replay.titleEn))}>
          <Highlight text={pick(lang, replay.titleZh, replay.titleEn)} keyword={keyword} />
        </span>
      </Link>
      <span className="ui-replay-meta">
        {replay.conferenceId !== null && conferenceName && (
          <>
            <Link to={`/liveStreaming?conferenceId=${replay.conferenceId}`}>{conferenceName}</Link>
            {" · "}
          </>
        )}
        <time dateTime={replay.recordedAt}>{formatDay(lang, chinaDay(replay.recordedAt))}</time>
      </span>
    </li>
  );
}
