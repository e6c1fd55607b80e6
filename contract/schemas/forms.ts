import { z } from "zod";
import "./messages";
import { idField, optionalIdField } from "../params";
import type { FieldType, FormField } from "../states";
import { checkbox, confirmation, mobile } from "./account";
import { optionalChinaMoment } from "./china-time";
import { parseOptions } from "./conference";
import { type AnswerProblem, checkAnswers } from "./form-fields";

/**
 * Standalone forms (surveys, sign-up sheets, calls for volunteers): one schema per form,
 * shared by the pages (/form/*) and the platform (platform/routes/forms.ts). Messages are
 * translation keys under "forms.v".
 */

export const FORM_FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "radio",
  "checkbox",
  "date",
  "email",
  "phone",
  "file",
  "image",
] as const satisfies readonly FieldType[];

/** What checkAnswers says for each kind of bad answer on a standalone form. */
export const FORM_ANSWER_MESSAGES: Record<AnswerProblem, string> = {
  required: "forms.v.answerRequired",
  option: "forms.v.option",
  invalid: "forms.v.invalid",
  tooLong: "forms.v.tooLong",
  email: "forms.v.email",
  phone: "forms.v.phone",
  number: "forms.v.number",
  date: "forms.v.date",
  file: "forms.v.file",
};

/** The date filter's precisions (spec §5: a date filter without one asks for it). */
export const DATE_FORMATS = ["YYYY-MM-DD", "YYYY-MM", "YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DATE_PATTERNS: Record<DateFormat, RegExp> = {
  "YYYY-MM-DD": /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  "YYYY-MM": /^\d{4}-(0[1-9]|1[0-2])$/,
  YYYY: /^\d{4}$/,
};

const required = (max: number) => z.string({ error: "forms.v.required" }).trim().min(1, "forms.v.required").max(max, "forms.v.tooLong");
const optional = (max: number) => z.string().trim().max(max, "forms.v.tooLong").optional().default("");

/** A positive id from a form (string) or JSON (number); empty means none. */
const optionalId = optionalIdField("forms.v.invalid");

export const formId = idField("forms.v.invalid");

/** A deadline as typed in a `datetime-local` input (China time) or an ISO string (`chinaMoment`); empty means none. */
const deadline = optionalChinaMoment("forms.v.deadline");

const responseLimit = z
  .union([z.number(), z.string()])
  .optional()
  .nullable()
  .transform((value) => (value === undefined || value === null || String(value).trim() === "" ? null : Number(String(value).trim())))
  .pipe(z.number({ error: "forms.v.limit" }).int("forms.v.limit").min(1, "forms.v.limit").max(1_000_000, "forms.v.limit").nullable());

const settingsShape = {
  titleZh: required(200),
  titleEn: optional(200),
  descriptionZh: optional(2000),
  descriptionEn: optional(2000),
  deadline,
  responseLimit,
  onePerAccount: checkbox,
  isPublic: checkbox,
  conferenceId: optionalId,
  /** A template is a form others start from; it takes no answers. */
  isTemplate: checkbox,
};

/** `POST /form` and the settings of `PATCH /form/{id}`. */
export const formSettingsSchema = z.object(settingsShape);
export type FormSettings = z.output<typeof formSettingsSchema>;

/** `POST /form?template=<id>`: the title may come from the template. */
export const formFromTemplateSchema = z.object({ ...settingsShape, titleZh: optional(200) });

const key = z
  .string()
  .trim()
  .max(40, "forms.v.tooLong")
  .regex(/^[a-z][a-z0-9_]*$/, "forms.v.key");

/** One field as the editor posts it (`POST /form/{id}`, or one of `fields` in `PATCH /form/{id}`). */
export const formFieldInputSchema = z
  .object({
    /** Made by the platform when absent. */
    key: z.preprocess((value) => (value === "" || value === null ? undefined : value), key.optional()),
    type: z.enum(FORM_FIELD_TYPES, { error: "forms.v.type" }),
    labelZh: required(100),
    labelEn: optional(200),
    helpZh: optional(300),
    helpEn: optional(300),
    required: checkbox,
    options: z
      .union([
        z.string().max(5000, "forms.v.tooLong"),
        z
          .array(z.object({ value: z.string().trim().min(1).max(100), labelZh: z.string().trim().max(100), labelEn: z.string().trim().max(200) }))
          .max(100, "forms.v.tooLong"),
      ])
      .optional()
      .transform((value) => (typeof value === "string" ? parseOptions(value) : (value ?? []))),
    showWhenField: z
      .string()
      .trim()
      .max(40)
      .optional()
      .nullable()
      .transform((value) => value ?? ""),
    showWhenValue: z
      .string()
      .trim()
      .max(100, "forms.v.tooLong")
      .optional()
      .nullable()
      .transform((value) => value ?? ""),
  })
  .superRefine((value, ctx) => {
    const choice = value.type === "radio" || value.type === "checkbox";
    if (choice && value.options.length === 0) ctx.addIssue({ code: "custom", path: ["options"], message: "forms.v.options" });
    if (choice && new Set(value.options.map((o) => o.value)).size !== value.options.length)
      ctx.addIssue({ code: "custom", path: ["options"], message: "forms.v.optionsDuplicate" });
    if (value.showWhenField && !value.showWhenValue) ctx.addIssue({ code: "custom", path: ["showWhenValue"], message: "forms.v.required" });
    if (!value.showWhenField && value.showWhenValue) ctx.addIssue({ code: "custom", path: ["showWhenField"], message: "forms.v.required" });
  });
