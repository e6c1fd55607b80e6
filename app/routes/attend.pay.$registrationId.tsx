import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { routeId } from "#contract/params";
import { payFormSchema } from "#contract/schemas/registration";
import { AttendGatewayForm } from "~/components/AttendGatewayForm";
import { FieldError } from "~/components/FieldError";
import { HoldNotice } from "~/components/HoldNotice";
import { DOCUMENT_TYPES, UploadField } from "~/components/UploadField";
import { areaLoader } from "~/locales/load";
import { paymentKey } from "~/services/attend.server";
import { appEnv } from "~/services/env.server";
import { formValues, parseValues, refuseIntent, rejectIntent, rejectValues } from "~/services/form-protocol.server";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { keepUploads } from "~/services/kept-uploads.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { type AttendPayment, canPay } from "~/utils/attend";
import { enteredLang } from "~/utils/entered";
import { intentView } from "~/utils/form-protocol";
import { formatMoney, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.registrationId);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const registration = await platformData(request, `/conference/user/${id}`);
  const [payee, methods, earlier] = await Promise.all([
    platformData(request, `/payee/${registration.conferenceId}`),
    platformData(request, `/payment/methods/${registration.conferenceId}`),
    platformData(request, "/payment", { query: { registrationId: id, pageSize: 100 } }),
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
      maxMb: appEnv().UPLOAD_MAX_MB,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * One post of the payment page, parsed with its schema (`payFormSchema`): a transfer's proof
 * (stored and kept at the first post, decision 017), or a gateway started. A refusal is the
 * form protocol's reply for the posted intent; what was kept comes back in it (`proofKept`).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.registrationId);
  const t = await i18n.getFixedT(request);
  const formData = await request.formData();
  const posted = String(formData.get("intent") ?? "");
  // The proof is stored (and kept, private) at the first post, whatever the answer (decision 017).
  const kept =
    posted === "transfer" || posted === "proof"
      ? await keepUploads(request, formData, `pay:${id}`, "document", [{ name: "proof" }], { savedAllowed: false })
      : null;
  const values = formValues(formData);
  // A refusal shows the kept proof by its reference (`proofKept`), never its storage key.
  const { proof: _key, ...echo } = values;
  if (kept?.errors.proof) return rejectValues(posted, echo, { fieldErrors: { proof: kept.errors.proof } });
  const submission = parseValues(echo, payFormSchema, values);
  if (submission.status !== "success") return rejectIntent(posted, submission);
  const input = submission.value;

  if (input.intent === "transfer" || input.intent === "proof") {
    const paid =
      input.intent === "proof" && input.paymentId !== undefined
        ? await callPlatform(request, `/payment/${input.paymentId}`, { method: "PUT", body: { proofKey: input.proof } })
        : await callPlatform(request, "/payment", {
            method: "POST",
            body: { registrationId: id, method: "transfer", proofKey: input.proof, idempotencyKey: input.idempotencyKey },
          });
    if (!paid.ok) return refuseIntent(posted, submission, paid);
    throw await redirectWithNotice(request, `/attend/pay/${id}`, { content: t("attend.proofSent"), color: "success" });
  }

  if (input.intent === "paypal") {
    const started = await callPlatform<{ approveUrl: string | null }>(request, "/paypal", {
      method: "POST",
      body: { registrationId: id, idempotencyKey: input.idempotencyKey, returnPath: "/attend/paypal/success" },
    });
    if (!started.ok) return refuseIntent(posted, submission, started);
    if (!started.data.approveUrl) return rejectIntent(posted, submission, { formErrors: ["payment.errors.gatewayFailed"] });
    throw redirect(started.data.approveUrl);
  }

  const registration = await platformData(request, `/conference/user/${id}`);
  const started = await callPlatform<{ form: { action: string; fields: Record<string, string> } }>(request, `/union/${registration.conferenceId}`, {
    method: "POST",
    body: { registrationId: id, idempotencyKey: input.idempotencyKey, returnPath: "/attend/union/return" },
  });
  if (!started.ok) return refuseIntent(posted, submission, started);
  return { gateway: started.data.form };
}

export default function Pay() {
  const { registration: r, payee, methods, lang, keys, maxMb } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const gateway = actionData && "gateway" in actionData ? actionData.gateway : null;
  const refused = intentView(actionData);
  // The page's own fields (which way, the key, the payment) are not typed by anyone: their messages are the page's.
  const formErrors = refused ? [...refused.formErrors, ...Object.entries(refused.fieldErrors).flatMap(([name, list]) => (name === "proof" ? [] : list))] : [];
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const payment = r.payment;
  const conferenceName = r.conference ? pick(lang, r.conference.nameZh, r.conference.nameEn) : "";

  if (gateway)
    return (
      <div className="ui-container ui-attend-page">
        <AttendGatewayForm form={gateway} label={t("payment.methods.union")} />
      </div>
    );

  return (
    <div className="ui-container ui-attend-page">
      <p className="ui-muted">
        <Link to="/attend">{t("attend.myTitle")}</Link>
      </p>
      <h1 className="ui-page-title">{t("attend.payTitle")}</h1>
      <p className="ui-attend-conf-name">{conferenceName}</p>
      <dl className="ui-attend-quote">
        <dt>{t("attend.participant")}</dt>
        <dd {...enteredLang(r.name)}>{r.name}</dd>
        {r.identity && (
          <>
            <dt>{t("attend.identity")}</dt>
            <dd {...enteredLang(pick(lang, r.identity.nameZh, r.identity.nameEn))}>{pick(lang, r.identity.nameZh, r.identity.nameEn)}</dd>
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
      {formErrors.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
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
              <dd {...enteredLang(payee.accountName)}>{payee.accountName}</dd>
              <dt>{t("attend.payeeBank")}</dt>
              <dd {...enteredLang(payee.bankName)}>{payee.bankName}</dd>
              <dt>{t("attend.payeeAccount")}</dt>
              <dd>{payee.accountNo}</dd>
              {pick(lang, payee.noteZh, payee.noteEn) && (
                <>
                  <dt>{t("attend.payeeNote")}</dt>
                  <dd {...enteredLang(pick(lang, payee.noteZh, payee.noteEn))}>{pick(lang, payee.noteZh, payee.noteEn)}</dd>
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
            <UploadField
              name="proof"
              id="proof"
              label={t("attend.proof")}
              help={t("attend.proofHelp", { mb: maxMb })}
              accept={DOCUMENT_TYPES}
              document
              keep={`pay:${r.id}`}
              kept={refused?.values.proofKept}
            />
            <FieldError id="proof-error" errors={refused?.fieldErrors.proof} />
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
          {t("attend.paidNote")} <Link to={`/attend/invoice/${payment.id}`}>{t(r.invoiceId ? "attend.seeInvoice" : "attend.requestInvoice")}</Link>
        </p>
      )}
    </div>
  );
}
