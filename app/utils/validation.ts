import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import "#contract/schemas/messages";

/**
 * The one way a form is validated and answered (decision 020): in the browser, in the action
 * and on the platform the same schema reads the same posted strings, and each field shows one
 * message, a translation key that says what to do.
 */

/**
 * conform's `parseWithZod` without its own coercion: that coercion turns every "" into
 * `undefined`, also inside a schema's `.pipe()` (a tax id left empty became zod's "expected
 * string, received undefined"), so the browser and the platform would read one form
 * differently. The schemas take posted strings as they come; each field keeps its first message.
 *
 * @example const submission = parseForm(formData, invoiceRequestSchema);
 */
export function parseForm<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S) {
  return parseWithZod(formData, {
    schema,
    disableAutoCoercion: true,
    formatError: (issues: z.core.$ZodIssue[]): string[] => issues.slice(0, 1).map((issue) => issue.message),
  });
}

/**
 * Posted `values` (one string per name) parsed by conform with `schema`. When the body the
 * platform receives is built from them (rows nested, ids from the address), `input` is that
 * body and the schema checks it; what was typed still comes back from `values` (the reply's
 * `initialValue`). With `z.unknown()` nothing is checked: a reply to carry other messages.
 *
 * @example const submission = parseValues(values, hotelBookingSchema, { ...values, conferenceId });
 */
export function parseValues<S extends z.ZodType>(values: Record<string, string>, schema: S, input?: unknown) {
  const posted = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) posted.append(name, value);
  return input === undefined
    ? parseForm(posted, schema)
    : parseForm(
        posted,
        z.preprocess(() => input, schema),
      );
}

/** What a platform refusal carries (`callPlatform`'s failure): its messages and its per-field messages. */
export type Refusal = { messages: string[]; fields: Record<string, string> };

/**
 * A platform refusal as a form's messages: one message per field (already in the user's
 * language), or, when no field is named, the refusal's own messages for the whole form.
 * `rename` maps the platform's field to the form's (a row's `members.0.name` to `name`);
 * a field it answers null for is said for the whole form.
 *
 * @example return data(submission.reply(refusalMessages(saved)), { status: 400 });
 */
export function refusalMessages(refusal: Refusal, rename: (path: string) => string | null = (path) => path) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [path, message] of Object.entries(refusal.fields)) {
    const field = rename(path);
    if (field === null) formErrors.push(message);
    else fieldErrors[field] ??= [message];
  }
  return { fieldErrors, formErrors: Object.keys(fieldErrors).length || formErrors.length ? formErrors : refusal.messages };
}
