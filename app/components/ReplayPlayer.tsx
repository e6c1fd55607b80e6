import type HlsPlayer from "hls.js";
import { useEffect, useId, useRef } from "react";
import { ENTERED, WithEntered } from "~/components/WithEntered";
import { useTranslation } from "~/use-translation";

const HLS_TYPE = "application/vnd.apple.mpegurl";

type Props = { title: string; mp4Url: string | null; hlsUrl: string | null; poster: string };

/**
 * The replay's native `<video>`: without JavaScript the browser picks the first source it can
 * play (HLS where it plays HLS natively, else MP4). With JavaScript, and only when the replay has
 * an HLS rendition the browser can't play natively, hls.js is fetched (its own chunk, never in
 * the page's first load) and streams through Media Source Extensions.
 */
export function ReplayPlayer({ title, mp4Url, hlsUrl, poster }: Props) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const labelId = useId();

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hlsUrl || video.canPlayType(HLS_TYPE)) return;
    let cancelled = false;
    let hls: HlsPlayer | null = null;
    import("hls.js")
      .then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        const player = new Hls({ capLevelToPlayerSize: true });
        hls = player;
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // Back to the `<source>` elements (the MP4), as if hls.js had never come.
          player.destroy();
          hls = null;
          delete video.dataset.player;
          video.removeAttribute("src");
          video.load();
        });
        player.loadSource(hlsUrl);
        player.attachMedia(video);
        video.dataset.player = "hls.js";
      })
      .catch((error: unknown) => console.warn("[replay] hls.js unavailable, playing the MP4:", error));
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [hlsUrl]);

  if (!mp4Url && !hlsUrl) {
    return (
      <div className="ui-replay-notice" role="status">
        {t("replays.noVideo")}
      </div>
    );
  }
  return (
    <>
      {/* The player's name: a sentence with the title marked by its language, which an aria-label cannot do. */}
      <span id={labelId} hidden>
        <WithEntered text={t("replays.playerOf", { title: ENTERED })} entered={title} />
      </span>
      {/* Replays are uploaded as video files only; the platform holds no caption track to offer. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={videoRef}
        className="ui-replay-video"
        controls
        preload="metadata"
        playsInline
        poster={poster}
        width={640}
        height={360}
        aria-labelledby={labelId}
        data-testid="replay-video"
      >
        {hlsUrl && <source src={hlsUrl} type={HLS_TYPE} />}
        {mp4Url && <source src={mp4Url} type="video/mp4" />}
        <p>
          {t("replays.noVideoSupport")} {mp4Url && <a href={mp4Url}>{t("replays.download")}</a>}
        </p>
      </video>
    </>
  );
}
