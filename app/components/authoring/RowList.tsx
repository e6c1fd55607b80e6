import { useActionData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Entered, ENTERED, NamedControl } from "~/components/WithEntered";
import { useTranslation } from "~/use-translation";
import { useFormKey } from "~/utils/fresh-form";
import { useOpenedInPlace } from "~/utils/opened-in-place";
import { ConfirmForm } from "../ConfirmForm";
import { type FieldSpec, IntentForm, useIntentResult } from "./IntentForm";

/** What the action answers when a delete was posted without `confirmed=1` (no JavaScript). */
export type DeleteQuestion = { intent: string; rowId: string; confirm: string };

type Props<Row> = {
  /**
   * The intents' stem: the row's form posts `<kind>-update:<id>` (with `rowId`), its delete
   * `<kind>-delete`; the action's table maps them to PUT and DELETE (see `rowIntents`).
   */
  kind: string;
  rows: Row[];
  rowId: (row: Row) => number;
  /** The row's name: in the buttons' accessible names and the delete question. */
  name: (row: Row) => string;
  summary: (row: Row) => ReactNode;
  /** The form's fields: pre-filled from the row, or (no row) those of the add form. */
  fields: (row: Row | undefined) => FieldSpec[];
  hidden?: (row: Row) => Record<string, string | number>;
  /** More of the form (an upload field), given the row (none when adding) and what was typed when the save was rejected. */
  formExtra?: (row: Row | undefined, typed: Record<string, string> | undefined) => ReactNode;
  multipart?: boolean;
  /** More buttons beside the row's delete (a show/hide switch). */
  actions?: (row: Row) => ReactNode;
  /** What belongs to the row (a hotel's rooms), under it. */
  nested?: (row: Row) => ReactNode;
  testId?: string;
  empty?: string;
  /** The add form under the list: its button, and its intent and hidden values when they are not just `kind`. */
  add?: { submit: string; intent?: string; hidden?: Record<string, string | number> };
  /** The schema the action checks the rows' forms with (`rowIntents`); `updateSchema` when a row's save is checked otherwise. */
  schema?: z.ZodType;
  updateSchema?: z.ZodType;
};

/**
 * One list section of the organiser's editor: each row shows its summary, an "Edit" link that
 * opens the row's own pre-filled form, and a delete that asks first; then the add form.
 *
 * A row's form is in the page only once it is opened (the editor of a full conference carried
 * 87 closed forms, half its HTML and render time): with JavaScript the link opens it in place
 * from the page's data; without, it loads the page with `?edit=<kind>-<id>` and the form open at
 * the row. An open form is a native `<details>` (its summary closes it either way); a rejected
 * save reopens it with what was typed and each field's message.
 */
export function RowList<Row>({
  kind,
  rows,
  rowId,
  name,
  summary,
  fields,
  hidden,
  formExtra,
  multipart,
  actions,
  nested,
  testId,
  empty,
  add,
  schema,
  updateSchema,
}: Props<Row>) {
  const location = useLocation();
  // The row opened by its link without JavaScript (`?edit=<kind>-<id>`), read once for the list.
  const search = new URLSearchParams(location.search);
  const editing = search.get("edit");
  // The editor's section (`?section=`) stays when a row's link opens it.
  const section = search.get("section");
  const page = section ? `section=${encodeURIComponent(section)}&` : "";
  const answer = useActionData<Partial<DeleteQuestion>>();
  return (
    <>
      {rows.length === 0 && empty && <p className="ui-muted">{empty}</p>}
      <ul className="ui-edit-list" data-testid={testId}>
        {rows.map((row) => {
          return (
            <EditableRow
              key={rowId(row)}
              kind={kind}
              id={rowId(row)}
              name={name(row)}
              summary={summary(row)}
              form={() => {
                const specs = fields(row);
                return { fields: specs, hidden: { ...keptSort(row, specs), ...hidden?.(row) } };
              }}
              extra={(typed) => formExtra?.(row, typed)}
              multipart={multipart}
              schema={updateSchema ?? schema}
              actions={actions?.(row)}
              asked={Boolean(answer?.confirm) && answer?.intent === `${kind}-delete` && answer?.rowId === String(rowId(row))}
              requested={editing === `${kind}-${rowId(row)}`}
              page={page}
            >
              {nested?.(row)}
            </EditableRow>
          );
        })}
      </ul>
      {add && (
        <AddForm
          intent={add.intent ?? kind}
          fields={fields(undefined)}
          hidden={add.hidden}
          multipart={multipart}
          schema={schema}
          submit={add.submit}
          extra={(typed) => formExtra?.(undefined, typed)}
        />
      )}
    </>
  );
}

