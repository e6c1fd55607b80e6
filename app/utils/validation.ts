import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { messagesOf } from "#contract/schemas/messages";

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
  return parseWithZod(formData, { schema, disableAutoCoercion: true, formatError: (issues: z.core.$ZodIssue[]): string[] => issues.slice(0, 1).map((issue) => issue.message) });
}

/** What a platform refusal carries (`callPlatform`'s failure): its messages and its per-field messages. */
type Refusal = { messages: string[]; fields: Record<string, string> };

/**
 * A platform refusal as a form's messages: one message per field (already in the user's
 * language), or, when no field is named, the refusal's own messages for the whole form.
 *
 * @example return data(submission.reply(refusalMessages(saved)), { status: 400 });
 */
export function refusalMessages(refusal: Refusal) {
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, message] of Object.entries(refusal.fields)) fieldErrors[path] = [message];
  return { fieldErrors, formErrors: Object.keys(fieldErrors).length ? [] : refusal.messages };
}

/** A zod failure as a form's messages, one per field (for forms not wired through conform). */
export function schemaMessages(error: z.ZodError) {
  return messagesOf(error.issues);
}
