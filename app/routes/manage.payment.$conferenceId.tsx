import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { badRequest, parsePage, routeId } from "#contract/params";
import { invoiceAuditSchema, paymentAuditSchema, paymentStatusSchema } from "#contract/schemas/registration";
import { Around } from "~/components/Around";
import { AuditFrame, Cards, DecisionForm, Facts, FilterForm, Section, stateFacts, stateOptions } from "~/components/audits/AuditParts";
import { useIntentResult } from "~/components/authoring/IntentForm";
import { ConfirmForm } from "~/components/ConfirmForm";
import { Pagination } from "~/components/Pagination";
import { ScrollRegion } from "~/components/ScrollRegion";
import { StatusBadge } from "~/components/StatusBadge";
import { DOCUMENT_TYPES, UploadField } from "~/components/UploadField";
import { areaLoader } from "~/locales/load";
import { filtersOf, manageData, manageTitle, rowIdOf, runAudit } from "~/services/audits.server";
import { formValues, rejectValues } from "~/services/form-protocol.server";
import { requireSignedIn } from "~/services/guard.server";
import { keepUploads } from "~/services/kept-uploads.server";
import type { CallPath } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { type ManageInvoice, type ManagePayment, type ManagedConference, type MethodTotal, chinaTime, fileHref } from "~/utils/audits";
import { enteredLang } from "~/utils/entered";
import { formatMoney } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee", "organiser"]);

