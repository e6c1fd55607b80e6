import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { badRequest, notFound, parseId, parsePage } from "#contract/params";
import { FORM_FIELD_TYPES, fieldInput, formFieldInputSchema, formSettingsSchema, optionsText } from "#contract/schemas/forms";
import type { FormField } from "#contract/states";
import { EditorFrame } from "~/components/authoring/EditorFrame";
import { type FieldSpec, IntentButton, IntentForm, useIntentResult } from "~/components/authoring/IntentForm";
import { chinaLocal } from "~/components/authoring/types";
import { ConfirmForm } from "~/components/ConfirmForm";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, refuseIntent, rejectIntent } from "~/services/form-protocol.server";
import { formIdOf, loadForm, privateData } from "~/services/forms.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { type CallOptions, type CallPath, callPlatform, type Page, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { type FormInfo, type FormListRow, formPath } from "~/utils/forms";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["forms", "organiser"]);

/** Spec §9: the template list pages 20 at a time from page 1. */
const TEMPLATE_PAGE_SIZE = 20;

type Conference = { id: number; nameZh: string; nameEn: string };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The conferences the account manages, to attach a form to. */
async function myConferences(request: Request) {
  const result = await callPlatform<Page<Conference>>(request, "/manage/conference", { query: { pageSize: 100 } });
  return result.ok ? result.data.list.map(({ id, nameZh, nameEn }) => ({ id, nameZh, nameEn })) : [];
}

/**
 * Build a standalone form (spec §2 /form/edit): without `?id=`, a new one, blank or from a
 * template (searchable, 20 a page); with it, the owner edits settings and fields.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const url = new URL(request.url);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const conferences = await myConferences(request);
  if (!url.searchParams.has("id")) {
    const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
    const page = parsePage(url.searchParams.get("page"));
    const templates = await platformData<Page<FormListRow>>(request, "/form", { query: { template: 1, keyword, page, pageSize: TEMPLATE_PAGE_SIZE } });
    const conferenceId = parseId(url.searchParams.get("conferenceId")) ?? null;
    return privateData({
      title: `${t("forms.edit.createTitle")} - ${t("meta.siteName")}`,
      form: null,
      templates,
      keyword,
      page,
      conferences,
      conferenceId,
      lang,
    });
  }
  const form = await loadForm(request, formIdOf(request));
  if (!form.role) throw notFound();
  return privateData({
    title: `${t("forms.edit.title", { title: pick(lang, form.titleZh, form.titleEn) })} - ${t("meta.siteName")}`,
    form,
    templates: null,
    keyword: "",
    page: 1,
    conferences,
    conferenceId: form.conferenceId,
    lang,
  });
}

/** Validates with a shared schema; a rejection answers the intent with what was typed and why. */
function check<S extends z.ZodType>(intent: string, values: Record<string, string>, schema: S) {
  const submission = parseValues(values, schema);
  if (submission.status === "success") return { ok: true as const, value: submission.value };
  return { ok: false as const, response: rejectIntent(intent, submission) };
}

/**
 * Calls the platform for one intent: a refusal comes back beside the intent's fields (platform
 * paths like `fields.3.labelZh` lose their prefix), a success redirects with a notice.
 */
