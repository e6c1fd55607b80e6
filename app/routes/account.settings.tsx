import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { accountSettingsSchema } from "#contract/schemas/account";
import { FieldError } from "~/components/FieldError";
import { UploadField } from "~/components/UploadField";
import { appEnv } from "~/services/env.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { uploadFormPicture } from "~/services/pictures.server";
import { callPlatform } from "~/services/platform.server";
import { setLangCookie } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { parseForm, refusalMessages } from "~/utils/validation";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const account = await requireAccount(request);
  const t = await i18n.getFixedT(request);
  return { title: `${t("account.settingsTitle")} - ${t("meta.siteName")}`, account, maxMb: appEnv().UPLOAD_MAX_MB };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const formData = await request.formData();
  const submission = parseForm(formData, accountSettingsSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let avatar = submission.value.avatar;
  // Without JavaScript the picture comes with the form; upload it first.
  const picture = await uploadFormPicture(request, formData.get("avatarFile"));
  if (picture.state === "refused") return data(submission.reply({ fieldErrors: { avatar: picture.messages } }), { status: 400 });
  if (picture.state === "uploaded") avatar = picture.url;
  const saved = await callPlatform(request, "/account", { method: "PUT", body: { ...submission.value, avatar } });
  if (!saved.ok) {
    return data(submission.reply(refusalMessages(saved)), { status: 400 });
  }
  const lang = saved.data.defaultType === 1 ? "en" : "zh";
  const t = await i18n.getFixedT(lang);
  throw await redirectWithNotice(
    request,
    "/account/settings",
    { content: t("account.saved"), color: "success" },
    { headers: { "Set-Cookie": setLangCookie(request, lang) } },
  );
}

export default function Settings() {
  const { account, maxMb } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { name: account.name, email: account.email ?? "", avatar: account.avatar ?? "", defaultType: String(account.defaultType) },
    shouldValidate: "onBlur",
    // Once shown, a message goes as soon as the field is corrected, not on the blur that a click on
    // "Save" causes (the form would shift under the pointer and the click be lost).
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, accountSettingsSchema),
  });
  return (
    <section className="ui-card-narrow">
      <h1 className="ui-section-title">{t("account.settingsTitle")}</h1>
      <Form method="post" encType="multipart/form-data" className="ui-stack" {...getFormProps(form)}>
        {form.errors?.map((message) => (
          <p key={message} className="ui-field-error" role="alert">
            {t(message)}
          </p>
        ))}
        <p className="ui-muted">
          {t("account.mobileValue", { mobile: account.mobile })} · {t(account.wechatBound ? "account.wechatBound" : "account.wechatNotBound")}
        </p>
        <div className="ui-field">
          <label className="ui-label" htmlFor={fields.name.id}>
            {t("account.name")}
          </label>
          <input className="ui-input" {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor={fields.email.id}>
            {t("account.email")}
          </label>
          <input className="ui-input" {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <UploadField name="avatar" label={t("account.avatar")} help={t("account.avatarHelp", { mb: maxMb })} defaultUrl={account.avatar} />
        <FieldError errors={fields.avatar.errors} />
        <fieldset className="ui-field">
          <legend className="ui-label">{t("account.defaultLanguage")}</legend>
          <div className="ui-row">
            {[
              ["0", t("account.chinese")],
              ["1", t("account.english")],
            ].map(([value, label]) => (
              <label key={value} className="ui-checkbox">
                <input type="radio" name={fields.defaultType.name} value={value} defaultChecked={fields.defaultType.initialValue === value} />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="ui-button">
          {t("common.save")}
        </button>
      </Form>
    </section>
  );
}
