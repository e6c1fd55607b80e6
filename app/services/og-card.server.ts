import { createHash } from "node:crypto";
import fs from "node:fs";
import { CARD_HEIGHT, CARD_WIDTH } from "~/components/conference/conference-meta";
import type { TFunction } from "~/i18n";
import { formatDay, pick } from "~/utils/format";
import type { Lang } from "./session.server";

/**
 * The card image a shared link shows for a conference without a cover (issue 14 "Share and
 * find"): 1200×630 PNG, the size Open Graph and Twitter's large summary card expect. Drawn as
 * SVG and rasterised by resvg (a native module, loaded on first use), with a CJK font from the
 * machine so Chinese names render as glyphs. Social sites do not take SVG images, hence the PNG.
 */
export { CARD_HEIGHT, CARD_WIDTH };

export type CardContent = {
  /** The conference's name in the page's language. */
  title: string;
  /** Its days, as the page writes them. */
  dates: string;
  /** Its city, or empty. */
  place: string;
  /** The site's name, at the foot. */
  site: string;
};

const BRAND = "#1557b0";
const ACCENT = "#0c8484";
const TITLE_SIZE = 64;
const TITLE_LINES = 3;
const MARGIN = 80;

/** Full-width glyphs (CJK, kana, full-width forms) are one em wide; others about half. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
/** Opening and closing brackets and marks, Chinese (full-width, as \u escapes) and ASCII. */
const OPENING = /^[\uff08\u300a\u201c\u2018\u3010\u3008\u300c\u300e\u3014([]$/;
const CLOSING = /^[\uff09\u300b\u201d\u2019\u3011\u3009\u300d\u300f\u3015)\]\uff0c\u3002\u3001\uff1a\uff1b\uff01\uff1f,.:;!?]$/;
const emsOf = (text: string) => [...text].reduce((sum, ch) => sum + (WIDE.test(ch) ? 1 : /[A-Z0-9]/.test(ch) ? 0.62 : 0.52), 0);

/**
 * `text` in lines of at most `maxEms` ems, at most `maxLines` of them, the last ending in "…"
 * when the text runs on. Latin words stay whole (a word longer than a line is cut); Chinese
 * breaks between any two characters.
 */
export function wrapLines(text: string, maxEms: number, maxLines: number): string[] {
  const pieces = text.trim().match(new RegExp(`${WIDE.source}|[^\\s${WIDE.source.slice(1, -1)}]+|\\s+`, "g")) ?? [];
  // No line starts with a closing mark or ends with an opening one (Chinese line-breaking rules):
  // they stay with their neighbour.
  const tokens: string[] = [];
  for (const piece of pieces) {
    const last = tokens.length - 1;
    if (last >= 0 && (CLOSING.test(piece) || OPENING.test(tokens[last].slice(-1)))) tokens[last] += piece;
    else tokens.push(piece);
  }
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (/^\s+$/.test(token)) {
      if (line) line += " ";
      continue;
    }
    if (emsOf(line + token) <= maxEms) {
      line += token;
      continue;
    }
    if (line.trim()) lines.push(line.trim());
    line = token;
    while (emsOf(line) > maxEms) {
      let cut = [...line];
      while (cut.length > 1 && emsOf(cut.join("")) > maxEms) cut = cut.slice(0, -1);
      lines.push(cut.join(""));
      line = [...line].slice(cut.length).join("");
    }
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = [...kept[maxLines - 1]];
  while (last.length > 1 && emsOf(`${last.join("")}…`) > maxEms) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.join("").trimEnd()}…`;
  return kept;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The card as SVG: the name large on the brand blue, the days and city under it, the site's name at the foot. */
export function cardSvg(content: CardContent, fontFamily = "Noto Sans CJK SC, sans-serif"): string {
  const lines = wrapLines(content.title, (CARD_WIDTH - 2 * MARGIN) / TITLE_SIZE, TITLE_LINES);
  const lineHeight = Math.round(TITLE_SIZE * 1.3);
  const top = 150;
  const title = lines
    .map((line, i) => `<text x="${MARGIN}" y="${top + i * lineHeight}" font-size="${TITLE_SIZE}" font-weight="700">${escapeXml(line)}</text>`)
    .join("");
  const detail = [content.dates, content.place].filter(Boolean).join("  ·  ");
  const detailY = top + (lines.length - 1) * lineHeight + 90;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${BRAND}"/>`,
    `<rect x="${MARGIN}" y="64" width="96" height="10" rx="5" fill="${ACCENT}"/>`,
    `<g fill="#ffffff" font-family="${escapeXml(fontFamily)}">`,
    title,
    detail ? `<text x="${MARGIN}" y="${detailY}" font-size="36" fill-opacity="0.9">${escapeXml(detail)}</text>` : "",
    `<text x="${MARGIN}" y="${CARD_HEIGHT - 64}" font-size="30" fill-opacity="0.8">${escapeXml(content.site)}</text>`,
    `</g>`,
    `</svg>`,
  ].join("");
}

