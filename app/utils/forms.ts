import type { FormField } from "#contract/states";

/** Shapes of the forms platform calls (platform/routes/forms.ts) as the pages read them. */
export type FormState = "open" | "closed" | "full";
export type FormRole = "owner" | "admin" | "conference" | null;

/** `GET /form/{id}`. */
export type FormInfo = {
  id: number;
  titleZh: string;
  titleEn: string;
  descriptionZh: string;
  descriptionEn: string;
  fields: FormField[];
  conferenceId: number | null;
  isTemplate: boolean;
  isPublic: boolean;
  deadline: string | null;
  responseLimit: number | null;
  onePerAccount: boolean;
  answers: number;
  state: FormState;
  role: FormRole;
  answered: boolean;
  /** The key of an answer page, issued while the form is open: files are uploaded bound to it (decision 032). */
  submissionKey: string | null;
};

/** A row of `GET /form` (mine, a conference's, the public ones, templates). */
export type FormListRow = {
  id: number;
  titleZh: string;
  titleEn: string;
  descriptionZh: string;
  descriptionEn: string;
  isTemplate: boolean;
  deadline: string | null;
  responseLimit: number | null;
  fieldCount: number;
  answers: number;
  state?: FormState;
  role?: FormRole;
  mine?: boolean;
};

/** A row of `GET /form/user` and `GET /form/user/{id}`. */
export type AnswerRow = {
  id: number;
  formId: number;
  accountId: number | null;
  answers: Record<string, unknown>;
  createdAt: string;
  name: string | null;
  mobile: string | null;
};

/** A stored answer as words: choices by their labels, several joined. Files are links, drawn by the page. */
export function answerText(field: FormField, value: unknown, lang: string) {
  const label = (v: string) => {
    const option = field.options?.find((o) => o.value === v);
    return option ? (lang === "en" ? option.labelEn || option.labelZh : option.labelZh || option.labelEn) : v;
  };
  if (value === undefined || value === null || value === "") return "";
  if (Array.isArray(value)) return value.map((v) => label(String(v))).join(lang === "en" ? ", " : "、");
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
