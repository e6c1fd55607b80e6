/**
 * Money is integer fen, on both sides of the contract; price unit codes (spec §9): '0' yuan,
 * '1' jiao, '2' fen.
 */

/**
 * A whole number grouped by thousands as `toLocaleString("en-US")` would, without building a
 * number formatter on every call. @example groupThousands(1234567) // "1,234,567"
 */
export function groupThousands(whole: number) {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** @example formatMoney(123456) // "¥1,234.56" */
export function formatMoney(fen: number, currency = "CNY") {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(fen);
  const yuan = groupThousands(Math.floor(abs / 100));
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