const PAGE_SIZE = 20;
const METHODS = ["transfer", "paypal", "alipay", "union"] as const;
const PAYMENT_STATES = ["unpaid", "pending_audit", "paid", "rejected", "refunded", "cancelled"] as const;
const INVOICE_STATES = ["requested", "issued", "rejected"] as const;
const FILTERS = ["method", "state", "kind", "keyword"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const search = new URL(request.url).searchParams;
  const filters = filtersOf(search, FILTERS);
  const page = parsePage(search.get("page"));
  const invoiceState = search.get("invoiceState") ?? "requested";
  const invoicePage = parsePage(search.get("invoicePage"));
  const [payments, invoices] = await Promise.all([
    manageData<{ list: ManagePayment[]; total: number; totals: MethodTotal[]; conference: ManagedConference }>(request, `/payment/manage/${id}`, {
      ...filters,
      page,
      pageSize: PAGE_SIZE,
    }),
    manageData<{ list: ManageInvoice[]; total: number }>(request, `/invoice/manage/${id}`, { state: invoiceState, page: invoicePage, pageSize: PAGE_SIZE }),
  ]);
  const { title, name } = await manageTitle(request, "audits.payments.title", payments.conference);
  return data({ title, name, id, filters, page, invoiceState, invoicePage, payments, invoices }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  routeId(params.conferenceId);
  const formData = await request.formData();
  const values = formValues(formData);
  const [kind] = (values.intent ?? "").split(":");
  const rowId = rowIdOf(values);
  if (kind === "payment") {
    // Team transfers are audited through the team payment call; both decide the same way.
    const path: CallPath = values.team === "1" ? `/team/payment/${rowId}` : `/payment/${rowId}`;
    return runAudit(request, values, {
      schema: paymentAuditSchema,
      path,
      method: "PATCH",
      notice: values.state === "paid" ? "audits.payments.approved" : "audits.payments.rejected",
    });
  }
  if (kind === "refund") {
    // A refund is asked about first (a dialog with JavaScript, an inline question without).
    if (values.confirmed !== "1") return { intent: values.intent, confirm: "audits.payments.refundConfirm" };
    return runAudit(request, values, { schema: paymentStatusSchema, path: `/payment/status/${rowId}`, method: "PATCH", notice: "audits.payments.refunded" });
  }
  if (kind === "invoice") {
    // The invoice file is stored (and kept, private) at the first post, whatever the answer (decision 017).
    const kept = await keepUploads(request, formData, `invoice:${rowId}`, "document", [{ name: "fileKey" }]);
    values.fileKey = String(formData.get("fileKey") ?? "");
    values.fileKeyKept = String(formData.get("fileKeyKept") ?? "");
    delete values.fileKeyRemove;
    if (kept.errors.fileKey) return rejectValues(values.intent, values, { formErrors: kept.errors.fileKey });
    return runAudit(request, values, {
      schema: invoiceAuditSchema,
      path: `/payment/invoice/${rowId}`,
      method: "PATCH",
      notice: values.state === "issued" ? "audits.payments.issued" : "audits.payments.invoiceRejected",
    });
  }
  throw badRequest();
}

export default function ManagePayments() {
  const { name, id, filters, page, invoiceState, invoicePage, payments, invoices } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const asked = useActionData<{ intent?: string; confirm?: string }>();
  const currency = payments.conference.currency;
  return (
    <AuditFrame id={id} name={name} heading={t("audits.payments.heading")}>
      <Section id="totals" title={t("audits.payments.totals")}>
        <ScrollRegion label={t("audits.payments.totals")}>
          <table className="ui-table" data-testid="totals">
            <thead>
              <tr>
                <th scope="col">{t("audits.payments.method")}</th>
                <th scope="col">{t("audits.payments.count")}</th>
                <th scope="col">{t("audits.payments.paidCount")}</th>
                <th scope="col">{t("audits.payments.paidSum")}</th>
                <th scope="col">{t("audits.payments.pendingCount")}</th>
              </tr>
            </thead>
            <tbody>
              {payments.totals.map((row) => (
                <tr key={row.method} data-method={row.method}>
                  <th scope="row">{t(`payment.methods.${row.method}`)}</th>
                  <td>{row.count}</td>
                  <td>{row.paidCount}</td>
                  <td data-testid="paid-sum">{formatMoney(row.paidFen, currency)}</td>
                  <td>{row.pendingCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </Section>

      <Section id="payments" title={t("audits.payments.paymentsList")}>
        <FilterForm
          values={filters}
          fields={[
            { name: "keyword", label: t("audits.keyword"), type: "text", help: t("audits.payments.keywordHelp") },
            { name: "state", label: t("audits.state"), type: "select", options: stateOptions(t, PAYMENT_STATES, "payment.states") },
          ]}
          more={[
            {
              name: "method",
              label: t("audits.payments.method"),
              type: "select",
              options: [{ value: "", label: t("audits.payments.allMethods") }, ...METHODS.map((m) => ({ value: m, label: t(`payment.methods.${m}`) }))],
            },
            {
              name: "kind",
              label: t("audits.payments.kind"),
              type: "select",
              options: [
                { value: "", label: t("audits.all") },
                { value: "individual", label: t("audits.payments.kindIndividual") },
                { value: "team", label: t("audits.payments.kindTeam") },
              ],
            },
          ]}
          keep={invoiceState !== "requested" ? { invoiceState } : {}}
        />
        <Cards items={payments.list} testId="payments" itemTestId="payment">
          {(p) => (
            <>
              <div className="ui-aud-card-body">
                <p className="ui-aud-card-title">
                  <span {...enteredLang(p.payerName)}>{p.payerName ?? "—"}</span> {p.payerMobile && <span className="ui-muted">{p.payerMobile}</span>}
                  {p.teamId !== null && (
                    <StatusBadge tone="neutral">
                      <Around t={t} k="audits.payments.team" param="name">
                        <span {...enteredLang(p.teamName)}>{p.teamName ?? ""}</span>
                      </Around>
                    </StatusBadge>
                  )}
                  {p.refundDue && p.state !== "refunded" && (
                    <StatusBadge tone="info" data-testid="refund-due">
                      {t(`audits.payments.refundDue.${p.refundDue}`)}
                    </StatusBadge>
                  )}
                </p>
                <Facts
                  rows={[
                    [t("audits.payments.amount"), formatMoney(p.amountFen, p.currency)],
                    [t("audits.payments.method"), t(`payment.methods.${p.method}`)],
                    [t("audits.payments.tradeNo"), p.tradeNo],
                    [t("audits.submittedAt"), chinaTime(p.createdAt)],
                    ...stateFacts(t, { value: p.state, label: t(`payment.states.${p.state}`) }, p.remark),
                    [t("audits.payments.invoices"), p.invoiceState && t(`payment.invoiceStates.${p.invoiceState}`)],
                  ]}
                />
                {p.method === "transfer" && <Proof payment={p} />}
              </div>
              {p.state === "paid" && (
                <ConfirmForm
                  title={t("audits.payments.refundConfirm")}
                  fields={{ intent: `refund:${p.id}`, rowId: String(p.id), state: "refunded" }}
                  asked={asked?.intent === `refund:${p.id}` && Boolean(asked.confirm)}
                >
                  {t("audits.payments.refund")}
                </ConfirmForm>
              )}
              {p.state === "pending_audit" && (
                <DecisionForm
                  kind="payment"
                  rowId={p.id}
                  schema={paymentAuditSchema}
                  approve={{ value: "paid", label: t("audits.approve") }}
                  reject={{ value: "rejected", label: t("audits.reject") }}
                >
                  {p.teamId !== null && <input type="hidden" name="team" value="1" />}
                </DecisionForm>
              )}
            </>
          )}
        </Cards>
        <Pagination page={page} pageSize={PAGE_SIZE} total={payments.total} />
      </Section>

      <Section id="invoices" title={t("audits.payments.invoices")}>
        <FilterForm
          id="invoice-filters"
          label={t("audits.payments.invoiceFilters")}
          values={{ invoiceState }}
          keep={filters}
          fields={[{ name: "invoiceState", label: t("audits.state"), type: "select", options: stateOptions(t, INVOICE_STATES, "payment.invoiceStates") }]}
        />
        <Cards items={invoices.list} testId="invoices" itemTestId="invoice">
          {(inv) => (
            <>
              <div className="ui-aud-card-body">
                <p className="ui-aud-card-title" {...enteredLang(inv.title)}>
                  {inv.title}
                </p>
                <Facts
                  rows={[
                    [t("audits.payments.payer"), inv.payerName ?? "—"],
                    [t("audits.payments.taxId"), inv.taxId || "—"],
                    [t("audits.payments.amount"), formatMoney(inv.amountFen, inv.currency)],
                    [t("audits.payments.email"), inv.email],
                    [t("audits.payments.tradeNo"), inv.tradeNo],
                    ...stateFacts(t, { value: inv.state, label: t(`payment.invoiceStates.${inv.state}`) }, inv.remark),
                  ]}
                />
                {inv.fileKey && (
                  <a href={fileHref(inv.fileKey)} className="ui-link-button" data-testid="invoice-file">
                    {t("audits.payments.viewInvoice")}
                  </a>
                )}
              </div>
              {inv.state === "requested" && (
                <DecisionForm
                  kind="invoice"
                  rowId={inv.id}
                  multipart
                  approve={{ value: "issued", label: t("audits.payments.issue") }}
                  reject={{ value: "rejected", label: t("audits.payments.rejectInvoice") }}
                >
                  <InvoiceFileField rowId={inv.id} />
                </DecisionForm>
              )}
            </>
          )}
        </Cards>
        <InvoicePagination page={invoicePage} total={invoices.total} />
      </Section>
    </AuditFrame>
  );
}

/** The proof of a transfer: an image is previewed (and can be downloaded), a PDF downloaded. */
function Proof({ payment }: { payment: ManagePayment }) {
  const { t } = useTranslation();
  if (!payment.proofKey) return <p className="ui-muted">{t("audits.payments.noProof")}</p>;
  const href = fileHref(payment.proofKey);
  return (
    <div className="ui-aud-proof" data-testid="proof">
      <span className="ui-label">{t("audits.payments.proof")}</span>
      {payment.proofType?.startsWith("image/") && (
        <img src={href} alt={t("audits.payments.proofImage", { name: payment.proofName ?? "" })} className="ui-aud-proof-image" loading="lazy" />
      )}
      <a href={href} download className="ui-link-button">
        {t("audits.payments.downloadProof")}
      </a>
    </div>
  );
}

/** The invoice list's own page number (`invoicePage`), so both lists page independently. */
function InvoicePagination({ page, total }: { page: number; total: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (total <= PAGE_SIZE) return null;
  const pages = Math.ceil(total / PAGE_SIZE);
  const href = (p: number) => {
    const query = new URLSearchParams(location.search);
    query.set("invoicePage", String(p));
    return `${location.pathname}?${query}`;
  };
  return (
    <nav className="ui-pagination" aria-label={t("audits.payments.invoices")}>
      {page > 1 && <Link to={href(page - 1)}>{t("common.previous")}</Link>}
      <span>{t("common.pageOf", { page, pages, total })}</span>
      {page < pages && <Link to={href(page + 1)}>{t("common.next")}</Link>}
    </nav>
  );
}

/** The invoice file of a row's decision: a private document, kept when the decision is refused. */
function InvoiceFileField({ rowId }: { rowId: number }) {
  const { t } = useTranslation();
  const result = useIntentResult(`invoice:${rowId}`);
  return (
    <UploadField
      name="fileKey"
      id={`invoice-file-${rowId}`}
      label={t("audits.payments.invoiceFile")}
      document
      accept={DOCUMENT_TYPES}
      keep={`invoice:${rowId}`}
      kept={result?.values.fileKeyKept || null}
    />
  );
}