async function run(
  request: Request,
  intent: string,
  values: Record<string, string>,
  path: CallPath,
  options: CallOptions,
  done: (data: { id?: number }) => { to: string; notice: string },
  prefix = "",
) {
  const result = await callPlatform<{ id?: number }>(request, path, options);
  if (!result.ok) return refuseIntent(intent, parseValues(values, z.unknown()), result, (key) => (key.startsWith(prefix) ? key.slice(prefix.length) : null));
  const next = done(result.data);
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, next.to, { content: t(next.notice), color: "success" });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const values = formValues(await request.formData());
  const intent = values.intent ?? "";
  const [kind, detail = ""] = intent.split(":");
  const created = (notice: string) => (saved: { id?: number }) => ({ to: formPath.edit(saved.id!), notice });

  if (kind === "create") {
    const checked = check(intent, values, formSettingsSchema);
    if (!checked.ok) return checked.response;
    return run(request, intent, values, "/form", { method: "POST", body: checked.value }, created("forms.edit.created"));
  }
  if (kind === "template") {
    const templateId = parseId(values.templateId);
    if (!templateId) throw badRequest();
    return run(
      request,
      intent,
      values,
      "/form",
      { method: "POST", query: { template: templateId }, body: { conferenceId: values.conferenceId || null } },
      created("forms.edit.created"),
    );
  }

  const id = formIdOf(request);
  const back = { to: formPath.edit(id), notice: "forms.edit.saved" };
  if (kind === "settings") {
    const checked = check(intent, values, formSettingsSchema);
    if (!checked.ok) return checked.response;
    // The template flag is not part of the settings form.
    const { isTemplate: _template, ...settings } = checked.value;
    return run(request, intent, values, `/form/${id}`, { method: "PATCH", body: settings }, () => back);
  }
  if (kind === "field-add") {
    const checked = check(intent, values, formFieldInputSchema);
    if (!checked.ok) return checked.response;
    return run(request, intent, values, `/form/${id}`, { method: "POST", body: checked.value }, () => ({ ...back, notice: "forms.edit.fieldAdded" }));
  }
  if (kind === "save-template") {
    const form = await loadForm(request, id);
    const copy = { titleZh: form.titleZh, titleEn: form.titleEn, descriptionZh: form.descriptionZh, descriptionEn: form.descriptionEn, isTemplate: true };
    return run(request, intent, values, "/form", { method: "POST", query: { template: id }, body: copy }, created("forms.edit.templateSaved"));
  }
  if (kind === "delete") {
    if (values.confirmed !== "1") return data({ confirm: "delete" });
    return run(request, intent, values, `/form/${id}`, { method: "DELETE" }, () => ({ to: "/form/administrator", notice: "forms.edit.deleted" }));
  }

  // The rest change the list of fields as a whole: edit one, move one, remove one.
  const form = await loadForm(request, id);
  const inputs = form.fields.map(fieldInput);
  const index = inputs.findIndex((input) => input.key === (detail || values.key));
  if (index < 0) throw redirect(formPath.edit(id));
  if (kind === "field-save") {
    const checked = check(intent, values, formFieldInputSchema);
    if (!checked.ok) return checked.response;
    inputs[index] = { ...checked.value, key: inputs[index].key };
    return run(request, intent, values, `/form/${id}`, { method: "PATCH", body: { fields: inputs } }, () => back, `fields.${index}.`);
  }
  if (kind === "move") {
    const to = values.direction === "up" ? index - 1 : index + 1;
    if (to >= 0 && to < inputs.length) [inputs[index], inputs[to]] = [inputs[to], inputs[index]];
    return run(request, intent, values, `/form/${id}`, { method: "PATCH", body: { fields: inputs } }, () => ({ ...back, notice: "forms.edit.moved" }));
  }
  if (kind === "field-delete") {
    const [removed] = inputs.splice(index, 1);
    // A field that showed only with the removed one now always shows.
    const kept = inputs.map((input) => (input.showWhenField === removed.key ? { ...input, showWhenField: "", showWhenValue: "" } : input));
    return run(request, intent, values, `/form/${id}`, { method: "PATCH", body: { fields: kept } }, () => ({ ...back, notice: "forms.edit.fieldDeleted" }));
  }
  throw badRequest();
}

export default function FormEdit() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.form ? <EditForm form={loaded.form} conferences={loaded.conferences} lang={loaded.lang} /> : <NewForm />;
}

