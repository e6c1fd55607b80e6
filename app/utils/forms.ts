import type { FormField } from "#contract/states";
import { punctuation } from "./punctuation";

export type { AnswerRow, FormInfo, FormListRow, FormRole, FormState } from "#contract/views/forms";

/** A stored answer as words: choices by their labels, several joined. Files are links, drawn by the page. */
export function answerText(field: FormField, value: unknown, lang: string) {
  const label = (v: string) => {
    const option = field.options?.find((o) => o.value === v);
    return option ? (lang === "en" ? option.labelEn || option.labelZh : option.labelZh || option.labelEn) : v;
  };
  if (value === undefined || value === null || value === "") return "";
  if (Array.isArray(value)) return value.map((v) => label(String(v))).join(punctuation(lang).list);
  return field.options ? label(String(value)) : String(value);
}

/** Where a form's pages are; one place for the URLs. */
export const formPath = {
  edit: (id: number) => `/form/edit?id=${id}`,
  detail: (id: number) => `/form/detail?id=${id}`,
  preview: (id: number) => `/form/preview?id=${id}`,
  answers: (id: number) => `/form/answers?id=${id}`,
  export: (id: number, query = "") => `/form/export?id=${id}${query ? `&${query}` : ""}`,
  administrators: (id: number) => `/form/administrator?id=${id}`,
};
