import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { parseId } from "#contract/params";
import { accountDisableSchema } from "#contract/schemas/accounts-admin";
import { FieldError } from "~/components/FieldError";
import { StatusBadge } from "~/components/StatusBadge";
import { areaLoader } from "~/locales/load";
import { formValues, runIntent } from "~/services/form-protocol.server";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { intentView } from "~/utils/form-protocol";
import { formatDay, formatInstant, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts): certification states are the attendee area's. */
export const clientLoader = areaLoader(["admin", "attendee"]);

type ConferenceRow = { id: number; nameZh: string; nameEn: string; startDate: string; isPublish: boolean };
type AccountDetail = {
  account: {
    id: number;
    name: string;
    mobile: string;
    email: string | null;
    isPlatformAdmin: boolean;
    createdAt: string;
    disabledAt: string | null;
    configuredAdmin: boolean;
  };
  disabledReason: string | null;
  sessions: number;
  owned: ConferenceRow[];
  coOrganised: ConferenceRow[];
  certifications: Array<{ id: number; name: string; state: "pending" | "approved" | "rejected"; reason: string | null; createdAt: string }>;
  registrations: Array<{ id: number; state: string; conference: ConferenceRow }>;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

const accountId = (raw: string | undefined) => {
  const id = parseId(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
};

/** One account for platform administrators (issue 17): what it runs and asked for, and what may be done to it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await requirePlatformAdmin(request);
  const id = accountId(params.id);
  const [detail, t] = await Promise.all([platformData<AccountDetail>(request, `/admin/accounts/${id}`), i18n.getFixedT(request)]);
  // The mobile, not the name: a title has no language of its own to mark a Chinese name with.
  return { title: `${detail.account.mobile} - ${t("admin.accounts.title")} - ${t("meta.siteName")}`, detail, self: me.id === id };
}

/**
 * One change per post, named by its intent: `disable` (with a reason), `enable`, `grant`,
 * `revoke`. A refusal answers that intent, so only its form shows the message.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePlatformAdmin(request);
  const id = accountId(params.id);
  const values = formValues(await request.formData());
  const intent = values.intent ?? "";
  const path = `/admin/accounts/${id}` as const;
  const done = { back: path, notice: `admin.accounts.done.${intent}` };
  if (intent === "disable")
    return runIntent(request, intent, values, {
      schema: accountDisableSchema,
      call: (body) => ({ path: `${path}/disable`, options: { method: "POST", body } }),
      ...done,
    });
  if (intent === "enable") return runIntent(request, intent, values, { call: () => ({ path: `${path}/enable`, options: { method: "POST" } }), ...done });
  if (intent === "grant") return runIntent(request, intent, values, { call: () => ({ path: `${path}/admin`, options: { method: "POST" } }), ...done });
  if (intent === "revoke") return runIntent(request, intent, values, { call: () => ({ path: `${path}/admin`, options: { method: "DELETE" } }), ...done });
  throw new Response((await i18n.getFixedT(request))("errors.invalid"), { status: 400 });
}

export default function AccountPage() {
  const { detail, self } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { account } = detail;
  const view = (intent: string) => intentView(reply, intent);
  const disable = view("disable");
  const reasonErrors = disable?.fieldErrors.reason;
  return (
    <section className="ui-stack">
      <p>
        <Link className="ui-link" to="/admin/accounts">
          {t("admin.accounts.back")}
        </Link>
      </p>
      <h1 className="ui-page-title" {...enteredLang(account.name)}>
        {account.name || account.mobile}
      </h1>
      <dl className="ui-facts">
        <dt>{t("admin.accounts.mobile")}</dt>
        <dd>{account.mobile}</dd>
        {account.email && (
          <>
            <dt>{t("admin.accounts.email")}</dt>
            <dd>{account.email}</dd>
          </>
        )}
        <dt>{t("admin.accounts.createdAt")}</dt>
        <dd>{formatInstant(lang, account.createdAt)}</dd>
        <dt>{t("admin.accounts.sessions")}</dt>
        <dd>{t("admin.accounts.sessionCount", { count: detail.sessions })}</dd>
        <dt>{t("admin.accounts.state")}</dt>
        <dd className="ui-row">
          {account.disabledAt ? (
            <StatusBadge tone="danger" data-testid="account-state">
              {t("admin.accounts.disabledSince", { at: formatInstant(lang, account.disabledAt) })}
            </StatusBadge>
          ) : (
            <StatusBadge tone="success" data-testid="account-state">
              {t("admin.accounts.active")}
            </StatusBadge>
          )}
          {account.isPlatformAdmin && <StatusBadge tone="info">{t("admin.accounts.admin")}</StatusBadge>}
        </dd>
        {account.disabledAt && detail.disabledReason && (
          <>
            <dt>{t("admin.accounts.reason")}</dt>
            <dd {...enteredLang(detail.disabledReason)}>{detail.disabledReason}</dd>
          </>
        )}
      </dl>

      <section className="ui-card ui-stack" aria-labelledby="account-actions">
        <h2 id="account-actions" className="ui-section-title">
          {t("admin.accounts.actions")}
        </h2>
        {self && <p className="ui-muted">{t("admin.accounts.selfNote")}</p>}
        {!self && !account.disabledAt && account.isPlatformAdmin && <p className="ui-muted">{t("admin.accounts.adminNotDisabled")}</p>}
        {!self && !account.disabledAt && !account.isPlatformAdmin && (
          <Form method="post" className="ui-stack" noValidate key={disable ? "refused" : "shown"}>
            <input type="hidden" name="intent" value="disable" />
            <p className="ui-muted">{t("admin.accounts.disableNote")}</p>
            <FieldError errors={disable?.formErrors} />
            <div className="ui-field">
              <label className="ui-label" htmlFor="disable-reason">
                {t("admin.accounts.reason")}
              </label>
              <textarea
                id="disable-reason"
                className="ui-input"
                name="reason"
                rows={2}
                maxLength={500}
                defaultValue={disable?.values.reason ?? ""}
                aria-invalid={reasonErrors?.length ? true : undefined}
                aria-describedby={reasonErrors?.length ? "disable-reason-error" : undefined}
              />
              <FieldError id="disable-reason-error" errors={reasonErrors} />
            </div>
            <div>
              <button type="submit" className="ui-button-danger">
                {t("admin.accounts.disable")}
              </button>
            </div>
          </Form>
        )}
        {account.disabledAt && <IntentButton intent="enable" label={t("admin.accounts.enable")} errors={view("enable")?.formErrors} />}
        {!account.isPlatformAdmin && !account.disabledAt && (
          <IntentButton intent="grant" label={t("admin.accounts.grant")} errors={view("grant")?.formErrors} outline />
        )}
        {account.isPlatformAdmin && !self && account.configuredAdmin && <p className="ui-muted">{t("admin.accounts.configuredNote")}</p>}
        {account.isPlatformAdmin && !self && !account.configuredAdmin && (
          <IntentButton intent="revoke" label={t("admin.accounts.revoke")} errors={view("revoke")?.formErrors} outline />
        )}
      </section>

      <Listed id="owned" title={t("admin.accounts.owned")} rows={detail.owned}>
        {(row) => <ConferenceItem row={row} />}
      </Listed>
      <Listed id="co-organised" title={t("admin.accounts.coOrganised")} rows={detail.coOrganised}>
        {(row) => <ConferenceItem row={row} />}
      </Listed>
      <Listed id="certifications" title={t("admin.accounts.certifications")} rows={detail.certifications}>
        {(row) => (
          <>
            <span {...enteredLang(row.name)}>{row.name}</span>
            <StatusBadge state={row.state}>{t(`organization.states.${row.state}`)}</StatusBadge>
            <span className="ui-muted">{formatInstant(lang, row.createdAt)}</span>
          </>
        )}
      </Listed>
      <Listed id="registrations" title={t("admin.accounts.registrations")} rows={detail.registrations}>
        {(row) => (
          <>
            <ConferenceLink row={row.conference} />
            <StatusBadge state={row.state}>{t(`registration.states.${row.state}`)}</StatusBadge>
          </>
        )}
      </Listed>
    </section>
  );
}

/** One button posting one intent, with that intent's refusal above it. */
function IntentButton({ intent, label, errors, outline }: { intent: string; label: string; errors?: string[]; outline?: boolean }) {
  return (
    <Form method="post" className="ui-stack">
      <input type="hidden" name="intent" value={intent} />
      <FieldError errors={errors} />
      <div>
        <button type="submit" className={outline ? "ui-button-outline" : "ui-button"}>
          {label}
        </button>
      </div>
    </Form>
  );
}

/** A titled card listing rows, one line each, or saying there are none. */
function Listed<Row extends { id: number }>({ id, title, rows, children }: { id: string; title: string; rows: Row[]; children: (row: Row) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="ui-card" aria-labelledby={id}>
      <h2 id={id} className="ui-section-title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="ui-muted">{t("admin.accounts.none")}</p>
      ) : (
        <ul className="ui-stack">
          {rows.map((row) => (
            <li key={row.id} className="ui-row">
              {children(row)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A conference's name in the reader's language, leading to its page. */
function ConferenceLink({ row }: { row: ConferenceRow }) {
  const { i18n } = useTranslation();
  const name = pick(i18n.language, row.nameZh, row.nameEn);
  return (
    <Link className="ui-link" to={`/${row.id}`} {...enteredLang(name)}>
      {name}
    </Link>
  );
}

/** A conference the account owns or co-organises: its name, first day and whether it is published. */
function ConferenceItem({ row }: { row: ConferenceRow }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ConferenceLink row={row} />
      <span className="ui-muted">{formatDay(i18n.language, row.startDate)}</span>
      <StatusBadge state={row.isPublish ? "published" : "unpublished"}>{t(row.isPublish ? "admin.accounts.published" : "admin.accounts.draft")}</StatusBadge>
    </>
  );
}
