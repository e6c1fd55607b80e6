import { describe, expect, it } from "vitest";
import { enteredLang, hasChinese } from "./entered";

describe("entered text", () => {
  it("marks text with Chinese characters or full-width punctuation as Chinese", () => {
    expect(enteredLang("一号厅")).toEqual({ lang: "zh-CN" });
    expect(enteredLang("Hall 1（East）")).toEqual({ lang: "zh-CN" });
    expect(hasChinese("Room：A")).toBe(true);
  });
  it("leaves Latin text, empty text and nothing unmarked", () => {
    expect(enteredLang("Hall 1")).toEqual({});
    expect(enteredLang("")).toEqual({});
    expect(enteredLang(null)).toEqual({});
    expect(enteredLang(undefined)).toEqual({});
  });
});
