import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useLocation, useSubmit } from "@remix-run/react";
import { type ReactNode, useRef, useState } from "react";
import { type CheckinCounts, type CheckinOutcome, type CheckinPerson, chinaClock, outcomeKey, outcomeTone, share } from "#contract/checkin";
import { checkinCodeSchema } from "#contract/schemas/checkin";
import { FieldError } from "~/components/FieldError";
import { Modal } from "~/components/Modal";
import { ENTERED, NamedControl, WithEntered } from "~/components/WithEntered";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { pick } from "~/utils/format";
import { parseForm } from "~/utils/validation";

/** The identity's name in the user's language, or "no identity". */
export function useIdentityName() {
  const { t, i18n } = useTranslation();
  return (identity: CheckinPerson["identity"]) => (identity ? pick(i18n.language, identity.nameZh, identity.nameEn) : t("checkin.noIdentity"));
}

/**
 * The answer of the last action, loud and clear: green for a new check-in, amber for a ticket
 * seen before, red for one that may not enter. A status for screen readers, an alert when refused.
 */
export function ResultPanel({ outcome, now, large = false }: { outcome: CheckinOutcome; now: string; large?: boolean }) {
  const { t } = useTranslation();
  const identityName = useIdentityName();
  const tone = outcomeTone(outcome.result);
  const person = outcome.registration;
  const values = person
    ? {
        name: person.name,
        identity: identityName(person.identity),
        institution: person.institution || t("checkin.noInstitution"),
        time: person.checkedInAt ? chinaClock(person.checkedInAt, now) : "",
        state: t(`registration.states.${person.state}`),
      }
    : {};
  return (
    <div
      className={`ui-chk-result ui-chk-result-${tone}${large ? " ui-chk-result-large" : ""}`}
      role={tone === "ok" ? "status" : "alert"}
      data-testid="checkin-result"
      data-result={outcome.result}
    >
      <p className="ui-chk-result-head">{t(`checkin.tones.${tone}`)}</p>
      <p className="ui-chk-result-text">{t(outcomeKey(outcome), values)}</p>
    </div>
  );
}

