/**
 * Geometry of the statistics screen's SVG charts, as pure functions: the server draws the
 * charts (no chart library, nothing to load), the client redraws them from fresh figures.
 */

/** The smallest 1, 2 or 5 × 10^k that is ≥ n (at least 1): a scale top people read at a glance. */
export function niceCeiling(n: number) {
  if (!(n > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

export type Box = { width: number; height: number; left: number; bottom: number; top: number; right: number };

/** `showLabel`: the x-axis label is drawn; `phoneLabel`: it is drawn on a phone too (fewer, larger). */
export type Column = { x: number; y: number; width: number; height: number; value: number; label: string; showLabel: boolean; phoneLabel: boolean };

/**
 * Vertical bars for a series (days, time buckets) in a box with margins for the axes. At most
 * `maxLabels` x-axis labels are shown, evenly spread, always the last one; on a phone, where the
 * drawing is scaled down and its text drawn larger to stay legible, at most `phoneLabels`.
 */
export function columns(series: Array<{ label: string; value: number }>, box: Box, maxLabels = 8, phoneLabels = 4) {
  const top = niceCeiling(Math.max(0, ...series.map((item) => item.value)));
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const slot = series.length ? plotWidth / series.length : plotWidth;
  const gap = Math.min(slot * 0.2, 6);
  const every = Math.max(1, Math.ceil(series.length / maxLabels));
  // A multiple of `every`, so a phone's labels are some of the others.
  const everyOnPhone = every * Math.max(1, Math.ceil(Math.ceil(series.length / every) / phoneLabels));
  const bars: Column[] = series.map((item, i) => {
    const height = (item.value / top) * plotHeight;
    return {
      x: box.left + i * slot + gap / 2,
      y: box.top + plotHeight - height,
      width: Math.max(1, slot - gap),
      height,
      value: item.value,
      label: item.label,
      showLabel: (series.length - 1 - i) % every === 0,
      phoneLabel: (series.length - 1 - i) % everyOnPhone === 0,
    };
  });
  const ticks = [0, top / 2, top]
    .filter((value, i, all) => all.indexOf(value) === i && Number.isInteger(value))
    .map((value) => ({ value, y: box.top + plotHeight - (value / top) * plotHeight }));
  return { top, bars, ticks, baseline: box.top + plotHeight };
}

/** Horizontal bars for categories (identities, institutions, methods): lengths relative to the largest. */
export function rows<T extends { label: string; value: number }>(items: T[], width: number): Array<T & { length: number }> {
  const largest = Math.max(0, ...items.map((item) => item.value));
  return items.map((item) => ({ ...item, length: largest > 0 ? (item.value / largest) * width : 0 }));
}
