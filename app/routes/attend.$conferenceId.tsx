import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type FormEvent, Fragment, type ReactNode } from "react";
import { z } from "zod";
import { notFound, parseId, routeId } from "#contract/params";
import { sendCodeSchema } from "#contract/schemas/account";
import { quickLoginSchema, registrationSchema } from "#contract/schemas/registration";
import { AnswerFields, useConditionalFields } from "~/components/AnswerFields";
import { RegisteredMessage, useRegisteredCheck } from "~/components/attend/RegisteredCheck";
import { SubscribeGate } from "~/components/attend/SubscribeGate";
import { FieldError } from "~/components/FieldError";
import { CodeField, MobileCodeFields } from "~/components/MobileCodeFields";
import { areaLoader } from "~/locales/load";
import { type Account, accountShell } from "~/services/account.server";
import { sceneCookie, sceneOf, subscribeQr } from "~/services/attend.server";
import { SignInRefused, signInWith } from "~/services/auth.server";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { getLang, getToken, setLangCookie, setTokenCookie } from "~/services/session.server";
import { pageTicket, sendCodeFor } from "~/services/sign-in.server";
import { useTranslation } from "~/use-translation";
import { type AttendForm, type AttendQuote, type AttendRegistration, canEdit, postedFile } from "~/utils/attend";
import { enteredLang } from "~/utils/entered";
import { formatMoney, pick } from "~/utils/format";
import { parseForm, refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

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
  const result = await callPlatform(request, "/coupon/amount", {
    method: "POST",
    body: { conferenceId, identityId: identityId || undefined, couponCode: couponCode || undefined },
  });
  return result.ok ? { quote: result.data, error: null } : { quote: null, error: result.message };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const conferenceId = routeId(params.conferenceId);
  const { lang } = getLang(request);
  const t = await i18n.getFixedT(request);
  const url = new URL(request.url);
  const signedIn = Boolean(getToken(request));
  const [form, account] = await Promise.all([
    platformData(request, `/registration/form/${conferenceId}`),
    signedIn ? accountShell(request) : Promise.resolve(null),
  ]);
  const me = account?.ok ? account.data.account : null;
  let existing: AttendRegistration | null = null;
  if (me) {
    const mine = await callPlatform(request, "/my-user", { query: { pageSize: 100 } });
    existing = mine.ok ? (mine.data.list.find((r) => r.conferenceId === conferenceId && r.state !== "cancelled") ?? null) : null;
  }
  const name = pick(lang, form.conference.nameZh, form.conference.nameEn);
  const fee = await quote(request, conferenceId, url.searchParams.get("identityId"), url.searchParams.get("couponCode"));
  // `?edit=1` opens the attendee's own registration in the form, while it may still change.
  const editing = Boolean(existing) && url.searchParams.get("edit") === "1";
  const gate = me && !existing && form.conference.requireSubscribe && !form.subscribed ? await subscribeQr(request) : null;
  // Either page carries a ticket for this browser (decision 024): quick sign-in's code, the form's checks.
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const ticket = await pageTicket(request, me ? `check:${conferenceId}:${me.id}` : "send");
  // The signed-in form may also text a code to another number (ADR 027): a send ticket of its own.
  const sendTicket = me ? await pageTicket(request, "send") : "";
  if (gate?.setCookie) headers.append("Set-Cookie", gate.setCookie);
  return data(
    {
      title: `${t("attend.formTitle")} · ${name} - ${t("meta.siteName")}`,
      description: t("attend.formDescription", { name }),
      lang,
      form,
      me: me ? { name: me.name, mobile: me.mobile, email: me.email ?? "" } : null,
      existing,
      editing,
      editable: Boolean(existing && canEdit(existing)),
      subscribe: gate?.view ?? null,
      fee,
      query: { identityId: url.searchParams.get("identityId") ?? "", couponCode: url.searchParams.get("couponCode") ?? "" },
      quickMobile: url.searchParams.get("mobile") ?? "",
      // One key per rendered form: a double click, a refresh or back-and-resubmit replays the first registration.
      idempotencyKey: me ? crypto.randomUUID() : "",
      ticket,
      sendTicket,
    },
    { headers },
  );
}

/** Parses nothing: the quote keeps everything typed and reports only on the coupon. */
const keepAll = z.object({}).passthrough();

