import type { z } from "zod";
import { badRequest } from "#contract/params";
import { conferenceBasicsSchema } from "#contract/schemas/conference";
import type { CategoryOption } from "~/components/authoring/BasicsForm";
import type { EditorPart, EditorRows, EditorView } from "~/components/authoring/types";
import { parseForm, refusalMessages } from "~/utils/validation";
import { formValues, rejectValues, runIntent } from "./form-protocol.server";
import { i18n } from "./i18n.server";
import { uploadFormPicture } from "./pictures.server";
import { type CallPath, callPlatform, platformData } from "./platform.server";

/**
 * The organiser screens' server side: load a conference for editing (404 for others'), and run
 * one form ("intent") against the platform through the one form protocol (`runIntent`).
 */

/**
 * The conference with the row lists of `parts` (what the page shows). A page that always asks for
 * the same lists names them as `P` too, and may read them without checking each is there.
 */
export function loadEditor<P extends EditorPart = never>(request: Request, id: number, parts: readonly P[] | readonly EditorPart[]) {
  return platformData<EditorView & Pick<EditorRows, P>>(request, `/manage/conference/${id}`, { query: { parts: parts.join(",") || "none" } });
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
  const cover = await uploadFormPicture(request, file);
  if (cover.state === "uploaded") formData.set("cover", cover.url);
  const coverErrors = cover.state === "refused" ? cover.messages : null;
  const submission = parseForm(formData, conferenceBasicsSchema);
  if (coverErrors) return { ok: false as const, submission, messages: { fieldErrors: { cover: coverErrors } } };
  if (submission.status !== "success") return { ok: false as const, submission };
  const values = formValues(formData);
  delete values.intent;
  const saved = await callPlatform<{ id: number }>(request, target.path, { method: target.method, body: values });
  if (!saved.ok) return { ok: false as const, submission, messages: refusalMessages(saved) };
  return { ok: true as const, id: saved.data.id };
}

export type IntentSpec = {
  schema?: z.ZodType;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: (values: Record<string, string>, conferenceId: number) => CallPath;
  body?: (values: Record<string, string>, conferenceId: number) => unknown;
  notice?: string;
};

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
    if (!key.endsWith("File")) continue;
    const uploaded = await uploadFormPicture(request, file);
    const field = key.slice(0, -"File".length);
    if (uploaded.state === "refused") return rejectValues(values.intent ?? "", values, { fieldErrors: { [field]: uploaded.messages } });
    if (uploaded.state === "uploaded") values[field] = uploaded.url;
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
    // Back to the page the form was on: the editor's section stays, a row opened by its link (`?edit=`) closes.
    back: `${url.pathname}${url.searchParams.has("section") ? `?section=${encodeURIComponent(url.searchParams.get("section") ?? "")}` : ""}`,
    notice: spec.notice ?? (spec.method === "DELETE" ? "authoring.edit.deleted" : "authoring.edit.saved"),
  });
}
