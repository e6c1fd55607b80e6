import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FieldError } from "~/components/FieldError";
import { sendCodeSchema } from "~/schemas/account";
import { quickLoginSchema, registrationSchema, visibleFields } from "~/schemas/registration";
import { type AttendForm, type AttendQuote, type AttendRegistration, conferenceIdOf, postedFile } from "~/utils/attend";
import type { Account } from "~/services/account.server";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { getLang, getToken, setTokenCookie } from "~/services/session.server";
import { formatMoney, pick } from "~/utils/format";
import { MobileCodeFields } from "~/components/MobileCodeFields";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: data.title },
        { name: "description", content: data.description },
        { property: "og:title", content: data.title },
        { property: "og:description", content: data.description },
        { property: "og:type", content: "website" },
      ]
    : [];

/** The fee for the identity and coupon in the query (GET form, works without JavaScript). */
async function quote(request: Request, conferenceId: number, identityId: string | null, couponCode: string | null) {
  if (!identityId && !couponCode) return null;
  const result = await callPlatform<AttendQuote>(request, "/coupon/amount", {
    method: "POST",
    body: { conferenceId, identityId: identityId || undefined, couponCode: couponCode || undefined },
  });
  return result.ok ? { quote: result.data, error: null } : { quote: null, error: result.message };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const conferenceId = conferenceIdOf(params.meetingInfo);
  const { lang } = getLang(request);
  const t = await i18n.getFixedT(request);
  const url = new URL(request.url);
  const signedIn = Boolean(getToken(request));
  const [form, account] = await Promise.all([
    platformData<AttendForm>(request, `/registration/form/${conferenceId}`),
    signedIn ? callPlatform<Account>(request, "/account", { redirectOn401: false }) : Promise.resolve(null),
  ]);
  const me = account?.ok ? account.data : null;
  let existing: AttendRegistration | null = null;
  if (me) {
    const mine = await callPlatform<{ list: AttendRegistration[] }>(request, "/my-user", { query: { pageSize: 100 } });
    existing = mine.ok ? (mine.data.list.find((r) => r.conferenceId === conferenceId && r.state !== "cancelled") ?? null) : null;
  }
  const name = pick(lang, form.conference.nameZh, form.conference.nameEn);
  const fee = await quote(request, conferenceId, url.searchParams.get("identityId"), url.searchParams.get("couponCode"));
  return data(
    {
      title: `${t("attend.formTitle")} · ${name} - ${t("meta.siteName")}`,
      description: t("attend.formDescription", { name }),
      lang,
      form,
      me: me ? { name: me.name, mobile: me.mobile, email: me.email ?? "" } : null,
      existing,
      fee,
      query: { identityId: url.searchParams.get("identityId") ?? "", couponCode: url.searchParams.get("couponCode") ?? "" },
      quickMobile: url.searchParams.get("mobile") ?? "",
      // One key per rendered form: a double click, a refresh or back-and-resubmit replays the first registration.
      idempotencyKey: me ? crypto.randomUUID() : "",
    },
    { headers: me ? { "Cache-Control": "private, no-store" } : publicPageHeaders(request, 10) },
  );
}

/** Parses nothing: the quote keeps everything typed and reports only on the coupon. */
const keepAll = z.object({}).passthrough();

