import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatusBadge } from "~/components/StatusBadge";
import { useTranslation } from "~/use-translation";
import { useFormKey } from "~/utils/fresh-form";
import { useIntentResult } from "../authoring/IntentForm";
import { FieldError } from "../FieldError";
import type { ReviewState } from "./types";

/**
 * The attendee services' form parts. A page may hold several forms (one per room, one per
 * booking); each posts its own `intent` (`book:12`, `change:7`), and after a refusal only the
 * form that was posted shows what was typed and the messages beside its fields.
 */

/** The refused post of this form, if it was this form's. */
export const useServiceResult = useIntentResult;

/** A form of the services: intent, hidden values, its refusal's form-level messages, then fields. */
export function ServiceForm({
  intent,
  hidden = {},
  multipart,
  className,
  children,
  submit,
  testId,
  shown = null,
}: {
  intent: string;
  /**
   * The stored record its fields show (null for a form of a new item): when another post of the
   * page brings it back changed (an organiser's change, another tab's), the form starts afresh
   * from it instead of keeping what it showed before, which a later save would post back.
   */
  shown?: unknown;
  hidden?: Record<string, string | number>;
  multipart?: boolean;
  className?: string;
  children: ReactNode;
  submit: string;
  testId?: string;
}) {
  const result = useServiceResult(intent);
  const formKey = useFormKey(intent, Boolean(result), shown);
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      // Afresh after its own success (a redirect) or on another page; kept while another form of the page is sent.
      key={formKey}
      className={className ?? "ui-stack ui-svc-form"}
      noValidate
      data-testid={testId}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormMessages intent={intent} />
      {children}
      <div>
        <button type="submit" className="ui-button">
          {submit}
        </button>
      </div>
    </Form>
  );
}

/** The form-level messages of a refused post of this intent (also where its form is no longer shown, e.g. a room just booked out). */
export function FormMessages({ intent }: { intent: string }) {
  const { t } = useTranslation();
  const result = useServiceResult(intent);
  return (
    <>
      {result?.formErrors.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}
    </>
  );
}

