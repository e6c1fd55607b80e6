import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { areaLoader } from "~/locales/load";
import { i18n } from "~/services/i18n.server";
import { callPlatform } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { type AttendPayment, attendMeta } from "~/utils/attend";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

/**
 * Where PayPal sends the payer back (`success` with `?tradeNo=`, or `cancel`); the platform
 * captures and checks the amount with PayPal, never trusting the browser. Open, as the spec says.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => attendMeta(data?.title ?? "", data?.description ?? "");

type Outcome = { payment: AttendPayment | null; message: string; cancelled: boolean };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await i18n.getFixedT(request);
  const tradeNo = new URL(request.url).searchParams.get("tradeNo") ?? "";
  const outcome: Outcome = { payment: null, message: "", cancelled: params.result === "cancel" };
  if (params.result === "success" && /^[0-9A-Za-z]{1,64}$/.test(tradeNo)) {
    const result = await callPlatform<AttendPayment>(request, `/paypal/${tradeNo}`, { method: "PUT", redirectOn401: false });
    if (result.ok) outcome.payment = result.data;
    else outcome.message = result.message;
  }
  return data(
    { title: `${t("payment.methods.paypal")} - ${t("meta.siteName")}`, description: t("attend.resultDescription"), method: "paypal" as const, ...outcome },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PaymentResult() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { payment, message, cancelled, method } = loaded;
  return (
    <div className="ui-container ui-attend-page">
      <h1 className="ui-page-title">{t("attend.resultTitle", { name: t(`payment.methods.${method}`) })}</h1>
      {message && (
        <p className="ui-field-error" role="alert">
          {message}
        </p>
      )}
      {cancelled && <p className="ui-banner">{t("attend.paymentCancelled")}</p>}
      {payment && (
        <p className="ui-banner" role="status" data-testid="payment-result">
          {payment.state === "paid" ? t("attend.paidNote") : t("attend.notPaidYet")}
        </p>
      )}
      {!payment && !message && !cancelled && <p className="ui-muted">{t("attend.nothingHere")}</p>}
      <p>
        <Link className="ui-button" to="/attend">
          {t("attend.seeMine")}
        </Link>
      </p>
    </div>
  );
}
