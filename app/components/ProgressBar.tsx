import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/use-translation";

/** Shown only when a navigation lasts longer than this (spec §9 throttle). */
export const PROGRESS_THROTTLE_MS = 200;
/** The bar takes this long to fill to 90 % (spec §9 duration). */
export const PROGRESS_DURATION_MS = 5000;

/**
 * How the bar at a width shows: at 0 (idle) and at 100 (a finished navigation, fading out for
 * 300 ms) it is invisible, and so hidden from assistive technology too. Exposed after it finished,
 * it was a progress bar outside every landmark that no one could see.
 */
export function progressLook(width: number) {
  const shown = width > 0 && width < 100;
  return { opacity: shown ? 1 : 0, hidden: !shown };
}

/** The loading indicator on route change. */
export function ProgressBar() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state !== "idle";
  const [width, setWidth] = useState(0);

  useEffect(() => {
    if (!busy) {
      setWidth((w) => (w > 0 ? 100 : 0));
      const done = setTimeout(() => setWidth(0), 300);
      return () => clearTimeout(done);
    }
    const started = Date.now();
    let interval: ReturnType<typeof setInterval> | undefined;
    const show = setTimeout(() => {
      interval = setInterval(() => {
        const elapsed = Date.now() - started;
        setWidth(Math.min(90, 10 + (80 * elapsed) / PROGRESS_DURATION_MS));
      }, PROGRESS_THROTTLE_MS);
      setWidth(10);
    }, PROGRESS_THROTTLE_MS);
    return () => {
      clearTimeout(show);
      if (interval) clearInterval(interval);
    };
  }, [busy]);

  const look = progressLook(width);
  return (
    <div
      className="ui-progress"
      role="progressbar"
      aria-label={t("common.loading")}
      aria-valuenow={Math.round(width)}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-hidden={look.hidden}
      style={{ width: `${width}%`, opacity: look.opacity }}
    />
  );
}
