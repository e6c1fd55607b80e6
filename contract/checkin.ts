/**
 * What the check-in screens share on both sides: the answer of a check-in, how loud the desk
 * should show it, and clock times in China (where the desks are), the same on server and client.
 */

export type CheckinPerson = {
  id: number;
  name: string;
  institution: string;
  mobile: string;
  ticketCode: string;
  identity: { nameZh: string; nameEn: string } | null;
  state: "pending" | "confirmed" | "rejected" | "cancelled";
  checkedIn: boolean;
  checkedInAt: string | null;
};

export type CheckinResult = "checked_in" | "already" | "not_found" | "not_confirmed" | "not_paid" | "undone" | "not_checked_in";

export type CheckinOutcome = { result: CheckinResult; registration: CheckinPerson | null };

export type CheckinCounts = {
  conference: { id: number; nameZh: string; nameEn: string };
  total: { registered: number; checkedIn: number };
  byIdentity: Array<{ identityId: number | null; identity: { nameZh: string; nameEn: string } | null; registered: number; checkedIn: number }>;
  recent: CheckinPerson[];
};

/** Green for a new check-in (or an undo done), amber for one seen before, red for a ticket that may not enter. */
export function outcomeTone(result: CheckinResult): "ok" | "warn" | "bad" {
  if (result === "checked_in" || result === "undone") return "ok";
  if (result === "already" || result === "not_checked_in") return "warn";
  return "bad";
}

/** The translation key of an outcome; a refused registration says why (cancelled, pending …). */
export function outcomeKey({ result, registration }: CheckinOutcome) {
  if (result === "not_confirmed" && registration) return `checkin.results.not_confirmed_${registration.state}`;
  return `checkin.results.${result}`;
}

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * An instant as China's `HH:MM:SS`, with the date in front when it is not the China day of `now`
 * (the loader's `asOf`, from the app's clock: never the browser's or the server's own).
 */
export function chinaClock(iso: string, now: string | Date) {
  const at = (date: Date) => Object.fromEntries(clock.formatToParts(date).map((part) => [part.type, part.value]));
  const when = at(new Date(iso));
  const today = at(new Date(now));
  const time = `${when.hour}:${when.minute}:${when.second}`;
  return when.year === today.year && when.month === today.month && when.day === today.day ? time : `${when.year}-${when.month}-${when.day} ${time}`;
}

/** `checked in / registered` as a whole percentage (0 when nobody is registered). */
export function share(part: number, whole: number) {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
