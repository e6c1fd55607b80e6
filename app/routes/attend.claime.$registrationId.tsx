import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { routeId } from "#contract/params";
import { sendCodeSchema } from "#contract/schemas/account";
import { claimSchema } from "#contract/schemas/registration";
import { FieldError } from "~/components/FieldError";
import { MobileCodeFields } from "~/components/MobileCodeFields";
import { areaLoader } from "~/locales/load";
import { SignInRefused, signInWith } from "~/services/auth.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform } from "~/services/platform.server";
import { getLang, setTokenCookie } from "~/services/session.server";
import { pageTicket, sendCodeFor } from "~/services/sign-in.server";
import { useTranslation } from "~/use-translation";
import { type AttendRegistration, attendMeta } from "~/utils/attend";
import { enteredLang } from "~/utils/entered";
import { formatMoney, pick } from "~/utils/format";
import { parseForm } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

type Claimable = {
  id: number;
  conference: AttendRegistration["conference"];
  name: string;
  mobile: string;
  identity: { nameZh: string; nameEn: string } | null;
  feeFen: number;
  currency: string;
  state: AttendRegistration["state"];
  /** Another account made it under this number: its owner takes it over or cancels it (ADR 027). */
  heldByOther: boolean;
};

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => attendMeta(data?.title ?? "", data?.description ?? "");

/**
 * Claiming a registration an organiser (or a team leader) entered for my mobile: the mobile
 * proves itself with a code, the registration joins that account, and the account is signed
 * in for 31 days. Open: the claimant usually has no session yet. A registration another account
 * made under my number is taken over or cancelled the same way (ADR 027).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = routeId(params.registrationId);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  // As typed: the platform reads it in any form (`+86 138…`), and the form shows it back unchanged.
  const mobile = (new URL(request.url).searchParams.get("mobile") ?? "").trim().slice(0, 40);
  // The registration shows (masked) to the signed-in owner of the number, or to whoever names the number.
  const found = await callPlatform<Claimable>(request, `/user/claim/${id}`, { query: { mobile: mobile || undefined }, redirectOn401: false });
  return data(
    {
      title: `${t("attend.claimTitle")} - ${t("meta.siteName")}`,
      description: t("attend.claimHelp"),
      lang,
      id,
      mobile,
      claimable: found.ok ? found.data : null,
      ticket: await pageTicket(request, "send"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  routeId(params.registrationId); // a bad id is a 404 before the form is read
  const t = await i18n.getFixedT(request);
  const formData = await request.formData();
  if (formData.get("intent") === "send") {
    const sent = await sendCodeFor(request, formData);
    if (!sent.mobile) return data({ result: sent.reply, sent: "" }, { status: 400 });
    return { result: sent.reply, sent: sent.mobile };
  }
  let claimed;
  try {
    claimed = await signInWith("claim", request, { form: formData });
  } catch (error) {
    if (error instanceof SignInRefused) return data({ result: error.reply, sent: "" }, { status: 400 });
    throw error;
  }
  const { registration } = claimed;
  const headers = { "Set-Cookie": setTokenCookie(request, claimed.token, true) };
  // A squat cancelled: the owner registers next, on the conference's form.
  if (registration.state === "cancelled") {
    throw await redirectWithNotice(request, `/attend/${registration.conferenceId}`, { content: t("attend.cancelledHeld"), color: "success" }, { headers });
  }
  const next = registration.needsPayment ? `/attend/pay/${registration.id}` : "/attend";
  const content = t(claimed.resolve === "takeover" ? "attend.tookOver" : "attend.claimed");
  throw await redirectWithNotice(request, next, { content, color: "success" }, { headers });
}

export default function Claim() {
  const { claimable, lang, mobile, ticket } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const held = Boolean(claimable?.heldByOther);
  const [form, fields] = useForm<z.input<typeof claimSchema>>({
    lastResult: actionData?.result,
    defaultValue: { mobile },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, (formData.get("intent") === "send" ? sendCodeSchema : claimSchema) as typeof claimSchema),
  });

  return (
    <div className="ui-container ui-attend-page">
      <h1 className="ui-page-title">{t(held ? "attend.heldTitle" : "attend.claimTitle")}</h1>
      <p className="ui-muted">{t(held ? "attend.heldHelp" : "attend.claimHelp")}</p>
      {claimable ? (
        <dl className="ui-attend-quote" data-testid="claimable">
          <dt>{t("attend.conference")}</dt>
          <dd {...enteredLang(claimable.conference ? pick(lang, claimable.conference.nameZh, claimable.conference.nameEn) : "")}>
            {claimable.conference ? pick(lang, claimable.conference.nameZh, claimable.conference.nameEn) : ""}
          </dd>
          <dt>{t("attend.participant")}</dt>
          <dd>
            <span {...enteredLang(claimable.name)}>{claimable.name}</span> · {claimable.mobile}
          </dd>
          {claimable.identity && (
            <>
              <dt>{t("attend.identity")}</dt>
              <dd {...enteredLang(pick(lang, claimable.identity.nameZh, claimable.identity.nameEn))}>
                {pick(lang, claimable.identity.nameZh, claimable.identity.nameEn)}
              </dd>
            </>
          )}
          <dt>{t("attend.fee")}</dt>
          <dd>{claimable.feeFen > 0 ? formatMoney(claimable.feeFen, claimable.currency) : t("attend.free")}</dd>
        </dl>
      ) : (
        mobile && <p className="ui-banner">{t("attend.claimNotFound")}</p>
      )}
      {!claimable && (
        <Form method="get" className="ui-row ui-attend-section">
          <label className="ui-label" htmlFor="claim-lookup">
            {t("auth.mobile")}
          </label>
          <input id="claim-lookup" className="ui-input" name="mobile" type="tel" defaultValue={mobile} autoComplete="tel" />
          <button type="submit" className="ui-button-outline">
            {t("attend.claimLookup")}
          </button>
        </Form>
      )}

      <Form method="post" className="ui-card ui-stack ui-attend-section" {...getFormProps(form)} aria-labelledby="claim-form-title">
        <h2 id="claim-form-title" className="ui-section-title">
          {t(held ? "attend.heldConfirm" : "attend.claimConfirm")}
        </h2>
        <button type="submit" name="intent" value="claim" hidden tabIndex={-1} aria-hidden="true" />
        {form.errors?.map((message) => (
          <p key={message} className="ui-field-error" role="alert">
            {t(message)}
          </p>
        ))}
        <MobileCodeFields mobile={fields.mobile} code={fields.code} sent={actionData?.sent} busy={busy} ticket={ticket} />
        {held ? (
          <div className="ui-row">
            <button type="submit" name="resolve" value="takeover" className="ui-button" disabled={busy} data-testid="take-over">
              {t("attend.takeOver")}
            </button>
            <button type="submit" name="resolve" value="cancel" className="ui-button-outline" disabled={busy} data-testid="cancel-held">
              {t("attend.cancelHeld")}
            </button>
            <FieldError id={fields.resolve.errorId} errors={fields.resolve.errors} />
          </div>
        ) : (
          <button type="submit" name="intent" value="claim" className="ui-button ui-button-block" disabled={busy} data-testid="claim">
            {t("attend.claimSubmit")}
          </button>
        )}
      </Form>
    </div>
  );
}
