/** Picks the text of the user's language, falling back to Chinese (the default) when English is empty. */
export function pick(lang: string, zh: string | null | undefined, en: string | null | undefined) {
  return (lang === "en" ? en || zh : zh || en) ?? "";
}

/** 2026-03-05 → "2026年3月5日" or "5 Mar 2026". Dates are calendar days, not instants. */
export function formatDay(lang: string, day: string) {
  const [y, m, d] = day.split("-").map(Number);
  if (lang === "en") return `${d} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${y}`;
  return `${y}年${m}月${d}日`;
}

/**
 * Money is integer fen; price unit codes (spec §9): '0' yuan, '1' jiao, '2' fen.
 * @example formatMoney(123456) // "¥1,234.56"
 */
export function formatMoney(fen: number, currency = "CNY") {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100).toLocaleString("en-US");
  const cents = String(abs % 100).padStart(2, "0");
  return `${sign}${currency === "USD" ? "$" : "¥"}${yuan}.${cents}`;
}

/** Converts an amount typed in a price unit to fen; null when it doesn't fit that unit. */
export function toFen(amount: string, unit: "0" | "1" | "2"): number | null {
  const text = amount.trim();
  const decimals = unit === "0" ? 2 : unit === "1" ? 1 : 0;
  const pattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  if (!pattern.test(text)) return null;
  // Shifting the decimal point by the unit's digits gives fen directly (yuan 2, jiao 1, fen 0).
  const [whole, frac = ""] = text.split(".");
  const value = Number(whole + frac.padEnd(decimals, "0"));
  return Number.isSafeInteger(value) ? value : null;
}
