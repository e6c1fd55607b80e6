import { data } from "@remix-run/node";
import type { z } from "zod";
import { badRequest, parseId } from "#contract/params";
import { formValues, rejectValues, runIntent } from "./form-protocol.server";
import { i18n } from "./i18n.server";
import { keepUploads } from "./kept-uploads.server";
import { dangerNotices, redirectWithNotice } from "./notices.server";
import { type CallOptions, type CallPath, callPlatform } from "./platform.server";
import { getLang } from "./session.server";

/**
 * The attendee services' screens (issue 6), server side: forms are posted flat (`authors.0.name`,
 * `arrival.mode`) and rebuilt into the platform's shapes; files that came with a form (no
 * JavaScript) are uploaded as private documents first; every outcome either redirects with a
 * notice or answers what was typed with per-field messages (the one form protocol's reply).
 */

export { formValues };

/** `{"a.0.b": "x", "c": "y"}` → `{a: [{b: "x"}], c: "y"}`: numeric parts make arrays. */
export function nest(values: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split(".");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key = /^\d+$/.test(part) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
        node = container[key] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** Rows of a repeated group where every field was left empty are not rows (spare blank lines of a form). */
export function filledRows<T extends Record<string, unknown>>(rows: unknown): T[] {
  if (!Array.isArray(rows)) return [];
  return rows.filter((row): row is T => Boolean(row) && Object.values(row as object).some((v) => typeof v === "string" && v.trim() !== ""));
}

/**
 * Stores the private documents that came with a form (`<name>File`) and keeps them for the form
 * `scope` (decision 017), or takes back the ones kept by an earlier refused post (`<name>Kept`):
 * their keys go to `values[name]` (several files of a `multiple` field to `name.0`, `name.1` …
 * after the saved ones still ticked in `<name>Keep`), their references to `values["<name>Kept"]`
 * (`<name>Kept.0` … for a `multiple` one) so a refusal shows them as attached. Answers a
 * rejection when a file is refused.
 */
export async function uploadPostedDocuments(
  request: Request,
  formData: FormData,
  values: Record<string, string>,
  scope: string,
  fields: { single?: string[]; multiple?: string } = {},
) {
  const single = fields.single ?? [];
  const kept = await keepUploads(request, formData, scope, "document", [
    ...single.map((name) => ({ name })),
    ...(fields.multiple ? [{ name: fields.multiple, multiple: true }] : []),
  ]);
  for (const name of single) {
    values[name] = String(formData.get(name) ?? "");
    const ref = formData.get(`${name}Kept`);
    if (typeof ref === "string") values[`${name}Kept`] = ref;
    else delete values[`${name}Kept`];
    delete values[`${name}Remove`];
  }
  if (fields.multiple) {
    const name = fields.multiple;
    const saved = formData.getAll(`${name}Keep`).filter((v): v is string => typeof v === "string" && v !== "");
    delete values[`${name}Keep`];
    delete values[`${name}Kept`];
    [...saved, ...(kept.keys[name] ?? [])].forEach((key, i) => (values[`${name}.${i}`] = key));
    formData.getAll(`${name}Kept`).forEach((ref, i) => (values[`${name}Kept.${i}`] = String(ref)));
  }
  if (Object.keys(kept.errors).length) return rejectValues(values.intent ?? "", values, { fieldErrors: kept.errors });
  return null;
}

/**
 * Validates the rebuilt body with the shared schema, calls the platform, and redirects back
 * with a notice; a refusal answers what was typed with the messages beside their fields.
 */
export function runService<S extends z.ZodType>(
  request: Request,
  values: Record<string, string>,
  spec: { schema: S; input: unknown; path: CallPath; method: NonNullable<CallOptions["method"]>; notice: string; back?: string },
) {
  const url = new URL(request.url);
  return runIntent(request, values.intent ?? "", values, {
    schema: spec.schema,
    input: spec.input,
    call: (value) => ({ path: spec.path, options: { method: spec.method, body: value } }),
    back: spec.back ?? url.pathname,
    notice: spec.notice,
  });
}

/**
 * A post that asks first (ConfirmForm): without `confirmed=1` the page is told to ask; with it the
 * platform is called and the browser goes back with a notice, or with the platform's message.
 */
export async function confirmedCall(
  request: Request,
  formData: FormData,
  spec: { path: CallPath; method: NonNullable<CallOptions["method"]>; body?: unknown; notice: string },
) {
  const id = parseId(formData.get("id")) ?? 0;
  if (formData.get("confirmed") !== "1") return { confirm: String(formData.get("intent") ?? ""), id };
  const url = new URL(request.url);
  const done = await callPlatform(request, spec.path, { method: spec.method, body: spec.body });
  if (!done.ok) throw await redirectWithNotice(request, url.pathname, dangerNotices(done.messages));
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, url.pathname, { content: t(spec.notice), color: "success" });
}

/** A posted row id (`id`), or a 400. */
export function postedId(formData: FormData) {
  const id = parseId(formData.get("id"));
  if (id === null) throw badRequest();
  return id;
}

/** A service screen's loader answer: its title, the language and the data; never cached (it is personal). */
export async function servicePageData<T extends object>(request: Request, titleKey: string, payload: T) {
  const t = await i18n.getFixedT(request);
  return data(
    { title: `${t(titleKey)} - ${t("meta.siteName")}`, lang: getLang(request).lang, ...payload },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * What every attendee-service action reads after its guard: the posted values, and the intent
 * split into its kind and target (`book:12`).
 */
export async function readServiceAction(request: Request, conferenceId: number) {
  const formData = await request.formData();
  const values = formValues(formData);
  const [kind = "", target = ""] = (values.intent ?? "").split(":");
  return { conferenceId, formData, values, kind, target, targetId: parseId(target) };
}
