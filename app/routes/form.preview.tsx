import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { notFound } from "#contract/params";
import { answerSchemaFor } from "#contract/schemas/forms";
import { AnswerForm, FormHeader } from "~/components/forms/FormView";
import { areaLoader } from "~/locales/load";
import { appEnv } from "~/services/env.server";
import { formIdOf, loadForm, privateData } from "~/services/forms.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { formPath } from "~/utils/forms";
import { parseForm } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["forms", "organiser"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** What a respondent will see (spec §2 /form/preview), for the form's owner and administrators; nothing is saved. */
async function previewable(request: Request) {
  const form = await loadForm(request, formIdOf(request));
  if (!form.role) throw notFound();
  return form;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const form = await previewable(request);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  return privateData({
    title: `${t("forms.preview.title", { title: pick(lang, form.titleZh, form.titleEn) })} - ${t("meta.siteName")}`,
    form,
    lang,
    maxMb: appEnv().UPLOAD_MAX_MB,
  });
}

/** A post here is checked like a real answer, then refused: a preview never saves. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const form = await previewable(request);
  const submission = parseForm(await request.formData(), answerSchemaFor(form.fields));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return data({ result: submission.reply({ formErrors: ["forms.errors.preview"] }) }, { status: 400 });
}

export default function FormPreview() {
  const { form, lang, maxMb } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="ui-container ui-frm-page">
      <FormHeader form={form} lang={lang}>
        <p className="ui-banner ui-frm-preview-banner" data-testid="preview-banner">
          {t("forms.preview.banner")} {form.role === "owner" && <Link to={formPath.edit(form.id)}>{t("forms.preview.back")}</Link>}
        </p>
      </FormHeader>
      <AnswerForm form={form} lang={lang} lastResult={actionData?.result} preview maxMb={maxMb} />
    </section>
  );
}