/** The open form's fields and hidden values (the row's id among them). */
function rowForm(id: number, form: RowProps["form"]) {
  const { fields, hidden } = form();
  return { fields, hidden: { rowId: id, ...hidden } };
}

/** A row's place in its list travels with its form when the form doesn't set it, so saving keeps the order. */
function keptSort(row: unknown, fields: FieldSpec[]): Record<string, number> {
  const sort = (row as { sort?: unknown }).sort;
  return typeof sort === "number" && !fields.some((field) => field.name === "sort") ? { sort } : {};
}

function AddForm({
  intent,
  fields,
  hidden,
  multipart,
  schema,
  submit,
  extra,
}: {
  intent: string;
  fields: FieldSpec[];
  hidden?: Record<string, string | number>;
  multipart?: boolean;
  schema?: z.ZodType;
  submit: string;
  extra: (typed: Record<string, string> | undefined) => ReactNode;
}) {
  const rejected = useIntentResult(intent);
  return (
    <IntentForm intent={intent} fields={fields} hidden={hidden} multipart={multipart} schema={schema} submit={submit}>
      {extra(rejected?.values)}
    </IntentForm>
  );
}

type RowProps = {
  kind: string;
  id: number;
  name: string;
  summary: ReactNode;
  /** The row's form: its fields and hidden values, worked out only once the form is shown. */
  form: () => { fields: FieldSpec[]; hidden: Record<string, string | number> };
  extra: (typed: Record<string, string> | undefined) => ReactNode;
  multipart?: boolean;
  schema?: z.ZodType;
  actions?: ReactNode;
  asked: boolean;
  /** Opened by its link without JavaScript: the page's `?edit=` names this row. */
  requested: boolean;
  /** The page's own query that the row's link keeps ("section=hotels&"). */
  page: string;
  children?: ReactNode;
};

/**
 * A row of the list: its summary, its actions, and its form once opened. Afresh (closed, its form
 * empty of what was typed) on another page and after its own save; a save of another row, or any
 * other form of the page, leaves it as it is, open and half-typed.
 */
function EditableRow(props: RowProps) {
  const intent = `${props.kind}-update:${props.id}`;
  const rejected = useIntentResult(intent);
  return <RowBody key={useFormKey(intent, Boolean(rejected), null)} {...props} intent={intent} rejected={rejected} />;
}

function RowBody({
  kind,
  id,
  name,
  summary,
  form,
  extra,
  multipart,
  schema,
  actions,
  asked,
  requested,
  page,
  children,
  intent,
  rejected,
}: RowProps & { intent: string; rejected: ReturnType<typeof useIntentResult> }) {
  const { t } = useTranslation();
  const row = `${kind}-${id}`;
  const { opened, ref: formRef, open } = useOpenedInPlace<HTMLDetailsElement>();
  const editLabel = <NamedControl shown={t("authoring.rows.edit")} name={`${t("authoring.rows.edit")}: ${ENTERED}`} entered={name} />;
  return (
    <li className="ui-edit-item" id={`row-${row}`} data-row={row}>
      <div className="ui-edit-grow">{summary}</div>
      {/* A <div>: the actions hold forms, which no <span> or <p> may contain. */}
      <div className="ui-edit-actions">
        {actions}
        <ConfirmForm title={t("authoring.rows.confirmDelete", { name })} fields={{ intent: `${kind}-delete`, rowId: String(id) }} asked={asked}>
          {t("authoring.edit.delete")}
          {/* The button names its row (ConfirmForm's button takes no aria-label). */}
          <span className="ui-visually-hidden">
            : <Entered text={name} />
          </span>
        </ConfirmForm>
      </div>
      {rejected || requested || opened ? (
        <details className="ui-edit-details" open ref={formRef}>
          <summary className="ui-edit-summary">{editLabel}</summary>
          <IntentForm intent={intent} id={`form-${kind}-${id}`} {...rowForm(id, form)} multipart={multipart} schema={schema} submit={t("common.save")}>
            {extra(rejected?.values)}
          </IntentForm>
        </details>
      ) : (
        <a className="ui-edit-summary" href={`?${page}edit=${row}#row-${row}`} data-edit-row={row} onClick={open}>
          {editLabel}
        </a>
      )}
      {children}
    </li>
  );
}
