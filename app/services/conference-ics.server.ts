/**
 * An iCalendar file (RFC 5545) of a conference and its schedule: the conference as an all-day
 * event over its calendar days, each schedule item as a timed event in UTC.
 */

export type CalendarEvent = {
  /** Globally unique: `<what>-<id>@<host>`. */
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
} & (
  | { allDay: true; /** First day, YYYY-MM-DD. */ startDate: string; /** Last day, inclusive. */ endDate: string }
  | { allDay?: false; start: Date; end: Date }
);

export type Calendar = { name: string; now: Date; events: CalendarEvent[] };

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/**
 * Folds a content line to at most 75 octets per physical line (RFC 5545 §3.1): CRLF then one
 * space, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  // The continuation's leading space counts towards its 75 octets.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (size + octets > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    size += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 2026-03-05T01:30:00Z → 20260305T013000Z */
export function utcStamp(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** "2026-03-05" plus n days → "20260308" (calendar arithmetic, no time zone involved). */
export function dateValue(day: string, plusDays = 0): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date.toISOString().slice(0, 10).replace(/-/g, "");
}

export function buildCalendar({ name, now, events }: Calendar): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Conference Platform//Conference Page//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${escapeText(name)}`];
  const stamp = utcStamp(now);
  for (const event of events) {
    lines.push("BEGIN:VEVENT", `UID:${event.uid}`, `DTSTAMP:${stamp}`);
    if (event.allDay) {
      // DTEND of an all-day event is exclusive: the day after the last day.
      lines.push(`DTSTART;VALUE=DATE:${dateValue(event.startDate)}`, `DTEND;VALUE=DATE:${dateValue(event.endDate, 1)}`);
    } else {
      lines.push(`DTSTART:${utcStamp(event.start)}`, `DTEND:${utcStamp(event.end)}`);
    }
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    // URI values are not TEXT: no escaping, but no line breaks either.
    if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, "")}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