/** Where Debian and most Linux distributions keep Noto Sans CJK (fonts-noto-cjk); OG_FONT_FILES (comma-separated) overrides. */
const FONT_CANDIDATES = [
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
  "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
  "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
  "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
  "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc",
  "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
];

let fonts: string[] | undefined;
/** The font files the cards are drawn with (none found: the machine's own fonts). */
export function cardFonts(env: NodeJS.ProcessEnv = process.env): string[] {
  if (fonts) return fonts;
  const listed = env.OG_FONT_FILES ? env.OG_FONT_FILES.split(",").map((file) => file.trim()) : FONT_CANDIDATES;
  fonts = listed.filter((file) => file && fs.existsSync(file));
  return fonts;
}

/** What a conference's card is drawn from. */
export type CardFacts = {
  id: number;
  nameZh: string;
  nameEn: string;
  cityZh: string;
  cityEn: string;
  startDate: string;
  endDate: string;
};

/**
 * The card's address, in the page's language, with a short hash of what it shows: a renamed or
 * moved conference gets a new address, so no one keeps the old image.
 */
export function cardAddress(lang: Lang, facts: CardFacts, siteName: string) {
  const shown = [lang, pick(lang, facts.nameZh, facts.nameEn), pick(lang, facts.cityZh, facts.cityEn), facts.startDate, facts.endDate, siteName];
  const version = createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 10);
  return `/conf/${facts.id}/card.png?lang=${lang}&v=${version}`;
}

/** What the card says, in `lang`. */
export function cardContent(lang: Lang, facts: CardFacts, siteName: string, t: TFunction): CardContent {
  return {
    title: pick(lang, facts.nameZh, facts.nameEn),
    dates: t("home.dates", { start: formatDay(lang, facts.startDate), end: formatDay(lang, facts.endDate) }),
    place: pick(lang, facts.cityZh, facts.cityEn),
    site: siteName,
  };
}

/** Draws a card as PNG. */
export async function renderCard(content: CardContent): Promise<ArrayBuffer> {
  const { Resvg } = await import("@resvg/resvg-js");
  const files = cardFonts();
  const family = files.length ? "Noto Sans CJK SC" : "sans-serif";
  const resvg = new Resvg(cardSvg(content, family), {
    fitTo: { mode: "width", value: CARD_WIDTH },
    font: { fontFiles: files, loadSystemFonts: files.length === 0, defaultFontFamily: family },
  });
  const png = resvg.render().asPng();
  return png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer;
}

const MAX_CARDS = 256;
const cards = new Map<string, Promise<ArrayBuffer>>();

/** Drawings of cards not yet kept, per minute: per client address, and for the whole process. */
export const CARD_DRAWS = { perClient: 20, global: 120, windowMs: 60_000 } as const;

/**
 * Counts card drawings in fixed windows, per client and in all. Each drawing costs 150 to 260 ms
 * of CPU, and a client walking every conference id and both languages could otherwise keep the
 * server drawing (a card already kept costs nothing and is never refused).
 */
export class DrawBudget {
  private window = -1;
  private total = 0;
  private readonly byClient = new Map<string, number>();

  constructor(private readonly limits: { perClient: number; global: number; windowMs: number } = CARD_DRAWS) {}

  /** Takes one drawing for the client at `nowMs`; the seconds to wait when none is left. */
  take(client: string, nowMs: number): { ok: true } | { ok: false; retryAfterS: number } {
    const { perClient, global, windowMs } = this.limits;
    const window = Math.floor(nowMs / windowMs);
    if (window !== this.window) {
      this.window = window;
      this.total = 0;
      this.byClient.clear();
    }
    const used = this.byClient.get(client) ?? 0;
    if (used >= perClient || this.total >= global) {
      return { ok: false, retryAfterS: Math.max(1, Math.ceil(((window + 1) * windowMs - nowMs) / 1000)) };
    }
    this.byClient.set(client, used + 1);
    this.total++;
    return { ok: true };
  }
}

const budget = new DrawBudget();

/**
 * The card for what it shows, drawn once per process and kept (at most 256, the oldest dropped):
 * concurrent asks for the same card wait for one drawing. Keyed by the content as the server read
 * it, never by anything in the request, so a caller cannot make it draw more than one card per
 * conference, language and version. A card that must be drawn takes one from the budget; when
 * the client's or the process's is spent, the answer says when to ask again instead.
 */
export function cachedCard(
  content: CardContent,
  client: string,
  nowMs: number,
  draws: DrawBudget = budget,
): { ok: true; png: Promise<ArrayBuffer> } | { ok: false; retryAfterS: number } {
  const key = JSON.stringify(content);
  let card = cards.get(key);
  if (!card) {
    const allowed = draws.take(client, nowMs);
    if (!allowed.ok) return allowed;
    card = renderCard(content);
    card.catch(() => cards.delete(key));
    if (cards.size >= MAX_CARDS) cards.delete(cards.keys().next().value!);
    cards.set(key, card);
  }
  return { ok: true, png: card };
}