export type FormFieldInput = z.output<typeof formFieldInputSchema>;

/** The stored shape of a field from its input; the key is the platform's to choose when absent. */
export function toFormField(input: FormFieldInput, key: string): FormField {
  const choice = input.type === "radio" || input.type === "checkbox";
  return {
    key,
    type: input.type,
    labelZh: input.labelZh,
    labelEn: input.labelEn,
    ...(input.helpZh ? { helpZh: input.helpZh } : {}),
    ...(input.helpEn ? { helpEn: input.helpEn } : {}),
    required: input.required,
    ...(choice ? { options: input.options } : {}),
    showWhen: input.showWhenField ? { field: input.showWhenField, value: input.showWhenValue } : null,
  };
}

/** A stored field back as the editor's input, so a whole list can be changed and checked again. */
export function fieldInput(field: FormField): FormFieldInput & { key: string } {
  return {
    key: field.key,
    type: field.type,
    labelZh: field.labelZh,
    labelEn: field.labelEn,
    helpZh: field.helpZh ?? "",
    helpEn: field.helpEn ?? "",
    required: field.required,
    options: field.options ?? [],
    showWhenField: field.showWhen?.field ?? "",
    showWhenValue: field.showWhen?.value ?? "",
  };
}

/** The options of a choice field as the editor's textarea shows them, one "value|中文|English" a line. */
export function optionsText(field: FormField) {
  return (field.options ?? []).map((o) => [o.value, o.labelZh, o.labelEn].join("|")).join("\n");
}

/** `PATCH /form/{id}`: any of the settings, the whole list of fields (reorder, edit, remove), the template flag. */
export const formPatchSchema = formSettingsSchema.partial().extend({
  fields: z.array(formFieldInputSchema).max(100, "forms.v.tooManyFields").optional(),
});

/** `POST /form/user`: one response. Answers are checked against the form's fields by checkAnswers. */
export const formAnswerSchema = z.object({
  formId,
  answers: z.record(z.string().max(100), z.unknown()).optional().default({}),
  /** Rendered with the answer page; the same key again is the same answer (a double click, a resubmit). */
  submissionKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});

/** `POST /form/admin/{id}`: an existing account, by mobile. */
export const formAdminSchema = z.object({ mobile });

/** The answers table's filters (`GET /form/user`), in the page's query string too. */
export const answersFilterSchema = z.object({
  keyword: z.string().trim().max(100, "forms.v.tooLong").optional().default(""),
  /** "createdAt" (the submission) or the key of one of the form's date fields. */
  dateField: z.string().trim().max(40).optional().default(""),
  format: z
    .union([z.enum(DATE_FORMATS), z.literal("")], { error: "forms.errors.dateFormatRequired" })
    .optional()
    .default(""),
  date: z.string().trim().max(10).optional().default(""),
});
export type AnswersFilter = z.output<typeof answersFilterSchema>;

/** A response to these fields, checked as the platform checks it (for the page's own validation). */
export function answerSchemaFor(fields: FormField[]) {
  return formAnswerSchema.superRefine((value, ctx) => {
    const result = checkAnswers(fields, value.answers, { strict: true, messages: FORM_ANSWER_MESSAGES });
    if (result.ok) return;
    for (const [path, message] of Object.entries(result.problems)) ctx.addIssue({ code: "custom", path: path.split("."), message });
  });
}

/** Deleting one answer (/form/answers, the owner): only once `confirmed=1` (without it the page asks first). */
export const answerDeleteSchema = z.object({
  intent: z.literal("delete", "forms.answers.actionInvalid"),
  answerId: idField("forms.answers.answerInvalid"),
  confirmed: confirmation,
});
