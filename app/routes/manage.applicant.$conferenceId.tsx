import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useState } from "react";
import { routeId } from "#contract/params";
import {
  BULK_ACTIONS,
  PAYMENT_FILTERS,
  REGISTRATION_STATES,
  SMS_MAX_LENGTH,
  levelSchema,
  paySchema,
  remarkSchema,
  smsSignNameSchema,
} from "#contract/schemas/applicants";
import { adminRegistrationSchema } from "#contract/schemas/registration";
import { IntentButton, IntentForm } from "~/components/authoring/IntentForm";
import { showMoment } from "~/components/authoring/types";
import { ConfirmForm } from "~/components/ConfirmForm";
import { FieldError } from "~/components/FieldError";
import { ManageNav } from "~/components/manage/ManageNav";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { enteredText } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import {
  type Applicant,
  addedRegistration,
  applicantAction,
  type ListOptions,
  loadApplicants,
  type SmsBlock,
  type SmsStanding,
  smsStanding,
} from "~/services/applicants.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { type IntentReply, type IntentView, intentView } from "~/utils/form-protocol";
import { formatMoney, pick } from "~/utils/format";
import { useFormKey } from "~/utils/fresh-form";
import { useHydrated } from "~/utils/hydrated";
import { useOpenedInPlace } from "~/utils/opened-in-place";
import { punctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee", "organiser"]);

/** The hand entry as the page posts it: the conference and the answers are the action's to add. */
const addSchema = adminRegistrationSchema.omit({ conferenceId: true, answers: true });

const PAGE_SIZE = 20;
const BULK_FORM = "apl-bulk";
/** The filters behind "more filters"; keyword, state and payment stay in the row. */
const MORE_FILTERS = ["identityId", "checkin", "levelId", "from", "to"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The organiser's registrations of one conference: filters, paging, per-row and bulk actions, hand entry. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const { conferenceId, search, filters, page, options, rows, t, name } = await loadApplicants(request, routeId(params.conferenceId), PAGE_SIZE);
  const [added, sms] = await Promise.all([addedRegistration(request, conferenceId, search.get("added")), smsStanding(request, conferenceId)]);
  return data(
    { title: `${t("applicants.title", { name })} - ${t("meta.siteName")}`, name, options, ...rows, filters, page, added, sms, addKey: crypto.randomUUID() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  return applicantAction(request, routeId(params.conferenceId));
}

type ActionData = Partial<IntentReply> & {
  confirm?: string;
  id?: number;
  smsPreview?: {
    text: string | null;
    recipients: number;
    unclaimed: number;
    blocks?: SmsBlock[];
    quota?: SmsStanding["quota"];
    ids: number[];
    message: string;
  };
  bulkConfirm?: { ids: number[]; action: string };
};

export default function Applicants() {
  const loaderData = useLoaderData<typeof loader>();
  const { options, list, total, page, filters, added, name, sms } = loaderData;
  const result = useActionData<ActionData>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const conferenceId = options.conference.id;
  const query = new URLSearchParams(filters).toString();
  const named = (row: { nameZh: string; nameEn: string } | null | undefined) => (row ? pick(lang, row.nameZh, row.nameEn) : "");
  const bulkResult = result?.intent === "bulk" ? result : undefined;
  const refused = intentView(result);
  const bulkRefused = intentView(result, "bulk");
  const ticked = new Set((bulkRefused?.values.ids ?? "").split(",").filter(Boolean).map(Number));
  const hydrated = useHydrated();
  const location = useLocation();
  // Entering someone by hand is asked for (decision 080): its link opens the form, in place with JavaScript;
  // an entry added closes it, as the page without JavaScript goes to the list with the new entry's claim link.
  const addRefused = refused?.intent === "add";
  const add = useOpenedInPlace<HTMLElement>(useFormKey("add", addRefused, null));
  const adding = add.opened || addRefused || new URLSearchParams(location.search).has("add");

  return (
    <section>
      <ManageNav id={conferenceId} name={name} />
      <h1 className="ui-page-title">{t("applicants.title", { name })}</h1>
      <div className="ui-apl-toolbar">
        <span data-testid="applicant-total">{t("applicants.total", { total })}</span>
        <a className="ui-button-outline" href={`/manage/applicant/${conferenceId}/export.xlsx${query ? `?${query}` : ""}`} download data-testid="export">
          {t("applicants.export.link")}
        </a>
        <Link className="ui-button-outline" to={`/manage/applicant/print/${conferenceId}${query ? `?${query}` : ""}`}>
          {t("applicants.printLink")}
        </Link>
        <a className="ui-button-outline" href={partHref(location.search, "add", "add")} onClick={add.open} data-testid="add-link">
          {t("applicants.addLink")}
        </a>
      </div>

      {added && (
        <div className="ui-banner ui-apl-claim" role="status" data-testid="claim">
          <strong>{t("applicants.add.added", { name: added.name })}</strong>
          <p>{t("applicants.add.claimHelp", { name: added.name, mobile: added.mobile })}</p>
          <a href={added.claimUrl} data-testid="claim-link">
            {added.claimUrl}
          </a>
        </div>
      )}

      {refused && refused.formErrors.length > 0 && refused.intent !== "bulk" && !refused.intent.startsWith("add") && !refused.intent.includes(":") && (
        <div className="ui-banner" role="alert" data-testid="row-error">
          {refused.formErrors.map((message) => (
            <p key={message}>{t(message)}</p>
          ))}
        </div>
      )}

      <Filters options={options} filters={filters} errors={loaderData.filterErrors} named={named} />

      {bulkResult?.smsPreview && <SmsPreview preview={bulkResult.smsPreview} />}
      {bulkResult?.bulkConfirm && (
        <ConfirmedBulk
          action="delete"
          ids={bulkResult.bulkConfirm.ids}
          submit={t("common.confirm")}
          className="ui-banner ui-row"
          label={t("applicants.bulk.deleteQuestion", { count: bulkResult.bulkConfirm.ids.length })}
        >
          <span>{`${t("applicants.bulk.deleteQuestion", { count: bulkResult.bulkConfirm.ids.length })}${punctuation(lang).question}`}</span>
        </ConfirmedBulk>
      )}

      {list.length === 0 ? (
        <p className="ui-muted" data-testid="applicants-empty">
          {t("applicants.empty")}
        </p>
      ) : (
        <div className="ui-edit-table-wrap">
          {/* On a phone the rows are cards and the header row with its box is hidden: the box stands here.
              It is in the page from the start and hidden by CSS where scripts are off, so nothing moves when it hydrates. */}
          <label className="ui-checkbox ui-list-cards-only" data-testid="select-all-cards">
            <SelectAll labelled />
            <span>{t("applicants.selectAll")}</span>
          </label>
          <table className="ui-table ui-apl-table ui-list-cards" data-testid="applicants">
            <thead>
              <tr>
                <th scope="col">{hydrated ? <SelectAll /> : <span className="ui-visually-hidden">{t("applicants.columns.select")}</span>}</th>
                <th scope="col">{t("applicants.columns.person")}</th>
                <th scope="col">{t("applicants.columns.institution")}</th>
                <th scope="col">{t("applicants.columns.identity")}</th>
                <th scope="col">{t("applicants.columns.fee")}</th>
                <th scope="col">{t("applicants.columns.state")}</th>
                <th scope="col">{t("applicants.columns.checkin")}</th>
                <th scope="col">{t("applicants.columns.ticket")}</th>
                <th scope="col">{t("applicants.columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <ApplicantRow key={row.id} row={row} options={options} ticked={ticked.has(row.id)} result={result} named={named} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <BulkForm options={options} result={bulkRefused} named={named} />
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} />

      <section id="sms" className="ui-edit-section" aria-labelledby="sms-title">
        <h2 id="sms-title" className="ui-edit-section-title">
          {t("applicants.sms.panelTitle")}
        </h2>
        <SmsMessage result={bulkRefused} />
        <SmsSender standing={sms} refused={refused?.intent === "signName"} />
      </section>

      {adding && (
        <section id="add" className="ui-edit-section" aria-labelledby="add-title" ref={add.ref}>
          <h2 id="add-title" className="ui-edit-section-title">
            {t("applicants.add.legend")}
          </h2>
          <p className="ui-muted">{t("applicants.add.help")}</p>
          <IntentForm
            intent="add"
            schema={addSchema}
            hidden={{ idempotencyKey: loaderData.addKey }}
            fields={[
              { name: "name", label: t("applicants.add.name"), required: true },
              { name: "mobile", label: t("applicants.add.mobile"), type: "tel", required: true },
              { name: "email", label: t("applicants.add.email"), type: "email" },
              { name: "institution", label: t("applicants.add.institution") },
              {
                name: "identityId",
                label: t("applicants.add.identity"),
                type: "select",
                defaultValue: "",
                options: [
                  { value: "", label: t("applicants.add.noIdentity") },
                  ...options.identities.map((row) => ({ value: String(row.id), label: named(row) })),
                ],
              },
              { name: "remark", label: t("applicants.add.remark"), type: "textarea" },
            ]}
            submit={t("applicants.add.submit")}
          />
        </section>
      )}
    </section>
  );
}

/** The list's own address with one of its parts asked for (`?…&add=1#add`), less the one-time "added" marker. */
function partHref(search: string, part: string, hash: string) {
  const query = new URLSearchParams(search);
  query.delete("added");
  query.set(part, "1");
  return `?${query}#${hash}`;
}

type NamedFn = (row: { nameZh: string; nameEn: string } | null | undefined) => string;

/** The list's filters: a GET form, so the filtered list has its own address and works without JavaScript. */
function Filters({
  options,
  filters,
  errors,
  named,
}: {
  options: ListOptions;
  filters: Record<string, string>;
  errors: Record<string, string>;
  named: NamedFn;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const choice = (name: string, label: string, choices: Array<[string, string]>) => (
    <SelectField
      id={`filter-${name}`}
      name={name}
      label={label}
      value={filters[name] ?? ""}
      empty={t("applicants.filters.any")}
      choices={choices}
      errors={errors[name] ? [errors[name]] : undefined}
    />
  );
  const text = (name: string, label: string, type: "search" | "date", help?: string) => (
    <div className="ui-field">
      <label className="ui-label" htmlFor={`filter-${name}`}>
        {label}
      </label>
      <input
        className="ui-input"
        id={`filter-${name}`}
        name={name}
        type={type}
        defaultValue={filters[name] ?? ""}
        maxLength={type === "search" ? 50 : undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `filter-${name}-error` : help ? `filter-${name}-help` : undefined}
      />
      {help && (
        <p className="ui-field-help" id={`filter-${name}-help`}>
          {help}
        </p>
      )}
      <FieldError id={`filter-${name}-error`} errors={errors[name] ? [errors[name]] : undefined} />
    </div>
  );
  return (
    <Form method="get" className="ui-list-filters" role="search" aria-label={t("applicants.filters.legend")} key={location.search}>
      {text("keyword", t("applicants.filters.keyword"), "search", t("applicants.filters.keywordHelp"))}
      {choice(
        "state",
        t("applicants.filters.state"),
        REGISTRATION_STATES.map((state) => [state, t(`registration.states.${state}`)]),
      )}
      {choice(
        "paymentState",
        t("applicants.filters.paymentState"),
        PAYMENT_FILTERS.map((state) => [state, state === "unpaid" || state === "free" ? t(`applicants.filters.${state}`) : t(`payment.states.${state}`)]),
      )}
      {filters.ids && <input type="hidden" name="ids" value={filters.ids} />}
      <div className="ui-list-filter-actions">
        <button type="submit" className="ui-button">
          {t("applicants.filters.apply")}
        </button>
        <Link to={location.pathname}>{t("applicants.filters.clear")}</Link>
        {filters.ids && <span className="ui-muted">{t("applicants.filters.selection", { count: filters.ids.split(",").length })}</span>}
      </div>
      {/* Open while one of its filters applies (or is refused), so what narrows the list is in sight. */}
      <details className="ui-list-more" open={MORE_FILTERS.some((name) => filters[name] || errors[name]) || undefined} data-testid="more-filters">
        <summary>{t("applicants.filters.more")}</summary>
        <div>
          {choice(
            "identityId",
            t("applicants.filters.identity"),
            options.identities.map((row) => [String(row.id), named(row)]),
          )}
          {choice("checkin", t("applicants.filters.checkin"), [
            ["yes", t("applicants.filters.checkedIn")],
            ["no", t("applicants.filters.notCheckedIn")],
          ])}
          {choice(
            "levelId",
            t("applicants.filters.level"),
            options.levels.map((row) => [String(row.id), named(row)]),
          )}
          {text("from", t("applicants.filters.from"), "date")}
          {text("to", t("applicants.filters.to"), "date")}
        </div>
      </details>
    </Form>
  );
}

/**
 * The bulk form. Its checkboxes sit in the table's rows and join it through `form=`, so the
 * rows keep their own forms and the whole thing is one plain POST without JavaScript.
 */
function BulkForm({ options, result, named }: { options: ListOptions; result: IntentView | undefined; named: NamedFn }) {
  const { t } = useTranslation();
  const formKey = useFormKey("bulk", Boolean(result), null);
  const hydrated = useHydrated();
  const ticked = useTickedCount();
  const errors = result?.fieldErrors ?? {};
  // With JavaScript the bar shows once a row is ticked (or while it holds a refusal); without, it is always there.
  // `data-idle` hides it by CSS from the first paint where scripts run, so the page does not move when it
  // hydrates; `hidden` does the same once hydrated in a browser that cannot tell (no `scripting` media feature).
  const idle = ticked === 0 && !result;
  const hidden = hydrated && idle;
  return (
    <Form
      method="post"
      id={BULK_FORM}
      className="ui-list-bulk"
      key={formKey}
      aria-label={t("applicants.bulk.legend")}
      noValidate
      hidden={hidden}
      data-idle={idle ? "" : undefined}
      data-testid="bulk-bar"
    >
      <input type="hidden" name="intent" value="bulk" />
      <p className="ui-list-bulk-count" aria-live="polite">
        {hydrated ? t("applicants.bulk.ticked", { count: ticked }) : t("applicants.bulk.legend")}
      </p>
      {result?.formErrors.map((error) => (
        <p key={error} className="ui-field-error ui-list-bulk-count" role="alert">
          {t(error)}
        </p>
      ))}
      <FieldError id="bulk-ids-error" errors={errors.ids} />
      <SelectField
        id="bulk-action"
        name="action"
        label={t("applicants.bulk.action")}
        value={result?.values.action ?? ""}
        empty={t("applicants.bulk.choose")}
        choices={BULK_ACTIONS.map((action) => [action, t(`applicants.bulk.actions.${action}`)])}
        errors={errors.action}
      />
      <SelectField
        id="bulk-levelId"
        name="levelId"
        label={t("applicants.bulk.level")}
        value={result?.values.levelId ?? ""}
        empty={t("applicants.filters.noLevel")}
        choices={options.levels.map((row) => [String(row.id), named(row)])}
        errors={errors.levelId}
      />
      <div>
        <button type="submit" className="ui-button" data-testid="bulk-apply">
          {t("applicants.bulk.apply")}
        </button>
      </div>
    </Form>
  );
}

/** How many rows are ticked now (0 before hydration); it follows every change of a row's box. */
function useTickedCount() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const recount = () => setCount(document.querySelectorAll(`input[name="ids"][form="${BULK_FORM}"]:checked`).length);
    recount();
    document.addEventListener("change", recount);
    return () => document.removeEventListener("change", recount);
  }, []);
  return count;
}

/**
 * The text of a bulk "send a text message": part of the bulk form (through `form=`), kept in
 * the message panel after the table so the list comes first.
 */
function SmsMessage({ result }: { result: IntentView | undefined }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(result?.values.message ?? "");
  const errors = result?.fieldErrors ?? {};
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor="bulk-message">
        {t("applicants.bulk.message")}
      </label>
      <textarea
        className="ui-input ui-edit-textarea"
        id="bulk-message"
        name="message"
        form={BULK_FORM}
        rows={3}
        maxLength={SMS_MAX_LENGTH}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={errors.message ? "bulk-message-error" : "bulk-message-help"}
      />
      <p className="ui-field-help" id="bulk-message-help">
        {t("applicants.bulk.messageHelp", { max: SMS_MAX_LENGTH })}{" "}
        <span className="ui-apl-counter" data-over={message.length > SMS_MAX_LENGTH} aria-live="polite">
          {t("applicants.bulk.counter", { count: message.length, max: SMS_MAX_LENGTH })}
        </span>
      </p>
      <FieldError id="bulk-message-error" errors={errors.message} />
    </div>
  );
}

/** A labelled select whose first option is "none" / "all", with its messages. */
function SelectField({
  id,
  name,
  label,
  value,
  empty,
  choices,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  empty: string;
  choices: Array<[string, string]>;
  errors?: string[];
}) {
  const errorId = `${id}-error`;
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      <select
        className="ui-input"
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
      >
        <option value="">{empty}</option>
        {choices.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/**
 * What a text message to the selection will say and how many people receive it (entries nobody
 * claimed are left out); only "send" sends it, and only when nothing keeps the conference from texting.
 */
function SmsPreview({ preview }: { preview: NonNullable<ActionData["smsPreview"]> }) {
  const { t } = useTranslation();
  const blocks = preview.blocks ?? [];
  return (
    <section className="ui-apl-preview" aria-labelledby="sms-preview-title" data-testid="sms-preview">
      <h2 id="sms-preview-title" className="ui-edit-section-title">
        {t("applicants.sms.preview")}
      </h2>
      {preview.text ? (
        <blockquote data-testid="sms-text">{preview.text}</blockquote>
      ) : (
        <p data-testid="sms-text">{t("applicants.sms.noText", { message: preview.message })}</p>
      )}
      <p data-testid="sms-recipients">{t("applicants.sms.recipients", { count: preview.recipients })}</p>
      {preview.unclaimed > 0 && <p data-testid="sms-unclaimed">{t("applicants.sms.unclaimedLeftOut", { count: preview.unclaimed })}</p>}
      {blocks.length > 0 && preview.quota ? (
        <SmsBlocks blocks={blocks} quota={preview.quota} needed={preview.recipients} />
      ) : preview.recipients === 0 ? (
        <p className="ui-field-error" role="alert">
          {t("applicants.sms.noRecipients")}
        </p>
      ) : (
        <ConfirmedBulk action="sms" ids={preview.ids} message={preview.message} submit={t("applicants.sms.send")} className="ui-row" />
      )}
    </section>
  );
}

/** Why the conference can't text now, each reason with what to do about it. */
function SmsBlocks({ blocks, quota, needed }: { blocks: SmsBlock[]; quota: SmsStanding["quota"]; needed?: number }) {
  const { t } = useTranslation();
  const resetsAt = `${showMoment(quota.resetsAt)}`;
  return (
    <div className="ui-banner" role="alert" data-testid="sms-blocked">
      <p>
        <strong>{t("applicants.sms.cannotSend")}</strong>
      </p>
      <ul>
        {blocks.map((block) => (
          <li key={block} data-testid={`sms-block-${block}`}>
            {t(`applicants.sms.blocked.${block}`, { remaining: quota.remaining, count: needed ?? 1, limit: quota.limit, resetsAt })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The conference's sender: its sender name and review, today's quota, what keeps it from texting,
 * and the form to ask for a sender name (a platform administrator approves it).
 */
function SmsSender({ standing, refused }: { standing: SmsStanding; refused: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { signName, quota } = standing;
  // Its form is asked for (decision 080), open again when the name asked for was refused, and closed once one was asked for.
  const asking = useOpenedInPlace<HTMLDivElement>(useFormKey("signName", refused, null));
  const shown = asking.opened || refused || new URLSearchParams(location.search).has("signName");
  return (
    <section id="sms-sender" className="ui-apl-sms" aria-labelledby="sms-sender-title" data-testid="sms-sender">
      <h3 id="sms-sender-title" className="ui-edit-section-title">
        {t("applicants.sms.senderTitle")}
      </h3>
      <p data-testid="sms-sign-state">
        {signName
          ? t(`applicants.sms.signStates.${signName.state}`, { name: signName.name, reason: signName.reason ?? "" })
          : t("applicants.sms.signStates.none")}
      </p>
      <p data-testid="sms-quota">{t("applicants.sms.quota", { used: quota.used, limit: quota.limit, resetsAt: showMoment(quota.resetsAt) })}</p>
      {standing.blocks.length > 0 && <SmsBlocks blocks={standing.blocks} quota={quota} />}
      {shown ? (
        <div ref={asking.ref}>
          <IntentForm
            intent="signName"
            schema={smsSignNameSchema}
            fields={[
              { name: "signName", label: t("applicants.sms.signNameLabel"), defaultValue: signName?.name ?? "", help: t("applicants.sms.signNameHelp") },
            ]}
            submit={t("applicants.sms.signNameSubmit")}
          />
        </div>
      ) : (
        <p>
          <a href={partHref(location.search, "signName", "sms-sender")} onClick={asking.open} data-testid="sign-name-link">
            {signName && signName.state !== "rejected" ? t("applicants.sms.signNameChange") : t("applicants.sms.signNameOpen")}
          </a>
        </p>
      )}
    </section>
  );
}

/**
 * The second step of a bulk action that asks first: the same selection posted again with
 * `confirmed=1`, or a way back to the list as it was.
 */
function ConfirmedBulk({
  action,
  ids,
  message,
  submit,
  className,
  label,
  children,
}: {
  action: string;
  ids: number[];
  message?: string;
  submit: string;
  className: string;
  label?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" className={className} role={label ? "alertdialog" : undefined} aria-label={label}>
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="confirmed" value="1" />
      {message !== undefined && <input type="hidden" name="message" value={message} />}
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      {children}
      <button type="submit" className="ui-button">
        {submit}
      </button>
      <a className="ui-button-outline" href={`${location.pathname}${location.search}`}>
        {t("common.cancel")}
      </a>
    </Form>
  );
}

function ApplicantRow({
  row,
  options,
  ticked,
  result,
  named,
}: {
  row: Applicant;
  options: ListOptions;
  ticked: boolean;
  result: ActionData | undefined;
  named: NamedFn;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const location = useLocation();
  const asking = result?.confirm === "delete" && result.id === row.id;
  const ownResult = Boolean(result?.intent?.endsWith(`:${row.id}`));
  // A row's actions (up to seven forms) are in the page once opened, as the editor's row forms are
  // (decision 072): by its link, in place with JavaScript, `?actions=<id>` without; or when one of
  // them was answered. Closed, a full page of 20 rows is a third of its elements.
  const search = new URLSearchParams(location.search);
  const requested = search.get("actions") === String(row.id);
  const { opened, ref: actionsRef, open } = useOpenedInPlace<HTMLDetailsElement>();
  search.set("actions", String(row.id));
  const live = row.state === "pending" || row.state === "confirmed";
  const level = options.levels.find((l) => l.id === row.levelId);
  const canPay = live && row.feeFen > 0 && row.paymentState !== "paid" && !(row.paymentState === "pending_audit" && row.payment?.registrationId !== row.id);
  return (
    <tr id={`apl-row-${row.id}`} data-testid="applicant" data-id={row.id} data-selected={ticked || undefined}>
      <td data-label={t("applicants.columns.select")}>
        <input
          type="checkbox"
          name="ids"
          value={row.id}
          form={BULK_FORM}
          defaultChecked={ticked}
          aria-labelledby={`apl-select-${row.id} apl-name-${row.id}`}
          data-testid="select"
        />
        {/* The box's name is "Select" and the person's name as entered (in its own language). */}
        <span id={`apl-select-${row.id}`} className="ui-visually-hidden">
          {t("applicants.columns.select")}
        </span>
      </td>
      <td data-label={t("applicants.columns.person")}>
        <div className="ui-apl-person">
          <strong id={`apl-name-${row.id}`} {...enteredLang(row.name)}>
            {row.name}
          </strong>
          <span>{row.mobile}</span>
          {row.email && <span className="ui-muted">{row.email}</span>}
          <span className="ui-muted">{showMoment(row.createdAt)}</span>
          {row.accountId === null && <StatusBadge tone="warning">{t("applicants.unclaimed")}</StatusBadge>}
          {row.remark && (
            <span className="ui-muted" data-testid="remark">
              {row.remark}
            </span>
          )}
        </div>
      </td>
      <td data-label={t("applicants.columns.institution")}>{enteredText(lang, row.institution)}</td>
      <td data-label={t("applicants.columns.identity")}>
        {named(row.identity)}
        {level && (
          <>
            <br />
            <StatusBadge tone="info">{named(level)}</StatusBadge>
          </>
        )}
      </td>
      <td data-label={t("applicants.columns.fee")}>
        {formatMoney(row.feeFen, row.currency)}
        <br />
        <StatusBadge state={row.paymentState}>{row.paymentState ? t(`payment.states.${row.paymentState}`) : t("applicants.payment.free")}</StatusBadge>
      </td>
      <td data-label={t("applicants.columns.state")}>
        <StatusBadge state={row.state} data-testid="state">
          {t(`registration.states.${row.state}`)}
        </StatusBadge>
      </td>
      <td data-testid="checkin" data-label={t("applicants.columns.checkin")}>
        {row.checkinState ? t("applicants.checkedInAt", { time: showMoment(row.checkedInAt) }) : t("applicants.notCheckedIn")}
      </td>
      <td data-label={t("applicants.columns.ticket")}>
        <code>{row.ticketCode}</code>
      </td>
      <td data-label={t("applicants.columns.actions")}>
        {asking || ownResult || requested || opened ? (
          <details className="ui-apl-actions" open ref={actionsRef}>
            <summary>{t("applicants.row.actions")}</summary>
            <div>
              {(row.state === "pending" || row.state === "rejected") && (
                <IntentButton intent="confirm" hidden={{ rowId: row.id }} label={t("applicants.row.confirm")} />
              )}
              {live && <IntentButton intent="reject" hidden={{ rowId: row.id }} label={t("applicants.row.reject")} tone="outline" />}
              {row.checkinState ? (
                <IntentButton intent="checkout" hidden={{ rowId: row.id }} label={t("applicants.row.checkOut")} tone="outline" />
              ) : (
                live && <IntentButton intent="checkin" hidden={{ rowId: row.id }} label={t("applicants.row.checkIn")} tone="outline" />
              )}
              {canPay && (
                <IntentForm
                  inline
                  intent={`pay:${row.id}`}
                  schema={paySchema}
                  fields={[{ name: "remark", label: t("applicants.row.payRemark") }]}
                  submit={t("applicants.row.pay")}
                />
              )}
              <IntentForm
                inline
                intent={`remark:${row.id}`}
                schema={remarkSchema}
                fields={[{ name: "remark", label: t("applicants.row.remark"), type: "textarea", defaultValue: row.remark ?? "" }]}
                submit={t("applicants.row.saveRemark")}
              />
              <IntentForm
                inline
                intent={`level:${row.id}`}
                schema={levelSchema}
                fields={[
                  {
                    name: "levelId",
                    label: t("applicants.row.level"),
                    type: "select",
                    defaultValue: row.levelId ? String(row.levelId) : "",
                    options: [{ value: "", label: t("applicants.filters.noLevel") }, ...options.levels.map((l) => ({ value: String(l.id), label: named(l) }))],
                  },
                ]}
                submit={t("applicants.row.saveLevel")}
              />
              {row.accountId === null && live && <a href={`/attend/claime/${row.id}`}>{t("applicants.row.claimLink")}</a>}
              {(!result?.confirm || asking) && (
                <ConfirmForm title={t("applicants.row.deleteQuestion", { name: row.name })} fields={{ intent: "delete", rowId: String(row.id) }}>
                  {t("applicants.row.delete")}
                </ConfirmForm>
              )}
            </div>
          </details>
        ) : (
          <a className="ui-apl-actions-link" href={`?${search}#apl-row-${row.id}`} data-actions={row.id} onClick={open}>
            {t("applicants.row.actions")}
            <span className="ui-visually-hidden">: {enteredText(lang, row.name)}</span>
          </a>
        )}
      </td>
    </tr>
  );
}

/** Ticks or clears every row of the page; only rendered with JavaScript, where it can work. `labelled`: inside a visible label. */
function SelectAll({ labelled = false }: { labelled?: boolean }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      aria-label={labelled ? undefined : t("applicants.selectAll")}
      onChange={(event) => {
        for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${BULK_FORM}"]`)) box.checked = event.target.checked;
      }}
    />
  );
}
