import { type FormEvent, useEffect, useState } from "react";
import { visibleFields } from "#contract/schemas/form-fields";
import type { FormField } from "#contract/states";
import { pick } from "~/utils/format";
import { FieldError } from "./FieldError";
import { DOCUMENT_TYPES, IMAGE_ACCEPT, UploadField } from "./UploadField";

/**
 * Conditional fields in a form ("show only when field X has value Y"): with JavaScript a field
 * shows only while its condition holds; before hydration (and without JavaScript) every field
 * shows, with its condition spelt out, and the server drops answers whose condition fails.
 * Spread `onChange` on the `<Form>`; pass `shown` and `hydrated` to `AnswerFields`.
 */
export function useConditionalFields(fields: FormField[], initialAnswers: Record<string, unknown>) {
  const [answers, setAnswers] = useState<Record<string, unknown>>(initialAnswers);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = new Set(visibleFields(fields, answers).map((f) => f.key));
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const next: Record<string, unknown> = {};
    for (const field of fields) {
      const values = data.getAll(`answers.${field.key}`);
      next[field.key] = field.type === "checkbox" ? values.map(String) : String(values[0] ?? "");
    }
    setAnswers(next);
  };
  return { shown, hydrated, onChange };
}

/**
 * The inputs of custom fields, named `answers.<key>` (checkboxes repeat the name). Files either
 * travel with the form as `file.<key>` (`files: "inline"`, the action uploads them), or go
 * through an UploadField posting to `uploadAction` (`files: "upload"`: the answer is the
 * upload's key; without JavaScript the file travels as `answers.<key>File`).
 */
export function AnswerFields({
  fields,
  lang,
  initialAnswers,
  errorsOf,
  shown,
  hydrated,
  conditionNote,
  files,
}: {
  fields: FormField[];
  lang: string;
  initialAnswers: Record<string, unknown>;
  errorsOf: (key: string) => string[] | undefined;
  shown: Set<string>;
  hydrated: boolean;
  /** The words for "only when <field> is <value>". */
  conditionNote: (field: string, value: string) => string;
  /** `keep`: the form's scope for kept uploads (decision 017); kept references come back as `answers.<key>Kept`. */
  files: { mode: "inline" } | { mode: "upload"; action: string; keep?: string; help: (field: FormField) => string };
}) {
  return (
    <>
      {fields.map((field) => {
        const label = pick(lang, field.labelZh, field.labelEn);
        const help = pick(lang, field.helpZh, field.helpEn);
        const id = `answer-${field.key}`;
        const name = `answers.${field.key}`;
        const value = initialAnswers[field.key];
        const errors = errorsOf(field.key);
        const hiddenNow = hydrated && field.showWhen && !shown.has(field.key);
        const condition = field.showWhen ? fields.find((f) => f.key === field.showWhen!.field) : undefined;
        const conditionOption = condition?.options?.find((o) => o.value === field.showWhen!.value);
        const errorId = `${id}-error`;
        const star = field.required && <span aria-hidden="true"> *</span>;
        const isFile = field.type === "file" || field.type === "image";
        return (
          <div key={field.key} className="ui-field" hidden={Boolean(hiddenNow)} data-field={field.key}>
            {field.type === "radio" || field.type === "checkbox" ? (
              <fieldset className="ui-attend-fieldset" aria-describedby={errors ? errorId : undefined}>
                <legend className="ui-label">
                  {label}
                  {star}
                </legend>
                {field.options?.map((option) => (
                  <label key={option.value} className="ui-checkbox">
                    <input
                      type={field.type}
                      name={name}
                      value={option.value}
                      defaultChecked={Array.isArray(value) ? value.includes(option.value) : value === option.value}
                    />
                    <span>{pick(lang, option.labelZh, option.labelEn)}</span>
                  </label>
                ))}
              </fieldset>
            ) : isFile && files.mode === "upload" ? (
              <UploadField
                name={name}
                id={id}
                label={label + (field.required ? " *" : "")}
                help={files.help(field)}
                defaultUrl={typeof value === "string" ? value : ""}
                accept={field.type === "image" ? IMAGE_ACCEPT : DOCUMENT_TYPES}
                document
                required={field.required}
                action={files.action}
                keep={files.keep}
                kept={typeof initialAnswers[`${field.key}Kept`] === "string" ? String(initialAnswers[`${field.key}Kept`]) : null}
              />
            ) : (
              <>
                <label className="ui-label" htmlFor={id}>
                  {label}
                  {star}
                </label>
                {field.type === "textarea" ? (
                  <textarea
                    id={id}
                    name={name}
                    className="ui-input"
                    rows={3}
                    defaultValue={String(value ?? "")}
                    aria-required={field.required || undefined}
                    aria-invalid={errors ? true : undefined}
                    aria-describedby={errors ? errorId : undefined}
                  />
                ) : isFile ? (
                  <>
                    <input
                      id={id}
                      type="file"
                      name={`file.${field.key}`}
                      accept={field.type === "image" ? "image/*" : "image/*,application/pdf"}
                      aria-describedby={errors ? errorId : undefined}
                    />
                    {value ? <input type="hidden" name={name} value={String(value)} /> : null}
                  </>
                ) : (
                  <input
                    id={id}
                    name={name}
                    className="ui-input"
                    type={field.type === "number" ? "text" : field.type === "phone" ? "tel" : field.type}
                    inputMode={field.type === "number" ? "decimal" : undefined}
                    defaultValue={String(value ?? "")}
                    aria-required={field.required || undefined}
                    aria-invalid={errors ? true : undefined}
                    aria-describedby={errors ? errorId : undefined}
                  />
                )}
              </>
            )}
            {condition && !hydrated && (
              <p className="ui-field-help">
                {conditionNote(
                  pick(lang, condition.labelZh, condition.labelEn),
                  conditionOption ? pick(lang, conditionOption.labelZh, conditionOption.labelEn) : field.showWhen!.value,
                )}
              </p>
            )}
            {help && <p className="ui-field-help">{help}</p>}
            <FieldError id={errorId} errors={errors} />
          </div>
        );
      })}
    </>
  );
}
