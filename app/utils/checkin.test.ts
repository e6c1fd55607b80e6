import { describe, expect, it } from "vitest";
import { chinaClock, outcomeKey, outcomeTone, share } from "#contract/checkin";
import { columns, niceCeiling, rows } from "./charts";

describe("check-in answers", () => {
  it("are green for a new check-in, amber for one seen before, red for a refusal", () => {
    expect(outcomeTone("checked_in")).toBe("ok");
    expect(outcomeTone("already")).toBe("warn");
    for (const result of ["not_found", "not_confirmed", "not_paid"] as const) expect(outcomeTone(result)).toBe("bad");
  });

  it("say why a registration that is not confirmed may not enter", () => {
    const registration = {
      id: 1,
      name: "张三",
      institution: "",
      mobile: "",
      ticketCode: "A",
      identity: null,
      state: "cancelled" as const,
      checkedIn: false,
      checkedInAt: null,
    };
    expect(outcomeKey({ result: "not_confirmed", registration })).toBe("checkin.results.not_confirmed_cancelled");
    expect(outcomeKey({ result: "not_found", registration: null })).toBe("checkin.results.not_found");
  });

  it("show China's clock, with the date when it is not today", () => {
    expect(chinaClock("2026-11-21T01:02:03Z", new Date("2026-11-21T10:00:00Z"))).toBe("09:02:03");
    // 23:30 UTC is the next morning in China.
    expect(chinaClock("2026-11-20T23:30:00Z", new Date("2026-11-20T12:00:00Z"))).toBe("2026-11-21 07:30:00");
    // "Today" is the China day of the `now` given (the loader's asOf), across a year's end too.
    expect(chinaClock("2027-12-31T23:00:00Z", "2027-12-31T23:30:00Z")).toBe("07:00:00");
    expect(chinaClock("2027-12-31T15:00:00Z", "2027-12-31T23:30:00Z")).toBe("2027-12-31 23:00:00");
    expect(share(1, 3)).toBe(33);
    expect(share(0, 0)).toBe(0);
  });
});

describe("chart geometry", () => {
  it("tops the scale at 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 10, 11, 180, 501].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 200, 1000]);
  });

  it("draws columns inside the box, heights in proportion, at most eight labels with the last", () => {
    const box = { width: 120, height: 60, left: 10, right: 10, top: 5, bottom: 15 };
    const series = Array.from({ length: 20 }, (_, i) => ({ label: `d${i}`, value: i }));
    const { top, bars, baseline } = columns(series, box);
    expect(top).toBe(20);
    expect(baseline).toBe(45);
    expect(bars[0].height).toBe(0);
    expect(bars[19].height).toBeCloseTo((19 / 20) * 40);
    expect(bars.every((bar) => bar.x >= 10 && bar.x + bar.width <= 110 + 1e-9)).toBe(true);
    const labelled = bars.filter((bar) => bar.showLabel);
    expect(labelled.length).toBeLessThanOrEqual(8);
    expect(labelled.at(-1)?.label).toBe("d19");
    // On a phone, at most four, each one of those drawn on a laptop, the last among them.
    const onPhone = bars.filter((bar) => bar.phoneLabel);
    expect(onPhone.length).toBeGreaterThan(1);
    expect(onPhone.length).toBeLessThanOrEqual(4);
    expect(onPhone.every((bar) => bar.showLabel)).toBe(true);
    expect(onPhone.at(-1)?.label).toBe("d19");
    expect(columns([], box).bars).toEqual([]);
  });

  it("scales rows to the largest, and to nothing when all are zero", () => {
    expect(
      rows(
        [
          { label: "a", value: 5 },
          { label: "b", value: 10 },
        ],
        100,
      ).map((row) => row.length),
    ).toEqual([50, 100]);
    expect(rows([{ label: "a", value: 0 }], 100)[0].length).toBe(0);
  });
});
