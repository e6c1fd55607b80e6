import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { enteredText } from "./WithEntered";

const html = (node: ReturnType<typeof enteredText>) => renderToStaticMarkup(<p>{node}</p>);

describe("enteredText", () => {
  it("writes Chinese on a page that is not Chinese in an element that says so", () => {
    expect(html(enteredText("en", "复旦大学"))).toBe('<p><span lang="zh-CN">复旦大学</span></p>');
    expect(html(enteredText("en", "复旦大学", <mark>复旦</mark>))).toBe('<p><span lang="zh-CN"><mark>复旦</mark></span></p>');
  });

  it("writes it as text where the page's language already says it, and text without Chinese as text", () => {
    expect(html(enteredText("zh", "复旦大学"))).toBe("<p>复旦大学</p>");
    expect(html(enteredText("zh-CN", "复旦大学"))).toBe("<p>复旦大学</p>");
    expect(html(enteredText("en", "Fudan University"))).toBe("<p>Fudan University</p>");
    expect(html(enteredText("zh", "Fudan University"))).toBe("<p>Fudan University</p>");
    expect(html(enteredText("en", null))).toBe("<p></p>");
  });
});
