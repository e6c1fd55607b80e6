/** 3725 → "1:02:05", 605 → "10:05"; what a player shows. */
export function formatDuration(seconds: number) {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The calendar day an instant falls on in China (UTC+8), as conference dates are: "2025-01-01". */
export function chinaDay(instant: string | Date) {
  const time = new Date(instant).getTime();
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 10);
}

const DEFAULT_COVERS = 3;

/** The replay's own cover, or one of the default covers (public/media), the same for a replay every time. */
export function replayCover(replay: { id: number; cover: string | null }) {
  return replay.cover || `/media/replay-cover-${(replay.id % DEFAULT_COVERS) + 1}.svg`;
}
