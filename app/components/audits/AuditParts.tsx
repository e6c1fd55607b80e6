import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import type { z } from "zod";
import { StatusBadge } from "~/components/StatusBadge";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { useFormKey } from "~/utils/fresh-form";
import { useIntentForm, useIntentResult } from "../authoring/IntentForm";
import { FieldError } from "../FieldError";
import { ManageNav } from "../manage/ManageNav";

/**
 * The parts every organiser audit page shares: the frame (navigation between the manage
 * pages and the title), the GET filter form, state badges and the decision form.
 */

export function AuditFrame({ id, name, heading, actions, children }: { id: number; name: string; heading: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="ui-aud-page">
      <ManageNav id={id} name={name} />
      <div className="ui-aud-head">
        <h1 className="ui-page-title">{heading}</h1>
        {actions && <div className="ui-aud-actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A titled part of an audit page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="ui-aud-section">
      <h2 id={`${id}-title`} className="ui-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export type FilterField =
  | { name: string; label: string; type: "select"; options: Array<{ value: string; label: string }> }
  | { name: string; label: string; type: "text" | "date"; help?: string };

/**
 * Filters as a GET form: they live in the address, work without JavaScript and survive a
 * reload. With `action` it opens another page with the choice (the print page) instead.
 */
export function FilterForm({
  fields,
  more = [],
  values,
  id = "filters",
  keep = {},
  action,
  submit,
  label,
  children,
}: {
  fields: FilterField[];
  /** Filters used less often, behind "more filters" (a <details>: open while one of them applies). */
  more?: FilterField[];
  values: Record<string, string>;
  id?: string;
  keep?: Record<string, string>;
  action?: string;
  submit?: string;
  /** The form's name, when a page has two filter forms (each landmark named apart). */
  label?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const control = (field: FilterField) => {
    const inputId = `${id}-${field.name}`;
    return (
      <div key={field.name} className="ui-field">
        <label className="ui-label" htmlFor={inputId}>
          {field.label}
        </label>
        {field.type === "select" ? (
          <select id={inputId} name={field.name} className="ui-input" defaultValue={values[field.name] ?? ""}>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={inputId}
            name={field.name}
            type={field.type}
            className="ui-input"
            defaultValue={values[field.name] ?? ""}
            placeholder={field.type === "text" ? field.help : undefined}
          />
        )}
      </div>
    );
  };
  return (
    // Keyed by the address: after a filter or a reset with JavaScript the fields show what applies.
    <Form method="get" action={action} className="ui-aud-filters" aria-label={label ?? submit ?? t("audits.filter")} id={id} key={location.search}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map(control)}
      {children}
      <div className="ui-aud-filter-actions">
        <button type="submit" className="ui-button" data-testid={`${id}-submit`}>
          {submit ?? t("audits.filter")}
        </button>
        {!action && <Link to={`${location.pathname}${Object.keys(keep).length ? `?${new URLSearchParams(keep)}` : ""}`}>{t("audits.reset")}</Link>}
      </div>
      {more.length > 0 && (
        <details className="ui-list-more" open={more.some((field) => values[field.name]) || undefined}>
          <summary>{t("audits.moreFilters")}</summary>
          <div>{more.map(control)}</div>
        </details>
      )}
    </Form>
  );
}

/** The sponsor-or-exhibitor choice of the application lists. */
export function sponsorKindField(t: (key: string) => string): FilterField {
  return {
    name: "kind",
    label: t("audits.sponsors.kind"),
    type: "select",
    options: [
      { value: "", label: t("audits.sponsors.allKinds") },
      { value: "sponsor", label: t("audits.kinds.sponsor") },
      { value: "exhibitor", label: t("audits.kinds.exhibitor") },
    ],
  };
}

/** Options of a state filter: "all" first, then each state's word. */
export function stateOptions(t: (key: string) => string, states: readonly string[], prefix: string) {
  return [{ value: "", label: t("audits.all") }, ...states.map((state) => ({ value: state, label: t(`${prefix}.${state}`) }))];
}

export function StateBadge({ state, label }: { state: string; label: string }) {
  return (
    <StatusBadge state={state} data-testid="state">
      {label}
    </StatusBadge>
  );
}

/**
 * Approve, or reject with a remark, for one row. Without JavaScript it is a plain post; a
 * refusal without a remark comes back with the message beside the field and the text kept.
 */
export function DecisionForm({
  kind,
  rowId,
  approve,
  reject,
  remarkLabel,
  multipart,
  schema,
  children,
}: {
  kind: string;
  rowId: number;
  /** The schema the action checks the decision with; with JavaScript it checks before sending (not where a kept file is part of it). */
  schema?: z.ZodType;
  approve: { value: string; label: string } | null;
  reject: { value: string; label: string } | null;
  remarkLabel?: string;
  multipart?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const intent = `${kind}:${rowId}`;
  const result = useIntentResult(intent);
  const formKey = useFormKey(intent, Boolean(result), null);
  const inputId = `remark-${kind}-${rowId}`;
  const { form, messages, others } = useIntentForm(intent, `decide-${kind}-${rowId}`, schema, ["remark"]);
  const errors = messages("remark");
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      className="ui-aud-decision"
      key={formKey}
      data-testid={`decide-${kind}-${rowId}`}
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="rowId" value={rowId} />
      {others.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}
      {children}
      <div className="ui-field">
        <label className="ui-label" htmlFor={inputId}>
          {remarkLabel ?? t("audits.remarkOptional")}
        </label>
        <input
          id={inputId}
          name="remark"
          className="ui-input"
          defaultValue={result?.values.remark ?? ""}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${inputId}-error` : undefined}
          maxLength={500}
        />
        <FieldError id={`${inputId}-error`} errors={errors} />
      </div>
      <div className="ui-aud-buttons">
        {approve && (
          <button type="submit" name="state" value={approve.value} className="ui-button">
            {approve.label}
          </button>
        )}
        {reject && (
          <button type="submit" name="state" value={reject.value} className="ui-button-outline">
            {reject.label}
          </button>
        )}
      </div>
    </Form>
  );
}

/** A link to a streamed Excel export (a resource route: a plain download, no client routing). */
export function ExportLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  return (
    <a href={href} className="ui-button-outline" download data-testid={testId} rel="nofollow">
      {label}
    </a>
  );
}

/** Label and value pairs of one row; a pair whose value is empty (null, false, "") is left out. */
export function Facts({ rows }: { rows: Array<[string, ReactNode, string?]> }) {
  return (
    <dl className="ui-aud-facts">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== false && value !== "")
        .map(([label, value, testId]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            {/* A value given as text is what someone entered (a name, a title, a remark): marked by its language. */}
            <dd data-testid={testId} {...(typeof value === "string" ? enteredLang(value) : {})}>
              {value}
            </dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** A list of rows as cards (`data-testid` on each, with its id), or a quiet "nothing here". */
export function Cards<T extends { id: number }>({
  items,
  testId,
  itemTestId,
  children,
}: {
  items: T[];
  testId: string;
  itemTestId: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ul className="ui-aud-cards" data-testid={testId}>
      {items.length === 0 && <li className="ui-muted">{t("audits.empty")}</li>}
      {items.map((item) => (
        <li key={item.id} className="ui-aud-card" data-testid={itemTestId} data-id={item.id}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** The audit state and the remark of a row, as facts. */
export function stateFacts(
  t: (key: string) => string,
  state: { value: string; label: string },
  remark: string | null | undefined,
): Array<[string, ReactNode, string?]> {
  return [
    [t("audits.state"), <StateBadge key="state" state={state.value} label={state.label} />],
    [t("audits.remark"), remark, "remark"],
  ];
}

/** Approve and reject buttons for a row in `state`: a decision can be turned the other way, the one it has is not offered again. */
export function decisionsFor(t: (key: string) => string, state: string) {
  return {
    approve: state === "approved" ? null : { value: "approved", label: t("audits.approve") },
    reject: state === "rejected" ? null : { value: "rejected", label: t("audits.reject") },
  };
}