/** What an attendee may change on a registration (PUT /conference/user/{id}); the mobile and coupon stay. */
const editForm = registrationSchema.pick({ identityId: true, name: true, email: true, institution: true, answers: true });

/** The organiser's file fields carry the files themselves (the form posts them inline): upload them first. */
async function uploadAnswerFiles(request: Request, conferenceId: number, formData: FormData, given: Record<string, unknown>) {
  const answers: Record<string, unknown> = { ...given };
  const fields = (await platformData(request, `/registration/form/${conferenceId}`)).fields;
  for (const field of fields.filter((f) => f.type === "file" || f.type === "image")) {
    const file = postedFile(formData.get(`file.${field.key}`));
    if (!file) continue;
    const body = new FormData();
    body.set("file", file);
    // A registration answer is a private document of the attendee; the organisers read it (decision 032).
    const uploaded = await callPlatform<{ key: string; url: string }>(request, "/cms/files/documentUpload", { method: "POST", body });
    if (!uploaded.ok) return { ok: false as const, fieldErrors: { [`answers.${field.key}`]: uploaded.messages } };
    answers[field.key] = uploaded.data.url;
  }
  return { ok: true as const, answers };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const conferenceId = routeId(params.conferenceId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const t = await i18n.getFixedT(request);
  const here = `/attend/${conferenceId}`;

  if (intent === "send") {
    const sent = await sendCodeFor(request, formData);
    if (!sent.mobile) return data({ result: sent.reply, sent: null, quote: null }, { status: 400 });
    return { result: sent.reply, sent: sent.mobile, quote: null };
  }

  if (intent === "quick") {
    let signIn;
    try {
      signIn = await signInWith("quick", request, { form: formData });
    } catch (error) {
      if (error instanceof SignInRefused) return data({ result: error.reply, sent: null, quote: null }, { status: 400 });
      throw error;
    }
    if (signIn.token === null) {
      // No account for this mobile yet: the account registration comes first, with the number filled in.
      const back = new URLSearchParams({ mode: "register", mobile: signIn.mobile, redirect: here });
      throw redirect(`/login?${back}`);
    }
    throw await redirectWithNotice(
      request,
      here,
      { content: t("auth.loggedIn"), color: "success" },
      {
        headers: { "Set-Cookie": setTokenCookie(request, signIn.token, signIn.remember) },
      },
    );
  }

  if (intent === "quote") {
    const submission = parseForm(formData, keepAll);
    const identityId = String(formData.get("identityId") ?? "");
    const couponCode = String(formData.get("couponCode") ?? "").trim();
    const fee = await quote(request, conferenceId, identityId || null, couponCode || null);
    const reply = fee?.error
      ? submission.reply({ resetForm: false, fieldErrors: { [couponCode ? "couponCode" : "identityId"]: [fee.error] } })
      : submission.reply({ resetForm: false });
    return data({ result: reply, sent: null, quote: fee?.quote ?? null }, { status: fee?.error ? 400 : 200 });
  }

  // Every intent below is for a signed-in account (the ones above sign in or only look).
  requireSignedIn(request, here);
  /** The check ticket this page rendered (the platform's checks answer only the conference's own form). */
  const formTicket = String(formData.get("ticket") ?? "");

  if (intent === "subscribed") {
    const myId = String(formData.get("myId") ?? "") || sceneOf(request);
    const checked = await callPlatform<{ subscribed: boolean; token?: string | null; data?: Account }>(request, "/officialaccount/isSubscribe", {
      method: "POST",
      body: { myId },
    });
    if (!checked.ok || !checked.data.subscribed) {
      return data(
        { result: undefined, sent: null, quote: null, subscribeError: checked.ok ? t("registration.subscribe.notYet") : checked.message },
        { status: 400 },
      );
    }
    const headers = new Headers({ "Set-Cookie": sceneCookie(request, null) });
    // A token comes back only for someone not signed in as the QR code's account (spec §4: it logs
    // in, and the account's defaultType sets the language).
    if (checked.data.token) {
      headers.append("Set-Cookie", setTokenCookie(request, checked.data.token, false));
      headers.append("Set-Cookie", setLangCookie(request, checked.data.data?.defaultType === 1 ? "en" : "zh"));
    }
    throw await redirectWithNotice(request, here, { content: t("registration.subscribe.done"), color: "success" }, { headers });
  }

  if (intent === "edit") {
    const submission = parseForm(formData, editForm);
    if (submission.status !== "success") return data({ result: submission.reply(), sent: null, quote: null }, { status: 400 });
    const id = parseId(formData.get("id"));
    if (id === null) throw notFound();
    const before = await platformData(request, `/conference/user/${id}`);
    const { email } = submission.value;
    // Its own e-mail is registered here, by this very registration: only a changed one is checked.
    if (email && email.toLowerCase() !== (before.email ?? "").toLowerCase()) {
      const check = await callPlatform(request, "/user/check-email", { query: { email, conferenceId, ticket: formTicket } });
      if (check.ok && check.data.exists)
        return data({ result: submission.reply({ fieldErrors: { email: [t("attend.emailRegistered")] } }), sent: null, quote: null }, { status: 400 });
    }
    const uploaded = await uploadAnswerFiles(request, conferenceId, formData, submission.value.answers);
    if (!uploaded.ok) return data({ result: submission.reply({ fieldErrors: uploaded.fieldErrors }), sent: null, quote: null }, { status: 400 });
    const saved = await callPlatform(request, `/conference/user/${id}`, {
      method: "PUT",
      body: { ...submission.value, answers: uploaded.answers },
    });
    if (!saved.ok) {
      return data({ result: submission.reply(refusalMessages(saved)), sent: null, quote: null }, { status: 400 });
    }
    const content =
      saved.data.feeFen !== before.feeFen
        ? t("registration.edit.repriced", { amount: formatMoney(saved.data.feeFen, saved.data.currency) })
        : t("registration.edit.saved");
    throw await redirectWithNotice(request, "/attend", { content, color: "success" });
  }

  const submission = parseForm(formData, registrationSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null, quote: null }, { status: 400 });
  // A number or e-mail already registered here is said next to its field, before anything is uploaded.
  const { mobile, email, code } = submission.value;
  const [mobileCheck, emailCheck] = await Promise.all([
    mobile ? callPlatform(request, "/user/check", { query: { mobile, conferenceId, ticket: formTicket } }) : null,
    email ? callPlatform(request, "/user/check-email", { query: { email, conferenceId, ticket: formTicket } }) : null,
  ]);
  const taken: Record<string, string[]> = {};
  // A number held already: its owner (their account's number, or another proven by the code, which the
  // platform checks and then names the registration holding it) may take it over (ADR 027).
  let held = mobileCheck?.ok ? (mobileCheck.data.registrationId ?? null) : null;
  if (mobileCheck?.ok && mobileCheck.data.exists && !code) taken.mobile = [t("registration.errors.mobileRegistered")];
  if (emailCheck?.ok && emailCheck.data.exists) taken.email = [t("attend.emailRegistered")];
  if (Object.keys(taken).length)
    return data({ result: submission.reply({ fieldErrors: taken }), sent: null, quote: null, heldId: held, heldMobile: mobile ?? "" }, { status: 400 });
  const uploaded = await uploadAnswerFiles(request, conferenceId, formData, submission.value.answers);
  if (!uploaded.ok) return data({ result: submission.reply({ fieldErrors: uploaded.fieldErrors }), sent: null, quote: null }, { status: 400 });
  const saved = await callPlatform(request, "/conference/user", {
    method: "POST",
    body: { ...submission.value, conferenceId, answers: uploaded.answers },
  });
  if (!saved.ok) {
    held = (saved.data as { registrationId?: number } | undefined)?.registrationId ?? null;
    const refusal = held ? { fields: { mobile: saved.message }, messages: saved.messages } : saved;
    return data({ result: submission.reply(refusalMessages(refusal)), sent: null, quote: null, heldId: held, heldMobile: mobile ?? "" }, { status: 400 });
  }
  const next = saved.data.needsPayment ? `/attend/pay/${saved.data.id}` : "/attend";
  throw await redirectWithNotice(request, next, {
    content: t(saved.data.state === "pending" ? "attend.registeredPending" : "attend.registered"),
    color: "success",
  });
}

