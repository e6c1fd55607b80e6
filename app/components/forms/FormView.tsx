import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { answerSchemaFor } from "#contract/schemas/forms";
import { AnswerFields, useConditionalFields } from "~/components/AnswerFields";
import { showMoment } from "~/components/authoring/types";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import type { FormInfo } from "~/utils/forms";
import { parseForm } from "~/utils/validation";

/** A form's title, description and terms, as a respondent sees them on /form/detail and /form/preview. */
export function FormHeader({ form, lang, children }: { form: FormInfo; lang: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const description = pick(lang, form.descriptionZh, form.descriptionEn);
  const remaining = form.responseLimit !== null ? Math.max(0, form.responseLimit - form.answers) : null;
  return (
    <header className="ui-stack">
      {children}
      <h1 className="ui-page-title" data-testid="form-title">
        {pick(lang, form.titleZh, form.titleEn)}
      </h1>
      {description &&
        description.split(/\n+/).map((line, i) => (
          <p key={i} className="ui-frm-description">
            {line}
          </p>
        ))}
      <p className="ui-muted ui-frm-terms">
        {form.deadline && <span>{t("forms.detail.deadline", { deadline: showMoment(form.deadline) })}</span>}
        {remaining !== null && form.state === "open" && <span>{t("forms.detail.remaining", { count: remaining })}</span>}
      </p>
    </header>
  );
}

/**
 * The answer form, the same on /form/detail and /form/preview (where submitting is off and the
 * server refuses a post anyway). Fields with conditions hide while their condition fails
 * (with JavaScript); files upload at once with JavaScript and travel with the form without.
 */
export function AnswerForm({
  form,
  lang,
  lastResult,
  preview,
  maxMb,
  submissionKey,
}: {
  form: FormInfo;
  lang: string;
  lastResult?: SubmissionResult<string[]>;
  preview?: boolean;
  maxMb: number;
  /**
   * The platform's key for this answer page: sent back with the answer, so a double click or a
   * resubmit stores it once, and the files are uploaded bound to it (decision 032).
   */
  submissionKey?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const schema = answerSchemaFor(form.fields);
  const [conform] = useForm({
    id: `form-${form.id}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
  const initial = (conform.initialValue ?? {}) as { answers?: Record<string, unknown> };
  const initialAnswers = initial.answers ?? {};
  // A refused submit keeps its key: the files already sent are bound to it.
  const key =
    typeof (initial as { submissionKey?: unknown }).submissionKey === "string" ? String((initial as { submissionKey: string }).submissionKey) : submissionKey;
  const { shown, hydrated, onChange } = useConditionalFields(form.fields, initialAnswers);
  const busy = navigation.state !== "idle";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="ui-card ui-stack ui-frm-answer"
      {...getFormProps(conform)}
      onChange={onChange}
      aria-label={pick(lang, form.titleZh, form.titleEn)}
    >
      <input type="hidden" name="formId" value={form.id} />
      {key && <input type="hidden" name="submissionKey" value={key} />}
      {conform.errors?.map((message) => (
        <p key={message} className="ui-field-error" role="alert" data-testid="form-error">
          {t(message)}
        </p>
      ))}
      <AnswerFields
        fields={form.fields}
        lang={lang}
        initialAnswers={initialAnswers}
        errorsOf={(key) => conform.allErrors[`answers.${key}`]}
        shown={shown}
        hydrated={hydrated}
        conditionNote={(field, value) => t("forms.detail.onlyWhen", { field, value })}
        files={{
          mode: "upload",
          action: `/form/upload?submission=${encodeURIComponent(key ?? "")}`,
          keep: `form:${form.id}`,
          help: (field) => t(field.type === "image" ? "forms.detail.imageHelp" : "forms.detail.uploadHelp", { mb: maxMb }),
        }}
      />
      <button type="submit" className="ui-button ui-button-block" disabled={busy || preview} data-testid="submit-answer">
        {preview ? t("forms.preview.submit") : t("forms.detail.submit")}
      </button>
    </Form>
  );
}
