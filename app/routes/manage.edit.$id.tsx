import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BasicsForm, basicsDefaults } from "~/components/authoring/BasicsForm";
import { IntentButton, IntentForm, useIntentResult } from "~/components/authoring/IntentForm";
import { MODULE_SECTIONS, ModuleSections } from "~/components/authoring/ModuleSections";
import { RichTextField } from "~/components/authoring/RichTextField";
import type { ModuleData } from "~/components/authoring/types";
import { showMoment } from "~/components/authoring/types";
import { ConfirmForm } from "~/components/ConfirmForm";
import {
  adminUserSchema,
  bannerSchema,
  branchSchema,
  companySchema,
  domainSchema,
  forumSchema,
  hotelRoomSchema,
  hotelSchema,
  linkSchema,
  mediaSchema,
  organizerSchema,
  roomShowSchema,
  scheduleSchema,
  specialItemSchema,
  specialSchema,
  sponsorSchema,
  textSchema,
} from "~/schemas/conference";
import { payeeSchema } from "~/schemas/registration";
import { conferenceStyleSchema } from "~/schemas/conference-style";
import { requireAccount } from "~/services/account.server";
import { conferenceIdParam, formValues, loadCategories, loadEditor, rejected, runIntent, runTable, saveBasics } from "~/services/authoring.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { plainToOps } from "~/utils/authoring-richtext";
import { pick } from "~/utils/format";
import { EditorFrame } from "~/components/authoring/EditorFrame";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccount(request);
  const id = conferenceIdParam(params.id);
  const [editor, categories] = await Promise.all([loadEditor(request, id), loadCategories(request)]);
  const t = await i18n.getFixedT(request);
  const lang = (await i18n.getLocale(request)) === "en" ? "en" : "zh";
  return { title: `${t("authoring.edit.title", { name: pick(lang, editor.conference.nameZh, editor.conference.nameEn) })} - ${t("meta.siteName")}`, editor, categories };
}

