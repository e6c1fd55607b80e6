import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DOCUMENT_TYPES, UploadField } from "~/components/UploadField";
import { keepUploads } from "~/services/kept-uploads.server";
import { AttendGatewayForm } from "~/components/AttendGatewayForm";
import { FieldError } from "~/components/FieldError";
import { HoldNotice } from "~/components/HoldNotice";
import { type AttendPayee, type AttendPayment, type AttendRegistration, canPay } from "~/utils/attend";
import { paymentKey } from "~/services/attend.server";
import { requireToken } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { formatMoney, pick } from "~/utils/format";
import { parseId, routeId } from "#contract/params";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireToken(request);
  const id = routeId(params.registrationId);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const registration = await platformData<AttendRegistration>(request, `/conference/user/${id}`);
  const [payee, methods, earlier] = await Promise.all([
    platformData<AttendPayee>(request, `/payee/${registration.conferenceId}`),
    platformData<AttendPayment["method"][]>(request, `/payment/methods/${registration.conferenceId}`),
    platformData<{ list: AttendPayment[] }>(request, "/payment", { query: { registrationId: id, pageSize: 100 } }),
  ]);
  // A method's key changes once a payment of it ended (refused, refunded, or replaced by a newer one, decision 031).
  const ended = (method: AttendPayment["method"]) =>
    earlier.list.filter((p) => p.method === method && (p.state === "rejected" || p.state === "refunded" || p.state === "cancelled")).length;
  const key = (method: AttendPayment["method"]) => paymentKey(id, method, ended(method));
  return data(
    {
      title: `${t("attend.payTitle")} - ${t("meta.siteName")}`,
      lang,
      registration,
      payee,
      methods,
      keys: { transfer: key("transfer"), paypal: key("paypal"), alipay: key("alipay"), union: key("union") },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = { errors?: Record<string, string[]>; formErrors?: string[]; gateway?: { action: string; fields: Record<string, string> }; kept?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  requireToken(request);
  const id = routeId(params.registrationId);
  const t = await i18n.getFixedT(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const idempotencyKey = String(formData.get("idempotencyKey") ?? "") || undefined;
  const fail = (result: ActionResult) => data(result, { status: 400 });

  if (intent === "transfer" || intent === "proof") {
    // The proof is stored (and kept, private) at the first post, whatever the answer (decision 017).
    const kept = await keepUploads(request, formData, `pay:${id}`, "document", [{ name: "proof" }], { savedAllowed: false });
    const refused = (result: ActionResult) => fail({ ...result, kept: String(formData.get("proofKept") ?? "") });
    if (kept.errors.proof) return refused({ errors: { proof: kept.errors.proof } });
    const proofKey = String(formData.get("proof") ?? "");
    if (!proofKey) return refused({ errors: { proof: [t("payment.validation.proofRequired")] } });
    const paymentId = parseId(formData.get("paymentId"));
    const paid =
      intent === "proof" && paymentId !== null
        ? await callPlatform<AttendPayment>(request, `/payment/${paymentId}`, { method: "PUT", body: { proofKey } })
        : await callPlatform<AttendPayment>(request, "/payment", { method: "POST", body: { registrationId: id, method: "transfer", proofKey, idempotencyKey } });
    if (!paid.ok) return refused({ formErrors: paid.messages });
    throw await redirectWithNotice(request, `/attend/pay/${id}`, { content: t("attend.proofSent"), color: "success" });
  }

  if (intent === "paypal") {
    const started = await callPlatform<{ approveUrl: string | null }>(request, "/paypal", {
      method: "POST",
      body: { registrationId: id, idempotencyKey, returnPath: "/attend/paypal/success" },
    });
    if (!started.ok) return fail({ formErrors: started.messages });
    if (!started.data.approveUrl) return fail({ formErrors: [t("payment.errors.gatewayFailed")] });
    throw redirect(started.data.approveUrl);
  }

  if (intent === "union") {
    const registration = await platformData<AttendRegistration>(request, `/conference/user/${id}`);
    const started = await callPlatform<{ form: { action: string; fields: Record<string, string> } }>(request, `/union/${registration.conferenceId}`, {
      method: "POST",
      body: { registrationId: id, idempotencyKey, returnPath: "/attend/union/return" },
    });
    if (!started.ok) return fail({ formErrors: started.messages });
    return { gateway: started.data.form } satisfies ActionResult;
  }
  return fail({ formErrors: [t("payment.validation.methodInvalid")] });
}

export default function Pay() {
  const { registration: r, payee, methods, lang, keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const payment = r.payment;
  const conferenceName = r.conference ? pick(lang, r.conference.nameZh, r.conference.nameEn) : "";

  if (actionData?.gateway) return <div className="ui-container ui-attend-page"><AttendGatewayForm form={actionData.gateway} label={t("payment.methods.union")} /></div>;

  return (
    <div className="ui-container ui-attend-page">
      <p className="ui-muted">
        <Link to="/attend">{t("attend.myTitle")}</Link>
      </p>
      <h1 className="ui-page-title">{t("attend.payTitle")}</h1>
      <p className="ui-attend-conf-name">{conferenceName}</p>
      <dl className="ui-attend-quote">
        <dt>{t("attend.participant")}</dt>
        <dd>{r.name}</dd>
        {r.identity && (
          <>
            <dt>{t("attend.identity")}</dt>
            <dd>{pick(lang, r.identity.nameZh, r.identity.nameEn)}</dd>
          </>
        )}
        <dt>{t("attend.amount")}</dt>
        <dd className="ui-attend-amount" data-testid="amount">
          {formatMoney(r.feeFen, r.currency)}
        </dd>
        <dt>{t("attend.paymentState")}</dt>
        <dd data-testid="payment-state">{r.paymentState ? t(`payment.states.${r.paymentState}`) : t("attend.nothingToPay")}</dd>
      </dl>
      <HoldNotice registration={r} />
      {payment?.state === "pending_audit" && (
        <p className="ui-banner" role="status" data-testid="awaiting-audit">
          {t("attend.awaitingAudit")}
        </p>
      )}
      {payment?.state === "rejected" && payment.remark && (
        <p className="ui-banner" role="status">
          {t("attend.rejectedBecause", { remark: payment.remark })}
        </p>
      )}
      {actionData?.formErrors?.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {message}
        </p>
      ))}

      {(canPay(r) || (payment?.method === "transfer" && payment.state === "pending_audit")) && methods.includes("transfer") && (
        <section className="ui-card ui-stack ui-attend-section" aria-labelledby="transfer-title">
          <h2 id="transfer-title" className="ui-section-title">
            {t("payment.methods.transfer")}
          </h2>
          {payee ? (
            <dl className="ui-attend-quote" data-testid="payee">
              <dt>{t("attend.payeeName")}</dt>
              <dd>{payee.accountName}</dd>
              <dt>{t("attend.payeeBank")}</dt>
              <dd>{payee.bankName}</dd>
              <dt>{t("attend.payeeAccount")}</dt>
              <dd>{payee.accountNo}</dd>
              {pick(lang, payee.noteZh, payee.noteEn) && (
                <>
                  <dt>{t("attend.payeeNote")}</dt>
                  <dd>{pick(lang, payee.noteZh, payee.noteEn)}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="ui-muted">{t("attend.noPayee")}</p>
          )}
          <Form method="post" encType="multipart/form-data" className="ui-stack">
            <input type="hidden" name="idempotencyKey" value={keys.transfer} />
            {payment && payment.method === "transfer" && (payment.state === "pending_audit" || payment.state === "rejected") && (
              <input type="hidden" name="paymentId" value={payment.id} />
            )}
            <UploadField name="proof" id="proof" label={t("attend.proof")} help={t("attend.proofHelp")} accept={DOCUMENT_TYPES} document keep={`pay:${r.id}`} kept={actionData?.kept} />
            <FieldError id="proof-error" errors={actionData?.errors?.proof} />
            <button
              type="submit"
              name="intent"
              value={payment && payment.method === "transfer" && (payment.state === "pending_audit" || payment.state === "rejected") ? "proof" : "transfer"}
              className="ui-button"
              disabled={busy}
              data-testid="send-proof"
            >
              {payment?.state === "pending_audit" ? t("attend.replaceProof") : t("attend.sendProof")}
            </button>
          </Form>
        </section>
      )}

      {canPay(r) && (
        <div className="ui-row ui-attend-online">
          {methods.includes("paypal") && (
            <Form method="post">
              <input type="hidden" name="idempotencyKey" value={keys.paypal} />
              <button type="submit" name="intent" value="paypal" className="ui-button-outline" disabled={busy} data-testid="pay-paypal">
                {t("attend.payWith", { name: t("payment.methods.paypal") })}
              </button>
            </Form>
          )}
          {methods.includes("alipay") && (
            <form method="post" action="/alipage">
              <input type="hidden" name="registrationId" value={r.id} />
              <input type="hidden" name="idempotencyKey" value={keys.alipay} />
              <button type="submit" className="ui-button-outline" data-testid="pay-alipay">
                {t("attend.payWith", { name: t("payment.methods.alipay") })}
              </button>
            </form>
          )}
          {methods.includes("union") && (
            <Form method="post">
              <input type="hidden" name="idempotencyKey" value={keys.union} />
              <button type="submit" name="intent" value="union" className="ui-button-outline" disabled={busy} data-testid="pay-union">
                {t("attend.payWith", { name: t("payment.methods.union") })}
              </button>
            </Form>
          )}
        </div>
      )}

      {payment?.state === "paid" && (
        <p className="ui-banner" role="status" data-testid="paid">
          {t("attend.paidNote")}{" "}
          <Link to={`/attend/invoice/${payment.id}`}>{t(r.invoiceId ? "attend.seeInvoice" : "attend.requestInvoice")}</Link>
        </p>
      )}
    </div>
  );
}
