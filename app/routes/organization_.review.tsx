import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseId, parsePage } from "#contract/params";
import { CONFERENCE_REVIEW_KINDS, type ConferenceReviewKind, conferenceReviewSchema, organizationDecisionSchema } from "#contract/schemas/organization";
import { useIntentForm } from "~/components/authoring/IntentForm";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, rejectIntent } from "~/services/form-protocol.server";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { intentView } from "~/utils/form-protocol";
import { punctuation } from "~/utils/punctuation";
import { refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

type Application = {
  id: number;
  name: string;
  type: string;
  address: string;
  contact: string;
  licenceKey: string | null;
  state: "pending" | "approved" | "rejected";
  reason: string | null;
  createdAt: string;
  applicant: { name: string; mobile: string };
};

/** A conference's sender name or domain waiting for (or given) a decision (decisions 028, 029). */
type ConferenceRequest = {
  conferenceId: number;
  nameZh: string;
  nameEn: string;
  isPublish: boolean;
  certified: boolean;
  subject: string;
  state: "pending" | "approved" | "rejected";
  reason: string | null;
  updatedAt: string;
  owner: { name: string; mobile: string };
};

const STATES = ["pending", "approved", "rejected", "all"] as const;
const KINDS = ["organizations", ...CONFERENCE_REVIEW_KINDS] as const;
/** Each conference review's platform calls: the queue and one decision. */
const CALLS = { signName: { list: "/review/sign-names", decide: "/review/sign-name" }, domain: { list: "/review/domains", decide: "/review/domain" } } as const;
const PAGE_SIZE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** The platform administrators' queue of certification applications. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const url = new URL(request.url);
  const state = STATES.find((s) => s === url.searchParams.get("state")) ?? "pending";
  const kind = KINDS.find((k) => k === url.searchParams.get("kind")) ?? "organizations";
  const page = parsePage(url.searchParams.get("page"));
  const query = { state: state === "all" ? undefined : state, page, pageSize: PAGE_SIZE };
  const [applications, requests] = await Promise.all([
    kind === "organizations" ? platformData<Page<Application>>(request, "/organization/review", { query }) : null,
    kind === "organizations" ? null : platformData<Page<ConferenceRequest>>(request, CALLS[kind].list, { query }),
  ]);
  const t = await i18n.getFixedT(request);
  return { title: `${t("organization.reviewTitle")} - ${t("meta.siteName")}`, state, kind, page, applications, requests };
}

/**
 * One decision, parsed with its schema (a rejection needs a reason; a conference's name must be
 * the one shown). A refusal is the form protocol's reply for `<kind>:<id>`, so only that item shows it.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePlatformAdmin(request);
  const values = formValues(await request.formData());
  const id = parseId(values.id) ?? 0;
  const kind = CONFERENCE_REVIEW_KINDS.find((k) => k === values.kind);
  const intent = `${kind ?? "organizations"}:${id}`;
  const submission = kind ? parseValues(values, conferenceReviewSchema) : parseValues(values, organizationDecisionSchema);
  if (submission.status !== "success") return rejectIntent(intent, submission);
  const { state, reason } = submission.value;
  const result = kind
    ? await callPlatform(request, `${CALLS[kind].decide}/${id}`, { method: "PATCH", body: { state, reason, subject: values.subject ?? "" } })
    : await callPlatform(request, `/organization/${id}`, { method: "PATCH", body: { state, reason } });
  if (!result.ok) return rejectIntent(intent, submission, refusalMessages(result));
  const t = await i18n.getFixedT(request);
  const done = kind
    ? `organization.conferenceReview.${state === "approved" ? "approved" : "rejected"}`
    : state === "approved"
      ? "organization.approved"
      : "organization.rejected";
  throw await redirectWithNotice(request, new URL(request.url).pathname + new URL(request.url).search, { content: t(done), color: "success" });
}

export default function Review() {
  const { state, kind, page, applications, requests } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="ui-page-title">{t("organization.reviewTitle")}</h1>
      <nav className="ui-tabs" aria-label={t("organization.reviewTitle")}>
        {KINDS.map((k) => (
          <Link key={k} className="ui-tab" to={`?kind=${k}`} aria-current={kind === k ? "page" : undefined}>
            {t(`organization.kinds.${k}`)}
          </Link>
        ))}
      </nav>
      <nav className="ui-tabs">
        {STATES.map((s) => (
          <Link key={s} className="ui-tab" to={`?kind=${kind}&state=${s}`} aria-current={state === s ? "page" : undefined}>
            {s === "all" ? t("organization.filterAll") : t(`organization.states.${s}`)}
          </Link>
        ))}
      </nav>
      {applications && <Applications applications={applications} />}
      {requests && kind !== "organizations" && <ConferenceRequests kind={kind} requests={requests} />}
      <Pagination page={page} pageSize={PAGE_SIZE} total={(applications ?? requests)?.total ?? 0} />
    </section>
  );
}

/** Approve, or reject with a reason: the two forms every review item ends with. */
function Decision({ id, kind, subject }: { id: number; kind: (typeof KINDS)[number]; subject?: string }) {
  const intent = `${kind}:${id}`;
  const failed = intentView(useActionData<typeof action>(), intent);
  const { t } = useTranslation();
  // With JavaScript the rejection is checked before it is sent (a reason is needed), with the action's schema.
  const {
    form,
    messages: fieldMessages,
    others,
  } = useIntentForm(intent, `reject-${kind}-${id}`, kind === "organizations" ? organizationDecisionSchema : conferenceReviewSchema, ["reason"]);
  // The reason is the one field typed here; the others' messages (a decision, a changed name) are said with it.
  const messages = [...new Set([...(fieldMessages("reason") ?? []), ...others])];
  const mine = messages.length > 0;
  const hidden = (
    <>
      <input type="hidden" name="id" value={id} />
      {kind !== "organizations" && <input type="hidden" name="kind" value={kind} />}
      {subject !== undefined && <input type="hidden" name="subject" value={subject} />}
    </>
  );
  return (
    <div className="ui-row" style={{ marginTop: 8, alignItems: "flex-end" }}>
      <Form method="post">
        {hidden}
        <button type="submit" name="state" value="approved" className="ui-button">
          {t("organization.approve")}
        </button>
      </Form>
      <Form method="post" className="ui-row" style={{ alignItems: "flex-end" }} {...getFormProps(form)}>
        {hidden}
        <div className="ui-field">
          <label className="ui-label" htmlFor={`reason-${kind}-${id}`}>
            {t("organization.reason")}
          </label>
          <input
            id={`reason-${kind}-${id}`}
            className="ui-input"
            name="reason"
            defaultValue={failed?.values.reason ?? ""}
            aria-invalid={mine ? true : undefined}
            aria-describedby={mine ? `reason-${kind}-${id}-error` : undefined}
          />
        </div>
        <button type="submit" name="state" value="rejected" className="ui-button-outline">
          {t("organization.reject")}
        </button>
      </Form>
      {mine && (
        <p id={`reason-${kind}-${id}-error`} className="ui-field-error" role="alert">
          {t(messages[0])}
        </p>
      )}
    </div>
  );
}

