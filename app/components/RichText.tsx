import { Fragment, type ReactNode } from "react";
import { type Inline, type Line, safeHref, toLines } from "#contract/rich-text";

export { type RichTextOp, firstHeading, safeHref, safeSrc, toLines } from "#contract/rich-text";

/**
 * Read-only rich text (spec §3): the editor's operations array rendered to React, on the server
 * and again on hydration, never through an HTML string. Lines end with "\n"; the attributes of
 * the op holding a line's "\n" format that line (header, list), the others format their text
 * (bold, italic, underline, strike, link). Image embeds are `{insert: {image: url}}`.
 *
 * @example <RichText ops={[{ insert: "Topics\n", attributes: { header: 2 } }, { insert: "AI\n", attributes: { list: "bullet" } }]} />
 */

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