export async function action({ request, params }: ActionFunctionArgs) {
  const conferenceId = conferenceIdOf(params.meetingInfo);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const t = await i18n.getFixedT(request);
  const here = `/attend/${conferenceId}`;

  if (intent === "send") {
    const submission = parseWithZod(formData, { schema: sendCodeSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), sent: null, quote: null }, { status: 400 });
    const sent = await callPlatform(request, "/login", { query: { mobile: submission.value.mobile }, token: null });
    if (!sent.ok) return data({ result: submission.reply({ fieldErrors: { mobile: sent.messages } }), sent: null, quote: null }, { status: 400 });
    return { result: submission.reply({ resetForm: false }), sent: submission.value.mobile, quote: null };
  }

  if (intent === "quick") {
    const submission = parseWithZod(formData, { schema: quickLoginSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), sent: null, quote: null }, { status: 400 });
    const result = await callPlatform<{ token: string; data: Account }>(request, "/login/quick", { method: "POST", body: submission.value, token: null });
    if (result.ok && result.code === 1101) {
      // No account for this mobile yet: the account registration comes first, with the number filled in.
      const back = new URLSearchParams({ mode: "register", mobile: submission.value.mobile, redirect: here });
      throw redirect(`/login?${back}`);
    }
    if (!result.ok) {
      const fieldErrors = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, [v]]));
      return data(
        { result: submission.reply({ fieldErrors, formErrors: Object.keys(fieldErrors).length ? [] : result.messages }), sent: null, quote: null },
        { status: 400 },
      );
    }
    throw await redirectWithNotice(request, here, { content: t("auth.loggedIn"), color: "success" }, {
      headers: { "Set-Cookie": setTokenCookie(request, result.data.token, submission.value.rememberMe) },
    });
  }

  if (intent === "quote") {
    const submission = parseWithZod(formData, { schema: keepAll });
    const identityId = String(formData.get("identityId") ?? "");
    const couponCode = String(formData.get("couponCode") ?? "").trim();
    const fee = await quote(request, conferenceId, identityId || null, couponCode || null);
    const reply = fee?.error
      ? submission.reply({ resetForm: false, fieldErrors: { [couponCode ? "couponCode" : "identityId"]: [fee.error] } })
      : submission.reply({ resetForm: false });
    return data({ result: reply, sent: null, quote: fee?.quote ?? null }, { status: fee?.error ? 400 : 200 });
  }

  if (!getToken(request)) throw redirect(`/login?redirect=${encodeURIComponent(here)}`);
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null, quote: null }, { status: 400 });
  // A number or e-mail already registered here is said next to its field, before anything is uploaded.
  const { mobile, email } = submission.value;
  const [mobileCheck, emailCheck] = await Promise.all([
    mobile ? callPlatform<{ exists: boolean }>(request, "/user/check", { query: { mobile, conferenceId } }) : null,
    email ? callPlatform<{ exists: boolean }>(request, "/user/check-email", { query: { email, conferenceId } }) : null,
  ]);
  const taken: Record<string, string[]> = {};
  if (mobileCheck?.ok && mobileCheck.data.exists) taken.mobile = [t("registration.errors.mobileRegistered")];
  if (emailCheck?.ok && emailCheck.data.exists) taken.email = [t("attend.emailRegistered")];
  if (Object.keys(taken).length) return data({ result: submission.reply({ fieldErrors: taken }), sent: null, quote: null }, { status: 400 });
  // Without JavaScript the organiser's file fields carry the files themselves: upload them first.
  const answers: Record<string, unknown> = { ...submission.value.answers };
  const fields = (await platformData<AttendForm>(request, `/registration/form/${conferenceId}`)).fields;
  for (const field of fields.filter((f) => f.type === "file" || f.type === "image")) {
    const file = postedFile(formData.get(`file.${field.key}`));
    if (!file) continue;
    const body = new FormData();
    body.set("file", file);
    const uploaded = await callPlatform<{ key: string; url: string }>(request, "/cms/files/formUpload", { method: "POST", body });
    if (!uploaded.ok) return data({ result: submission.reply({ fieldErrors: { [`answers.${field.key}`]: uploaded.messages } }), sent: null, quote: null }, { status: 400 });
    answers[field.key] = uploaded.data.url;
  }
  const saved = await callPlatform<AttendRegistration>(request, "/conference/user", {
    method: "POST",
    body: { ...submission.value, conferenceId, answers },
  });
  if (!saved.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(saved.fields).map(([k, v]) => [k, [v]]));
    return data(
      { result: submission.reply({ fieldErrors, formErrors: Object.keys(fieldErrors).length ? [] : saved.messages }), sent: null, quote: null },
      { status: 400 },
    );
  }
  const next = saved.data.needsPayment ? `/attend/pay/${saved.data.id}` : "/attend";
  throw await redirectWithNotice(request, next, { content: t(saved.data.state === "pending" ? "attend.registeredPending" : "attend.registered"), color: "success" });
}

