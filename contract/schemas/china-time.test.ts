import { describe, expect, it } from "vitest";
import { chinaMoment } from "./china-time";

const iso = (value: string) => chinaMoment(value)?.toISOString() ?? null;

describe("chinaMoment", () => {
  it("reads a date and time without a zone as China time, whatever the server's zone", () => {
    expect(iso("2028-01-01T07:30")).toBe("2027-12-31T23:30:00.000Z");
    expect(iso("2028-01-01 07:30:15")).toBe("2027-12-31T23:30:15.000Z");
    expect(iso("2028-01-01T00:00:00.5")).toBe("2027-12-31T16:00:00.500Z");
  });

  it("reads a date alone as the start of that day in China", () => {
    expect(iso("2028-01-01")).toBe("2027-12-31T16:00:00.000Z");
  });

  it("keeps an instant that says its zone", () => {
    expect(iso("2027-12-31T23:30:00Z")).toBe("2027-12-31T23:30:00.000Z");
    expect(iso("2027-12-31T23:30:00.000Z")).toBe("2027-12-31T23:30:00.000Z");
    expect(iso("2028-01-01T07:30:00+08:00")).toBe("2027-12-31T23:30:00.000Z");
    expect(iso("2027-12-31T18:30-0500")).toBe("2027-12-31T23:30:00.000Z");
  });

  it("refuses what only the server's zone would give a meaning, and days that do not exist", () => {
    for (const bad of [
      "",
      "tomorrow",
      "Jan 1 2028 10:00",
      "2028/01/01 10:00",
      "2027-02-30",
      "2027-02-30T10:00",
      "2027-13-01T10:00+08:00",
      "2028-01-01T25:00",
    ]) {
      expect(iso(bad), bad).toBeNull();
    }
    expect(iso("2028-02-29T10:00")).toBe("2028-02-29T02:00:00.000Z");
  });
});