/** One labelled field of a ServiceForm: the typed value and its messages survive a refusal. */
export function ServiceField({
  intent,
  name,
  label,
  type = "text",
  defaultValue = "",
  required,
  options,
  help,
  min,
  max,
  autoComplete,
}: {
  intent: string;
  name: string;
  label: string;
  type?: "text" | "date" | "datetime-local" | "number" | "email" | "tel" | "textarea" | "select";
  defaultValue?: string | number;
  required?: boolean;
  options?: Array<{ value: string; label: string }>;
  help?: string;
  min?: string | number;
  max?: string | number;
  autoComplete?: string;
}) {
  const result = useServiceResult(intent);
  const id = `${intent.replace(/[^a-zA-Z0-9]/g, "-")}-${name.replace(/[^a-zA-Z0-9]/g, "-")}`;
  const errors = result?.fieldErrors[name];
  const value = result ? (result.values[name] ?? "") : String(defaultValue);
  const described = [errors ? `${id}-error` : "", help ? `${id}-help` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, name, "aria-invalid": errors ? true : undefined, "aria-describedby": described, "aria-required": required || undefined };
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
        {required ? " *" : ""}
      </label>
      {type === "textarea" ? (
        <textarea className="ui-input ui-svc-textarea" rows={5} {...common} defaultValue={value} />
      ) : type === "select" ? (
        <select className="ui-input" {...common} defaultValue={value}>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input className="ui-input" type={type} {...common} defaultValue={value} min={min} max={max} autoComplete={autoComplete} />
      )}
      {help && (
        <p id={`${id}-help`} className="ui-field-help">
          {help}
        </p>
      )}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** Messages of a field drawn by hand (an upload, a group of rows). */
export function ServiceErrors({ intent, name }: { intent: string; name: string }) {
  const result = useServiceResult(intent);
  const errors = Object.entries(result?.fieldErrors ?? {})
    .filter(([key]) => key === name || key.startsWith(`${name}.`))
    .flatMap(([, messages]) => messages);
  return <FieldError errors={errors.length ? errors : undefined} />;
}

/** A value typed into a refused form, or the row's own. */
export function useTyped(intent: string) {
  const result = useServiceResult(intent);
  return (name: string, fallback = "") => (result ? (result.values[name] ?? "") : fallback);
}

/** Review state as a badge. */
export function StateBadge({ state }: { state: ReviewState }) {
  const { t } = useTranslation();
  return (
    <StatusBadge state={state} data-testid="review-state">
      {t(`services.states.${state}`)}
    </StatusBadge>
  );
}

/** Check-in, check-out and rooms of a stay, limited to the room's window. */
export function StayFields({
  intent,
  window,
  defaults,
}: {
  intent: string;
  window: { from: string; to: string };
  defaults?: { checkIn: string; checkOut: string; rooms: number };
}) {
  const { t } = useTranslation();
  return (
    <div className="ui-svc-stay">
      <ServiceField
        intent={intent}
        name="checkIn"
        type="date"
        label={t("services.hotel.checkIn")}
        required
        min={window.from}
        max={window.to}
        defaultValue={defaults?.checkIn ?? window.from}
      />
      <ServiceField
        intent={intent}
        name="checkOut"
        type="date"
        label={t("services.hotel.checkOut")}
        required
        min={window.from}
        max={window.to}
        defaultValue={defaults?.checkOut ?? window.to}
      />
      <ServiceField
        intent={intent}
        name="rooms"
        type="number"
        label={t("services.hotel.rooms")}
        required
        min={1}
        max={20}
        defaultValue={defaults?.rooms ?? 1}
      />
    </div>
  );
}

/** Rows of a repeated group (authors, guests): the saved ones, then spare empty rows for more. */
export function RowFields({
  intent,
  group,
  legend,
  columns,
  rows,
  spare = 2,
}: {
  intent: string;
  group: string;
  legend: string;
  columns: Array<{ key: string; label: string; type?: "text" | "tel" }>;
  rows: Array<Record<string, string | undefined>>;
  spare?: number;
}) {
  const typed = useTyped(intent);
  const result = useServiceResult(intent);
  const postedCount = result ? Object.keys(result.values).filter((k) => k.startsWith(`${group}.`) && k.endsWith(`.${columns[0].key}`)).length : 0;
  const count = Math.max(rows.length + spare, postedCount, 1);
  const id = (i: number, key: string) => `${intent.replace(/[^a-zA-Z0-9]/g, "-")}-${group}-${i}-${key}`;
  return (
    <fieldset className="ui-svc-rows">
      <legend className="ui-label">{legend}</legend>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ui-svc-row">
          {columns.map((column) => {
            const errors = result?.fieldErrors[`${group}.${i}.${column.key}`];
            return (
              <div key={column.key} className="ui-field">
                <label className="ui-label" htmlFor={id(i, column.key)}>
                  {column.label} {i + 1}
                </label>
                <input
                  className="ui-input"
                  id={id(i, column.key)}
                  type={column.type ?? "text"}
                  name={`${group}.${i}.${column.key}`}
                  defaultValue={typed(`${group}.${i}.${column.key}`, rows[i]?.[column.key] ?? "")}
                  aria-invalid={errors ? true : undefined}
                  aria-describedby={errors ? `${id(i, column.key)}-error` : undefined}
                />
                <FieldError id={`${id(i, column.key)}-error`} errors={errors} />
              </div>
            );
          })}
        </div>
      ))}
      <FieldError errors={result?.fieldErrors[group]} />
    </fieldset>
  );
}

/** A link that downloads one of my private uploads (the /files route checks who asks). */
export function FileLink({ uploadKey, name }: { uploadKey: string; name?: string | null }) {
  const { t } = useTranslation();
  return (
    <a href={`/files/${uploadKey}`} download={name ?? undefined} className="ui-svc-file" data-testid="file-link">
      {name || t("services.files.download")}
    </a>
  );
}

/** "Change" folded away; open again after a refusal of its form so the messages show. */
export function EditDetails({ intent, label, children }: { intent: string; label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const result = useServiceResult(intent);
  return (
    <details className="ui-svc-edit" open={result ? true : undefined}>
      <summary className="ui-link-button">{label ?? t("services.change")}</summary>
      {children}
    </details>
  );
}
