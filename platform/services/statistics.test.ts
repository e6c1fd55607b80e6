import { describe, expect, it } from "vitest";
import { chinaDay } from "#contract/clock";
import { checkinBuckets, fillDays } from "./statistics";

describe("statistics helpers", () => {
  it("fills the days between counts with zeros, keeping the latest 120", () => {
    expect(
      fillDays([
        { day: "2026-11-03", count: 2 },
        { day: "2026-11-01", count: 1 },
      ]),
    ).toEqual([
      { day: "2026-11-01", count: 1 },
      { day: "2026-11-02", count: 0 },
      { day: "2026-11-03", count: 2 },
    ]);
    const long = fillDays([
      { day: "2025-01-01", count: 1 },
      { day: "2026-01-01", count: 1 },
    ]);
    expect(long).toHaveLength(120);
    expect(long.at(-1)).toEqual({ day: "2026-01-01", count: 1 });
    expect(fillDays([])).toEqual([]);
    expect(chinaDay(new Date("2026-11-20T16:30:00Z"))).toBe("2026-11-21");
  });

  it("buckets today's check-ins by 10 minutes up to now, by the hour over a long day", () => {
    const now = new Date("2026-11-21T02:05:00Z"); // 10:05 in China
    const short = checkinBuckets(
      [
        { minute: 9 * 60 + 12, count: 3 },
        { minute: 9 * 60 + 18, count: 1 },
        { minute: 10 * 60 + 1, count: 2 },
      ],
      now,
    );
    expect(short.minutes).toBe(10);
    expect(short.buckets[0]).toEqual({ label: "09:00", count: 0 });
    expect(short.buckets.find((b) => b.label === "09:10")).toEqual({ label: "09:10", count: 4 });
    expect(short.buckets.at(-1)).toEqual({ label: "10:00", count: 2 });
    const long = checkinBuckets([{ minute: 2 * 60 + 30, count: 1 }], new Date("2026-11-21T09:00:00Z")); // 17:00, first at 02:30
    expect(long.minutes).toBe(60);
    expect(long.buckets[0].label).toBe("09:00");
    expect(long.buckets.at(-1)?.label).toBe("17:00");
    expect(checkinBuckets([], now).buckets.length).toBeGreaterThan(0);
  });
});
