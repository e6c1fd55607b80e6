import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { conferenceBasicsSchema } from "#contract/schemas/conference";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { parseForm } from "~/utils/validation";
import { FieldError } from "../FieldError";
import { UploadField } from "../UploadField";

export type CategoryOption = { id: number; nameZh: string; nameEn: string; majors: Array<{ id: number; nameZh: string; nameEn: string }> };
export type BasicsValues = Partial<
  Record<
    | "nameZh"
    | "nameEn"
    | "shortName"
    | "startDate"
    | "endDate"
    | "cityZh"
    | "cityEn"
    | "addressZh"
    | "addressEn"
    | "categoryId"
    | "majorId"
    | "cover"
    | "hostZh"
    | "hostEn"
    | "summaryZh"
    | "summaryEn",
    string
  >
>;

const TEXT_FIELDS = [
  ["nameZh", true],
  ["nameEn", true],
  ["shortName", false],
  ["startDate", true],
  ["endDate", true],
  ["cityZh", true],
  ["cityEn", false],
  ["addressZh", false],
  ["addressEn", false],
  ["hostZh", false],
  ["hostEn", false],
] as const;

/**
 * The conference's basics, shared by /create and the editor. Checked as the user types (with
 * JavaScript) and again by the action; after a rejection conform's `lastResult` refills the fields.
 */
export function BasicsForm({
  intent,
  lastResult,
  defaults,
  categories,
  submit,
}: {
  intent: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaults: BasicsValues;
  categories: CategoryOption[];
  submit: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [form, fields] = useForm({
    id: `basics-${intent}`,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, conferenceBasicsSchema),
  });
  return (
    <Form method="post" encType="multipart/form-data" className="ui-edit-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}
      {TEXT_FIELDS.map(([name, required]) => {
        const field = fields[name];
        const type = name === "startDate" || name === "endDate" ? "date" : "text";
        return (
          <div key={name} className="ui-field">
            <label className="ui-label" htmlFor={field.id}>
              {t(`authoring.basics.${name}`)}
              {required ? " *" : ""}
            </label>
            <input className="ui-input" {...getInputProps(field, { type })} />
            <FieldError id={field.errorId} errors={field.errors} />
          </div>
        );
      })}
      <div className="ui-field">
        <label className="ui-label" htmlFor={fields.categoryId.id}>
          {t("authoring.basics.category")}
        </label>
        <select className="ui-input" {...getSelectProps(fields.categoryId)}>
          <option value="">{t("authoring.basics.none")}</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {pick(lang, category.nameZh, category.nameEn)}
            </option>
          ))}
        </select>
        <FieldError id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
      </div>
      <div className="ui-field">
        <label className="ui-label" htmlFor={fields.majorId.id}>
          {t("authoring.basics.major")}
        </label>
        <select className="ui-input" {...getSelectProps(fields.majorId)}>
          <option value="">{t("authoring.basics.none")}</option>
          {categories.map((category) => (
            <optgroup key={category.id} label={pick(lang, category.nameZh, category.nameEn)}>
              {category.majors.map((major) => (
                <option key={major.id} value={String(major.id)}>
                  {pick(lang, major.nameZh, major.nameEn)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError id={fields.majorId.errorId} errors={fields.majorId.errors} />
      </div>
      {(["summaryZh", "summaryEn"] as const).map((name) => (
        <div key={name} className="ui-field">
          <label className="ui-label" htmlFor={fields[name].id}>
            {t(`authoring.basics.${name}`)}
          </label>
          <textarea className="ui-input ui-edit-textarea" {...getTextareaProps(fields[name])} />
          <FieldError id={fields[name].errorId} errors={fields[name].errors} />
        </div>
      ))}
      <div className="ui-edit-wide">
        <UploadField
          name="cover"
          label={t("authoring.basics.cover")}
          help={t("authoring.basics.coverHelp")}
          defaultUrl={fields.cover.initialValue ?? defaults.cover}
        />
        <FieldError errors={fields.cover.errors} />
      </div>
      {/* The form is long: on a phone its button stays at the bottom of the screen while scrolling. */}
      <button type="submit" className="ui-button ui-edit-sticky-submit">
        {submit}
      </button>
    </Form>
  );
}

/** The editor's defaults from a stored conference. */
export function basicsDefaults(c: { [K in keyof BasicsValues]?: string | number | null }): BasicsValues {
  return Object.fromEntries(Object.entries(c).map(([key, value]) => [key, value === null || value === undefined ? "" : String(value)]));
}
