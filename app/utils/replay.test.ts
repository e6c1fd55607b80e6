import { describe, expect, it } from "vitest";
import { chinaDay, formatDuration, replayCover } from "./replay";

describe("formatDuration", () => {
  it("shows minutes and seconds, and hours only when there are any", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(59)).toBe("0:59");
    expect(formatDuration(605)).toBe("10:05");
    expect(formatDuration(3600)).toBe("1:00:00");
    expect(formatDuration(3725.9)).toBe("1:02:05");
    expect(formatDuration(-5)).toBe("0:00");
  });
});

describe("chinaDay", () => {
  it("gives the day in China, which may be the next UTC day", () => {
    expect(chinaDay("2024-12-31T16:30:00Z")).toBe("2025-01-01");
    expect(chinaDay("2024-12-31T15:59:59Z")).toBe("2024-12-31");
    expect(chinaDay(new Date("2025-06-01T00:00:00+08:00"))).toBe("2025-06-01");
  });
});

describe("replayCover", () => {
  it("keeps a replay's own cover and otherwise picks a default by id", () => {
    expect(replayCover({ id: 7, cover: "/api/cms/files/u/x.jpg" })).toBe("/api/cms/files/u/x.jpg");
    expect(replayCover({ id: 3, cover: null })).toBe("/media/replay-cover-1.svg");
    expect(replayCover({ id: 4, cover: "" })).toBe("/media/replay-cover-2.svg");
  });
});
