/**
 * The stored rich text (spec §3): an operations array. Lines end with "\n"; the attributes of
 * the op holding a line's "\n" format that line (header, list), the others format their text
 * (bold, italic, underline, strike, link). Image embeds are `{insert: {image: url}}`.
 * Both halves read it: the platform checks and normalises what it stores, the app renders it
 * (`components/RichText.tsx`) and edits it (`utils/authoring-richtext.ts`).
 */
export type RichTextOp = { insert?: unknown; attributes?: Record<string, unknown> | null };

export type Inline = { text: string; attrs: Record<string, unknown> } | { image: string; alt: string; width: number; height: number };
export type Line = { inlines: Inline[]; header: number; list: "bullet" | "ordered" | null };

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
          const list =
            attrs.list === "ordered" ? "ordered" : attrs.list === "bullet" || attrs.list === "checked" || attrs.list === "unchecked" ? "bullet" : null;
          lines.push({ inlines: current, header, list });
          current = [];
        }
      });
    } else if (isRecord(op.insert) && "image" in op.insert) {
      const src = safeSrc(op.insert.image);
      if (src)
        current.push({
          image: src,
          alt: typeof attrs.alt === "string" ? attrs.alt : "",
          width: dimension(attrs.width, 800),
          height: dimension(attrs.height, 450),
        });
    }
  }
  if (current.length) lines.push({ inlines: current, header: 0, list: null });
  return lines;
}

/** The text of the first header line, so a caller can avoid repeating a title the content already has. */
export function firstHeading(ops: unknown): string | null {
  const line = toLines(ops).find((l) => l.header > 0);
  return line ? line.inlines.map((i) => ("text" in i ? i.text : "")).join("") : null;
}

export type Op = { insert: string | { image: string }; attributes?: Record<string, unknown> };

/** The canonical form: neighbouring text ops with equal attributes merged. */
export function normalizeOps(ops: Op[]): Op[] {
  const out: Op[] = [];
  for (const op of ops) appendOp(out, { ...op });
  return out;
}

/** Adds an op, merging with the previous one when their attributes match. */
export function appendOp(ops: Op[], op: Op) {
  const last = ops[ops.length - 1];
  if (
    last &&
    typeof last.insert === "string" &&
    typeof op.insert === "string" &&
    JSON.stringify(last.attributes ?? {}) === JSON.stringify(op.attributes ?? {})
  ) {
    last.insert += op.insert;
    return;
  }
  ops.push(op.attributes && Object.keys(op.attributes).length ? op : { insert: op.insert });
}

// ─── Plain text ─────────────────────────────────────────────────────────────────────

/** The textarea's text to ops. */
export function plainToOps(text: string): Op[] {
  const ops: Op[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (!line.trim()) continue;
    const image = /^!\[([^\]]*)\]\((.+)\)$/.exec(line.trim());
    if (image) {
      const src = safeSrc(image[2]);
      if (src) {
        ops.push({ insert: { image: src }, ...(image[1] ? { attributes: { alt: image[1] } } : {}) });
        appendOp(ops, { insert: "\n" });
      }
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const ordered = /^\d+[.)]\s+(.*)$/.exec(line);
    const content = heading?.[2] ?? bullet?.[1] ?? ordered?.[1] ?? line;
    appendOp(ops, { insert: content });
    appendOp(ops, {
      insert: "\n",
      attributes: heading ? { header: heading[1].length } : bullet ? { list: "bullet" } : ordered ? { list: "ordered" } : undefined,
    });
  }
  return ops;
}

/** Ops to the textarea's text (inline formatting is not kept there). */
export function opsToPlain(ops: unknown): string {
  return toLines(ops)
    .map((line) => {
      const parts = line.inlines.map((inline) => ("image" in inline ? `![${inline.alt}](${inline.image})` : inline.text));
      const text = parts.join("");
      if (line.header) return `${"#".repeat(line.header)} ${text}`;
      if (line.list === "bullet") return `- ${text}`;
      if (line.list === "ordered") return `1. ${text}`;
      return text;
    })
    .join("\n");
}

/** What the counter shows: characters other than white space. */
export function countWords(text: string) {
  return [...text.replace(/\s+/g, "")].length;
}
