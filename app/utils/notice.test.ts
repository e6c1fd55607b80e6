import { describe, expect, it } from "vitest";
import { makeNotice } from "./notice";

describe("notices", () => {
  it("defaults to info, 2000 ms, closeable", () => {
    expect(makeNotice({ content: "hi" })).toMatchObject({ color: "info", duration: 2000, closeable: true, isLight: false });
  });

  it("accepts 0 (no auto-close) and refuses negative durations and unknown colours", () => {
    expect(makeNotice({ content: "x", duration: 0 }).duration).toBe(0);
    expect(() => makeNotice({ content: "x", duration: -1 })).toThrow(/>= 0/);
    expect(() => makeNotice({ content: "x", color: "purple" as never })).toThrow(/colour/);
  });
});
