import { describe, expect, it } from "vitest";
import { countWords, normalizeOps, type Op, opsToPlain, opsToRaw, plainToOps, rawToOps } from "./authoring-richtext";

const sample = [
  { insert: "议题\n", attributes: undefined },
  { insert: "Topics" },
  { insert: "\n", attributes: { header: 2 } },
  { insert: "AI " },
  { insert: "safety", attributes: { bold: true } },
  { insert: " and " },
  { insert: "site", attributes: { link: "https://example.org" } },
  { insert: "\n", attributes: { list: "bullet" } },
  { insert: { image: "/media/a.jpg" } },
  { insert: "\n" },
].map((op) => (op.attributes ? op : { insert: op.insert })) as Op[];

describe("plain text ⇄ ops", () => {
  it("reads headings, lists, paragraphs and images", () => {
    expect(plainToOps("# 标题\n\n段落一\n- 项目\n1. 第一\n###### 小\n![图](/media/x.png)")).toEqual(
      normalizeOps([
        { insert: "标题" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "段落一" },
        { insert: "\n" },
        { insert: "项目" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "第一" },
        { insert: "\n", attributes: { list: "ordered" } },
        { insert: "小" },
        { insert: "\n", attributes: { header: 6 } },
        { insert: { image: "/media/x.png" }, attributes: { alt: "图" } },
        { insert: "\n" },
      ]),
    );
  });
  it("drops javascript: and data: images", () => {
    expect(plainToOps("![x](javascript:alert(1))\n![x](data:image/png;base64,AA)")).toEqual([]);
  });
  it("round-trips through the textarea form", () => {
    const text = "# 标题\n段落\n- 项目\n1. 第一";
    expect(opsToPlain(plainToOps(text))).toBe(text);
    expect(opsToPlain(sample)).toBe("议题\n## Topics\n- AI safety and site\n![](/media/a.jpg)");
  });
  it("counts characters without spaces", () => {
    expect(countWords("你好 world\n")).toBe(7);
  });
});

describe("draft raw ⇄ ops", () => {
  it("converts ops to blocks with styles, links and images and back", () => {
    const raw = opsToRaw(sample);
    expect(raw.blocks.map((b) => b.type)).toEqual(["unstyled", "header-two", "unordered-list-item", "atomic"]);
    expect(raw.blocks[2].text).toBe("AI safety and site");
    expect(raw.blocks[2].inlineStyleRanges).toEqual([{ style: "BOLD", offset: 3, length: 6 }]);
    expect(raw.entityMap[raw.blocks[2].entityRanges[0].key]).toMatchObject({ type: "LINK", data: { url: "https://example.org" } });
    expect(rawToOps(raw)).toEqual(normalizeOps(sample));
  });
  it("refuses unsafe links from the editor", () => {
    const raw = {
      blocks: [{ key: "a", type: "unstyled", text: "click", depth: 0, inlineStyleRanges: [], entityRanges: [{ key: 0, offset: 0, length: 5 }], data: {} }],
      entityMap: { 0: { type: "LINK", mutability: "MUTABLE", data: { url: "javascript:alert(1)" } } },
    };
    expect(rawToOps(raw as never)).toEqual([{ insert: "click\n" }]);
  });
  it("keeps all six heading levels and ordered lists", () => {
    const ops = plainToOps("# a\n## b\n### c\n#### d\n##### e\n###### f\n1. g");
    expect(rawToOps(opsToRaw(ops))).toEqual(ops);
  });
  it("gives one empty block for empty content", () => {
    expect(opsToRaw([]).blocks).toHaveLength(1);
    expect(rawToOps(opsToRaw([]))).toEqual([{ insert: "\n" }]);
  });
});
