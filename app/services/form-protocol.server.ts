import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { z } from "zod";
import { notFound } from "#contract/params";
import type { IntentReply } from "~/utils/form-protocol";
import { type Refusal, parseValues, refusalMessages } from "~/utils/validation";
import { i18n } from "./i18n.server";
import { redirectWithNotice } from "./notices.server";
import { type CallOptions, type CallPath, callPlatform } from "./platform.server";

export { parseValues };

/**
 * The server half of the one form protocol (see `~/utils/form-protocol`): a posted form is parsed
 * by conform with its schema, and every refusal (the schema's, a file's, the platform's) is that
 * submission's `reply()`, sent with the posted intent and a 400.
 */

/** Posted strings, one per name (files left out: they are uploaded and kept first, decision 017). */
export function formValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  return values;
}

/** What any parsed form can do: answer with what was typed and its messages. */
type Replying = { reply: Submission<unknown>["reply"] };
type Messages = Parameters<Replying["reply"]>[0];

/** A refused post of `intent`: the submission's reply (with extra messages) and a 400. */
export function rejectIntent(intent: string, submission: Replying, messages?: Messages) {
  return data<IntentReply>({ intent, result: submission.reply(messages) }, { status: 400 });
}

/** `rejectIntent` for values no schema has checked (a file refused before the schema ran, a rule of the page). */
export function rejectValues(intent: string, values: Record<string, string>, messages: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) {
  return rejectIntent(intent, parseValues(values, z.unknown()), messages);
}

/**
 * A platform refusal (a failed `callPlatform`) as the reply to `intent`: its per-field messages
 * beside their fields, else its messages for the whole form (`rename`: see `refusalMessages`).
 * A 404 (someone else's conference, a row that is gone) is the not-found page, as the loader gives.
 */
export function refuseIntent(intent: string, submission: Replying, refusal: Refusal & { status: number }, rename?: (path: string) => string | null) {
  if (refusal.status === 404) throw notFound();
  return rejectIntent(intent, submission, refusalMessages(refusal, rename));
}

/**
 * One intent of a page: parse with the shared schema, call the platform with the value, and on
 * success go back with a notice (so a reload doesn't post again); any refusal is the reply.
 *
 * @example return runIntent(request, "publish", values, { call: () => ({ path, options }), back, notice: "authoring.edit.published" });
 */
export async function runIntent<S extends z.ZodType>(
  request: Request,
  intent: string,
  values: Record<string, string>,
  spec: { schema?: S; input?: unknown; call: (value: z.output<S> | undefined) => { path: CallPath; options: CallOptions }; back: string; notice: string },
) {
  let value: z.output<S> | undefined;
  let submission: Replying = parseValues(values, z.unknown());
  if (spec.schema) {
    const parsed = parseValues(values, spec.schema, spec.input);
    if (parsed.status !== "success") return rejectIntent(intent, parsed);
    value = parsed.value;
    submission = parsed;
  }
  const { path, options } = spec.call(value);
  const result = await callPlatform(request, path, options);
  if (!result.ok) return refuseIntent(intent, submission, result);
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, spec.back, { content: t(spec.notice), color: "success" });
}
