import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import {
  adminUserSchema,
  adminUserUpdateSchema,
  replaySchema,
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
} from "#contract/schemas/conference";
import { conferenceStyleSchema } from "#contract/schemas/conference-style";
import { payeeSchema } from "#contract/schemas/registration";
import { BasicsForm, basicsDefaults } from "~/components/authoring/BasicsForm";
import { EditorFrame } from "~/components/authoring/EditorFrame";
import { type FieldSpec, IntentButton, IntentForm, useIntentResult } from "~/components/authoring/IntentForm";
import { MODULE_SECTIONS, type ModuleSection, ModuleSections, Section } from "~/components/authoring/ModuleSections";
import { RichTextField } from "~/components/authoring/RichTextField";
import { RowList } from "~/components/authoring/RowList";
import { chinaLocal, type EditorData, type EditorPart, showMoment } from "~/components/authoring/types";
import { ConfirmForm } from "~/components/ConfirmForm";
import { StatusBadge } from "~/components/StatusBadge";
import { Entered, EnteredList } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { loadCategories, loadEditor, rowIntents, runTable, saveBasics } from "~/services/authoring.server";
import { formValues, rejectIntent, rejectValues, runIntent } from "~/services/form-protocol.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { useTranslation } from "~/use-translation";
import { opsToPlain, plainToOps } from "~/utils/authoring-richtext";
import { enteredLang } from "~/utils/entered";
import { lastResultOf } from "~/utils/form-protocol";
import { pick } from "~/utils/format";
import { punctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee", "organiser"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * The editor is a page per section (`?section=hotels`), each reading only its own tables: the
 * whole conference on one page was ~2,200 elements (docs/benchmarks.md, issue 16).
 */
const SECTION_PARTS = {
  basics: [],
  intro: ["modules", "texts"],
  branches: ["branches", "forums"],
  schedules: ["modules", "branches", "forums", "schedules"],
  company: [],
  admins: ["admins"],
  style: [],
  specials: ["specials"],
  organizers: ["organizers"],
  sponsors: ["sponsors"],
  links: ["links"],
  banners: ["banners"],
  media: ["media"],
  hotels: ["hotels"],
  replays: ["replays"],
  payee: ["payee"],
  domain: [],
} satisfies Record<"basics" | "intro" | "branches" | "schedules" | "company" | "admins" | "style" | ModuleSection, EditorPart[]>;
type EditorSection = keyof typeof SECTION_PARTS;

/** The section a URL shows: the first (basics) when it names none, or one this editor doesn't have. */
function sectionOf(url: URL): EditorSection {
  const asked = url.searchParams.get("section") ?? "";
  return Object.hasOwn(SECTION_PARTS, asked) ? (asked as EditorSection) : "basics";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccount(request);
  const id = routeId(params.conferenceId);
  const url = new URL(request.url);
  const section = sectionOf(url);
  const [editor, categories] = await Promise.all([
    loadEditor(request, id, SECTION_PARTS[section]),
    section === "basics" ? loadCategories(request) : Promise.resolve([]),
  ]);
  const t = await i18n.getFixedT(request);
  const lang = (await i18n.getLocale(request)) === "en" ? "en" : "zh";
  // Without JavaScript the intro's preview is a page of its own (`?section=intro&preview=contentZh`); with it, a switch.
  const preview = url.searchParams.get("preview");
  return {
    title: `${t("authoring.edit.title", { name: pick(lang, editor.conference.nameZh, editor.conference.nameEn) })} - ${t("meta.siteName")}`,
    section,
    editor,
    categories,
    preview: preview === "contentZh" || preview === "contentEn" ? preview : null,
  };
}

/**
 * A rich text as posted: the editor's JSON when there is one, else the textarea's lines. A
 * textarea posted as it was shown keeps the stored content (`<name>Was`), formatting the
 * plain text can't show included.
 */
function postedOps(values: Record<string, string>, name: string): unknown {
  const json = values[`${name}Ops`] ?? untouchedPlain(values, name);
  if (json !== undefined) {
    try {
      return JSON.parse(json);
    } catch {
      return null;
    }
  }
  return plainToOps(values[name] ?? "");
}

function untouchedPlain(values: Record<string, string>, name: string): string | undefined {
  const was = values[`${name}Was`];
  if (was === undefined || values[name] === undefined) return undefined;
  try {
    return opsToPlain(JSON.parse(was)) === values[name].replace(/\r\n?/g, "\n") ? was : undefined;
  } catch {
    return undefined;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAccount(request);
  const id = routeId(params.conferenceId);
  const formData = await request.formData();
  const values = formValues(formData);
  const back = `/manage/edit/${id}?section=${sectionOf(new URL(request.url))}`;
  switch (values.intent) {
    case "basics": {
      const saved = await saveBasics(request, formData, { method: "PUT", path: `/conference/${id}` });
      if (!saved.ok) return rejectIntent("basics", saved.submission, saved.messages);
      const t = await i18n.getFixedT(request);
      throw await redirectWithNotice(request, back, { content: t("authoring.basics.saved"), color: "success" });
    }
    case "intro": {
      const input = { conferenceId: id, moduleId: values.moduleId, contentZh: postedOps(values, "contentZh"), contentEn: postedOps(values, "contentEn") };
      return runIntent(request, "intro", values, {
        schema: textSchema,
        input,
        call: () => ({ path: "/text", options: { method: "PUT", body: input } }),
        back,
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
        back,
        notice: "authoring.edit.deleted",
      });
    }
    case "style":
      return runIntent(request, "style", values, {
        schema: conferenceStyleSchema,
        call: () => ({ path: `/conference/conferenceExCssJs/${id}`, options: { method: "PUT", body: { exCss: values.exCss ?? "" } } }),
        back,
        notice: "authoring.edit.saved",
      });
    default:
      if (!values.intent) return rejectValues("", values, { formErrors: ["errors.invalid"] });
      return runTable(request, id, formData, {
        ...rowIntents("branch", branchSchema, "/branch"),
        ...rowIntents("forum", forumSchema, "/forum"),
        ...rowIntents("schedule", scheduleSchema, "/schedule"),
        "schedule-publish": { method: "PATCH", path: (v) => `/schedule/${v.rowId}`, body: (v) => ({ published: v.published === "true" }) },
        company: { schema: companySchema, method: "PUT", path: (_v, conferenceId) => `/conference/company/${conferenceId}` },
        ...rowIntents("admin", adminUserSchema, "/admin-user", `/admin-user/${id}`),
        "admin-update": { schema: adminUserUpdateSchema, method: "PUT", path: (v, conferenceId) => `/admin-user/${conferenceId}/${v.rowId}` },
        ...rowIntents("special", specialSchema, "/special"),
        ...rowIntents("special-item", specialItemSchema, "/special-item"),
        ...rowIntents("organizer", organizerSchema, "/organizer"),
        ...rowIntents("sponsor", sponsorSchema, "/sponsor"),
        ...rowIntents("link", linkSchema, "/link"),
        ...rowIntents("banner", bannerSchema, "/banner"),
        ...rowIntents("media", mediaSchema, "/media"),
        ...rowIntents("hotel", hotelSchema, "/hotel"),
        ...rowIntents("room", hotelRoomSchema, "/hotel-room"),
        ...rowIntents("replay", replaySchema, "/replay"),
        "room-show": {
          schema: roomShowSchema,
          method: "PATCH",
          path: (v) => `/hotel-room/switch-show-state/${v.rowId}`,
          body: (v) => ({ showState: v.showState === "true" }),
        },
        payee: { schema: payeeSchema, method: "POST", path: (_v, conferenceId) => `/payee/${conferenceId}` },
        domain: { schema: domainSchema, method: "PUT", path: (_v, conferenceId) => `/conference/domain/${conferenceId}` },
      });
  }
}

type ActionAnswer = { intent?: string; confirm?: string; branchId?: string };
type Schedule = EditorData["schedules"][number];

export default function Edit() {
  const { section, editor, categories, preview } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionAnswer>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { conference } = editor;
  // This page's section's rows; the other sections' lists are not read (SECTION_PARTS).
  const rows = {
    modules: editor.modules ?? [],
    texts: editor.texts ?? [],
    branches: editor.branches ?? [],
    forums: editor.forums ?? [],
    schedules: editor.schedules ?? [],
    admins: editor.admins ?? [],
  };
  const name = pick(lang, conference.nameZh, conference.nameEn);
  const named = (row: { nameZh: string; nameEn: string }) => pick(lang, row.nameZh, row.nameEn);
  const intro = rows.modules.find((m) => m.type === "intro");
  const introText = rows.texts.find((text) => text.moduleId === (intro?.id ?? null));
  const introResult = useIntentResult("intro");
  const scheduleModules = rows.modules.filter((m) => m.type === "schedule");
  const venues: Array<{ id: number | null; label: string }> = [
    { id: null, label: t("authoring.edit.mainVenue") },
    ...rows.branches.map((b) => ({ id: b.id, label: named(b) })),
  ];
  const venueOptions = venues.map((v) => ({ value: v.id === null ? "" : String(v.id), label: v.label }));
  const nameFields = (zh: string, en: string, row?: { nameZh: string; nameEn: string }): FieldSpec[] => [
    { name: "nameZh", label: t(zh), required: true, defaultValue: row?.nameZh },
    { name: "nameEn", label: t(en), defaultValue: row?.nameEn },
  ];
  const scheduleFields = (row?: Schedule): FieldSpec[] => [
    ...(scheduleModules.length > 1
      ? [
          {
            name: "moduleId",
            label: t("authoring.edit.module"),
            type: "select" as const,
            defaultValue: String(row?.moduleId ?? ""),
            options: scheduleModules.map((m) => ({ value: String(m.id), label: pick(lang, m.titleZh, m.titleEn) })),
          },
        ]
      : []),
    { name: "branchId", label: t("authoring.edit.branch"), type: "select", defaultValue: String(row?.branchId ?? ""), options: venueOptions },
    ...(rows.forums.length
      ? [
          {
            name: "forumId",
            label: t("authoring.edit.forum"),
            type: "select" as const,
            defaultValue: String(row?.forumId ?? ""),
            options: [{ value: "", label: t("authoring.basics.none") }, ...rows.forums.map((f) => ({ value: String(f.id), label: named(f) }))],
          },
        ]
      : []),
    {
      name: "startsAt",
      label: t("authoring.edit.startsAt"),
      type: "datetime-local",
      required: true,
      defaultValue: row ? chinaLocal(row.startsAt) : `${conference.startDate}T09:00`,
    },
    {
      name: "endsAt",
      label: t("authoring.edit.endsAt"),
      type: "datetime-local",
      required: true,
      defaultValue: row ? chinaLocal(row.endsAt) : `${conference.startDate}T10:00`,
    },
    { name: "titleZh", label: t("authoring.edit.scheduleTitle"), required: true, defaultValue: row?.titleZh },
    { name: "titleEn", label: t("authoring.edit.scheduleTitleEn"), defaultValue: row?.titleEn },
    {
      name: "speakers",
      label: t("authoring.edit.speakers"),
      type: "textarea",
      help: t("authoring.edit.speakersHelp"),
      defaultValue: row?.speakers.map((s) => (s.affiliation ? `${s.name} / ${s.affiliation}` : s.name)).join("\n"),
    },
    { name: "room", label: t("authoring.edit.room"), defaultValue: row?.room },
  ];
  const scheduleHidden: Record<string, number> = scheduleModules.length === 1 ? { moduleId: scheduleModules[0].id } : {};
  const sections = [
    ["basics", t("authoring.basics.title")],
    ["intro", t("authoring.edit.intro")],
    ["branches", t("authoring.edit.branches")],
    ["schedules", t("authoring.edit.schedules")],
    ["company", t("authoring.edit.company")],
    ["admins", t("authoring.edit.admins")],
    ["style", t("authoring.edit.style")],
    ...MODULE_SECTIONS.map((section) => [section, section === "replays" ? t("authoring.replays.title") : t(`authoring.more.${section}`)]),
  ];
  const askingBranch = answer?.confirm !== undefined && answer.intent === undefined;
  return (
    <EditorFrame
      conference={{ id: conference.id, name }}
      title={t("authoring.edit.title", { name })}
      links={[
        ["/manage", t("authoring.edit.back")],
        [`/manage/signup/${conference.id}`, t("authoring.edit.signupLink")],
        [`/${conference.id}`, t("authoring.edit.viewPage")],
      ]}
      sections={sections}
      current={section}
    >
      {section === "basics" && (
        <Section id="basics" title={t("authoring.basics.title")}>
          <BasicsForm
            intent="basics"
            lastResult={lastResultOf(answer, "basics")}
            defaults={basicsDefaults(conference)}
            categories={categories}
            submit={t("common.save")}
          />
        </Section>
      )}

      {section === "intro" && (
        <Section id="intro" title={t("authoring.edit.intro")}>
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
                key={`${field}-${introText?.id ?? 0}-${JSON.stringify(introText?.[field] ?? []).length}-${preview ?? ""}`}
                name={field}
                label={t(field === "contentZh" ? "authoring.edit.introZh" : "authoring.edit.introEn")}
                ops={introText?.[field] ?? []}
                typed={introResult ? { plain: introResult.values[field], ops: introResult.values[`${field}Ops`] } : undefined}
                errors={
                  introResult
                    ? Object.entries(introResult.fieldErrors)
                        .filter(([key]) => key.startsWith(field))
                        .flatMap(([, list]) => list)
                    : undefined
                }
                preview={{ initial: preview === field, href: `?section=intro&preview=${field}`, back: "?section=intro" }}
              />
            ))}
            <div>
              <button type="submit" className="ui-button">
                {t("common.save")}
              </button>
            </div>
          </Form>
        </Section>
      )}

      {section === "branches" && (
        <Section id="branches" title={t("authoring.edit.branches")}>
          <RowList
            kind="branch"
            schema={branchSchema}
            rows={rows.branches}
            rowId={(row) => row.id}
            name={named}
            summary={(row) => <Entered text={named(row)} />}
            fields={(row) => nameFields("authoring.edit.branchName", "authoring.edit.branchNameEn", row)}
            testId="branch-list"
            add={{ submit: t("authoring.edit.addBranch") }}
          />
          <h3 className="ui-section-title">{t("authoring.edit.forums")}</h3>
          <RowList
            kind="forum"
            schema={forumSchema}
            rows={rows.forums}
            rowId={(row) => row.id}
            name={named}
            summary={(row) => (
              <>
                <Entered text={named(row)} /> · <Entered text={venues.find((v) => v.id === row.branchId)?.label ?? ""} />
              </>
            )}
            fields={(row) => [
              { name: "branchId", label: t("authoring.edit.branch"), type: "select", defaultValue: String(row?.branchId ?? ""), options: venueOptions },
              ...nameFields("authoring.edit.forumName", "authoring.edit.forumNameEn", row),
            ]}
            testId="forum-list"
            add={{ submit: t("authoring.edit.addForum") }}
          />
        </Section>
      )}

      {section === "schedules" && (
        <Section id="schedules" title={t("authoring.edit.schedules")}>
          {scheduleModules.map((module) => (
            <div key={module.id} className="ui-edit-actions">
              <strong {...enteredLang(pick(lang, module.titleZh, module.titleEn))}>{pick(lang, module.titleZh, module.titleEn)}</strong>
              <StatusBadge state={module.schedulePublished ? "published" : "unpublished"}>
                {t(module.schedulePublished ? "authoring.edit.schedulePublished" : "authoring.edit.scheduleDraft")}
              </StatusBadge>
              <IntentButton
                intent="schedule-publish"
                hidden={{ rowId: module.id, published: String(!module.schedulePublished) }}
                label={t(module.schedulePublished ? "authoring.edit.unpublishSchedule" : "authoring.edit.publishSchedule")}
                tone={module.schedulePublished ? "outline" : undefined}
              />
            </div>
          ))}
          {venues.map((venue) => {
            const items = rows.schedules.filter((item) => item.branchId === venue.id);
            if (!items.length) return null;
            return (
              <div key={venue.id ?? "main"} data-testid={`venue-${venue.id ?? "main"}`}>
                <h3 className="ui-section-title" {...enteredLang(venue.label)}>
                  {venue.label}
                </h3>
                <RowList
                  kind="schedule"
                  schema={scheduleSchema}
                  rows={items}
                  rowId={(item) => item.id}
                  name={(item) => pick(lang, item.titleZh, item.titleEn)}
                  summary={(item) => (
                    <>
                      {showMoment(item.startsAt)} – {showMoment(item.endsAt).slice(11)} ·{" "}
                      <strong {...enteredLang(pick(lang, item.titleZh, item.titleEn))}>{pick(lang, item.titleZh, item.titleEn)}</strong>
                      {item.speakers.length > 0 && " · "}
                      <EnteredList
                        lang={lang}
                        texts={item.speakers.map((speaker) => (
                          <>
                            <Entered text={speaker.name} />
                            {speaker.affiliation && (
                              <>
                                {punctuation(lang).brackets[0]}
                                <Entered text={speaker.affiliation} />
                                {punctuation(lang).brackets[1]}
                              </>
                            )}
                          </>
                        ))}
                      />
                      {item.room && (
                        <>
                          {" · "}
                          <Entered text={item.room} />
                        </>
                      )}
                    </>
                  )}
                  fields={scheduleFields}
                  hidden={() => scheduleHidden}
                />
                <ConfirmForm
                  title={t("authoring.edit.confirmDeleteBranchSchedule", { name: venue.label })}
                  fields={{ intent: "schedule-branch-delete", branchId: String(venue.id ?? "") }}
                  asked={askingBranch && (answer?.branchId ?? "") === String(venue.id ?? "")}
                >
                  {t("authoring.edit.deleteBranchSchedule")}
                </ConfirmForm>
              </div>
            );
          })}
          {rows.schedules.length === 0 && <p className="ui-muted">{t("authoring.edit.noSchedules")}</p>}
          <IntentForm intent="schedule" schema={scheduleSchema} fields={scheduleFields()} hidden={scheduleHidden} submit={t("authoring.edit.addSchedule")} />
        </Section>
      )}

      {section === "company" && (
        <Section id="company" title={t("authoring.edit.company")}>
          <IntentForm
            intent="company"
            schema={companySchema}
            fields={[
              { name: "name", label: t("authoring.edit.companyName"), required: true, defaultValue: conference.invoiceCompany?.name ?? "" },
              { name: "taxId", label: t("authoring.edit.taxId"), defaultValue: conference.invoiceCompany?.taxId ?? "" },
            ]}
            submit={t("common.save")}
          />
        </Section>
      )}

      {section === "admins" && (
        <Section id="admins" title={t("authoring.edit.admins")}>
          <RowList
            kind="admin"
            schema={adminUserSchema}
            updateSchema={adminUserUpdateSchema}
            rows={rows.admins}
            rowId={(admin) => admin.accountId}
            name={(admin) => admin.name || admin.mobile}
            summary={(admin) => (
              <>
                {admin.name && (
                  <>
                    <Entered text={admin.name} />
                    {" · "}
                  </>
                )}
                {admin.mobile}
                {admin.remark && (
                  <>
                    {" · "}
                    <Entered text={admin.remark} />
                  </>
                )}
              </>
            )}
            fields={(admin) => [
              ...(admin ? [] : [{ name: "mobile", label: t("authoring.edit.adminMobile"), type: "tel" as const, required: true }]),
              { name: "remark", label: t("authoring.rows.adminRemark"), help: t("authoring.rows.adminRemarkHelp"), defaultValue: admin?.remark },
            ]}
            testId="admin-list"
            empty={t("authoring.edit.noAdmins")}
            add={{ submit: t("authoring.edit.addAdmin") }}
          />
        </Section>
      )}

      {section === "style" && (
        <Section id="style" title={t("authoring.edit.style")}>
          <IntentForm
            intent="style"
            schema={conferenceStyleSchema}
            fields={[{ name: "exCss", label: t("authoring.edit.exCss"), type: "textarea", defaultValue: conference.exCss }]}
            submit={t("common.save")}
          />
        </Section>
      )}

      <ModuleSections data={editor} section={section} />
    </EditorFrame>
  );
}
