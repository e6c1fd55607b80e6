import { describe, expect, it } from "vitest";
import { decodeCssEscapes, scopeOrganiserCss } from "./conference-css.server";

const S = ".conf-site";
const scoped = (css: string) => scopeOrganiserCss(css, S);

describe("scopeOrganiserCss: scoping", () => {
  it("puts every selector under the scope; html, body and :root become the scope itself", () => {
    expect(scoped(".title{color:red}")).toBe(".conf-site .title{color:red}\n");
    expect(scoped("h1, .a > p:not(.b, .c){margin:0 auto}")).toBe(".conf-site h1,.conf-site .a > p:not(.b, .c){margin:0 auto}\n");
    expect(scoped("body{background:#fff}")).toBe(".conf-site{background:#fff}\n");
    expect(scoped(":root{--brand:#c00}")).toBe(".conf-site{--brand:#c00}\n");
    expect(scoped("html body .x{color:blue}")).toBe(".conf-site .x{color:blue}\n");
    expect(scoped("body.dark a{color:#eee}")).toBe(".conf-site.dark a{color:#eee}\n");
    expect(scoped("bodyguard{color:red}")).toBe(".conf-site bodyguard{color:red}\n");
    expect(scoped("*{box-sizing:border-box}")).toBe(".conf-site *{box-sizing:border-box}\n");
    expect(scoped(".md\\:flex{display:flex}")).toBe(".conf-site .md\\:flex{display:flex}\n");
  });

  it("keeps @media, @supports and @container with scoped rules inside, and @keyframes as they are", () => {
    expect(scoped("@media (max-width: 768px){ .a{display:none} body{font-size:14px} }")).toBe(
      "@media (max-width: 768px){\n.conf-site .a{display:none}\n.conf-site{font-size:14px}\n}\n",
    );
    expect(scoped("@supports (display:grid){.g{display:grid}}")).toBe("@supports (display:grid){\n.conf-site .g{display:grid}\n}\n");
    expect(scoped("@keyframes pulse{from{opacity:0}50%{opacity:.5}to{opacity:1}}")).toBe(
      "@keyframes pulse{\nfrom{opacity:0}\n50%{opacity:.5}\nto{opacity:1}\n}\n",
    );
  });

  it("keeps !important, custom properties and same-site url()s", () => {
    expect(scoped(".a{color:var(--brand) !important;background:url(/api/cms/files/u/2026/01/a.png) no-repeat}")).toBe(
      ".conf-site .a{color:var(--brand) !important;background:url(/api/cms/files/u/2026/01/a.png) no-repeat}\n",
    );
    expect(scoped(`.a{background-image:url("/media/x.jpg")}`)).toBe(`.conf-site .a{background-image:url("/media/x.jpg")}\n`);
  });
});

describe("scopeOrganiserCss: what is neutralised", () => {
  it("drops @import, @charset, @namespace, @font-face and unknown at-rules, keeping what follows", () => {
    const out = scoped(`@import url("https://evil.example/x.css");@import 'y.css';@charset "utf-8";@namespace svg url(http://www.w3.org/2000/svg);
      @font-face{font-family:x;src:url(https://fonts.example/x.woff2)} @page{margin:0} @layer base{.l{color:red}} .ok{color:green}`);
    expect(out).toBe(".conf-site .ok{color:green}\n");
  });

  it("drops url()s that are not same-site paths: javascript:, data:, http(s), protocol-relative, escaped", () => {
    for (const url of [
      "javascript:alert(1)",
      "'javascript:alert(1)'",
      "JAVASCRIPT:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "https://tracker.example/p.gif",
      "http://x.example/a.png",
      "//cdn.example/a.png",
      "/\\evil.example/a.png",
      "a.png",
    ]) {
      expect(scoped(`.a{background:url(${url});color:red}`), url).toBe(".conf-site .a{color:red}\n");
    }
    // `\75 rl(` is `url(` once the escape is decoded.
    expect(scoped(".a{background:\\75 rl(https://tracker.example/p.gif);color:red}")).toBe(".conf-site .a{color:red}\n");
    expect(scoped(".a{background:u\\rl(javascript:alert(1));color:red}")).toBe(".conf-site .a{color:red}\n");
  });

  it("drops script and binding tricks and image functions that load bare strings", () => {
    for (const declaration of [
      "width:expression(alert(1))",
      "behavior:url(/x.htc)",
      "-moz-binding:url(/x.xml#y)",
      "background:image-set('https://x.example/a.png' 1x)",
      "background:-webkit-image-set('https://x.example/a.png' 1x)",
      "background:image('https://x.example/a.png')",
      "background:cross-fade('a.png', 'b.png', 50%)",
      "background:element(#x)",
      "background:src('https://x.example/a.png')",
      "content:attr(data-url)",
    ]) {
      expect(scoped(`.a{${declaration};color:red}`), declaration).toBe(".conf-site .a{color:red}\n");
    }
    // An unbalanced parenthesis swallows the rest, as a browser would: nothing is kept.
    expect(scoped(".a{background:url(/a.png;color:red} .b{color:blue}")).toBe("");
  });

  it("can never close a <style> element or open markup", () => {
    const attempts = [
      "</style><script>alert(1)</script>",
      ".a{color:red}</style><script>alert(1)</script>",
      `.a{content:"</style><script>alert(1)</script>"}`,
      ".a{content:'\\3c/style>'}",
      ".a{font-family:\\3c /style\\3e}",
      "<!-- .a{color:red} -->",
      ".a\\3c{color:red}",
      "@media (\\3c/style>){.a{color:red}}",
    ];
    for (const css of attempts) {
      const out = scoped(css);
      expect(out, css).not.toMatch(/</);
      expect(out.toLowerCase(), css).not.toContain("script");
    }
  });

  it("re-balances braces: a rule cannot end the scope early or leak into the next", () => {
    expect(scoped(".a{color:red}} body{display:none}")).toBe(".conf-site .a{color:red}\n.conf-site{display:none}\n");
    expect(scoped(".a{color:red;.nested{color:blue}}.b{color:green}")).toBe(".conf-site .a{color:red}\n.conf-site .b{color:green}\n");
    expect(scoped(".a{color:red")).toBe(".conf-site .a{color:red}\n");
    expect(scoped(`.a{content:"unterminated}.b{color:blue}`)).toBe("");
  });

  it("drops comments, bad property names and empty rules", () => {
    expect(scoped("/* hi */ .a{/* x */color:red;bad name:1;:x;color}")).toBe(".conf-site .a{color:red}\n");
    expect(scoped(".empty{}")).toBe("");
    expect(scoped("")).toBe("");
  });
});

describe("decodeCssEscapes", () => {
  it("decodes hex and character escapes and drops line continuations", () => {
    expect(decodeCssEscapes("\\75 rl")).toBe("url");
    expect(decodeCssEscapes("\\3c/style\\3e")).toBe("</style>");
    expect(decodeCssEscapes("a\\:b")).toBe("a:b");
    expect(decodeCssEscapes("a\\\nb")).toBe("ab");
    expect(decodeCssEscapes("\\0")).toBe("\ufffd");
  });
});
