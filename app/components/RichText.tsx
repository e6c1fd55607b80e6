import { Fragment, type ReactNode } from "react";

/**
 * Read-only rich text (spec §3): the editor's operations array rendered to React, on the server
 * and again on hydration, never through an HTML string. Lines end with "\n"; the attributes of
 * the op holding a line's "\n" format that line (header, list), the others format their text
 * (bold, italic, underline, strike, link). Image embeds are `{insert: {image: url}}`.
 *
 * @example <RichText ops={[{ insert: "Topics\n", attributes: { header: 2 } }, { insert: "AI\n", attributes: { list: "bullet" } }]} />
 */
export type RichTextOp = { insert?: unknown; attributes?: Record<string, unknown> | null };

type Inline = { text: string; attrs: Record<string, unknown> } | { image: string; alt: string; width: number; height: number };
type Line = { inlines: Inline[]; header: number; list: "bullet" | "ordered" | null };

const BLOCK_KEYS = new Set(["header", "list", "indent", "align", "blockquote", "code-block", "direction"]);

/** Strips what browsers ignore inside URLs (tabs, newlines, controls), so `java\tscript:` is seen for what it is. */
function normalizeUrl(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const url = raw.replace(/[\u0000-\u0020\u007f]/g, "");
  if (!url || url.length > 2048) return null;
  return url;
}

/** A link target: http(s), mailto or a same-site relative address; `javascript:`, `data:`, `//host` and the rest are refused. */
export function safeHref(raw: unknown): string | null {
  const url = normalizeUrl(raw);
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme) return scheme === "http" || scheme === "https" || scheme === "mailto" ? url : null;
  if (url.startsWith("//") || url.includes("\\")) return null;
  // A colon before the first slash would be read as a scheme by some parsers.
  if (/^[^/?#]*:/.test(url)) return null;
  return url;
}

/** An image source: http(s) or a same-site relative address only. */
export function safeSrc(raw: unknown): string | null {
  const url = safeHref(raw);
  if (!url || /^mailto:/i.test(url)) return null;
  return url;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const dimension = (value: unknown, fallback: number) => {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number.parseInt(value, 10) : NaN;
  return Number.isFinite(n) && n > 0 && n <= 4000 ? Math.round(n) : fallback;
};

/** Splits the operations into lines with their block format. */
export function toLines(ops: unknown): Line[] {
  if (!Array.isArray(ops)) return [];
  const lines: Line[] = [];
  let current: Inline[] = [];
  for (const op of ops as RichTextOp[]) {
    if (!isRecord(op)) continue;
    const attrs = isRecord(op.attributes) ? op.attributes : {};
    if (typeof op.insert === "string") {
      const parts = op.insert.split("\n");
      parts.forEach((part, i) => {
        if (part) current.push({ text: part, attrs });
        if (i < parts.length - 1) {
          const header = typeof attrs.header === "number" && attrs.header >= 1 && attrs.header <= 6 ? Math.floor(attrs.header) : 0;
          const list = attrs.list === "ordered" ? "ordered" : attrs.list === "bullet" || attrs.list === "checked" || attrs.list === "unchecked" ? "bullet" : null;
          lines.push({ inlines: current, header, list });
          current = [];
        }
      });
    } else if (isRecord(op.insert) && "image" in op.insert) {
      const src = safeSrc(op.insert.image);
      if (src) current.push({ image: src, alt: typeof attrs.alt === "string" ? attrs.alt : "", width: dimension(attrs.width, 800), height: dimension(attrs.height, 450) });
    }
  }
  if (current.length) lines.push({ inlines: current, header: 0, list: null });
  return lines;
}

function renderInline(inline: Inline, key: number): ReactNode {
  if ("image" in inline) {
    return <img key={key} className="ui-conf-rich-image" src={inline.image} alt={inline.alt} width={inline.width} height={inline.height} loading="lazy" />;
  }
  const { text, attrs } = inline;
  let node: ReactNode = text;
  if (attrs.strike === true) node = <s>{node}</s>;
  if (attrs.underline === true) node = <u>{node}</u>;
  if (attrs.italic === true) node = <em>{node}</em>;
  if (attrs.bold === true) node = <strong>{node}</strong>;
  const href = attrs.link !== undefined ? safeHref(attrs.link) : null;
  if (href) {
    const external = /^https?:/i.test(href);
    node = (
      <a href={href} rel={external ? "noopener noreferrer nofollow ugc" : undefined}>
        {node}
      </a>
    );
  }
  return <Fragment key={key}>{node}</Fragment>;
}

const inlineNodes = (line: Line) => line.inlines.map(renderInline);

/** The text of the first header line, so a caller can avoid repeating a title the content already has. */
export function firstHeading(ops: unknown): string | null {
  const line = toLines(ops).find((l) => l.header > 0);
  return line ? line.inlines.map((i) => ("text" in i ? i.text : "")).join("") : null;
}

/**
 * The HTML level of each header line: the content's levels in their order (1 < 2 < …) become the
 * levels right under the page's heading `under`, with no level skipped (an author's header 2 as
 * the first header, or a 1 followed by a 3, would skip one); levels stop at h6.
 */
function headingLevels(lines: Line[], under: number) {
  const used = [...new Set(lines.map((l) => l.header).filter((h) => h > 0))].sort((a, b) => a - b);
  let previous = under;
  return lines.map((line) => {
    if (!line.header) return 0;
    const level = Math.min(6, under + 1 + used.indexOf(line.header), previous + 1);
    previous = level;
    return level;
  });
}

/**
 * @param under the level of the page's heading the content sits under (2: its headers start at h3);
 * 0 when the content stands alone.
 */
export function RichText({ ops, under = 0, className = "ui-conf-prose" }: { ops: unknown; under?: number; className?: string }) {
  const lines = toLines(ops);
  const levels = headingLevels(lines, under);
  const blocks: ReactNode[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.list) {
      const items: Line[] = [];
      while (i < lines.length && lines[i].list === line.list) items.push(lines[i++]);
      i--;
      const children = items.map((item, k) => <li key={k}>{inlineNodes(item)}</li>);
      blocks.push(line.list === "ordered" ? <ol key={blocks.length}>{children}</ol> : <ul key={blocks.length}>{children}</ul>);
    } else if (line.header) {
      const Tag = `h${levels[i]}` as "h2";
      blocks.push(<Tag key={blocks.length}>{inlineNodes(line)}</Tag>);
    } else if (line.inlines.length) {
      blocks.push(<p key={blocks.length}>{inlineNodes(line)}</p>);
    }
  }
  if (!blocks.length) return null;
  return <div className={className}>{blocks}</div>;
}
