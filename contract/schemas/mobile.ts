import { z } from "zod";
import "./messages";

/**
 * Mobile numbers have ONE stored form (docs/decisions/026): a mainland number as its 11 digits
 * (`13800138000`), any other country in E.164 (`+447700900123`). Every schema that takes a
 * mobile, every search that matches one and the migration that rewrote the stored ones
 * (platform/db/migrations/0014_normalised_mobiles.sql, same rules in SQL) go through here.
 */

/** Full-width digits and plus (typed with a Chinese input method) and the separators people type. */
const FULL_WIDTH = /[\uff10-\uff19\uff0b]/g;
const SEPARATORS = /[\s\u3000\-\u2010-\u2015\u2212\uff0d.()\uff08\uff09]/g;

const MAINLAND = /^1[3-9]\d{9}$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Full-width digits and plus as ASCII, separators (spaces, dashes, dots, brackets) removed. */
function compact(input: string) {
  return input.replace(FULL_WIDTH, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(SEPARATORS, "");
}

/**
 * The stored form of a mobile as typed, or null when it is not one.
 *
 * @example
 * normalizeMobile("+86 138-0013-8000") // "13800138000"
 * normalizeMobile("0086 13800138000")  // "13800138000"
 * normalizeMobile("8613800138000")     // "13800138000"
 * normalizeMobile("１３８００１３８０００") // "13800138000"
 * normalizeMobile("0044 7700 900123")  // "+447700900123"
 * normalizeMobile("+86 10 1234 5678")  // null (a mainland landline gets no text message)
 */
export function normalizeMobile(input: string): string | null {
  let value = compact(input.trim());
  if (value.startsWith("00")) value = `+${value.slice(2)}`;
  // 86 + a mainland mobile: 13 digits, with or without its plus.
  const mainland = /^\+?86(\d+)$/.exec(value);
  if (mainland) return MAINLAND.test(mainland[1]) ? mainland[1] : null;
  if (MAINLAND.test(value)) return value;
  return E164.test(value) ? value : null;
}

/**
 * A search keyword as it should meet stored mobiles: a whole number in its stored form
 * (`+86 138-0013-8000` finds `13800138000`), a part of one without its separators and `+86`
 * (`138 0013` finds it too); any other keyword (a name, an institution) is left as it is.
 */
export function mobileSearchKeyword(keyword: string): string {
  const whole = normalizeMobile(keyword);
  if (whole) return whole;
  const part = compact(keyword.trim());
  if (!/^\+?\d+$/.test(part)) return keyword;
  return part.replace(/^(\+|00)86(?=\d)/, "");
}

/**
 * A mobile field: trimmed, required, in its stored form or refused with `invalid`.
 * `required` and `invalid` are translation keys.
 */
export function mobileField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(40, messages.invalid)
    .transform((value, ctx) => {
      const stored = normalizeMobile(value);
      if (stored) return stored;
      ctx.issues.push({ code: "custom", message: messages.invalid, input: value });
      return z.NEVER;
    });
}
