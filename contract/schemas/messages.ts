import { z } from "zod";

/**
 * Every message a schema gives is a translation key (app/locales/{zh,en}/common.json) that
 * says what to do. A schema names its own key where it knows better ("payment.validation.
 * titleRequired"); every other issue (a missing field, a wrong type, a length, a format, a
 * value outside an enum) gets a key from `issueKey` below instead of zod's English default.
 * Imported by every schema module, so the app (both bundles) and the platform install it.
 */

/** Missing, null or only spaces: the person left the field empty. */
function isEmpty(input: unknown) {
  return input === undefined || input === null || (typeof input === "string" && input.trim() === "");
}

type Issue = z.core.$ZodRawIssue;

/** The translation key for an issue its schema gave no message for. */
export function issueKey(issue: Issue): string {
  const input = issue.input;
  switch (issue.code) {
    case "invalid_type": {
      if (isEmpty(input)) return "validation.fill";
      const expected = String(issue.expected);
      if (expected === "number" || expected === "int" || expected === "bigint") return "validation.number";
      if (expected === "date") return "validation.date";
      return "validation.retype";
    }
    case "too_small": {
      const origin = String(issue.origin);
      if (origin === "string") return Number(issue.minimum) <= 1 || isEmpty(input) ? "validation.fill" : "validation.tooShort";
      if (origin === "array" || origin === "set") return "validation.tooFew";
      return "validation.tooSmall";
    }
    case "too_big": {
      const origin = String(issue.origin);
      if (origin === "string") return "validation.tooLong";
      if (origin === "array" || origin === "set") return "validation.tooMany";
      return "validation.tooLarge";
    }
    case "invalid_format": {
      if (isEmpty(input)) return "validation.fill";
      const format = String(issue.format);
      if (format === "email") return "validation.emailInvalid";
      if (format === "url") return "validation.url";
      if (format === "date" || format === "datetime") return "validation.date";
      return "validation.format";
    }
    case "not_multiple_of":
      return "validation.wholeNumber";
    case "invalid_value":
      return isEmpty(input) ? "validation.choose" : "validation.chooseAgain";
    case "invalid_union":
      return isEmpty(input) ? "validation.fill" : "validation.retype";
    default:
      // unrecognized_keys, invalid_key, invalid_element, custom without a message.
      return "validation.retype";
  }
}

z.config({ customError: (issue) => issueKey(issue) });

/** What a field or the form shows: the first message of each path, so one message per field. */
export type Messages = { fieldErrors: Record<string, string[]>; formErrors: string[] };

/**
 * Issues as messages, one per field: the schema's own order decides, so a field's first check
 * ("fill it in") speaks before the ones after it (its format), and an empty field is never
 * also told it is malformed. Paths are dotted (`authors.0.name`); the form's own issues have none.
 */
export function messagesOf(issues: readonly z.core.$ZodIssue[], formatPath: (path: PropertyKey[]) => string = (path) => path.map(String).join(".")): Messages {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const issue of issues) {
    const path = formatPath(issue.path);
    if (!path) {
      if (!formErrors.includes(issue.message)) formErrors.push(issue.message);
    } else fieldErrors[path] ??= [issue.message];
  }
  return { fieldErrors, formErrors };
}