function useSettingsFields(conferences: Conference[], lang: string, form: FormInfo | null, conferenceId: number | null): FieldSpec[] {
  const { t } = useTranslation();
  return [
    { name: "titleZh", label: t("forms.edit.titleZh"), required: true, defaultValue: form?.titleZh ?? "" },
    { name: "titleEn", label: t("forms.edit.titleEn"), defaultValue: form?.titleEn ?? "" },
    { name: "descriptionZh", label: t("forms.edit.descriptionZh"), type: "textarea", defaultValue: form?.descriptionZh ?? "" },
    { name: "descriptionEn", label: t("forms.edit.descriptionEn"), type: "textarea", defaultValue: form?.descriptionEn ?? "" },
    { name: "deadline", label: t("forms.edit.deadline"), type: "datetime-local", help: t("forms.edit.deadlineHelp"), defaultValue: chinaLocal(form?.deadline) },
    {
      name: "responseLimit",
      label: t("forms.edit.responseLimit"),
      type: "number",
      help: t("forms.edit.responseLimitHelp"),
      defaultValue: form?.responseLimit ? String(form.responseLimit) : "",
    },
    { name: "onePerAccount", label: t("forms.edit.onePerAccount"), type: "checkbox", defaultValue: form?.onePerAccount ? "on" : "" },
    { name: "isPublic", label: t("forms.edit.isPublic"), type: "checkbox", defaultValue: form === null || form.isPublic ? "on" : "" },
    {
      name: "conferenceId",
      label: t("forms.edit.conference"),
      type: "select",
      help: t("forms.edit.conferenceHelp"),
      defaultValue: conferenceId ? String(conferenceId) : "",
      options: [
        { value: "", label: t("forms.edit.noConference") },
        ...conferences.map((c) => ({ value: String(c.id), label: pick(lang, c.nameZh, c.nameEn) })),
      ],
    },
  ];
}

