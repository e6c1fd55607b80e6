import type { FormField } from "../states";

/** Shapes of the forms platform calls (platform/routes/forms.ts) as the pages read them (decision 036). */
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