/** Conferences' sender names or domains: who asks, for which conference, and the decision. */
function ConferenceRequests({ kind, requests }: { kind: ConferenceReviewKind; requests: Page<ConferenceRequest> }) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  return (
    <>
      {requests.list.length === 0 && <p className="ui-muted">{t("organization.conferenceReview.empty")}</p>}
      <ul className="ui-stack" data-testid="review-queue">
        {requests.list.map((r) => (
          <li key={r.conferenceId} className="ui-card" data-testid={`review-${kind}`}>
            <p className="ui-row">
              {/* A sender name as the carrier shows it at the head of a text message. */}
              <strong data-testid="review-subject" {...enteredLang(r.subject)}>
                {kind === "signName" ? punctuation(language).signName(r.subject) : r.subject}
              </strong>
              <StatusBadge state={r.state}>{t(`organization.states.${r.state}`)}</StatusBadge>
            </p>
            <p>
              {t("organization.conferenceReview.conference")}:{" "}
              <a href={`/conf/${r.conferenceId}`} {...enteredLang(language === "en" ? r.nameEn || r.nameZh : r.nameZh)}>
                {language === "en" ? r.nameEn || r.nameZh : r.nameZh}
              </a>
            </p>
            <p className="ui-muted">
              {t("organization.conferenceReview.owner")}: <span {...enteredLang(r.owner.name)}>{r.owner.name}</span> {r.owner.mobile} ·{" "}
              {t(r.certified ? "organization.conferenceReview.certified" : "organization.conferenceReview.notCertified")} ·{" "}
              {t(r.isPublish ? "organization.conferenceReview.published" : "organization.conferenceReview.draft")}
            </p>
            {r.reason && (
              <p className="ui-muted">
                {t("organization.reason")}: <span {...enteredLang(r.reason)}>{r.reason}</span>
              </p>
            )}
            {r.state === "pending" && <Decision id={r.conferenceId} kind={kind} subject={r.subject} />}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Organizations applying for certification. */
function Applications({ applications }: { applications: Page<Application> }) {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  return (
    <>
      {applications.list.length === 0 && <p className="ui-muted">{t("organization.empty")}</p>}
      <ul className="ui-stack" data-testid="review-queue">
        {applications.list.map((a) => (
          <li key={a.id} className="ui-card">
            <p className="ui-row">
              <strong {...enteredLang(a.name)}>{a.name}</strong>
              <StatusBadge tone="neutral">{t(`organization.types.${a.type}`)}</StatusBadge>
              <StatusBadge state={a.state}>{t(`organization.states.${a.state}`)}</StatusBadge>
            </p>
            <p className="ui-muted">
              <span {...enteredLang(a.address)}>{a.address}</span> · <span {...enteredLang(a.contact)}>{a.contact}</span>
            </p>
            <p className="ui-muted">
              {t("organization.applicant")}: <span {...enteredLang(a.applicant.name)}>{a.applicant.name}</span> {a.applicant.mobile} ·{" "}
              {t("organization.submittedAt")}: {new Date(a.createdAt).toLocaleString(language === "en" ? "en-GB" : "zh-CN", { timeZone: "Asia/Shanghai" })}
            </p>
            {a.licenceKey && (
              <p>
                <a className="ui-link-button" href={`/files/${a.licenceKey}`} target="_blank" rel="noopener">
                  {t("organization.viewLicence")}
                </a>
              </p>
            )}
            {a.reason && (
              <p className="ui-muted">
                {t("organization.reason")}: <span {...enteredLang(a.reason)}>{a.reason}</span>
              </p>
            )}
            {a.state === "pending" && <Decision id={a.id} kind="organizations" />}
          </li>
        ))}
      </ul>
    </>
  );
}
