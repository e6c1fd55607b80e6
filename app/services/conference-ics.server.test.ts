import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText } from "./conference-ics.server";

const now = new Date("2026-11-21T08:00:00Z");

const sample = () =>
  buildCalendar({
    name: "ICICS 2027",
    now,
    events: [
      {
        uid: "conference-1@conf.example",
        allDay: true,
        startDate: "2027-01-05",
        endDate: "2027-01-07",
        summary: "ICICS 2027, Hangzhou",
        location: "杭州国际博览中心",
        url: "https://conf.example/1",
      },
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
  });

  it("folds long lines to at most 75 octets without splitting a character", () => {
    const long = buildCalendar({
      name: "x",
      now,
      events: [{ uid: "u@h", allDay: true, startDate: "2027-01-05", endDate: "2027-01-05", summary: "智能计算".repeat(30) }],
    });
    const physical = long.split("\r\n");
    for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding (drop CRLF + space) gives the line back.
    expect(long.replace(/\r\n /g, "")).toContain(`SUMMARY:${"智能计算".repeat(30)}\r\n`);
    const continuation = physical.find((line) => line.startsWith(" "));
    expect(continuation).toBeDefined();
  });
});

describe("what the library leaves to us", () => {
  it("escapes the calendar's name, so a comma or a line break in a conference name stays text", () => {
    const ics = buildCalendar({ name: "ICICS 2027, Hangzhou\nMETHOD:CANCEL", now, events: [] });
    expect(ics).toContain("X-WR-CALNAME:ICICS 2027\\, Hangzhou\\nMETHOD:CANCEL\r\n");
    expect(ics).not.toMatch(/\r\nMETHOD:CANCEL/);
    expect(ics).toContain("\r\nCALSCALE:GREGORIAN\r\n");
  });

  it("ends all-day events on the exclusive next day across months and leap years, and drops control characters", () => {
    const day = (startDate: string, endDate: string) =>
      buildCalendar({ name: "x", now, events: [{ uid: "u@h", allDay: true, startDate, endDate, summary: "a\u0001b" }] });
    expect(day("2027-02-28", "2027-02-28")).toContain("DTEND;VALUE=DATE:20270301\r\n");
    expect(day("2028-02-28", "2028-02-28")).toContain("DTEND;VALUE=DATE:20280229\r\n");
    expect(day("2028-02-28", "2028-02-28")).toContain("SUMMARY:ab\r\n");
    expect(escapeText("a\\b,c;d\r\ne\u0001")).toBe("a\\\\b\\,c\\;d\\ne");
  });
});