export default function AttendForm() {
  const { form: info, me, existing, fee, query, lang, idempotencyKey, quickMobile } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const conference = info.conference;
  const name = pick(lang, conference.nameZh, conference.nameEn);
  const full = conference.remaining === 0;

  return (
    <div className="ui-container ui-attend-page">
      <p className="ui-muted">
        <Link to={`/conf/${conference.id}`}>{t("attend.backToConference")}</Link>
      </p>
      <h1 className="ui-page-title">{t("attend.formTitle")}</h1>
      <p className="ui-attend-conf-name">{name}</p>
      {info.strategy && (
        <p className="ui-attend-strategy" data-testid="strategy">
          {t("attend.strategyNow", { name: pick(lang, info.strategy.nameZh, info.strategy.nameEn) })}
        </p>
      )}
      {conference.remaining !== null && !full && <p className="ui-muted">{t("attend.remaining", { count: conference.remaining })}</p>}
      {conference.moderation && <p className="ui-muted">{t("attend.moderated")}</p>}

      <FeeTable />

      {existing ? (
        <div className="ui-banner" data-testid="already-registered">
          <p>{t("attend.alreadyRegistered")}</p>
          <Link className="ui-button" to="/attend">
            {t("attend.seeMine")}
          </Link>
        </div>
      ) : full ? (
        <p className="ui-banner" role="status" data-testid="full">
          {t("attend.full")}
        </p>
      ) : me ? (
        <>
          <RegistrationForm key={idempotencyKey} />
          <p className="ui-attend-section">
            <Link to={`/attend/teamRegistration/${conference.id}`}>{t("attend.teamLink")}</Link>
          </p>
        </>
      ) : (
        <>
          <FeeCheck fee={fee} query={query} />
          <QuickLogin conferenceId={conference.id} mobile={quickMobile} />
        </>
      )}
    </div>
  );

  function FeeTable() {
    if (info.identities.length === 0) return <p className="ui-attend-free">{t("attend.free")}</p>;
    return (
      <table className="ui-table ui-attend-fees">
        <caption className="ui-visually-hidden">{t("attend.feeTable")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("attend.identity")}</th>
            <th scope="col">{t("attend.fee")}</th>
          </tr>
        </thead>
        <tbody>
          {info.identities.map((identity) => (
            <tr key={identity.id}>
              <td>{pick(lang, identity.nameZh, identity.nameEn)}</td>
              <td>{identity.fee ? formatMoney(identity.fee.priceFen, conference.currency) : t("attend.noFee")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
}

/** Visitors can work out their fee before signing in (a GET form: the page shows the answer). */
function FeeCheck({ fee, query }: { fee: { quote: AttendQuote | null; error: string | null } | null; query: { identityId: string; couponCode: string } }) {
  const { form: info, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (info.identities.length === 0) return null;
  return (
    <Form method="get" className="ui-card ui-stack ui-attend-section" aria-labelledby="fee-check-title">
      <h2 id="fee-check-title" className="ui-section-title">
        {t("attend.feeCheck")}
      </h2>
      <div className="ui-field">
        <label className="ui-label" htmlFor="fee-identity">
          {t("attend.identity")}
        </label>
        <select id="fee-identity" className="ui-input" name="identityId" defaultValue={query.identityId}>
          <option value="">{t("attend.chooseIdentity")}</option>
          {info.identities.map((identity) => (
            <option key={identity.id} value={identity.id}>
              {pick(lang, identity.nameZh, identity.nameEn)}
            </option>
          ))}
        </select>
      </div>
      <div className="ui-field">
        <label className="ui-label" htmlFor="fee-coupon">
          {t("attend.coupon")}
        </label>
        <input id="fee-coupon" className="ui-input" name="couponCode" defaultValue={query.couponCode} autoComplete="off" />
      </div>
      <button type="submit" className="ui-button-outline">
        {t("attend.computeFee")}
      </button>
      <QuoteView quote={fee?.quote ?? null} error={fee?.error ?? null} />
    </Form>
  );
}

function QuoteView({ quote, error }: { quote: AttendQuote | null; error: string | null }) {
  const { lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (error) return <p className="ui-field-error" role="alert">{error}</p>;
  if (!quote) return null;
  return (
    <div role="status">
    <dl className="ui-attend-quote" data-testid="quote">
      {quote.strategy && (
        <>
          <dt>{t("attend.strategy")}</dt>
          <dd>{pick(lang, quote.strategy.nameZh, quote.strategy.nameEn)}</dd>
        </>
      )}
      <dt>{t("attend.fee")}</dt>
      <dd>{formatMoney(quote.feeFen, quote.currency)}</dd>
      {quote.discountFen > 0 && (
        <>
          <dt>{t("attend.discount", { code: quote.coupon?.code ?? "" })}</dt>
          <dd>-{formatMoney(quote.discountFen, quote.currency)}</dd>
        </>
      )}
      <dt>{t("attend.amount")}</dt>
      <dd className="ui-attend-amount" data-testid="amount">
        {formatMoney(quote.amountFen, quote.currency)}
      </dd>
    </dl>
    </div>
  );
}

/** Sign-in without leaving the page; a number without an account goes to the account registration. */
function QuickLogin({ conferenceId, mobile }: { conferenceId: number; mobile: string }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof quickLoginSchema>>({
    id: "quick-login",
    lastResult: actionData?.result,
    defaultValue: { mobile },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: (formData.get("intent") === "send" ? sendCodeSchema : quickLoginSchema) as typeof quickLoginSchema }),
  });
  const busy = navigation.state !== "idle";
  return (
    <Form method="post" className="ui-card ui-stack ui-attend-section" {...getFormProps(form)} aria-labelledby="quick-title">
      <h2 id="quick-title" className="ui-section-title">
        {t("attend.quickTitle")}
      </h2>
      <p className="ui-muted">{t("attend.quickHelp")}</p>
      <button type="submit" name="intent" value="quick" hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="conferenceId" value={conferenceId} />
      {form.errors?.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}
      <MobileCodeFields mobile={fields.mobile} code={fields.code} sent={actionData?.sent} busy={busy} />
      <label className="ui-checkbox">
        <input type="checkbox" name="rememberMe" />
        <span>{t("auth.rememberMe")}</span>
      </label>
      <button type="submit" name="intent" value="quick" className="ui-button ui-button-block" disabled={busy}>
        {t("attend.quickSubmit")}
      </button>
    </Form>
  );
}

function RegistrationForm() {
  const { form: info, me, lang, idempotencyKey, query } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof registrationSchema>>({
    id: "registration",
    lastResult: actionData?.result,
    defaultValue: { name: me?.name ?? "", mobile: me?.mobile ?? "", email: me?.email ?? "", identityId: query.identityId, couponCode: query.couponCode },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: (formData.get("intent") === "quote" ? keepAll : registrationSchema) as typeof registrationSchema }),
  });
  // With JavaScript, a conditional field shows only when its condition holds; without, all show with their condition spelt out.
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => ((form.initialValue as { answers?: Record<string, unknown> })?.answers ?? {}) as Record<string, unknown>);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = new Set(visibleFields(info.fields, answers).map((f) => f.key));
  const busy = navigation.state !== "idle";
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  const initialAnswers = (initial.answers ?? {}) as Record<string, unknown>;
  const errorsOf = (key: string) => (form.allErrors[`answers.${key}`] ?? undefined) as string[] | undefined;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="ui-card ui-stack ui-attend-section"
      {...getFormProps(form)}
      aria-labelledby="reg-title"
      onChange={(event) => {
        const data = new FormData(event.currentTarget);
        const next: Record<string, unknown> = {};
        for (const field of info.fields) {
          const values = data.getAll(`answers.${field.key}`);
          next[field.key] = field.type === "checkbox" ? values.map(String) : String(values[0] ?? "");
        }
        setAnswers(next);
      }}
    >
      <h2 id="reg-title" className="ui-section-title">
        {t("attend.yourDetails")}
      </h2>
      <button type="submit" name="intent" value="register" hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="conferenceId" value={info.conference.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {form.errors?.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}

      {info.identities.length > 0 && (
        <fieldset className="ui-field ui-attend-fieldset" aria-describedby={fields.identityId.errors ? fields.identityId.errorId : undefined}>
          <legend className="ui-label">{t("attend.identity")}</legend>
          {info.identities.map((identity) => (
            <label key={identity.id} className="ui-checkbox">
              <input type="radio" name="identityId" value={identity.id} defaultChecked={String(initial.identityId ?? "") === String(identity.id)} />
              <span>
                {pick(lang, identity.nameZh, identity.nameEn)}
                {identity.fee && <span className="ui-muted"> · {formatMoney(identity.fee.priceFen, info.conference.currency)}</span>}
              </span>
            </label>
          ))}
          <FieldError id={fields.identityId.errorId} errors={fields.identityId.errors} />
        </fieldset>
      )}

      <TextInput meta={fields.name} label={t("auth.name")} autoComplete="name" />
      <TextInput meta={fields.mobile} label={t("auth.mobile")} type="tel" autoComplete="tel" />
      <TextInput meta={fields.email} label={t("attend.email")} type="email" autoComplete="email" />
      <TextInput meta={fields.institution} label={t("attend.institution")} autoComplete="organization" />

      {info.fields.map((field) => {
        const label = pick(lang, field.labelZh, field.labelEn);
        const help = pick(lang, field.helpZh, field.helpEn);
        const id = `answer-${field.key}`;
        const name = `answers.${field.key}`;
        const value = initialAnswers[field.key];
        const errors = errorsOf(field.key);
        const hiddenNow = hydrated && field.showWhen && !shown.has(field.key);
        const condition = field.showWhen ? info.fields.find((f) => f.key === field.showWhen!.field) : undefined;
        const conditionOption = condition?.options?.find((o) => o.value === field.showWhen!.value);
        const errorId = `${id}-error`;
        return (
          <div key={field.key} className="ui-field" hidden={Boolean(hiddenNow)} data-field={field.key}>
            {field.type === "radio" || field.type === "checkbox" ? (
              <fieldset className="ui-attend-fieldset" aria-describedby={errors ? errorId : undefined}>
                <legend className="ui-label">
                  {label}
                  {field.required && <span aria-hidden="true"> *</span>}
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
            ) : (
              <>
                <label className="ui-label" htmlFor={id}>
                  {label}
                  {field.required && <span aria-hidden="true"> *</span>}
                </label>
                {field.type === "textarea" ? (
                  <textarea id={id} name={name} className="ui-input" rows={3} defaultValue={String(value ?? "")} aria-invalid={errors ? true : undefined} aria-describedby={errors ? errorId : undefined} />
                ) : field.type === "file" || field.type === "image" ? (
                  <>
                    <input id={id} type="file" name={`file.${field.key}`} accept={field.type === "image" ? "image/*" : "image/*,application/pdf"} aria-describedby={errors ? errorId : undefined} />
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
                    aria-invalid={errors ? true : undefined}
                    aria-describedby={errors ? errorId : undefined}
                  />
                )}
              </>
            )}
            {condition && !hydrated && (
              <p className="ui-field-help">
                {t("attend.onlyWhen", { field: pick(lang, condition.labelZh, condition.labelEn), value: conditionOption ? pick(lang, conditionOption.labelZh, conditionOption.labelEn) : field.showWhen!.value })}
              </p>
            )}
            {help && <p className="ui-field-help">{help}</p>}
            <FieldError id={errorId} errors={errors} />
          </div>
        );
      })}

      {info.identities.length > 0 && (
        <div className="ui-field">
          <label className="ui-label" htmlFor={fields.couponCode.id}>
            {t("attend.coupon")}
          </label>
          <div className="ui-input-group">
            <input className="ui-input" {...getInputProps(fields.couponCode, { type: "text" })} autoComplete="off" />
            <button type="submit" name="intent" value="quote" formNoValidate className="ui-button-outline" disabled={busy} data-testid="apply-coupon">
              {t("attend.computeFee")}
            </button>
          </div>
          <FieldError id={fields.couponCode.errorId} errors={fields.couponCode.errors} />
        </div>
      )}
      <QuoteView quote={actionData?.quote ?? null} error={null} />

      <button type="submit" name="intent" value="register" className="ui-button ui-button-block" disabled={busy} data-testid="submit-registration">
        {t("attend.submit")}
      </button>
    </Form>
  );
}

type FieldMeta = Parameters<typeof getInputProps>[0];

function TextInput({ meta, label, type = "text", autoComplete }: { meta: FieldMeta; label: string; type?: "text" | "tel" | "email"; autoComplete?: string }) {
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={meta.id}>
        {label}
      </label>
      <input className="ui-input" {...getInputProps(meta, { type })} autoComplete={autoComplete} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
