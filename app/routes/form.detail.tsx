import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { answerSchemaFor } from "#contract/schemas/forms";
import { showMoment } from "~/components/authoring/types";
import { AnswerForm, FormHeader } from "~/components/forms/FormView";
import { areaLoader } from "~/locales/load";
import { appEnv } from "~/services/env.server";
import { formIdOf, loadForm, privatePage } from "~/services/forms.server";
import { loginUrl } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { keepUploads, withKeptCookie } from "~/services/kept-uploads.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform } from "~/services/platform.server";
import { getLang, getToken } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { parseForm, refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["forms", "organiser"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** Answer a form (spec §2 /form/detail, open to anyone): closed, full and one-per-account forms say so instead. */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = formIdOf(request);
  const [form, t] = await Promise.all([loadForm(request, id), i18n.getFixedT(request)]);
  const { lang } = getLang(request);
  const title = pick(lang, form.titleZh, form.titleEn);
  return data(
    {
      title: `${title} - ${t("meta.siteName")}`,
      description: pick(lang, form.descriptionZh, form.descriptionEn).slice(0, 150) || t("forms.metaDescription"),
      form,
      lang,
      signedIn: Boolean(getToken(request)),
      signIn: loginUrl(request),
      done: new URL(request.url).searchParams.get("done") === "1",
      maxMb: appEnv().UPLOAD_MAX_MB,
      // Issued by the platform for this page (decision 032): files are uploaded bound to it.
      submissionKey: form.submissionKey,
    },
    privatePage,
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const id = formIdOf(request);
  const form = await loadForm(request, id);
  const formData = await request.formData();
  // Files are stored (and kept, private) at the first post, whether or not the rest is valid (decision 017).
  const fileFields = form.fields.filter((f) => f.type === "file" || f.type === "image").map((f) => ({ name: `answers.${f.key}` }));
  const submissionKey = formData.get("submissionKey");
  const kept = await keepUploads(request, formData, `form:${id}`, "answer", fileFields, {
    savedAllowed: false,
    submission: typeof submissionKey === "string" ? submissionKey : "",
  });
  const refused = (result: unknown) => data({ result }, withKeptCookie({ status: 400 }, kept.setCookie));
  const submission = parseForm(formData, answerSchemaFor(form.fields));
  if (Object.keys(kept.errors).length) return refused(submission.reply({ fieldErrors: kept.errors }));
  if (submission.status !== "success") return refused(submission.reply());
  // The kept references went back to the page; the answer carries the keys only.
  const answers = Object.fromEntries(Object.entries(submission.value.answers).filter(([key]) => !key.endsWith("Kept")));
  const saved = await callPlatform(request, "/form/user", { method: "POST", body: { formId: id, answers, submissionKey: submission.value.submissionKey } });
  if (!saved.ok) return refused(submission.reply(refusalMessages(saved)));
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, `/form/detail?id=${id}&done=1`, { content: t("forms.detail.submitted"), color: "success" });
}

export default function FormDetail() {
  const { form, lang, signedIn, signIn, done, maxMb, submissionKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  let body;
  if (done)
    body = (
      <p className="ui-banner" role="status" data-testid="form-done">
        {t("forms.detail.thanks")}
      </p>
    );
  else if (form.isTemplate) body = <p className="ui-banner">{t("forms.detail.template")}</p>;
  else if (form.state === "closed")
    body = (
      <p className="ui-banner" data-testid="form-closed">
        {t("forms.detail.closed", { deadline: showMoment(form.deadline) })}
      </p>
    );
  else if (form.state === "full")
    body = (
      <p className="ui-banner" data-testid="form-full">
        {t("forms.detail.full")}
      </p>
    );
  else if (form.onePerAccount && !signedIn)
    body = (
      <div className="ui-banner ui-stack" data-testid="form-sign-in">
        <p>{t("forms.detail.signIn")}</p>
        <a className="ui-button" href={signIn}>
          {t("forms.detail.signInLink")}
        </a>
      </div>
    );
  else if (form.onePerAccount && form.answered)
    body = (
      <p className="ui-banner" data-testid="form-answered">
        {t("forms.detail.answered")}
      </p>
    );
  else body = <AnswerForm form={form} lang={lang} lastResult={actionData?.result} maxMb={maxMb} submissionKey={submissionKey} />;
  return (
    <section className="ui-container ui-frm-page">
      <FormHeader form={form} lang={lang} />
      {body}
    </section>
  );
}
