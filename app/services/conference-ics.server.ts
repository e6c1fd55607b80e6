/**
 * An iCalendar file (RFC 5545) of a conference and its schedule: the conference as an all-day
 * event over its calendar days, each schedule item as a timed event in UTC.
 */

import ical, { ICalCalendarMethod } from "ical-generator";

export type CalendarEvent = {
  /** Globally unique: `<what>-<id>@<host>`. */
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
} & (
  { allDay: true; /** First day, YYYY-MM-DD. */ startDate: string; /** Last day, inclusive. */ endDate: string } | { allDay?: false; start: Date; end: Date }
);

export type Calendar = { name: string; now: Date; events: CalendarEvent[] };

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped, control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/** Control characters no calendar line may hold; ical-generator escapes the rest of a TEXT value itself. */
const plain = (value: string) => value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");

/**
 * The file, written by ical-generator (decision 033): line folding at
 * 75 octets, escaping and date forms are the library's. Two things it leaves to the caller:
 * the calendar's name goes out as given, so it is escaped here, and the last line has no CRLF,
 * which RFC 5545 requires of every content line.
 */
export function buildCalendar({ name, now, events }: Calendar): string {
  const calendar = ical({
    name: escapeText(name),
    prodId: "//Conference Platform//Conference Page//EN",
    method: ICalCalendarMethod.PUBLISH,
    scale: "GREGORIAN",
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      stamp: now,
      // DTEND of an all-day event is exclusive: the day after the last day.
      ...(event.allDay ? { allDay: true, start: dayAfter(event.startDate, 0), end: dayAfter(event.endDate, 1) } : { start: event.start, end: event.end }),
      summary: plain(event.summary),
      ...(event.description ? { description: plain(event.description) } : {}),
      ...(event.location ? { location: plain(event.location) } : {}),
      // URI values are not TEXT: no escaping, but no line breaks either.
      ...(event.url ? { url: event.url.replace(/[\r\n]/g, "") } : {}),
    });
  }
  return `${calendar.toString()}\r\n`;
}

/** "2026-03-05" plus n days, as the calendar day the library writes as DATE (no time zone involved). */
function dayAfter(day: string, plusDays: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date.toISOString().slice(0, 10);
}
