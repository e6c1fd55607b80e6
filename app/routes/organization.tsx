import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { organizationSchema, organizationTypes } from "#contract/schemas/organization";
import { FieldError } from "~/components/FieldError";
import { StatusBadge } from "~/components/StatusBadge";
import { UploadField } from "~/components/UploadField";
import { areaLoader } from "~/locales/load";
import { appEnv } from "~/services/env.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { keepUploads } from "~/services/kept-uploads.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { keptRefIn } from "~/utils/kept";
import { parseForm, refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

type Application = {
  id: number;
  name: string;
  type: (typeof organizationTypes)[number];
  address: string;
  contact: string;
  licenceKey: string | null;
  state: "pending" | "approved" | "rejected";
  reason: string | null;
  createdAt: string;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** Organization certification (spec §2 /organization): apply, see the state, apply again after a rejection. */
export async function loader({ request }: LoaderFunctionArgs) {
  const account = await requireAccount(request);
  const application = await platformData<Application | null>(request, "/organization");
  const t = await i18n.getFixedT(request);
  return { title: `${t("organization.title")} - ${t("meta.siteName")}`, application, isAdmin: account.isPlatformAdmin, maxMb: appEnv().UPLOAD_MAX_MB };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const formData = await request.formData();
  // The licence is stored (and kept) at the first post, whether or not the rest is valid (decision 017).
  const kept = await keepUploads(request, formData, "organization", "document", [{ name: "licenceKey" }]);
  const submission = parseForm(formData, organizationSchema);
  if (kept.errors.licenceKey) return data(submission.reply({ fieldErrors: { licenceKey: kept.errors.licenceKey } }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await callPlatform(request, "/organization", { method: "POST", body: submission.value });
  if (!result.ok) {
    return data(submission.reply(refusalMessages(result)), { status: 400 });
  }
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, "/organization", { content: t("organization.submitted"), color: "success" });
}

export default function Organization() {
  const { application, isAdmin, maxMb } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const canApply = !application || application.state === "rejected";
  const [form, fields] = useForm({
    lastResult,
    defaultValue:
      application?.state === "rejected"
        ? { name: application.name, type: application.type, address: application.address, contact: application.contact }
        : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, organizationSchema),
  });

  return (
    <section className="ui-card-narrow" style={{ maxWidth: 560 }}>
      <h1 className="ui-section-title">{t("organization.title")}</h1>
      <p className="ui-row" data-testid="organization-state">
        <StatusBadge state={application?.state}>{t(`organization.states.${application?.state ?? "none"}`)}</StatusBadge>
        {application && (
          <span className="ui-muted" {...enteredLang(application.name)}>
            {application.name}
          </span>
        )}
      </p>
      {application?.state === "pending" && <p className="ui-banner">{t("organization.pendingNote")}</p>}
      {application?.state === "approved" && <p className="ui-banner">{t("organization.approvedNote")}</p>}
      {application?.state === "rejected" && <p className="ui-banner">{t("organization.rejectedNote", { reason: application.reason ?? "" })}</p>}
      {isAdmin && (
        <p>
          <Link className="ui-link-button" to="/organization/review">
            {t("organization.reviewTitle")}
          </Link>{" "}
          <Link className="ui-link-button" to="/admin/disciplines">
            {t("admin.disciplines.title")}
          </Link>{" "}
          <Link className="ui-link-button" to="/admin/home">
            {t("admin.home.title")}
          </Link>
        </p>
      )}
      {canApply && (
        <Form method="post" encType="multipart/form-data" className="ui-stack" {...getFormProps(form)}>
          {!application && <p className="ui-muted">{t("organization.intro")}</p>}
          {form.errors?.map((message) => (
            <p key={message} className="ui-field-error" role="alert">
              {t(message)}
            </p>
          ))}
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.name.id}>
              {t("organization.name")}
            </label>
            <input className="ui-input" {...getInputProps(fields.name, { type: "text" })} autoComplete="organization" />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.type.id}>
              {t("organization.type")}
            </label>
            <select className="ui-input" {...getSelectProps(fields.type)}>
              <option value="">—</option>
              {organizationTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`organization.types.${type}`)}
                </option>
              ))}
            </select>
            <FieldError id={fields.type.errorId} errors={fields.type.errors} />
          </div>
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.address.id}>
              {t("organization.address")}
            </label>
            <input className="ui-input" {...getInputProps(fields.address, { type: "text" })} autoComplete="street-address" />
            <FieldError id={fields.address.errorId} errors={fields.address.errors} />
          </div>
          <div className="ui-field">
            <label className="ui-label" htmlFor={fields.contact.id}>
              {t("organization.contact")}
            </label>
            <input className="ui-input" {...getInputProps(fields.contact, { type: "text" })} />
            <FieldError id={fields.contact.errorId} errors={fields.contact.errors} />
          </div>
          <UploadField
            name="licenceKey"
            label={t("organization.licence")}
            help={t("organization.licenceHelp", { mb: maxMb })}
            accept="image/png,image/gif,image/jpeg,image/bmp,image/x-icon,application/pdf"
            // Applying again keeps the licence already sent unless another is chosen.
            defaultUrl={application?.state === "rejected" ? application.licenceKey : null}
            document
            required
            keep="organization"
            kept={keptRefIn(lastResult?.initialValue, "licenceKey")}
          />
          <FieldError errors={fields.licenceKey.errors} />
          <button type="submit" className="ui-button" disabled={navigation.state !== "idle"}>
            {t(application ? "organization.resubmit" : "organization.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
