import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { registrationCancelSchema } from "#contract/schemas/registration";
import { showMoment } from "~/components/authoring/types";
import { QrCode } from "~/components/conference/QrCode";
import { ConfirmForm } from "~/components/ConfirmForm";
import { EmptyState } from "~/components/EmptyState";
import { FieldError } from "~/components/FieldError";
import { HoldNotice } from "~/components/HoldNotice";
import { Pagination } from "~/components/Pagination";
import { ServiceLinks } from "~/components/services/ServicePage";
import { StatusBadge } from "~/components/StatusBadge";
import { areaLoader } from "~/locales/load";
import { ticketQr } from "~/services/attend.server";
import { formValues, parseValues, refuseIntent, rejectIntent } from "~/services/form-protocol.server";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { canCancel, canEdit, canPay } from "~/utils/attend";
import { enteredLang } from "~/utils/entered";
import { replyMessages } from "~/utils/form-protocol";
import { formatDay, formatMoney, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

const PAGE_SIZE = 10;
/** The page's one post (and the intent its form sends). */
const CANCEL = "cancel";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const mine = await platformData(request, "/my-user", { query: { page, pageSize: PAGE_SIZE } });
  return data(
    {
      title: `${t("attend.myTitle")} - ${t("meta.siteName")}`,
      lang,
      page,
      total: mine.total,
      list: mine.list.map((r) => ({ ...r, qr: ticketQr(r) })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Cancels one's registration once confirmed (ConfirmForm asks first without JavaScript). A forged
 * intent or id is the form protocol's 400 reply, a platform refusal too (someone else's: not found).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSignedIn(request);
  const t = await i18n.getFixedT(request);
  const submission = parseValues(formValues(await request.formData()), registrationCancelSchema);
  if (submission.status !== "success") return rejectIntent(CANCEL, submission);
  const { id, confirmed } = submission.value;
  // Without JavaScript the page asks first (ConfirmForm); only `confirmed=1` cancels.
  if (!confirmed) return { confirm: CANCEL, id };
  const done = await callPlatform(request, `/conference/user/${id}`, { method: "POST" });
  if (!done.ok) return refuseIntent(CANCEL, submission, done);
  throw await redirectWithNotice(request, "/attend", { content: t("attend.cancelled"), color: "success" });
}

export default function MyConferences() {
  const { list, lang, page, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const asking = actionData && "confirm" in actionData ? actionData.id : 0;
  const refused = replyMessages(actionData, CANCEL);

  return (
    <div className="ui-container ui-attend-page">
      <h1 className="ui-page-title">{t("attend.myTitle")}</h1>
      <FieldError errors={refused} />
      {list.length === 0 ? (
        <EmptyState testId="empty" message={t("attend.none")} action={{ href: "/search", label: t("attend.findConferences") }} />
      ) : (
        <ul className="ui-attend-list">
          {list.map((r) => {
            const name = r.conference ? pick(lang, r.conference.nameZh, r.conference.nameEn) : "";
            return (
              <li key={r.id} className="ui-attend-item" data-testid="registration" data-id={r.id}>
                <div className="ui-attend-item-body">
                  <h2 className="ui-attend-item-title">
                    <Link to={`/conf/${r.conferenceId}`} {...enteredLang(name)}>
                      {name}
                    </Link>
                  </h2>
                  {r.conference && (
                    <p className="ui-muted">
                      {formatDay(lang, r.conference.startDate)} – {formatDay(lang, r.conference.endDate)}
                    </p>
                  )}
                  <dl className="ui-attend-quote">
                    <dt>{t("attend.participant")}</dt>
                    <dd {...enteredLang(r.name)}>{r.name}</dd>
                    {r.identity && (
                      <>
                        <dt>{t("attend.identity")}</dt>
                        <dd {...enteredLang(pick(lang, r.identity.nameZh, r.identity.nameEn))}>{pick(lang, r.identity.nameZh, r.identity.nameEn)}</dd>
                      </>
                    )}
                    <dt>{t("attend.state")}</dt>
                    <dd>
                      {r.holdExpired ? (
                        <StatusBadge state="expired" data-testid="state">
                          {t("attend.hold.expiredBadge")}
                        </StatusBadge>
                      ) : (
                        <StatusBadge state={r.state} data-testid="state">
                          {t(`registration.states.${r.state}`)}
                        </StatusBadge>
                      )}
                    </dd>
                    {r.checkedInAt && (
                      <>
                        <dt>{t("attend.checkin.label")}</dt>
                        <dd data-testid="checked-in">
                          <StatusBadge state="checkedIn">{t("attend.checkin.done")}</StatusBadge> {t("attend.checkin.at", { time: showMoment(r.checkedInAt) })}
                        </dd>
                      </>
                    )}
                    <dt>{t("attend.fee")}</dt>
                    <dd>{r.feeFen > 0 ? formatMoney(r.feeFen, r.currency) : t("attend.free")}</dd>
                    {r.paymentState && (
                      <>
                        <dt>{t("attend.paymentState")}</dt>
                        <dd data-testid="payment-state">
                          {t(`payment.states.${r.paymentState}`)}
                          {r.payment && ` · ${t(`payment.methods.${r.payment.method}`)}`}
                        </dd>
                      </>
                    )}
                    {r.invoiceState && (
                      <>
                        <dt>{t("attend.invoiceState")}</dt>
                        <dd data-testid="invoice-state">{t(`payment.invoiceStates.${r.invoiceState}`)}</dd>
                      </>
                    )}
                  </dl>
                  <HoldNotice registration={r} />
                  {r.state !== "cancelled" && <ServiceLinks conferenceId={r.conferenceId} />}
                  <div className="ui-row ui-attend-actions">
                    {canPay(r) && (
                      <Link className="ui-button" to={`/attend/pay/${r.id}`} data-testid="pay">
                        {t("attend.pay")}
                      </Link>
                    )}
                    {r.paymentState === "pending_audit" && (
                      <Link className="ui-button-outline" to={`/attend/pay/${r.id}`}>
                        {t("attend.seePayment")}
                      </Link>
                    )}
                    {r.payment?.state === "paid" && (
                      <Link className="ui-button-outline" to={`/attend/invoice/${r.payment.id}`} data-testid="invoice">
                        {t(r.invoiceId ? "attend.seeInvoice" : "attend.requestInvoice")}
                      </Link>
                    )}
                    {canEdit(r) && (
                      <Link className="ui-button-outline" to={`/attend/${r.conferenceId}?edit=1`} data-testid="edit">
                        {t("registration.edit.link")}
                      </Link>
                    )}
                    {canCancel(r) && (!asking || asking === r.id) && (
                      <ConfirmForm title={t("attend.cancelQuestion", { name })} fields={{ intent: CANCEL, id: String(r.id) }}>
                        {t("attend.cancel")}
                      </ConfirmForm>
                    )}
                  </div>
                </div>
                {r.qr && (
                  <figure className="ui-attend-ticket" data-testid="ticket">
                    <QrCode matrix={r.qr} label={t("attend.ticketLabel", { code: r.ticketCode })} size={120} />
                    <figcaption className="ui-attend-ticket-code">{r.ticketCode}</figcaption>
                  </figure>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} />
    </div>
  );
}
