import { describe, expect, it } from "vitest";
import { safeRedirect } from "./guard.server";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/manage")).toBe("/manage");
    expect(safeRedirect("/search?keyword=%E5%8C%97%E4%BA%AC")).toBe("/search?keyword=%E5%8C%97%E4%BA%AC");
  });

  it.each([
    ["//evil.example"],
    ["/\\evil.example"],
    ["/%5Cevil.example"],
    ["%2F%2Fevil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["/%0d%0aSet-Cookie:x"],
    ["manage"],
    [""],
    [null],
    ["/%E0%A4%A"],
  ])("sends %s home", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });
});
