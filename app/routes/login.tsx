import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { loginSchema, registerSchema, sendCodeSchema } from "#contract/schemas/account";
import { FieldError } from "~/components/FieldError";
import { areaLoader } from "~/locales/load";
import { SignInRefused, signInWith, wechatConfigured } from "~/services/auth.server";
import { safeRedirect } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform } from "~/services/platform.server";
import { getToken, setLangCookie, setTokenCookie } from "~/services/session.server";
import { pageTicket, sendCodeFor } from "~/services/sign-in.server";
import { useTranslation } from "~/use-translation";
import { parseForm } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

/** The platform's business codes for a number without an account, and one that has one (platform/routes/login.ts). */
const CODE_NOT_REGISTERED = 1001;
const CODE_ALREADY_REGISTERED = 1002;

/** Seconds before another code may be asked for (1 a minute per number). */
const RESEND_SECONDS = 60;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  // Already signed in: nothing to do here.
  if (getToken(request)) {
    const account = await callPlatform(request, "/account", { redirectOn401: false });
    if (account.ok) throw redirect(redirectTo);
  }
  const t = await i18n.getFixedT(request);
  const mode = url.searchParams.get("mode") === "register" ? "register" : "login";
  const methods = await callPlatform<{ wechat: boolean }>(request, "/login/methods", { redirectOn401: false });
  return data(
    {
      title: `${t(mode === "register" ? "auth.registerTitle" : "auth.loginTitle")} - ${t("meta.siteName")}`,
      mode,
      redirectTo,
      wechatEnabled: methods.ok && methods.data.wechat && wechatConfigured(),
      bindTicket: url.searchParams.get("bind") ?? "",
      nickname: url.searchParams.get("nickname") ?? "",
      mobile: url.searchParams.get("mobile") ?? "",
      // This browser's ticket for one code (decision 024): the page is nobody else's to keep.
      ticket: await pageTicket(request, "send"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const t = await i18n.getFixedT(request);

  if (formData.get("intent") === "send") {
    const sent = await sendCodeFor(request, formData);
    if (!sent.mobile) return data({ result: sent.reply, sent: null }, { status: 400 });
    return { result: sent.reply, sent: { mobile: sent.mobile, at: Date.now() } };
  }

  let signIn;
  try {
    signIn = await signInWith("code", request, { form: formData });
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    return data(
      { result: error.reply, sent: null, notRegistered: error.code === CODE_NOT_REGISTERED, alreadyRegistered: error.code === CODE_ALREADY_REGISTERED },
      { status: 400 },
    );
  }
  // The account's default language decides the interface language (spec §4: defaultType 1 → English).
  const lang = signIn.account.defaultType === 1 ? "en" : "zh";
  const headers = new Headers();
  headers.append("Set-Cookie", setTokenCookie(request, signIn.token, signIn.remember));
  headers.append("Set-Cookie", setLangCookie(request, lang));
  throw await redirectWithNotice(
    request,
    safeRedirect(formData.get("redirectTo")),
    { content: t("auth.loggedIn", { lng: lang }), color: "success" },
    { headers },
  );
}

export default function Login() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mode = loaderData.mode;
  const schema = mode === "register" ? registerSchema : loginSchema;

  // One field set for both modes; the register-only fields are simply not rendered on login.
  const [form, fields] = useForm<z.input<typeof registerSchema>>({
    lastResult: actionData?.result,
    defaultValue: { mobile: loaderData.mobile },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Login mode validates with the narrower schema; the field types are those of registration.
    // "Send code" needs only the mobile (as the action checks it): the code is what it is for.
    onValidate: ({ formData }) => parseForm(formData, (formData.get("intent") === "send" ? sendCodeSchema : schema) as typeof registerSchema),
  });

  const sentAt = actionData?.sent?.at ?? 0;
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!sentAt) return;
    const tick = () => setLeft(Math.max(0, RESEND_SECONDS - Math.floor((Date.now() - sentAt) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [sentAt]);

  const busy = navigation.state !== "idle";
  const switchQuery = new URLSearchParams();
  if (loaderData.redirectTo !== "/") switchQuery.set("redirect", loaderData.redirectTo);
  if (loaderData.bindTicket) {
    switchQuery.set("bind", loaderData.bindTicket);
    switchQuery.set("nickname", loaderData.nickname);
  }
  const otherMode = new URLSearchParams(switchQuery);
  if (mode === "login") otherMode.set("mode", "register");
  // The other tab with the number filled in: said only once its code proved it (decision 025).
  const withMobile = (query: URLSearchParams) => {
    const next = new URLSearchParams(query);
    if (fields.mobile.value) next.set("mobile", String(fields.mobile.value));
    return next;
  };

  return (
    <div className="ui-card-narrow">
      <nav className="ui-tabs" aria-label={t("auth.modes")}>
        <Link className="ui-tab" to={`/login${switchQuery.size ? `?${switchQuery}` : ""}`} aria-current={mode === "login" ? "page" : undefined}>
          {t("auth.loginTab")}
        </Link>
        <Link
          className="ui-tab"
          to={`/login?${mode === "login" ? otherMode : new URLSearchParams([...switchQuery, ["mode", "register"]])}`}
          aria-current={mode === "register" ? "page" : undefined}
        >
          {t("auth.registerTab")}
        </Link>
      </nav>
      <h1 className="ui-section-title">{t(mode === "register" ? "auth.registerTitle" : "auth.loginTitle")}</h1>
      {loaderData.bindTicket && <p className="ui-banner">{t("auth.wechatBinding", { nickname: loaderData.nickname })}</p>}

      <Form method="post" className="ui-stack" {...getFormProps(form)}>
        {/* Enter in any field logs in: the first submit button of a form is its default. */}
        <button type="submit" name="intent" value={mode} hidden tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="hidden" name="ticket" value={loaderData.ticket} />
        {loaderData.bindTicket && <input type="hidden" name="bindTicket" value={loaderData.bindTicket} />}

        {form.errors?.map((message) => (
          <p key={message} className="ui-field-error" role="alert">
            {t(message)}
          </p>
        ))}
        {actionData && "notRegistered" in actionData && Boolean(actionData.notRegistered) && (
          <p>
            <Link className="ui-link-button" to={`/login?${withMobile(otherMode)}`}>
              {t("auth.goRegister")}
            </Link>
          </p>
        )}
        {actionData && "alreadyRegistered" in actionData && Boolean(actionData.alreadyRegistered) && (
          <p>
            <Link className="ui-link-button" to={`/login?${withMobile(switchQuery)}`}>
              {t("auth.goLogin")}
            </Link>
          </p>
        )}

        <div className="ui-field">
          <label className="ui-label" htmlFor={fields.mobile.id}>
            {t("auth.mobile")}
          </label>
          <input
            className="ui-input"
            {...getInputProps(fields.mobile, { type: "tel" })}
            autoComplete="tel"
            inputMode="tel"
            placeholder={t("auth.mobilePlaceholder")}
          />
          <FieldError id={fields.mobile.errorId} errors={fields.mobile.errors} />
        </div>

        {mode === "register" && (
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.name.id}>
              {t("auth.name")}
            </label>
            <input className="ui-input" {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
        )}

        <div className="ui-field">
          <label className="ui-label" htmlFor={fields.code.id}>
            {t("auth.code")}
          </label>
          <div className="ui-input-group">
            <input
              className="ui-input"
              {...getInputProps(fields.code, { type: "text" })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t("auth.codePlaceholder")}
            />
            <button type="submit" name="intent" value="send" formNoValidate className="ui-button-outline" disabled={left > 0 || busy} data-testid="send-code">
              {left > 0 ? t("auth.resendIn", { seconds: left }) : t("auth.sendCode")}
            </button>
          </div>
          {actionData?.sent && (
            <p className="ui-field-help" role="status" data-testid="code-sent">
              {t("auth.codeSent", { mobile: actionData.sent.mobile })}
            </p>
          )}
          <FieldError id={fields.code.errorId} errors={fields.code.errors} />
        </div>

        <label className="ui-checkbox">
          <input type="checkbox" name={fields.rememberMe.name} defaultChecked={fields.rememberMe.initialValue === "on"} />
          <span>{t("auth.rememberMe")}</span>
        </label>

        {mode === "register" && (
          <div className="ui-field">
            <label className="ui-checkbox">
              <input
                type="checkbox"
                name={fields.agree.name}
                defaultChecked={fields.agree.initialValue === "on"}
                aria-invalid={fields.agree.errors ? true : undefined}
              />
              <span>
                {t("auth.agreePrefix")} <Link to="/agreement">{t("footer.agreement")}</Link> {t("auth.and")} <Link to="/privacy">{t("footer.privacy")}</Link>
              </span>
            </label>
            <FieldError id={fields.agree.errorId} errors={fields.agree.errors} />
          </div>
        )}

        <button type="submit" name="intent" value={mode} className="ui-button ui-button-block" disabled={busy}>
          {t(mode === "register" ? "auth.submitRegister" : "auth.submitLogin")}
        </button>
      </Form>

      {loaderData.wechatEnabled && !loaderData.bindTicket && (
        <p style={{ marginTop: 16 }}>
          <a className="ui-button-wechat" href={`/login/wechat?redirect=${encodeURIComponent(loaderData.redirectTo)}`}>
            {t("auth.wechat")}
          </a>
        </p>
      )}
    </div>
  );
}
