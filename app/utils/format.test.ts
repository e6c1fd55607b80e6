import { describe, expect, it } from "vitest";
import { formatDay, formatMoney, formatMonth, groupThousands, pick, toFen } from "./format";

describe("money", () => {
  it("formats fen as yuan", () => {
    expect(formatMoney(0)).toBe("¥0.00");
    expect(formatMoney(5)).toBe("¥0.05");
    expect(formatMoney(123456)).toBe("¥1,234.56");
    expect(formatMoney(-250)).toBe("-¥2.50");
    for (const yuan of [1, 12, 999, 1000, 9999, 10000, 123456, 1000000, 987654321, 12345678901]) {
      expect(formatMoney(yuan * 100 + 7)).toBe(`¥${yuan.toLocaleString("en-US")}.07`);
    }
  });

  it("groups whole numbers by thousands as en-US does (fees in jiao and fen)", () => {
    for (const whole of [0, 7, 15, 999, 1000, 12345, 999999, 1000000, 1234567890, 12345678901]) {
      expect(groupThousands(whole)).toBe(whole.toLocaleString("en-US"));
    }
  });

  it("reads amounts in the three price units", () => {
    expect(toFen("12.34", "0")).toBe(1234);
    expect(toFen("12", "0")).toBe(1200);
    expect(toFen("12.345", "0")).toBeNull();
    expect(toFen("15", "1")).toBe(150);
    expect(toFen("1.5", "1")).toBe(15);
    expect(toFen("1.55", "1")).toBeNull();
    expect(toFen("250", "2")).toBe(250);
    expect(toFen("2.5", "2")).toBeNull();
    expect(toFen("-1", "0")).toBeNull();
    expect(toFen("abc", "0")).toBeNull();
  });
});

describe("months", () => {
  it("names a month in either language as Intl's short month does", () => {
    expect(formatMonth("zh", 3)).toBe("3月");
    expect(formatMonth("en", 3)).toBe("Mar");
    for (let month = 1; month <= 12; month++) {
      const at = Date.UTC(2000, month - 1, 1);
      expect(formatMonth("zh", month)).toBe(new Intl.DateTimeFormat("zh-CN", { month: "short", timeZone: "UTC" }).format(at));
      expect(formatMonth("en", month)).toBe(new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" }).format(at));
    }
  });
});

describe("text", () => {
  it("picks the user's language and falls back", () => {
    expect(pick("en", "中文", "English")).toBe("English");
    expect(pick("en", "中文", "")).toBe("中文");
    expect(pick("zh", "", "English")).toBe("English");
  });

  it("formats calendar days", () => {
    expect(formatDay("zh", "2026-03-05")).toBe("2026年3月5日");
    expect(formatDay("en", "2026-03-05")).toBe("5 Mar 2026");
  });
});
