import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { onlinePaymentSchema } from "#contract/schemas/registration";
import { AttendGatewayForm } from "~/components/AttendGatewayForm";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, rejectIntent } from "~/services/form-protocol.server";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform } from "~/services/platform.server";
import { getToken } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { type AttendPayment, attendMeta } from "~/utils/attend";
import { intentView } from "~/utils/form-protocol";
import { refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

/**
 * Alipay: a POST from the payment page hands the browser to Alipay with the signed form;
 * Alipay sends the payer back here with `?tradeNo=`, and the platform asks Alipay for the result
 * (it never trusts the browser). Open, as the spec lists it; starting a payment needs an account.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => attendMeta(data?.title ?? "", data?.description ?? "");

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18n.getFixedT(request);
  const tradeNo = new URL(request.url).searchParams.get("tradeNo") ?? "";
  let payment: (AttendPayment & { registrationId: number | null }) | null = null;
  let message = "";
  if (/^[0-9A-Za-z]{1,64}$/.test(tradeNo)) {
    const result = await callPlatform<AttendPayment & { registrationId: number | null }>(request, `/alipay/${tradeNo}`, {
      method: "PUT",
      redirectOn401: false,
    });
    if (result.ok) payment = result.data;
    else message = result.message;
  }
  return data(
    {
      title: `${t("payment.methods.alipay")} - ${t("meta.siteName")}`,
      description: t("attend.resultDescription"),
      payment,
      message,
      signedIn: Boolean(getToken(request)),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  requireSignedIn(request, "/attend");
  const values = formValues(await request.formData());
  const submission = parseValues(values, onlinePaymentSchema, { ...values, returnPath: "/alipage" });
  if (submission.status !== "success") return rejectIntent("alipay", submission);
  const started = await callPlatform<{ form: { action: string; fields: Record<string, string> } }>(request, "/alipay", {
    method: "POST",
    body: submission.value,
  });
  if (!started.ok) return rejectIntent("alipay", submission, refusalMessages(started));
  return { gateway: started.data.form };
}

export default function AliPage() {
  const { payment, message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  if (actionData && "gateway" in actionData) {
    return (
      <div className="ui-container ui-attend-page">
        <AttendGatewayForm form={actionData.gateway} label={t("payment.methods.alipay")} />
      </div>
    );
  }
  // The page's fields are hidden (the registration, the key): whatever refused the post is said for the page.
  const refused = intentView(actionData, "alipay");
  const error = refused ? t([...refused.formErrors, ...Object.values(refused.fieldErrors).flat()][0] ?? "") : message;
  return (
    <div className="ui-container ui-attend-page">
      <h1 className="ui-page-title">{t("attend.resultTitle", { name: t("payment.methods.alipay") })}</h1>
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
      {payment && (
        <p className="ui-banner" role="status" data-testid="payment-result">
          {payment.state === "paid" ? t("attend.paidNote") : t("attend.notPaidYet")}
        </p>
      )}
      {!payment && !error && <p className="ui-muted">{t("attend.nothingHere")}</p>}
      <p>
        <Link className="ui-button" to="/attend">
          {t("attend.seeMine")}
        </Link>
      </p>
    </div>
  );
}
