import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { firstHeading, RichText, safeHref, safeSrc } from "./RichText";

const html = (ops: unknown, under?: number) => renderToStaticMarkup(<RichText ops={ops} under={under} className="x" />);

describe("RichText", () => {
  it("renders paragraphs, headers and inline formats", () => {
    const out = html([
      { insert: "Heading\n", attributes: { header: 2 } },
      { insert: "plain " },
      { insert: "bold", attributes: { bold: true } },
      { insert: " " },
      { insert: "all", attributes: { bold: true, italic: true, underline: true, strike: true } },
      { insert: "\nsecond line\n" },
    ]);
    expect(out).toBe('<div class="x"><h1>Heading</h1><p>plain <strong>bold</strong> <strong><em><u><s>all</s></u></em></strong></p><p>second line</p></div>');
  });

  it("renders header levels 1–6, shifted under the page's heading and capped at h6", () => {
    const ops = [1, 2, 3, 4, 5, 6].map((level) => ({ insert: `H${level}\n`, attributes: { header: level } }));
    expect(html(ops)).toBe('<div class="x"><h1>H1</h1><h2>H2</h2><h3>H3</h3><h4>H4</h4><h5>H5</h5><h6>H6</h6></div>');
    expect(html(ops.slice(0, 2), 2)).toBe('<div class="x"><h3>H1</h3><h4>H2</h4></div>');
    expect(html(ops, 3)).toBe('<div class="x"><h4>H1</h4><h5>H2</h5><h6>H3</h6><h6>H4</h6><h6>H5</h6><h6>H6</h6></div>');
  });

  it("never skips a heading level: the content's levels follow the page's heading in order", () => {
    const h = (text: string, header: number) => ({ insert: `${text}\n`, attributes: { header } });
    // An author's header 2 and 4 under the page's h2: h3 and h4, whatever numbers the editor used.
    expect(html([h("Topics", 2), h("Detail", 4), h("Dates", 2)], 2)).toBe('<div class="x"><h3>Topics</h3><h4>Detail</h4><h3>Dates</h3></div>');
    // A deeper header first may not jump two levels below the page's heading.
    expect(html([h("Small", 3), h("Big", 1)], 2)).toBe('<div class="x"><h3>Small</h3><h3>Big</h3></div>');
    expect(html([{ insert: "deep\n", attributes: { header: 6 } }], 3)).toBe('<div class="x"><h4>deep</h4></div>');
  });

  it("groups consecutive list lines into one list, bullet and ordered apart", () => {
    const out = html([
      { insert: "a" },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "b\n", attributes: { list: "bullet" } },
      { insert: "one\n", attributes: { list: "ordered" } },
      { insert: "two\n", attributes: { list: "ordered" } },
      { insert: "after\n" },
    ]);
    expect(out).toBe('<div class="x"><ul><li>a</li><li>b</li></ul><ol><li>one</li><li>two</li></ol><p>after</p></div>');
  });

  it("renders the seed's shape: text and bold ending in a bare newline, a trailing line without newline", () => {
    const out = html([{ insert: "截止：" }, { insert: "2026年3月5日", attributes: { bold: true } }, { insert: "\n" }, { insert: "tail" }]);
    expect(out).toBe('<div class="x"><p>截止：<strong>2026年3月5日</strong></p><p>tail</p></div>');
  });

  it("escapes text: markup in the content stays text", () => {
    const out = html([{ insert: '<script>alert("x")</script>\n' }]);
    expect(out).toContain("&lt;script&gt;");
    expect(out).not.toContain("<script>");
  });

  it("keeps http(s), mailto and relative links; refuses javascript:, data: and protocol-relative ones", () => {
    const link = (href: unknown) => html([{ insert: "go", attributes: { link: href } }]);
    expect(link("https://example.org/a?b=1")).toContain('<a href="https://example.org/a?b=1" rel="noopener noreferrer nofollow ugc">go</a>');
    expect(link("mailto:a@b.org")).toContain('<a href="mailto:a@b.org">go</a>');
    expect(link("/attend/1")).toContain('<a href="/attend/1">go</a>');
    expect(link("#schedule")).toContain('<a href="#schedule">go</a>');
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " java\tscript:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:x",
      "//evil.example",
      "/\\evil.example",
      "a:b",
      42,
    ]) {
      const out = link(bad);
      expect(out, String(bad)).toBe('<div class="x"><p>go</p></div>');
    }
  });

  it("keeps images with http(s) or relative sources, with size and lazy loading; refuses data: and javascript:", () => {
    const img = (src: unknown, attributes?: Record<string, unknown>) => html([{ insert: { image: src }, attributes }, { insert: "\n" }]);
    expect(img("/media/a.jpg", { alt: "photo", width: "640", height: 360 })).toBe(
      '<div class="x"><p><img class="ui-conf-rich-image" src="/media/a.jpg" alt="photo" width="640" height="360" loading="lazy"/></p></div>',
    );
    expect(img("https://example.org/b.png")).toContain('src="https://example.org/b.png" alt="" width="800" height="450"');
    for (const bad of ["data:image/png;base64,AAAA", "javascript:alert(1)", "mailto:x@y.z", "//cdn.example/x.png"]) expect(img(bad), bad).toBe("");
  });

  it("survives malformed input", () => {
    expect(html(null)).toBe("");
    expect(html("text")).toBe("");
    expect(html([null, 1, { insert: 5 }, { insert: { video: "x" } }, { insert: "ok\n", attributes: { header: 9 } }])).toBe('<div class="x"><p>ok</p></div>');
  });

  it("finds the first heading", () => {
    expect(firstHeading([{ insert: "intro\n" }, { insert: "About\n", attributes: { header: 2 } }])).toBe("About");
    expect(firstHeading([{ insert: "intro\n" }])).toBeNull();
  });
});

describe("safeHref and safeSrc", () => {
  it("refuse schemes other than http(s) and mailto", () => {
    expect(safeHref("HTTPS://x.org")).toBe("HTTPS://x.org");
    expect(safeHref("file:///etc/passwd")).toBeNull();
    expect(safeSrc("mailto:a@b.c")).toBeNull();
    expect(safeSrc("/api/cms/files/u/1.png")).toBe("/api/cms/files/u/1.png");
  });
});
