import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Option = { value: string | number; label: string };

export type DirectorySelect = {
  id: string;
  name: string;
  label: string;
  value: string | number | null;
  /** The first option, meaning "no filter". */
  allLabel: string;
  options?: Option[];
  /** Options under headings (subjects by field); shown after `options`. */
  groups?: Array<{ label: string; options: Option[] }>;
};

type Props = {
  label: string;
  className: string;
  /** A changed query (paging, clearing) gives a new key, so the uncontrolled fields reset. */
  formKey: string;
  keyword: { id: string; label: string; placeholder: string; value: string };
  selects?: DirectorySelect[];
  /** Query values the form keeps as they are. */
  hidden?: Record<string, string | number | null>;
  submitLabel: string;
  /** The page without filters, offered while any filter is on. */
  reset?: { to: string; label: string } | null;
};

function Options({ options }: { options: Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A directory's keyword and filter fields as one GET form: the same with and without JavaScript. */
export function DirectoryFilters({ label, className, formKey, keyword, selects = [], hidden = {}, submitLabel, reset }: Props) {
  return (
    <Form method="get" className={className} role="search" aria-label={label} key={formKey}>
      <div className="ui-field">
        <label className="ui-label" htmlFor={keyword.id}>
          {keyword.label}
        </label>
        <input
          id={keyword.id}
          className="ui-input"
          type="search"
          name="keyword"
          defaultValue={keyword.value}
          placeholder={keyword.placeholder}
          maxLength={100}
        />
      </div>
      {selects.map((select) => (
        <div className="ui-field" key={select.name}>
          <label className="ui-label" htmlFor={select.id}>
            {select.label}
          </label>
          <select id={select.id} className="ui-input" name={select.name} defaultValue={select.value ?? ""}>
            <option value="">{select.allLabel}</option>
            <Options options={select.options ?? []} />
            {(select.groups ?? []).map((group) => (
              <optgroup key={group.label} label={group.label}>
                <Options options={group.options} />
              </optgroup>
            ))}
          </select>
        </div>
      ))}
      {Object.entries(hidden).map(([name, value]) => (value === null || value === "" ? null : <input key={name} type="hidden" name={name} value={value} />))}
      <div className="ui-ref-actions">
        <button className="ui-button" type="submit">
          {submitLabel}
        </button>
        {reset && (
          <Link className="ui-ref-reset" to={reset.to}>
            {reset.label}
          </Link>
        )}
      </div>
    </Form>
  );
}

/** A directory's result count above its list, or what it says when nothing matched. */
export function DirectoryResults({ shown, summary, empty, children }: { shown: number; summary: string; empty: ReactNode; children: ReactNode }) {
  if (shown === 0) {
    return (
      <div className="ui-ref-empty" role="status">
        {empty}
      </div>
    );
  }
  return (
    <>
      <p className="ui-ref-summary" role="status">
        {summary}
      </p>
      {children}
    </>
  );
}
