import { chinaDayStart } from "#contract/clock";

const DAY_MS = 86_400_000;
/** "Closes soon": the last week of registration. */
export const CLOSING_SOON_DAYS = 7;

export type SaleFacts = { endDate: string; registrationOpensAt?: string | null; registrationClosesAt?: string | null };
export type SaleState = "notOpen" | "open" | "closingSoon" | "closed";

/**
 * Whether a visitor can register, at `now` (the injected clock, ISO): from the first fee
 * window's start to the last one's end; without fee windows, until the conference's last day ends
 * (Beijing time). Within CLOSING_SOON_DAYS of the close it "closes soon".
 */
export function saleState(c: SaleFacts, now: string): { state: SaleState; closesAt: string } {
  const closesAt = c.registrationClosesAt ?? chinaDayStart(c.endDate, 1).toISOString();
  const t = Date.parse(now);
  if (t > Date.parse(closesAt)) return { state: "closed", closesAt };
  if (c.registrationOpensAt && t < Date.parse(c.registrationOpensAt)) return { state: "notOpen", closesAt };
  if (Date.parse(closesAt) - t <= CLOSING_SOON_DAYS * DAY_MS) return { state: "closingSoon", closesAt };
  return { state: "open", closesAt };
}

const SMALL_WORDS = new Set(["a", "an", "and", "the", "of", "on", "in", "for", "to", "at", "with", "&"]);

/** Up to two letters for a conference without a cover: its short name's or name's initials (Chinese: the first two characters). */
export function initials(name: string): string {
  const text = name.trim();
  if (!text) return "?";
  if (/^[\u3400-\u9fff]/.test(text)) return [...text].slice(0, 2).join("");
  const words = text.split(/[\s\-–—:,/]+/).filter((w) => w && !SMALL_WORDS.has(w.toLowerCase()));
  const letters = words.map((w) => [...w][0]).filter((ch) => /\p{L}|\p{N}/u.test(ch));
  return (letters.slice(0, 2).join("") || [...text][0]).toUpperCase();
}

/** One of six tile colours, stable for a conference. */
export const tileHue = (id: number) => id % 6;
