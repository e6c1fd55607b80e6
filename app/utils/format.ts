/** Picks the text of the user's language, falling back to Chinese (the default) when English is empty. */
export function pick(lang: string, zh: string | null | undefined, en: string | null | undefined) {
  return (lang === "en" ? en || zh : zh || en) ?? "";
}

const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 2026-03-05 → "2026年3月5日" or "5 Mar 2026". Dates are calendar days, not instants. */
export function formatDay(lang: string, day: string) {
  const [y, m, d] = day.split("-").map(Number);
  if (lang === "en") return `${d} ${MONTHS_EN[m - 1]} ${y}`;
  return `${y}年${m}月${d}日`;
}

/**
 * 3 → "3月" or "Mar" (what `Intl.DateTimeFormat`'s short month says). Written out: the browser's
 * first Chinese formatter loads its locale data while the page hydrates (~20 ms on a slow phone).
 */
export function formatMonth(lang: string, month: number) {
  return lang === "en" ? MONTHS_EN[month - 1] : `${month}月`;
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as China's wall-clock time, the same on the server and in the browser: "2026/11/25 09:30" or "25/11/2026, 09:30". */
export function formatInstant(lang: string, instant: string | Date) {
  const locale = lang === "en" ? "en-GB" : "zh-CN";
  let format = instantFormats.get(locale);
  if (!format)
    instantFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", hourCycle: "h23", timeZone: "Asia/Shanghai" })),
    );
  return format.format(new Date(instant));
}

export { formatMoney, groupThousands, toFen } from "#contract/money";
