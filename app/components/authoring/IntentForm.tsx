import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { useTranslation } from "~/use-translation";
import { intentView, lastResultOf } from "~/utils/form-protocol";
import { useFormKey } from "~/utils/fresh-form";
import { parseForm } from "~/utils/validation";
import { FieldError } from "../FieldError";

export type FieldSpec = {
  name: string;
  label: string;
  type?: "text" | "textarea" | "date" | "datetime-local" | "number" | "select" | "checkbox" | "email" | "tel";
  required?: boolean;
  help?: string;
  defaultValue?: string;
  options?: Array<{ value: string; label: string }>;
};

/** The answer to this form's last post, when it was this form that was refused (the protocol's `IntentReply`). */
export function useIntentResult(intent: string) {
  return intentView(useActionData(), intent);
}

/**
 * conform's state of one intent's form: the action's last reply to it (`lastResult`), and with
 * JavaScript the same schema as the action checks the form before it is sent (on blur, then as
 * the person types). `messages(name)` are a field's messages, `others` those of the form and of
 * fields the form does not draw (a hidden value), so no message is ever hidden.
 */
export function useIntentForm(intent: string, formId: string, schema: z.ZodType | undefined, drawn: string[]) {
  const answer = useActionData();
  const [form] = useForm({
    id: formId,
    lastResult: lastResultOf(answer, intent),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: schema ? ({ formData }) => parseForm(formData, schema) : undefined,
  });
  const all = form.allErrors;
  const messages = (name: string) => all[name];
  const others = Object.entries(all).flatMap(([name, list]) => (drawn.includes(name) ? [] : list));
  return { form, messages, others: [...new Set(others)] };
}

/**
 * One small authoring form: labelled fields, the intent, hidden values. After a rejection it
 * shows what was typed and why per field; after its own success (a redirect) it starts empty
 * again, while what is half-typed in it stays when another form of the page is sent.
 */
export function IntentForm({
  intent,
  fields,
  hidden = {},
  submit,
  id,
  inline,
  multipart,
  schema,
  children,
}: {
  intent: string;
  fields: FieldSpec[];
  hidden?: Record<string, string | number>;
  submit: string;
  id?: string;
  inline?: boolean;
  /** For forms with an UploadField: without JavaScript the file travels with the form. */
  multipart?: boolean;
  /** The schema the action checks this form with (the fields the action adds left out): with JavaScript it checks before sending. */
  schema?: z.ZodType;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const result = useIntentResult(intent);
  const formId = id ?? `form-${intent}`;
  // Afresh after its own success or on another page; kept while another form of the page is sent.
  const formKey = useFormKey(
    intent,
    Boolean(result),
    fields.map((field) => field.defaultValue ?? ""),
  );
  const { form, messages, others } = useIntentForm(
    intent,
    formId,
    schema,
    fields.map((field) => field.name),
  );
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      key={formKey}
      className={inline ? "ui-edit-inline" : "ui-edit-form"}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {others.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}
      {fields.map((field) => {
        const inputId = `${formId}-${field.name}`;
        const errors = messages(field.name);
        const errorId = errors ? `${inputId}-error` : undefined;
        const value = result ? (result.values[field.name] ?? "") : (field.defaultValue ?? "");
        const common = { id: inputId, name: field.name, "aria-invalid": errors ? true : undefined, "aria-describedby": errorId, required: field.required };
        if (field.type === "checkbox") {
          return (
            <div key={field.name} className="ui-field">
              <label className="ui-checkbox">
                <input type="checkbox" {...common} required={false} defaultChecked={value === "on" || value === "true"} />
                <span>{field.label}</span>
              </label>
              <FieldError id={errorId} errors={errors} />
            </div>
          );
        }
        return (
          <div key={field.name} className="ui-field">
            <label className="ui-label" htmlFor={inputId}>
              {field.label}
              {field.required ? " *" : ""}
            </label>
            {field.type === "textarea" ? (
              <textarea className="ui-input ui-edit-textarea" rows={4} {...common} defaultValue={value} />
            ) : field.type === "select" ? (
              <select className="ui-input" {...common} defaultValue={value}>
                {field.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input className="ui-input" type={field.type ?? "text"} {...common} defaultValue={value} />
            )}
            {field.help && <p className="ui-field-help">{field.help}</p>}
            <FieldError id={errorId} errors={errors} />
          </div>
        );
      })}
      {children}
      <button type="submit" className="ui-button">
        {submit}
      </button>
    </Form>
  );
}

/** A one-button post (delete, switch). */
export function IntentButton({
  intent,
  hidden,
  label,
  tone,
  ariaLabel,
}: {
  intent: string;
  hidden: Record<string, string | number>;
  label: string;
  tone?: "outline";
  ariaLabel?: string;
}) {
  return (
    <Form method="post" className="ui-edit-inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={tone === "outline" ? "ui-button-outline" : "ui-button"} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}
