import { z } from "zod";

/**
 * A date and time as people type it in China, or as an API caller sends it: the instant, in the
 * same way whatever the server's time zone.
 * - `YYYY-MM-DDTHH:MM[:SS[.fff]]` (what a `datetime-local` input posts; a space works for the
 *   `T`) is China time (UTC+8);
 * - `YYYY-MM-DD` alone is the start of that day in China;
 * - an ISO string with `Z` or an offset is that instant;
 * - anything else is null: JavaScript would read it in the server's own time zone.
 *
 * @example chinaMoment("2028-01-01T07:30") // 2027-12-31T23:30:00.000Z
 */
export function chinaMoment(value: string): Date | null {
  const text = value.trim();
  let iso: string | null = null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = `${text}T00:00:00+08:00`;
  else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) iso = `${text.replace(" ", "T")}+08:00`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) iso = text;
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // Date() rolls 2027-02-30 over into March: only a real calendar day counts.
  const local = new Date(date.getTime() + (/[+-]\d{2}:?\d{2}$|Z$/i.test(iso) ? offsetMs(iso) : 0)).toISOString();
  return local.slice(0, 10) === iso.slice(0, 10) ? date : null;
}

/** The offset written at the end of an ISO string, in milliseconds (Z is 0). */
function offsetMs(iso: string) {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/**
 * An optional moment field (`chinaMoment`): empty is none (null), anything else the instant as an
 * ISO string, or the `message` key when it names no real moment.
 */
export const optionalChinaMoment = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .nullable()
    .transform((value, ctx) => {
      if (!value) return null;
      const date = chinaMoment(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return date.toISOString();
    });
