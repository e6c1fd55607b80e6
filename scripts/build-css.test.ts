import { describe, expect, it } from "vitest";
import { withUsedProperties } from "./build-css";

describe("withUsedProperties", () => {
  it("keeps the properties the styles read, and those they read in turn", () => {
    const css = ":root{--a:1px;--b:var(--c);--c:2px;--d:3px;color:red}";
    expect(withUsedProperties(css, ".x{width:var(--b)}")).toBe(":root{--b:var(--c);--c:2px;color:red;}");
  });

  it("reads names with escapes and fallbacks, in every rule and at-rule", () => {
    const css = "@layer tokens{:where(html){--s-1\\.5:6px;--s-2:8px;--gone:1px}.dark{--fg:white;--s-2:9px}}";
    const used = ".x{padding:var(--s-1\\.5);margin:var( --s-2, var(--fg))}";
    expect(withUsedProperties(css, used)).toBe("@layer tokens{:where(html){--s-1\\.5:6px;--s-2:8px;}.dark{--fg:white;--s-2:9px;}}");
  });

  it("drops a rule left without declarations", () => {
    expect(withUsedProperties(":root{--a:1px}.dark{--b:2px}", ".x{width:var(--a)}")).toBe(":root{--a:1px;}");
  });
});
