import { z } from "zod";
import "./messages";
import type { FieldType, FormField } from "../states";
import { normalizeMobile } from "./mobile";

/**
 * Custom fields with conditions ("show only when field X has value Y"), shared by the
 * conference registration form and standalone forms: which fields show for some answers,
 * and the check of answers against the fields, used by the pages and the platform alike.
 */

export type Answer = string | string[];

/** What can be wrong with one answer; each maps to a translation key. */
export type AnswerProblem = "required" | "option" | "invalid" | "tooLong" | "email" | "phone" | "number" | "date" | "file";

/** The registration form's historic messages; standalone forms pass their own. */
const REGISTRATION_MESSAGES: Record<AnswerProblem, string> = {
  required: "registration.validation.fieldRequired",
  option: "registration.validation.optionInvalid",
  invalid: "registration.validation.fieldInvalid",
  tooLong: "registration.validation.tooLong",
  email: "registration.validation.fieldInvalid",
  phone: "registration.validation.fieldInvalid",
  number: "registration.validation.fieldInvalid",
  date: "registration.validation.fieldInvalid",
  file: "registration.validation.fieldInvalid",
};

/** An upload key as `/cms/files/*Upload` makes them. */
export const UPLOAD_KEY = /^u\/\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const present = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && String(value).trim() !== "");

/** A field is shown when it has no condition, or its condition's field is shown and holds the value. */
export function visibleFields(fields: FormField[], answers: Record<string, unknown>): FormField[] {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const memo = new Map<string, boolean>();
  const visible = (field: FormField, depth: number): boolean => {
    const known = memo.get(field.key);
    if (known !== undefined) return known;
    let shown = true;
    if (field.showWhen) {
      const parent = byKey.get(field.showWhen.field);
      const value = answers[field.showWhen.field];
      const holds = Array.isArray(value) ? value.map(String).includes(field.showWhen.value) : String(value ?? "") === field.showWhen.value;
      // A condition on a missing field, or a loop of conditions, hides the field.
      shown = holds && Boolean(parent) && depth < fields.length && visible(parent!, depth + 1);
    }
    memo.set(field.key, shown);
    return shown;
  };
  return fields.filter((field) => visible(field, 0));
}

/** The problem with one present text answer of a field, if any. `strict` is the standalone forms' stricter reading. */
function textProblem(type: FieldType, text: string, allowed: Set<string>, strict: boolean): AnswerProblem | null {
  switch (type) {
    case "radio":
      return allowed.has(text) ? null : "option";
    case "number":
      return /^-?\d+(\.\d+)?$/.test(text) ? null : "number";
    case "date":
      return (strict ? isCalendarDay(text) : /^\d{4}-\d{2}-\d{2}$/.test(text)) ? null : "date";
    case "email":
      return z.email().safeParse(text).success ? null : "email";
    case "phone":
      // Standalone forms take mobiles only; the registration form a landline too.
      return normalizeMobile(text) || (!strict && /^\+?[0-9\s-]{5,20}$/.test(text)) ? null : "phone";
    case "file":
    case "image":
      return !strict || UPLOAD_KEY.test(text) ? null : "file";
    default:
      return null;
  }
}

/**
 * Checks answers against the fields: hidden and unknown fields are dropped (so an answer to a
 * field whose condition does not hold is cleared), a required field is required only when
 * shown, options must be the field's own. Returns the cleaned answers, or the problems keyed
 * `answers.<key>` with a translation key each.
 */
export function checkAnswers(
  fields: FormField[],
  input: Record<string, unknown>,
  options: { enforceRequired?: boolean; strict?: boolean; messages?: Record<AnswerProblem, string> } = {},
): { ok: true; answers: Record<string, Answer> } | { ok: false; problems: Record<string, string> } {
  const enforceRequired = options.enforceRequired ?? true;
  const messages = options.messages ?? REGISTRATION_MESSAGES;
  const problems: Record<string, string> = {};
  const cleaned: Record<string, Answer> = {};
  // Conditions read the raw answers; a value of a hidden field can't make another field show.
  const shown = visibleFields(fields, input);
  for (const field of shown) {
    const path = `answers.${field.key}`;
    const raw = input[field.key];
    if (!present(raw)) {
      if (field.required && enforceRequired) problems[path] = messages.required;
      continue;
    }
    const allowed = new Set((field.options ?? []).map((option) => option.value));
    if (field.type === "checkbox") {
      const list = (Array.isArray(raw) ? raw : [raw]).map((value) => String(value));
      if (list.some((value) => !allowed.has(value))) problems[path] = messages.option;
      // In the options' order, as a form posts them: saving the answers again stores the same list.
      else cleaned[field.key] = [...allowed].filter((value) => list.includes(value));
      continue;
    }
    if (Array.isArray(raw) || typeof raw === "object") {
      problems[path] = messages.invalid;
      continue;
    }
    const text = String(raw).trim();
    if (text.length > 2000) {
      problems[path] = messages.tooLong;
      continue;
    }
    const problem = textProblem(field.type, text, allowed, options.strict ?? false);
    if (problem) problems[path] = messages[problem];
    // A phone answer that is a mobile is kept in the mobiles' one form; a landline as typed.
    else cleaned[field.key] = field.type === "phone" ? (normalizeMobile(text) ?? text) : text;
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, answers: cleaned };
}
