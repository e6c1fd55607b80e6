import { describe, expect, it } from "vitest";
import { enteredLang, enteredTwin, hasChinese } from "./entered";

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

describe("enteredTwin", () => {
  it("shows the English part of a value entered Chinese first, on the English page only", () => {
    expect(enteredTwin("en", "一号厅 Hall 1")).toBe("Hall 1");
    expect(enteredTwin("en", "自助餐厅 / Restaurant")).toBe("Restaurant");
    expect(enteredTwin("zh", "一号厅 Hall 1")).toBe("一号厅 Hall 1");
  });
  it("keeps a value that is not split that way", () => {
    expect(enteredTwin("en", "一号厅")).toBe("一号厅");
    expect(enteredTwin("en", "A101")).toBe("A101");
    expect(enteredTwin("en", "Hall 1 一号厅")).toBe("Hall 1 一号厅");
    expect(enteredTwin("en", "一号厅 Hall 1（二楼）")).toBe("一号厅 Hall 1（二楼）");
  });
});
