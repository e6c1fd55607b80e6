import { describe, expect, it } from "vitest";
import { isPlainClick } from "./opened-in-place";

const click = (change: Partial<Parameters<typeof isPlainClick>[0]> = {}) => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...change,
});

describe("isPlainClick", () => {
  it("answers in place only the main button's click without a modifier", () => {
    expect(isPlainClick(click())).toBe(true);
    // A new tab (middle button, Ctrl or ⌘), a new window (Shift), a download (Alt) keep the link's own page.
    expect(isPlainClick(click({ button: 1 }))).toBe(false);
    expect(isPlainClick(click({ ctrlKey: true }))).toBe(false);
    expect(isPlainClick(click({ metaKey: true }))).toBe(false);
    expect(isPlainClick(click({ shiftKey: true }))).toBe(false);
    expect(isPlainClick(click({ altKey: true }))).toBe(false);
  });
});
