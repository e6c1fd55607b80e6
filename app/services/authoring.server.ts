import { parseForm, refusalMessages, schemaMessages } from "~/utils/validation";
import { data } from "@remix-run/node";
import type { CategoryOption } from "~/components/authoring/BasicsForm";
import { conferenceBasicsSchema } from "#contract/schemas/conference";
import type { z } from "zod";
import { i18n } from "./i18n.server";
import { redirectWithNotice } from "./notices.server";
import { type CallOptions, type CallPath, callPlatform, platformData } from "./platform.server";
import type { EditorData } from "~/components/authoring/types";
import { badRequest, notFound } from "#contract/params";

/**
 * The organiser screens' server side: load a conference for editing (404 for others'), and run
 * one form ("intent") against the platform. A rejected form answers its intent, what was typed
 * and per-field messages, so the page shows them beside the fields with or without JavaScript.
 */
export type IntentResult = { intent: string; values: Record<string, string>; fieldErrors: Record<string, string[]>; formErrors: string[]; confirm?: string };

export function loadEditor(request: Request, id: number) {
  return platformData<EditorData>(request, `/manage/conference/${id}`);
}

export function formValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  return values;
}

export function rejected(intent: string, values: Record<string, string>, fieldErrors: Record<string, string[]>, formErrors: string[] = []) {
  return data<IntentResult>({ intent, values, fieldErrors, formErrors }, { status: 400 });
}

/**
 * Validates with the shared schema (messages are keys), then calls the platform; on success
 * redirects back with a notice (so a reload doesn't post again).
 */
export async function runIntent<S extends z.ZodType>(
  request: Request,
  intent: string,
  values: Record<string, string>,
  spec: { schema?: S; input?: unknown; call: (value: z.output<S> | undefined) => { path: CallPath; options: CallOptions }; back: string; notice: string },
) {
  let value: z.output<S> | undefined;
  if (spec.schema) {
    const parsed = spec.schema.safeParse(spec.input ?? values);
    if (!parsed.success) {
      const { fieldErrors, formErrors } = schemaMessages(parsed.error);
      return rejected(intent, values, fieldErrors, formErrors);
    }
    value = parsed.data;
  }
  const { path, options } = spec.call(value);
  const result = await callPlatform(request, path, options);
  // Someone else's conference (or a row that is gone): the not-found page, as the loader gives.
  if (!result.ok && result.status === 404) throw notFound();
  if (!result.ok) {
    const { fieldErrors, formErrors } = refusalMessages(result);
    return rejected(intent, values, fieldErrors, formErrors);
  }
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, spec.back, { content: t(spec.notice), color: "success" });
}

/** Categories with their majors, for the basics form. */
export async function loadCategories(request: Request) {
  const result = await callPlatform<{ list: CategoryOption[] }>(request, "/categories");
  return result.ok ? result.data.list : [];
}

/**
 * Saves the basics (create or update): validated with conform for `lastResult`, the cover
 * uploaded first when it came with the form (no JavaScript), then sent to the platform.
 */
export async function saveBasics(request: Request, formData: FormData, target: { method: "POST" | "PUT"; path: CallPath }) {
  // The cover (a public image) is uploaded before anything is checked, so a refused form shows it and posts it again.
  const file = formData.get("coverFile");
  formData.delete("coverFile");
  let coverErrors: string[] | null = null;
  if (file instanceof File && file.size > 0) {
    const body = new FormData();
    body.set("file", file);
    const uploaded = await callPlatform<{ publicUrl: string }>(request, "/cms/files/upload", { method: "POST", body });
    if (uploaded.ok) formData.set("cover", uploaded.data.publicUrl);
    else coverErrors = uploaded.messages;
  }
  const submission = parseForm(formData, conferenceBasicsSchema);
  if (coverErrors) return { ok: false as const, reply: submission.reply({ fieldErrors: { cover: coverErrors } }) };
  if (submission.status !== "success") return { ok: false as const, reply: submission.reply() };
  const values = formValues(formData);
  delete values.intent;
  const saved = await callPlatform<{ id: number }>(request, target.path, { method: target.method, body: values });
  if (!saved.ok) {
    return { ok: false as const, reply: submission.reply(refusalMessages(saved)) };
  }
  return { ok: true as const, id: saved.data.id };
}

export type IntentSpec = { schema?: z.ZodType; method: "POST" | "PUT" | "PATCH" | "DELETE"; path: (values: Record<string, string>, conferenceId: number) => CallPath; body?: (values: Record<string, string>, conferenceId: number) => unknown; notice?: string };

/**
 * The three intents of a RowList section: `<kind>` adds (POST `add`), `<kind>-update` saves a
 * row (PUT `<row>/<rowId>`), `<kind>-delete` deletes it (DELETE, once confirmed).
 *
 * @example runTable(request, id, formData, { ...rowIntents("branch", branchSchema, "/branch") })
 */
export function rowIntents(kind: string, schema: z.ZodType, add: CallPath, row: string = add): Record<string, IntentSpec> {
  // `<row>/<id>` is a row of the table whenever `add` is (the contract test walks every one).
  const rowPath = (id: string) => `${row}/${id}` as CallPath;
  return {
    [kind]: { schema, method: "POST", path: () => add },
    [`${kind}-update`]: { schema, method: "PUT", path: (v) => rowPath(v.rowId) },
    [`${kind}-delete`]: { method: "DELETE", path: (v) => rowPath(v.rowId) },
  };
}

/**
 * Runs the posted intent (`kind` or `kind:detail`, so forms of one kind on one page keep their
 * own messages) from a table of what each kind calls.
 */
export async function runTable(request: Request, conferenceId: number, formData: FormData, table: Record<string, IntentSpec>) {
  const values = formValues(formData);
  // Without JavaScript an UploadField's file (`<name>File`) comes with the form: upload it first.
  for (const [key, file] of formData) {
    if (!key.endsWith("File") || !(file instanceof File) || file.size === 0) continue;
    const body = new FormData();
    body.set("file", file);
    const uploaded = await callPlatform<{ publicUrl: string }>(request, "/cms/files/upload", { method: "POST", body });
    const field = key.slice(0, -"File".length);
    if (!uploaded.ok) return rejected(values.intent ?? "", values, { [field]: uploaded.messages });
    values[field] = uploaded.data.publicUrl;
  }
  const intent = values.intent ?? "";
  const spec = table[intent.split(":")[0]];
  if (!spec) throw badRequest();
  const rowId = (values.rowId ?? "").match(/^\d+$/) ? values.rowId : "0";
  // A delete acts only once confirmed: with JavaScript the dialog posts `confirmed=1`, without it the page asks (see RowList).
  if (spec.method === "DELETE" && values.confirmed !== "1") {
    const t = await i18n.getFixedT(request);
    return { intent, rowId, confirm: t("authoring.rows.confirmDeleteShort") };
  }
  const url = new URL(request.url);
  return runIntent(request, intent, values, {
    schema: spec.schema,
    input: values,
    call: () => ({
      path: spec.path({ ...values, rowId }, conferenceId),
      options: { method: spec.method, body: spec.method === "DELETE" ? undefined : (spec.body?.(values, conferenceId) ?? { ...values, conferenceId }) },
    }),
    back: `${url.pathname}${url.hash}`,
    notice: spec.notice ?? (spec.method === "DELETE" ? "authoring.edit.deleted" : "authoring.edit.saved"),
  });
}