/** The code field: autofocused, Enter submits (a barcode scanner types the code and Enter). */
export function CodeForm({
  lastResult,
  resetKey,
  label,
  help,
  submit,
  autoFocus = true,
}: {
  lastResult?: SubmissionResult<string[]>;
  resetKey: number;
  label: string;
  help: string;
  submit: string;
  autoFocus?: boolean;
}) {
  const [form, fields] = useForm({
    id: `code-${resetKey}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, checkinCodeSchema),
  });
  const location = useLocation();
  return (
    <Form method="post" action={location.pathname + location.search} className="ui-chk-code-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="code" />
      <label className="ui-label" htmlFor={fields.code.id}>
        {label}
      </label>
      <div className="ui-input-group">
        <input
          {...getInputProps(fields.code, { type: "text" })}
          key={fields.code.key}
          className="ui-input ui-chk-code-input"
          // The desk's only task is this field: a scanner types into whatever has focus.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          aria-describedby={`${fields.code.descriptionId} ${fields.code.errorId}`}
        />
        <button type="submit" className="ui-button ui-chk-big-button">
          {submit}
        </button>
      </div>
      <p id={fields.code.descriptionId} className="ui-field-help">
        {help}
      </p>
      <FieldError id={fields.code.errorId} errors={fields.code.errors} />
    </Form>
  );
}

/**
 * "Undo check-in" for one person: a dialog asks with JavaScript; without it the post comes
 * back as a question (`UndoQuestion`) that the desk confirms.
 */
export function UndoButton({ person }: { person: CheckinPerson }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form
        method="post"
        action={location.pathname + location.search}
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name="intent" value="undo" />
        <input type="hidden" name="registrationId" value={person.id} />
        <input type="hidden" name="name" value={person.name} />
        <button type="submit" className="ui-button-outline">
          <NamedControl shown={t("checkin.undo")} name={t("checkin.undoFor", { name: ENTERED })} entered={person.name} />
        </button>
      </Form>
      <Modal
        open={open}
        title={t("checkin.undoQuestion", { name: person.name })}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          const data = new FormData(formRef.current!);
          data.set("confirmed", "1");
          submit(data, { method: "post", action: location.pathname + location.search });
        }}
      />
    </>
  );
}

/** The question an undo posted without JavaScript comes back with. */
export function UndoQuestion({ registrationId, name }: { registrationId: number; name: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action={location.pathname + location.search} className="ui-banner ui-row" role="alertdialog" aria-labelledby="undo-question">
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="registrationId" value={registrationId} />
      <input type="hidden" name="confirmed" value="1" />
      <span id="undo-question">
        <WithEntered text={t("checkin.undoQuestion", { name: ENTERED })} entered={name} />
      </span>
      <button type="submit" className="ui-button">
        {t("common.confirm")}
      </button>
      <a className="ui-button-outline" href={location.pathname + location.search}>
        {t("common.cancel")}
      </a>
    </Form>
  );
}

/** A "check in" button for one registration (a search result). */
export function CheckinButton({ person }: { person: CheckinPerson }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action={location.pathname + location.search}>
      <input type="hidden" name="intent" value="checkin" />
      <input type="hidden" name="registrationId" value={person.id} />
      <button type="submit" className="ui-button">
        <NamedControl shown={t("checkin.checkIn")} name={t("checkin.checkInFor", { name: ENTERED })} entered={person.name} />
      </button>
    </Form>
  );
}

/** Checked in / confirmed, overall and per identity, with the time the figures are from. */
export function CountsTable({ counts, asOf }: { counts: CheckinCounts; asOf: string }) {
  const { t } = useTranslation();
  const identityName = useIdentityName();
  return (
    <table className="ui-chk-table" data-testid="checkin-counts">
      <caption className="ui-chk-caption">
        {t("checkin.counts.title")} <span className="ui-muted">{t("checkin.counts.asOf", { time: chinaClock(asOf, asOf) })}</span>
      </caption>
      <thead>
        <tr>
          <th scope="col">{t("checkin.counts.identity")}</th>
          <th scope="col">{t("checkin.counts.checkedIn")}</th>
          <th scope="col">{t("checkin.counts.registered")}</th>
          <th scope="col">{t("checkin.counts.share")}</th>
        </tr>
      </thead>
      <tbody>
        {counts.byIdentity.map((row) => (
          <tr key={row.identityId ?? "none"}>
            <th scope="row" {...enteredLang(identityName(row.identity))}>
              {identityName(row.identity)}
            </th>
            <td>{row.checkedIn}</td>
            <td>{row.registered}</td>
            <td>{share(row.checkedIn, row.registered)}%</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t("checkin.counts.total")}</th>
          <td data-testid="checked-in-total">{counts.total.checkedIn}</td>
          <td>{counts.total.registered}</td>
          <td>{share(counts.total.checkedIn, counts.total.registered)}%</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** People as rows: name, identity, institution, state, and a check-in or undo button. */
export function PeopleTable({ people, caption, testId, now }: { people: CheckinPerson[]; caption: ReactNode; testId: string; now: string }) {
  const { t } = useTranslation();
  const identityName = useIdentityName();
  return (
    <div className="ui-chk-table-wrap">
      <table className="ui-chk-table ui-chk-people" data-testid={testId}>
        <caption className="ui-chk-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("checkin.columns.name")}</th>
            <th scope="col">{t("checkin.columns.identity")}</th>
            <th scope="col">{t("checkin.columns.institution")}</th>
            <th scope="col">{t("checkin.columns.status")}</th>
            <th scope="col">{t("checkin.columns.action")}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.id} data-testid="person" data-id={person.id}>
              <th scope="row" {...enteredLang(person.name)}>
                {person.name}
              </th>
              <td data-label={t("checkin.columns.identity")} {...enteredLang(identityName(person.identity))}>
                {identityName(person.identity)}
              </td>
              <td data-label={t("checkin.columns.institution")} {...enteredLang(person.institution)}>
                {person.institution}
              </td>
              <td data-label={t("checkin.columns.status")}>
                {person.checkedIn && person.checkedInAt
                  ? t("checkin.checkedInAt", { time: chinaClock(person.checkedInAt, now) })
                  : person.state === "confirmed"
                    ? t("checkin.notCheckedIn")
                    : t(`registration.states.${person.state}`)}
              </td>
              <td>{person.checkedIn ? <UndoButton person={person} /> : <CheckinButton person={person} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