/** A rich text as posted: the editor's JSON when there is one, else the textarea's lines. */
function postedOps(values: Record<string, string>, name: string): unknown {
  const json = values[`${name}Ops`];
  if (json !== undefined) {
    try {
      return JSON.parse(json);
    } catch {
      return null;
    }
  }
  return plainToOps(values[name] ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccount(request);
  const id = conferenceIdParam(params.id);
  const formData = await request.formData();
  const values = formValues(formData);
  const back = `/manage/edit/${id}`;
  switch (values.intent) {
    case "basics": {
      const saved = await saveBasics(request, formData, { method: "PUT", path: `/conference/${id}` });
      if (!saved.ok) return data({ intent: "basics", reply: saved.reply }, { status: 400 });
      const t = await i18n.getFixedT(request);
      throw await redirectWithNotice(request, back, { content: t("authoring.basics.saved"), color: "success" });
    }
    case "intro": {
      const input = { conferenceId: id, moduleId: values.moduleId, contentZh: postedOps(values, "contentZh"), contentEn: postedOps(values, "contentEn") };
      return runIntent(request, "intro", values, {
        schema: textSchema,
        input,
        call: () => ({ path: "/text", options: { method: "PUT", body: input } }),
        back: `${back}#intro`,
        notice: "authoring.edit.saved",
      });
    }
    case "schedule-branch-delete": {
      if (values.confirmed !== "1") {
        const t = await i18n.getFixedT(request);
        return { confirm: t("authoring.edit.deleteBranchSchedule"), branchId: values.branchId ?? "" };
      }
      return runIntent(request, "schedule-branch-delete", values, {
        call: () => ({ path: `/scheduleBranch/${id}`, options: { method: "DELETE", query: { branchId: values.branchId || "0" } } }),
        back: `${back}#schedules`,
        notice: "authoring.edit.deleted",
      });
    }
    case "style":
      return runIntent(request, "style", values, {
        schema: conferenceStyleSchema,
        call: () => ({ path: `/conference/conferenceExCssJs/${id}`, options: { method: "PUT", body: { exCss: values.exCss ?? "" } } }),
        back: `${back}#style`,
        notice: "authoring.edit.saved",
      });
    default:
      if (!values.intent) return rejected("", values, {}, ["errors.invalid"]);
      return runTable(request, id, formData, {
        branch: { schema: branchSchema, method: "POST", path: () => "/branch" },
        "branch-delete": { method: "DELETE", path: (v) => `/branch/${v.rowId}` },
        forum: { schema: forumSchema, method: "POST", path: () => "/forum" },
        "forum-delete": { method: "DELETE", path: (v) => `/forum/${v.rowId}` },
        schedule: { schema: scheduleSchema, method: "POST", path: () => "/schedule" },
        "schedule-delete": { method: "DELETE", path: (v) => `/schedule/${v.rowId}` },
        "schedule-publish": { method: "PATCH", path: (v) => `/schedule/${v.rowId}`, body: (v) => ({ published: v.published === "true" }) },
        company: { schema: companySchema, method: "PUT", path: (_v, conferenceId) => `/conference/company/${conferenceId}` },
        admin: { schema: adminUserSchema, method: "POST", path: () => "/admin-user" },
        "admin-delete": { method: "DELETE", path: (v, conferenceId) => `/admin-user/${conferenceId}/${v.rowId}` },
        special: { schema: specialSchema, method: "POST", path: () => "/special" },
        "special-delete": { method: "DELETE", path: (v) => `/special/${v.rowId}` },
        "special-item": { schema: specialItemSchema, method: "POST", path: () => "/special-item" },
        "special-item-delete": { method: "DELETE", path: (v) => `/special-item/${v.rowId}` },
        organizer: { schema: organizerSchema, method: "POST", path: () => "/organizer" },
        "organizer-delete": { method: "DELETE", path: (v) => `/organizer/${v.rowId}` },
        sponsor: { schema: sponsorSchema, method: "POST", path: () => "/sponsor" },
        "sponsor-delete": { method: "DELETE", path: (v) => `/sponsor/${v.rowId}` },
        link: { schema: linkSchema, method: "POST", path: () => "/link" },
        "link-delete": { method: "DELETE", path: (v) => `/link/${v.rowId}` },
        banner: { schema: bannerSchema, method: "POST", path: () => "/conference-banner" },
        "banner-delete": { method: "DELETE", path: (v) => `/conference-banner/${v.rowId}` },
        media: { schema: mediaSchema, method: "POST", path: () => "/media" },
        "media-delete": { method: "DELETE", path: (v) => `/media/${v.rowId}` },
        hotel: { schema: hotelSchema, method: "POST", path: () => "/hotel" },
        "hotel-delete": { method: "DELETE", path: (v) => `/hotel/${v.rowId}` },
        room: { schema: hotelRoomSchema, method: "POST", path: () => "/hotel-room" },
        "room-delete": { method: "DELETE", path: (v) => `/hotel-room/${v.rowId}` },
        "room-show": { schema: roomShowSchema, method: "PATCH", path: (v) => `/hotel-room/switch-show-state/${v.rowId}`, body: (v) => ({ showState: v.showState === "true" }) },
        payee: { schema: payeeSchema, method: "POST", path: (_v, conferenceId) => `/payee/${conferenceId}` },
        domain: { schema: domainSchema, method: "PUT", path: (_v, conferenceId) => `/conference/domain/${conferenceId}` },
      });
  }
}

type ActionAnswer = { intent?: string; reply?: Parameters<typeof BasicsForm>[0]["lastResult"]; confirm?: string; branchId?: string };

export default function Edit() {
  const { editor, categories } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionAnswer>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { conference } = editor;
  const name = pick(lang, conference.nameZh, conference.nameEn);
  const named = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const intro = editor.modules.find((m) => m.type === "intro");
  const introText = editor.texts.find((text) => text.moduleId === (intro?.id ?? null));
  const introResult = useIntentResult("intro");
  const scheduleModules = editor.modules.filter((m) => m.type === "schedule");
  const venues: Array<{ id: number | null; label: string }> = [{ id: null, label: t("authoring.edit.mainVenue") }, ...editor.branches.map((b) => ({ id: b.id, label: named(b) }))];
  const sections = [
    ["basics", t("authoring.basics.title")],
    ["intro", t("authoring.edit.intro")],
    ["branches", t("authoring.edit.branches")],
    ["schedules", t("authoring.edit.schedules")],
    ["company", t("authoring.edit.company")],
    ["admins", t("authoring.edit.admins")],
    ["style", t("authoring.edit.style")],
    ...MODULE_SECTIONS.map((section) => [section, t(`authoring.more.${section}`)]),
  ];
  return (
    <EditorFrame title={t("authoring.edit.title", { name })} links={[["/manage", t("authoring.edit.back")], [`/manage/signup/${conference.id}`, t("authoring.edit.signupLink")], [`/${conference.id}`, t("authoring.edit.viewPage")]]} sections={sections}>
          <section id="basics" className="ui-edit-section" aria-labelledby="basics-title">
            <h2 id="basics-title" className="ui-edit-section-title">{t("authoring.basics.title")}</h2>
            <BasicsForm intent="basics" lastResult={answer?.intent === "basics" ? answer.reply : undefined} defaults={basicsDefaults(conference)} categories={categories} submit={t("common.save")} />
          </section>

          <section id="intro" className="ui-edit-section" aria-labelledby="intro-title">
            <h2 id="intro-title" className="ui-edit-section-title">{t("authoring.edit.intro")}</h2>
            <Form method="post" className="ui-stack" noValidate>
              <input type="hidden" name="intent" value="intro" />
              <input type="hidden" name="moduleId" value={intro?.id ?? ""} />
              {introResult?.formErrors.map((message) => (
                <p key={message} className="ui-field-error" role="alert">
                  {t(message)}
                </p>
              ))}
              {(["contentZh", "contentEn"] as const).map((field) => (
                <RichTextField
                  key={`${field}-${introText?.id ?? 0}-${JSON.stringify(introText?.[field] ?? []).length}`}
                  name={field}
                  label={t(field === "contentZh" ? "authoring.edit.introZh" : "authoring.edit.introEn")}
                  ops={introText?.[field] ?? []}
                  typed={introResult ? { plain: introResult.values[field], ops: introResult.values[`${field}Ops`] } : undefined}
                  errors={introResult ? Object.entries(introResult.fieldErrors).filter(([key]) => key.startsWith(field)).flatMap(([, list]) => list) : undefined}
                />
              ))}
              <div>
                <button type="submit" className="ui-button">
                  {t("common.save")}
                </button>
              </div>
            </Form>
          </section>

          <section id="branches" className="ui-edit-section" aria-labelledby="branches-title">
            <h2 id="branches-title" className="ui-edit-section-title">{t("authoring.edit.branches")}</h2>
            <ul className="ui-edit-list" data-testid="branch-list">
              {editor.branches.map((row) => (
                <li key={row.id} className="ui-edit-item">
                  <span>{named(row)}</span>
                  <IntentButton intent="branch-delete" hidden={{ rowId: row.id }} label={t("authoring.edit.delete")} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm
              intent="branch"
              fields={[
                { name: "nameZh", label: t("authoring.edit.branchName"), required: true },
                { name: "nameEn", label: t("authoring.edit.branchNameEn") },
              ]}
              submit={t("authoring.edit.addBranch")}
            />
            <h3 className="ui-section-title">{t("authoring.edit.forums")}</h3>
            <ul className="ui-edit-list" data-testid="forum-list">
              {editor.forums.map((row) => (
                <li key={row.id} className="ui-edit-item">
                  <span>
                    {named(row)} · {venues.find((v) => v.id === row.branchId)?.label}
                  </span>
                  <IntentButton intent="forum-delete" hidden={{ rowId: row.id }} label={t("authoring.edit.delete")} ariaLabel={`${t("authoring.edit.delete")}: ${named(row)}`} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm
              intent="forum"
              fields={[
                { name: "branchId", label: t("authoring.edit.branch"), type: "select", options: venues.map((v) => ({ value: v.id === null ? "" : String(v.id), label: v.label })) },
                { name: "nameZh", label: t("authoring.edit.forumName"), required: true },
                { name: "nameEn", label: t("authoring.edit.forumNameEn") },
              ]}
              submit={t("authoring.edit.addForum")}
            />
          </section>

          <section id="schedules" className="ui-edit-section" aria-labelledby="schedules-title">
            <h2 id="schedules-title" className="ui-edit-section-title">{t("authoring.edit.schedules")}</h2>
            {scheduleModules.map((module) => (
              <div key={module.id} className="ui-edit-actions">
                <strong>{pick(lang, module.titleZh, module.titleEn)}</strong>
                <span className="ui-badge" data-tone={module.schedulePublished ? "success" : "warning"}>
                  {t(module.schedulePublished ? "authoring.edit.schedulePublished" : "authoring.edit.scheduleDraft")}
                </span>
                <IntentButton
                  intent="schedule-publish"
                  hidden={{ rowId: module.id, published: String(!module.schedulePublished) }}
                  label={t(module.schedulePublished ? "authoring.edit.unpublishSchedule" : "authoring.edit.publishSchedule")}
                  tone={module.schedulePublished ? "outline" : undefined}
                />
              </div>
            ))}
            {venues.map((venue) => {
              const items = editor.schedules.filter((item) => item.branchId === venue.id);
              if (!items.length) return null;
              const asking = answer?.confirm !== undefined;
              const askingThis = asking && (answer?.branchId ?? "") === String(venue.id ?? "");
              return (
                <div key={venue.id ?? "main"} data-testid={`venue-${venue.id ?? "main"}`}>
                  <h3 className="ui-section-title">{venue.label}</h3>
                  <ul className="ui-edit-list">
                    {items.map((item) => (
                      <li key={item.id} className="ui-edit-item">
                        <span>
                          {showMoment(item.startsAt)} – {showMoment(item.endsAt).slice(11)} · <strong>{pick(lang, item.titleZh, item.titleEn)}</strong>
                          {item.speakers.length ? ` · ${item.speakers.map((s) => (s.affiliation ? `${s.name}（${s.affiliation}）` : s.name)).join("、")}` : ""}
                          {item.room ? ` · ${item.room}` : ""}
                        </span>
                        <IntentButton intent="schedule-delete" hidden={{ rowId: item.id }} label={t("authoring.edit.delete")} tone="outline" />
                      </li>
                    ))}
                  </ul>
                  {(!asking || askingThis) && (
                    <ConfirmForm title={t("authoring.edit.confirmDeleteBranchSchedule", { name: venue.label })} fields={{ intent: "schedule-branch-delete", branchId: String(venue.id ?? "") }}>
                      {t("authoring.edit.deleteBranchSchedule")}
                    </ConfirmForm>
                  )}
                </div>
              );
            })}
            {editor.schedules.length === 0 && <p className="ui-muted">{t("authoring.edit.noSchedules")}</p>}
            <IntentForm
              intent="schedule"
              fields={[
                ...(scheduleModules.length > 1
                  ? [{ name: "moduleId", label: t("authoring.edit.module"), type: "select" as const, options: scheduleModules.map((m) => ({ value: String(m.id), label: pick(lang, m.titleZh, m.titleEn) })) }]
                  : []),
                { name: "branchId", label: t("authoring.edit.branch"), type: "select", options: venues.map((v) => ({ value: v.id === null ? "" : String(v.id), label: v.label })) },
                ...(editor.forums.length
                  ? [{ name: "forumId", label: t("authoring.edit.forum"), type: "select" as const, options: [{ value: "", label: t("authoring.basics.none") }, ...editor.forums.map((f) => ({ value: String(f.id), label: named(f) }))] }]
                  : []),
                { name: "startsAt", label: t("authoring.edit.startsAt"), type: "datetime-local", required: true, defaultValue: `${conference.startDate}T09:00` },
                { name: "endsAt", label: t("authoring.edit.endsAt"), type: "datetime-local", required: true, defaultValue: `${conference.startDate}T10:00` },
                { name: "titleZh", label: t("authoring.edit.scheduleTitle"), required: true },
                { name: "titleEn", label: t("authoring.edit.scheduleTitleEn") },
                { name: "speakers", label: t("authoring.edit.speakers"), type: "textarea", help: t("authoring.edit.speakersHelp") },
                { name: "room", label: t("authoring.edit.room") },
              ]}
              hidden={scheduleModules.length === 1 ? { moduleId: scheduleModules[0].id } : {}}
              submit={t("authoring.edit.addSchedule")}
            />
          </section>

          <section id="company" className="ui-edit-section" aria-labelledby="company-title">
            <h2 id="company-title" className="ui-edit-section-title">{t("authoring.edit.company")}</h2>
            <IntentForm
              intent="company"
              fields={[
                { name: "name", label: t("authoring.edit.companyName"), required: true, defaultValue: conference.invoiceCompany?.name ?? "" },
                { name: "taxId", label: t("authoring.edit.taxId"), defaultValue: conference.invoiceCompany?.taxId ?? "" },
              ]}
              submit={t("common.save")}
            />
          </section>

          <section id="admins" className="ui-edit-section" aria-labelledby="admins-title">
            <h2 id="admins-title" className="ui-edit-section-title">{t("authoring.edit.admins")}</h2>
            {editor.admins.length === 0 && <p className="ui-muted">{t("authoring.edit.noAdmins")}</p>}
            <ul className="ui-edit-list">
              {editor.admins.map((admin) => (
                <li key={admin.accountId} className="ui-edit-item">
                  <span>
                    {admin.name} · {admin.mobile}
                  </span>
                  <IntentButton intent="admin-delete" hidden={{ rowId: admin.accountId }} label={t("authoring.edit.delete")} tone="outline" />
                </li>
              ))}
            </ul>
            <IntentForm intent="admin" fields={[{ name: "mobile", label: t("authoring.edit.adminMobile"), type: "tel", required: true }]} submit={t("authoring.edit.addAdmin")} />
          </section>

          <section id="style" className="ui-edit-section" aria-labelledby="style-title">
            <h2 id="style-title" className="ui-edit-section-title">{t("authoring.edit.style")}</h2>
            <IntentForm intent="style" fields={[{ name: "exCss", label: t("authoring.edit.exCss"), type: "textarea", defaultValue: conference.exCss }]} submit={t("common.save")} />
          </section>

          <ModuleSections data={editor as unknown as ModuleData} />
    </EditorFrame>
  );
}

