import type { SubmissionResult } from "@conform-to/react";

/**
 * The one form protocol (issue 15): every action parses its form with conform and the form's
 * schema (`parseForm`), and answers a refused post with `submission.reply()`: what was typed
 * (`initialValue`) and one message per field. A page with several forms (rows, intents) sends
 * the posted `intent` beside the reply, so only the form that was posted shows it.
 */
export type IntentReply = { intent: string; result: SubmissionResult<string[]> };

/** A refused post as a form draws it: the typed values and the messages, by the posted names (`authors.0.name`). */
export type IntentView = { intent: string; values: Record<string, string>; fieldErrors: Record<string, string[]>; formErrors: string[] };

/** conform names list items `a[0].b`; the services' forms post `a.0.b`. */
const postedName = (path: string) => path.replace(/\[(\d+)\]/g, ".$1");

function flatten(value: unknown, prefix: string, into: Record<string, string>) {
  if (value === null || value === undefined) return into;
  if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else into[prefix] = String(value);
  return into;
}

/** The reply to `intent` in an action's answer, for conform's `useForm({ lastResult })`. */
export function lastResultOf(answer: unknown, intent: string): SubmissionResult<string[]> | undefined {
  if (!answer || typeof answer !== "object" || !("result" in answer) || !("intent" in answer)) return undefined;
  const reply = answer as IntentReply;
  return reply.intent === intent ? reply.result : undefined;
}

/**
 * The view of an action's answer when it is an `IntentReply` for `intent` (any intent when none
 * is given); otherwise (a success, a question, another form's reply) undefined.
 *
 * @example const refused = intentView(useActionData<typeof action>(), "branch");
 */
export function intentView(answer: unknown, intent?: string): IntentView | undefined {
  if (!answer || typeof answer !== "object" || !("result" in answer) || !("intent" in answer)) return undefined;
  const { intent: posted, result } = answer as IntentReply;
  if (intent !== undefined && posted !== intent) return undefined;
  if (!result || typeof result !== "object") return undefined;
  const fieldErrors: Record<string, string[]> = {};
  let formErrors: string[] = [];
  for (const [path, messages] of Object.entries(result.error ?? {})) {
    if (!messages?.length) continue;
    if (path === "") formErrors = messages;
    else fieldErrors[postedName(path)] = messages;
  }
  return { intent: posted, values: flatten(result.initialValue, "", {}), fieldErrors, formErrors };
}

/**
 * Every message of the reply to `intent` (the form's, then each field's), for a page whose form
 * has no visible field to show them beside (a button post: an id, a confirmation).
 *
 * @example <FieldError errors={replyMessages(useActionData<typeof action>(), "cancel")} />
 */
export function replyMessages(answer: unknown, intent: string): string[] | undefined {
  const view = intentView(answer, intent);
  return view && [...view.formErrors, ...Object.values(view.fieldErrors).flat()];
}
