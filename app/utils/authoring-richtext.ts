/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion -- draft-js raw content: tsc needs these casts where the typed lint sees none (decision 046) */
import type { RawDraftContentState, RawDraftEntity } from "draft-js";
import { type Op, type RichTextOp, appendOp as push, safeHref, safeSrc, toLines } from "#contract/rich-text";

export { type Op, countWords, normalizeOps, opsToPlain, plainToOps } from "#contract/rich-text";

/**
 * Conversions of the stored rich text (the operations array RichText renders) to and from what
 * the organiser edits: draft-js raw content with JavaScript, a plain textarea without
 * (one paragraph a line, `# `…`###### ` headings, `- ` and `1. ` list items, `![](url)` images).
 * Type-only draft-js imports: nothing here loads the editor.
 */
const HEADER_TYPES = ["header-one", "header-two", "header-three", "header-four", "header-five", "header-six"] as const;
const INLINE_STYLES: Array<[string, string]> = [
  ["BOLD", "bold"],
  ["ITALIC", "italic"],
  ["UNDERLINE", "underline"],
  ["STRIKETHROUGH", "strike"],
];

function lineAttributes(header: number, list: "bullet" | "ordered" | null): Record<string, unknown> | undefined {
  if (header) return { header };
  if (list) return { list };
  return undefined;
}

// ─── draft-js raw content ───────────────────────────────────────────────────────────

/** draft-js raw content to ops; unsafe links and images are dropped. */
export function rawToOps(raw: RawDraftContentState): Op[] {
  const ops: Op[] = [];
  for (const block of raw.blocks) {
    if (block.type === "atomic") {
      const range = block.entityRanges[0];
      const entity = range ? raw.entityMap[range.key] : undefined;
      const src = entity && entity.type === "IMAGE" ? safeSrc(entity.data?.src) : null;
      if (src) {
        ops.push({ insert: { image: src } });
        push(ops, { insert: "\n" });
      }
      continue;
    }
    const chars = [...block.text];
    // Each character's formats, then runs of equal formats become one op.
    const formats = chars.map(() => ({}) as Record<string, unknown>);
    for (const style of block.inlineStyleRanges) {
      const name = INLINE_STYLES.find(([draft]) => draft === style.style)?.[1];
      if (!name) continue;
      for (let i = style.offset; i < style.offset + style.length && i < chars.length; i++) formats[i][name] = true;
    }
    for (const range of block.entityRanges) {
      const entity: RawDraftEntity | undefined = raw.entityMap[range.key];
      const href = entity?.type === "LINK" ? safeHref(entity.data?.url) : null;
      if (!href) continue;
      for (let i = range.offset; i < range.offset + range.length && i < chars.length; i++) formats[i].link = href;
    }
    let run = "";
    let runFormat = "";
    let runAttrs: Record<string, unknown> = {};
    chars.forEach((char, i) => {
      const key = JSON.stringify(formats[i], Object.keys(formats[i]).sort());
      if (run && key !== runFormat) {
        push(ops, { insert: run, attributes: runAttrs });
        run = "";
      }
      runFormat = key;
      runAttrs = formats[i];
      run += char;
    });
    if (run) push(ops, { insert: run, attributes: runAttrs });
    const headerIndex = HEADER_TYPES.indexOf(block.type as (typeof HEADER_TYPES)[number]);
    const list = block.type === "unordered-list-item" ? "bullet" : block.type === "ordered-list-item" ? "ordered" : null;
    const attributes = lineAttributes(headerIndex + 1, list);
    ops.push(attributes ? { insert: "\n", attributes } : { insert: "\n" });
  }
  // Merge plain newlines with preceding plain text (the shape RichText and the seed use).
  const merged: Op[] = [];
  for (const op of ops) push(merged, op);
  return merged;
}

/** Ops to draft-js raw content (keys are generated; draft-js renames them on load). */
export function opsToRaw(ops: unknown): RawDraftContentState {
  const blocks: RawDraftContentState["blocks"] = [];
  const entityMap: RawDraftContentState["entityMap"] = {};
  let entities = 0;
  const block = (type: string, text: string) => ({
    key: `b${blocks.length}`,
    type,
    text,
    depth: 0,
    inlineStyleRanges: [] as Array<{ style: string; offset: number; length: number }>,
    entityRanges: [] as Array<{ key: number; offset: number; length: number }>,
    data: {},
  });
  for (const line of toLines(ops as RichTextOp[])) {
    const type = line.header
      ? HEADER_TYPES[line.header - 1]
      : line.list === "bullet"
        ? "unordered-list-item"
        : line.list === "ordered"
          ? "ordered-list-item"
          : "unstyled";
    let current = block(type, "");
    let length = 0;
    let hadImage = false;
    for (const inline of line.inlines) {
      if ("image" in inline) {
        if (current.text) blocks.push(current as never);
        const key = entities++;
        entityMap[key] = { type: "IMAGE", mutability: "IMMUTABLE", data: { src: inline.image, alt: inline.alt } };
        const atomic = block("atomic", " ");
        atomic.entityRanges.push({ key, offset: 0, length: 1 });
        blocks.push(atomic as never);
        current = block(type, "");
        length = 0;
        hadImage = true;
        continue;
      }
      const size = [...inline.text].length;
      for (const [draft, name] of INLINE_STYLES) if (inline.attrs[name]) current.inlineStyleRanges.push({ style: draft, offset: length, length: size });
      const href = safeHref(inline.attrs.link);
      if (href) {
        const key = entities++;
        entityMap[key] = { type: "LINK", mutability: "MUTABLE", data: { url: href } };
        current.entityRanges.push({ key, offset: length, length: size });
      }
      current.text += inline.text;
      length += size;
    }
    // An image ends its line's text; an empty paragraph stays as an empty block.
    if (current.text || !hadImage) blocks.push(current as never);
  }
  if (!blocks.length) blocks.push(block("unstyled", "") as never);
  return { blocks, entityMap };
}
