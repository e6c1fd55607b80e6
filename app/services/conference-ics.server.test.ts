import { describe, expect, it } from "vitest";
import { buildCalendar, dateValue, escapeText, foldLine, utcStamp } from "./conference-ics.server";

const now = new Date("2026-11-21T08:00:00Z");

const sample = () =>
  buildCalendar({
    name: "ICICS 2027",
    now,
    events: [
      { uid: "conference-1@conf.example", allDay: true, startDate: "2027-01-05", endDate: "2027-01-07", summary: "ICICS 2027, Hangzhou", location: "杭州国际博览中心", url: "https://conf.example/1" },
      {
        uid: "schedule-9@conf.example",
        start: new Date("2027-01-05T00:30:00Z"),
        end: new Date("2027-01-05T01:00:00Z"),
        summary: "开幕式; Opening",
        description: "张三 (浙江大学)\n李四",
      },
    ],
  });

describe("buildCalendar", () => {
  it("writes a VCALENDAR with CRLF line endings and a VEVENT per event", () => {
    const ics = sample();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.match(/END:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("UID:conference-1@conf.example\r\n");
    expect(ics).toContain("DTSTAMP:20261121T080000Z\r\n");
  });

  it("makes the conference an all-day event whose DTEND is the day after its last day", () => {
    const ics = sample();
    expect(ics).toContain("DTSTART;VALUE=DATE:20270105\r\nDTEND;VALUE=DATE:20270108\r\n");
    expect(buildCalendar({ name: "x", now, events: [{ uid: "u@h", allDay: true, startDate: "2026-12-31", endDate: "2026-12-31", summary: "x" }] })).toContain(
      "DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n",
    );
  });

  it("gives schedule items timed UTC start and end", () => {
    expect(sample()).toContain("DTSTART:20270105T003000Z\r\nDTEND:20270105T010000Z\r\n");
  });

  it("escapes commas, semicolons, backslashes and newlines in text", () => {
    const ics = sample();
    expect(ics).toContain("SUMMARY:ICICS 2027\\, Hangzhou\r\n");
    expect(ics).toContain("SUMMARY:开幕式\\; Opening\r\n");
    expect(ics).toContain("DESCRIPTION:张三 (浙江大学)\\n李四\r\n");
    expect(escapeText("a\\b,c;d\r\ne\u0001")).toBe("a\\\\b\\,c\\;d\\ne");
  });

  it("folds long lines to at most 75 octets without splitting a character", () => {
    const long = buildCalendar({ name: "x", now, events: [{ uid: "u@h", allDay: true, startDate: "2027-01-05", endDate: "2027-01-05", summary: "智能计算".repeat(30) }] });
    const physical = long.split("\r\n");
    for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding (drop CRLF + space) gives the line back.
    expect(long.replace(/\r\n /g, "")).toContain(`SUMMARY:${"智能计算".repeat(30)}\r\n`);
    const continuation = physical.find((line) => line.startsWith(" "));
    expect(continuation).toBeDefined();
  });
});

describe("helpers", () => {
  it("fold only what is longer than 75 octets", () => {
    expect(foldLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
    expect(foldLine("a".repeat(75 + 74 + 1))).toBe(`${"a".repeat(75)}\r\n ${"a".repeat(74)}\r\n a`);
  });

  it("format instants and days", () => {
    expect(utcStamp(new Date("2027-01-05T09:07:03.500Z"))).toBe("20270105T090703Z");
    expect(dateValue("2027-02-28", 1)).toBe("20270301");
    expect(dateValue("2028-02-28", 1)).toBe("20280229");
  });
});