export default function AttendForm() {
  const { form: info, me, existing, editing, editable, subscribe, fee, query, lang, quickMobile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
      <p className="ui-attend-conf-name" {...enteredLang(name)}>
        {name}
      </p>
      {info.strategy && (
        <p className="ui-attend-strategy" data-testid="strategy">
          {t("attend.strategyNow", { name: pick(lang, info.strategy.nameZh, info.strategy.nameEn) })}
        </p>
      )}
      {conference.remaining !== null && !full && <p className="ui-muted">{t("attend.remaining", { count: conference.remaining })}</p>}
      {conference.moderation && <p className="ui-muted">{t("attend.moderated")}</p>}

      <FeeTable />

      {existing && editing && editable ? (
        <RegistrationForm key={`edit-${existing.id}`} edit={existing} />
      ) : existing ? (
        <div className="ui-banner" data-testid="already-registered">
          <p role={editing ? "alert" : undefined}>{t(editing ? "registration.edit.notEditable" : "attend.alreadyRegistered")}</p>
          <div className="ui-row ui-attend-actions">
            <Link className="ui-button" to="/attend">
              {t("attend.seeMine")}
            </Link>
            {editable && !editing && (
              <Link className="ui-button-outline" to="?edit=1" data-testid="edit-registration">
                {t("registration.edit.link")}
              </Link>
            )}
          </div>
        </div>
      ) : full ? (
        <p className="ui-banner" role="status" data-testid="full">
          {t("attend.full")}
        </p>
      ) : me && subscribe ? (
        <SubscribeGate gate={subscribe} error={actionData && "subscribeError" in actionData ? actionData.subscribeError : null} />
      ) : me ? (
        <>
          {/* No key from the page's data: each load makes a new idempotency key (the hidden input follows it), and
              remounting on it would clear what was typed while the page reloads after "send code". */}
          <RegistrationForm />
          <p className="ui-attend-section">
            <Link to={`/attend/teamRegistration/${conference.id}`}>{t("attend.teamLink")}</Link>
          </p>
        </>
      ) : (
        <>
          {conference.requireSubscribe && <p className="ui-muted">{t("registration.subscribe.required")}</p>}
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
  if (error)
    return (
      <p className="ui-field-error" role="alert">
        {error}
      </p>
    );
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
  const { ticket } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof quickLoginSchema>>({
    id: "quick-login",
    lastResult: actionData?.result,
    defaultValue: { mobile },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, (formData.get("intent") === "send" ? sendCodeSchema : quickLoginSchema) as typeof quickLoginSchema),
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
      <MobileCodeFields mobile={fields.mobile} code={fields.code} sent={actionData?.sent} busy={busy} ticket={ticket} />
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

/** The registration form; with `edit`, that registration pre-filled, saved by `intent=edit` (no mobile or coupon to change). */
function RegistrationForm({ edit }: { edit?: AttendRegistration }) {
  const { form: info, me, lang, idempotencyKey, query, ticket, sendTicket } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const intent = edit ? "edit" : "register";
  const [form, fields] = useForm<z.input<typeof registrationSchema>>({
    id: edit ? "registration-edit" : "registration",
    lastResult: actionData?.result,
    defaultValue: edit
      ? {
          name: edit.name,
          email: edit.email ?? "",
          institution: edit.institution ?? "",
          identityId: String(edit.identityId ?? ""),
          answers: edit.answers as Record<string, string>,
        }
      : { name: me?.name ?? "", mobile: me?.mobile ?? "", email: me?.email ?? "", identityId: query.identityId, couponCode: query.couponCode },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submitted = formData.get("intent");
      const schema = submitted === "quote" ? keepAll : submitted === "send" ? sendCodeSchema : edit ? editForm : registrationSchema;
      return parseForm(formData, schema as typeof registrationSchema);
    },
  });
  // The registration holding the number typed (empty: the account's own), for the claim page's link.
  const heldId = actionData && "heldId" in actionData && typeof actionData.heldId === "number" ? actionData.heldId : null;
  const typed = actionData && "heldMobile" in actionData && typeof actionData.heldMobile === "string" ? actionData.heldMobile : "";
  const heldMobile = typed || (me?.mobile ?? "");
  const mobileCheck = useRegisteredCheck(info.conference.id, ticket, "mobile");
  const emailCheck = useRegisteredCheck(info.conference.id, ticket, "email", edit?.email ?? "");
  const busy = navigation.state !== "idle";
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  const initialAnswers = (initial.answers ?? {}) as Record<string, unknown>;
  const { shown, hydrated, onChange } = useConditionalFields(info.fields, initialAnswers);
  const errorsOf = (key: string) => (form.allErrors[`answers.${key}`] ?? undefined) as string[] | undefined;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="ui-card ui-stack ui-attend-section"
      {...getFormProps(form)}
      aria-labelledby="reg-title"
      onChange={onChange}
    >
      <h2 id="reg-title" className="ui-section-title">
        {t(edit ? "registration.edit.title" : "attend.yourDetails")}
      </h2>
      <button type="submit" name="intent" value={intent} hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="conferenceId" value={info.conference.id} />
      <input type="hidden" name="ticket" value={ticket} />
      {!edit && <input type="hidden" name="sendTicket" value={sendTicket} />}
      {edit ? <input type="hidden" name="id" value={edit.id} /> : <input type="hidden" name="idempotencyKey" value={idempotencyKey} />}
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
          {edit && <p className="ui-field-help">{t("registration.edit.feeNote")}</p>}
          <FieldError id={fields.identityId.errorId} errors={fields.identityId.errors} />
        </fieldset>
      )}

      <TextInput meta={fields.name} label={t("auth.name")} autoComplete="name" />
      {edit ? (
        <dl className="ui-attend-quote">
          <dt>{t("auth.mobile")}</dt>
          <dd>{edit.mobile}</dd>
        </dl>
      ) : (
        <>
          <TextInput meta={fields.mobile} label={t("auth.mobile")} type="tel" autoComplete="tel" onInput={mobileCheck.onInput}>
            <RegisteredMessage id="mobile-registered" answer={mobileCheck.answer} />
            {heldId && (
              <p className="ui-field-help">
                <a href={`/attend/claime/${heldId}?${new URLSearchParams({ mobile: heldMobile })}`} data-testid="held-link">
                  {t("attend.heldLink")}
                </a>
              </p>
            )}
          </TextInput>
          <CodeField code={fields.code} sent={actionData?.sent} busy={busy} help={t("attend.otherMobileHelp")} />
        </>
      )}
      <TextInput meta={fields.email} label={t("attend.email")} type="email" autoComplete="email" onInput={emailCheck.onInput}>
        <RegisteredMessage id="email-registered" answer={emailCheck.answer} />
      </TextInput>
      <TextInput meta={fields.institution} label={t("attend.institution")} autoComplete="organization" />
      {edit && <CurrentDocuments fields={info.fields} answers={edit.answers ?? {}} />}

      <AnswerFields
        fields={info.fields}
        lang={lang}
        initialAnswers={initialAnswers}
        errorsOf={errorsOf}
        shown={shown}
        hydrated={hydrated}
        conditionNote={(field, value) => t("attend.onlyWhen", { field, value })}
        files={{ mode: "inline" }}
      />

      {info.identities.length > 0 && !edit && (
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

      <div className="ui-attend-submit-bar">
        <button
          type="submit"
          name="intent"
          value={intent}
          className="ui-button ui-button-block"
          disabled={busy}
          data-testid={edit ? "save-registration" : "submit-registration"}
        >
          {t(edit ? "registration.edit.save" : "attend.submit")}
        </button>
      </div>
    </Form>
  );
}

/** The documents a registration holds: a new file replaces one, leaving the input empty keeps it. */
function CurrentDocuments({ fields, answers }: { fields: AttendForm["fields"]; answers: Record<string, unknown> }) {
  const { lang } = useLoaderData<typeof loader>();
  const files = fields.flatMap((field) => {
    const key = /^\/api\/cms\/files\/([\w./-]+)$/.exec(String(answers[field.key] ?? ""))?.[1];
    return (field.type === "file" || field.type === "image") && key ? [{ field, key }] : [];
  });
  if (files.length === 0) return null;
  return (
    <dl className="ui-attend-quote" data-testid="current-documents">
      {files.map(({ field, key }) => (
        <Fragment key={field.key}>
          <dt>{pick(lang, field.labelZh, field.labelEn)}</dt>
          <dd>
            <a href={`/files/${key}`}>{key}</a>
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

type FieldMeta = Parameters<typeof getInputProps>[0];

function TextInput({
  meta,
  label,
  type = "text",
  autoComplete,
  onInput,
  children,
}: {
  meta: FieldMeta;
  label: string;
  type?: "text" | "tel" | "email";
  autoComplete?: string;
  onInput?: (event: FormEvent<HTMLInputElement>) => void;
  children?: ReactNode;
}) {
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={meta.id}>
        {label}
      </label>
      <input className="ui-input" {...getInputProps(meta, { type })} autoComplete={autoComplete} onInput={onInput} />
      <FieldError id={meta.errorId} errors={meta.errors} />
      {children}
    </div>
  );
}
