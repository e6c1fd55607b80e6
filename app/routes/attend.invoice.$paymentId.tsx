import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { routeId } from "#contract/params";
import { invoiceEditSchema, invoiceRequestSchema } from "#contract/schemas/registration";
import { FieldError } from "~/components/FieldError";
import { areaLoader } from "~/locales/load";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { type AttendPayment } from "~/utils/attend";
import { enteredLang } from "~/utils/entered";
import { formatMoney } from "~/utils/format";
import { parseForm, refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

type Invoice = {
  id: number;
  title: string;
  taxId: string;
  email: string;
  amountFen: number;
  state: "requested" | "issued" | "rejected";
  remark: string | null;
  fileKey: string | null;
};
type SavedTaxId = { id: number; title: string; taxId: string };

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const paymentId = routeId(params.paymentId);
  const t = await i18n.getFixedT(request);
  const [payment, saved] = await Promise.all([
    platformData<AttendPayment & { invoice: Invoice | null }>(request, `/payment/${paymentId}`),
    platformData<SavedTaxId[]>(request, "/invoice/tax-ids"),
  ]);
  // "Use a saved title" is a plain link (`?use=<id>`), so the look-up works without JavaScript.
  const use = new URL(request.url).searchParams.get("use");
  const chosen = saved.find((row) => String(row.id) === use) ?? null;
  return data({ title: `${t("attend.invoiceTitle")} - ${t("meta.siteName")}`, payment, saved, chosen }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const paymentId = routeId(params.paymentId);
  const t = await i18n.getFixedT(request);
  const formData = await request.formData();
  const editing = formData.get("id") !== null;
  const submission = editing ? parseForm(formData, invoiceEditSchema) : parseForm(formData, invoiceRequestSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const body = editing ? submission.value : { ...submission.value, paymentId };
  const saved = await callPlatform<Invoice>(request, "/payment", { method: editing ? "PUT" : "POST", body });
  if (!saved.ok) {
    return data(submission.reply(refusalMessages(saved)), { status: 400 });
  }
  throw await redirectWithNotice(request, `/attend/invoice/${paymentId}`, { content: t("attend.invoiceSaved"), color: "success" });
}

export default function InvoicePage() {
  const { payment, saved, chosen } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const invoice = payment.invoice;
  const editable = payment.state === "paid" && (!invoice || invoice.state === "requested");
  const [form, fields] = useForm({
    id: `invoice-${chosen?.id ?? 0}`,
    lastResult,
    defaultValue: {
      type: "invoice",
      title: chosen?.title ?? invoice?.title ?? "",
      taxId: chosen?.taxId ?? invoice?.taxId ?? "",
      email: invoice?.email ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, invoice ? invoiceEditSchema : invoiceRequestSchema),
  });

  return (
    <div className="ui-container ui-attend-page">
      <p className="ui-muted">
        <Link to="/attend">{t("attend.myTitle")}</Link>
      </p>
      <h1 className="ui-page-title">{t("attend.invoiceTitle")}</h1>
      <dl className="ui-attend-quote">
        <dt>{t("attend.amount")}</dt>
        <dd className="ui-attend-amount">{formatMoney(payment.amountFen, payment.currency)}</dd>
        <dt>{t("attend.paymentState")}</dt>
        <dd>{t(`payment.states.${payment.state}`)}</dd>
        {invoice && (
          <>
            <dt>{t("attend.invoiceState")}</dt>
            <dd data-testid="invoice-state">{t(`payment.invoiceStates.${invoice.state}`)}</dd>
          </>
        )}
        {invoice?.remark && (
          <>
            <dt>{t("attend.remark")}</dt>
            <dd {...enteredLang(invoice.remark)}>{invoice.remark}</dd>
          </>
        )}
      </dl>
      {invoice?.fileKey && (
        <p>
          <a href={`/files/${invoice.fileKey}`} data-testid="invoice-file">
            {t("attend.downloadInvoice")}
          </a>
        </p>
      )}
      {payment.state !== "paid" && <p className="ui-banner">{t("payment.errors.invoiceNeedsPaid")}</p>}

      {editable && (
        <Form method="post" className="ui-card ui-stack ui-attend-section" {...getFormProps(form)} aria-labelledby="invoice-form-title">
          <h2 id="invoice-form-title" className="ui-section-title">
            {t(invoice ? "attend.editInvoice" : "attend.requestInvoice")}
          </h2>
          <input type="hidden" name="type" value="invoice" />
          {invoice ? <input type="hidden" name="id" value={invoice.id} /> : <input type="hidden" name="paymentId" value={payment.id} />}
          {form.errors?.map((message) => (
            <p key={message} className="ui-field-error" role="alert">
              {t(message)}
            </p>
          ))}
          {saved.length > 0 && (
            <nav aria-label={t("attend.savedTaxIds")} className="ui-field">
              <p className="ui-label">{t("attend.savedTaxIds")}</p>
              <ul className="ui-attend-saved">
                {saved.map((row) => (
                  <li key={row.id}>
                    <Link to={`?use=${row.id}`} replace preventScrollReset>
                      {row.title} · {row.taxId}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.title.id}>
              {t("attend.invoiceHeading")}
            </label>
            <input className="ui-input" {...getInputProps(fields.title, { type: "text" })} autoComplete="organization" />
            <FieldError id={fields.title.errorId} errors={fields.title.errors} />
          </div>
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.taxId.id}>
              {t("attend.taxId")}
            </label>
            <input className="ui-input" {...getInputProps(fields.taxId, { type: "text" })} autoComplete="off" />
            <p className="ui-field-help">{t("attend.taxIdHelp")}</p>
            <FieldError id={fields.taxId.errorId} errors={fields.taxId.errors} />
          </div>
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.email.id}>
              {t("attend.email")}
            </label>
            <input className="ui-input" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
            <FieldError id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <button type="submit" className="ui-button" disabled={navigation.state !== "idle"} data-testid="save-invoice">
            {t(invoice ? "attend.saveInvoice" : "attend.requestInvoice")}
          </button>
        </Form>
      )}
    </div>
  );
}