function NewForm() {
  const { templates, keyword, page, conferences, conferenceId, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const settings = useSettingsFields(conferences, lang, null, conferenceId);
  return (
    <section className="ui-container ui-frm-page">
      <div className="ui-edit-actions">
        <h1 className="ui-page-title">{t("forms.edit.createTitle")}</h1>
        <Link to="/form/administrator">{t("forms.mine.title")}</Link>
      </div>
      <p className="ui-muted">{t("forms.edit.intro")}</p>
      <div className="ui-frm-columns">
        <section className="ui-edit-section" aria-labelledby="templates-title">
          <h2 id="templates-title" className="ui-edit-section-title">
            {t("forms.edit.templates")}
          </h2>
          <Form method="get" className="ui-input-group" role="search" aria-label={t("forms.edit.templateSearch")}>
            {conferenceId && <input type="hidden" name="conferenceId" value={conferenceId} />}
            <input
              className="ui-input"
              type="search"
              name="keyword"
              defaultValue={keyword}
              aria-label={t("forms.edit.templateSearch")}
              placeholder={t("forms.edit.templateSearch")}
              maxLength={100}
            />
            <button type="submit" className="ui-button-outline">
              {t("forms.edit.templateSearch")}
            </button>
          </Form>
          {templates!.list.length === 0 ? (
            <p className="ui-muted">{t("forms.edit.noTemplates")}</p>
          ) : (
            <ul className="ui-edit-list" data-testid="template-list">
              {templates!.list.map((template) => {
                const title = pick(lang, template.titleZh, template.titleEn);
                return (
                  <li key={template.id} className="ui-edit-item ui-frm-template">
                    <div>
                      <strong>{title}</strong>
                      {template.mine && (
                        <StatusBadge tone="info" className="ui-frm-badge-gap">
                          {t("forms.edit.mine")}
                        </StatusBadge>
                      )}
                      <p className="ui-muted">
                        {pick(lang, template.descriptionZh, template.descriptionEn)} · {t("forms.edit.fieldCount", { count: template.fieldCount })}
                      </p>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="intent" value="template" />
                      <input type="hidden" name="templateId" value={template.id} />
                      {conferenceId && <input type="hidden" name="conferenceId" value={conferenceId} />}
                      <button type="submit" className="ui-button-outline" aria-label={t("forms.edit.useTemplateLabel", { title })}>
                        {t("forms.edit.useTemplate")}
                      </button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination page={page} pageSize={TEMPLATE_PAGE_SIZE} total={templates!.total} />
        </section>
        <section className="ui-edit-section" aria-labelledby="blank-title">
          <h2 id="blank-title" className="ui-edit-section-title">
            {t("forms.edit.blank")}
          </h2>
          <IntentForm intent="create" schema={formSettingsSchema} fields={settings} submit={t("forms.edit.create")} />
        </section>
      </div>
    </section>
  );
}

function FieldEditor({ intent, fields, field, submit }: { intent: string; fields: FormField[]; field?: FormField; submit: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const others = fields.filter((other) => other.key !== field?.key);
  const specs: FieldSpec[] = [
    {
      name: "type",
      label: t("forms.edit.fieldType"),
      type: "select",
      defaultValue: field?.type ?? "text",
      options: FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(`forms.types.${type}`) })),
    },
    { name: "labelZh", label: t("forms.edit.labelZh"), required: true, defaultValue: field?.labelZh ?? "" },
    { name: "labelEn", label: t("forms.edit.labelEn"), defaultValue: field?.labelEn ?? "" },
    { name: "helpZh", label: t("forms.edit.helpZh"), defaultValue: field?.helpZh ?? "" },
    { name: "helpEn", label: t("forms.edit.helpEn"), defaultValue: field?.helpEn ?? "" },
    { name: "options", label: t("forms.edit.options"), type: "textarea", help: t("forms.edit.optionsHelp"), defaultValue: field ? optionsText(field) : "" },
    { name: "required", label: t("forms.edit.required"), type: "checkbox", defaultValue: field?.required ? "on" : "" },
    {
      name: "showWhenField",
      label: t("forms.edit.showWhenField"),
      type: "select",
      defaultValue: field?.showWhen?.field ?? "",
      options: [
        { value: "", label: t("forms.edit.always") },
        ...others.map((other) => ({ value: other.key, label: pick(lang, other.labelZh, other.labelEn) })),
      ],
    },
    { name: "showWhenValue", label: t("forms.edit.showWhenValue"), help: t("forms.edit.showWhenHelp"), defaultValue: field?.showWhen?.value ?? "" },
  ];
  return <IntentForm intent={intent} id={`field-form-${field?.key ?? "new"}`} schema={formFieldInputSchema} fields={specs} submit={submit} />;
}

function EditForm({ form, conferences, lang }: { form: FormInfo; conferences: Conference[]; lang: string }) {
  const { t } = useTranslation();
  const title = pick(lang, form.titleZh, form.titleEn);
  const settings = useSettingsFields(conferences, lang, form, form.conferenceId);
  const links = [
    [formPath.preview(form.id), t("forms.edit.preview")],
    ...(form.isTemplate
      ? []
      : [
          [formPath.detail(form.id), t("forms.edit.open")],
          [formPath.answers(form.id), t("forms.edit.answers")],
        ]),
    [formPath.administrators(form.id), t("forms.edit.administrators")],
    ["/form/administrator", t("forms.mine.title")],
  ];
  if (form.role !== "owner") {
    return (
      <section className="ui-container ui-frm-page">
        <h1 className="ui-page-title">{title}</h1>
        <p className="ui-banner">{t("forms.edit.readOnly")}</p>
        <p className="ui-edit-actions">
          {links.map(([to, label]) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
        </p>
      </section>
    );
  }
  const label = (field: FormField) => pick(lang, field.labelZh, field.labelEn);
  const sections = [
    ["settings", t("forms.edit.settings")],
    ["fields", t("forms.edit.fields")],
    ["add-field", t("forms.edit.addField")],
  ];
  return (
    <div className="ui-container ui-frm-page">
      <EditorFrame title={t("forms.edit.title", { title })} links={links} sections={sections}>
        {form.isTemplate && <p className="ui-banner">{t("forms.edit.isTemplateNote")}</p>}
        {/* A <div>: it holds forms, which no <p> may contain (the parser would close the <p> at the first). */}
        <div className="ui-row ui-frm-status">
          {!form.isTemplate && (
            <StatusBadge state={form.state} data-testid="form-state">
              {t(`forms.states.${form.state}`)}
            </StatusBadge>
          )}
          <IntentButton intent="save-template" hidden={{}} label={t("forms.edit.saveAsTemplate")} tone="outline" />
          <ConfirmForm title={t("forms.edit.deleteConfirm", { title })} fields={{ intent: "delete" }}>
            {t("forms.edit.delete")}
          </ConfirmForm>
        </div>

        <section id="settings" className="ui-edit-section" aria-labelledby="settings-title">
          <h2 id="settings-title" className="ui-edit-section-title">
            {t("forms.edit.settings")}
          </h2>
          <IntentForm intent="settings" schema={formSettingsSchema} fields={settings} submit={t("forms.edit.saveSettings")} />
        </section>

        <section id="fields" className="ui-edit-section" aria-labelledby="fields-title">
          <h2 id="fields-title" className="ui-edit-section-title">
            {t("forms.edit.fields")}
          </h2>
          {form.fields.length === 0 && <p className="ui-muted">{t("forms.edit.noFields")}</p>}
          <ol className="ui-edit-list ui-frm-fields" data-testid="field-list">
            {form.fields.map((field, i) => {
              const condition = field.showWhen ? form.fields.find((f) => f.key === field.showWhen!.field) : undefined;
              const value = condition?.options?.find((o) => o.value === field.showWhen!.value);
              return (
                <li key={field.key} className="ui-frm-field" data-field={field.key}>
                  <div className="ui-edit-item">
                    <span>
                      <strong>{label(field)}</strong> · {t(`forms.types.${field.type}`)}
                      {field.required ? ` · ${t("forms.edit.required")}` : ""}
                      {condition && (
                        <span className="ui-muted ui-frm-condition">
                          {" "}
                          ·{" "}
                          {t("forms.edit.condition", {
                            field: label(condition),
                            value: value ? pick(lang, value.labelZh, value.labelEn) : field.showWhen!.value,
                          })}
                        </span>
                      )}
                    </span>
                    <div className="ui-row">
                      {i > 0 && (
                        <IntentButton
                          intent="move"
                          hidden={{ key: field.key, direction: "up" }}
                          label={t("forms.edit.moveUp")}
                          ariaLabel={t("forms.edit.moveUpLabel", { label: label(field) })}
                          tone="outline"
                        />
                      )}
                      {i < form.fields.length - 1 && (
                        <IntentButton
                          intent="move"
                          hidden={{ key: field.key, direction: "down" }}
                          label={t("forms.edit.moveDown")}
                          ariaLabel={t("forms.edit.moveDownLabel", { label: label(field) })}
                          tone="outline"
                        />
                      )}
                      <IntentButton
                        intent="field-delete"
                        hidden={{ key: field.key }}
                        label={t("forms.edit.deleteField")}
                        ariaLabel={t("forms.edit.deleteFieldConfirm", { label: label(field) })}
                        tone="outline"
                      />
                    </div>
                  </div>
                  <EditDetails intent={`field-save:${field.key}`} summary={t("forms.edit.editFieldLabel", { label: label(field) })}>
                    <FieldEditor intent={`field-save:${field.key}`} fields={form.fields} field={field} submit={t("forms.edit.saveField")} />
                  </EditDetails>
                </li>
              );
            })}
          </ol>
        </section>

        <section id="add-field" className="ui-edit-section" aria-labelledby="add-field-title">
          <h2 id="add-field-title" className="ui-edit-section-title">
            {t("forms.edit.addField")}
          </h2>
          <FieldEditor intent="field-add" fields={form.fields} submit={t("forms.edit.addField")} />
        </section>
      </EditorFrame>
    </div>
  );
}

/** A field's editor folds away, and opens by itself when its last post was refused. */
function EditDetails({ intent, summary, children }: { intent: string; summary: string; children: ReactNode }) {
  const result = useIntentResult(intent);
  return (
    <details className="ui-frm-edit-details" open={result ? true : undefined}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
