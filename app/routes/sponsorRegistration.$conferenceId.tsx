import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { badRequest, parseId, routeId } from "#contract/params";
import { exhibitionSchema } from "#contract/schemas/services";
import { FieldError } from "~/components/FieldError";
import { EditDetails, FileLink, ServiceErrors, ServiceField, ServiceForm, StateBadge, useServiceResult, useTyped } from "~/components/services/ServiceFields";
import { ServicePage } from "~/components/services/ServicePage";
import type { Application, ServiceConference } from "~/components/services/types";
import { IMAGE_ACCEPT, UploadField } from "~/components/UploadField";
import { areaLoader } from "~/locales/load";
import { appEnv } from "~/services/env.server";
import { requireSignedIn } from "~/services/guard.server";
import { platformData } from "~/services/platform.server";
import { nest, runService, servicePageData, uploadPostedDocuments, readServiceAction } from "~/services/services.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { type KeptFile, keptFile } from "~/utils/kept";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** A company applies to sponsor or exhibit at a conference (issue 6), and follows its applications' review. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const [conference, mine] = await Promise.all([
    platformData<{ info: ServiceConference }>(request, `/conference/${id}`),
    platformData<{ list: Application[] }>(request, "/exhibition", { query: { conferenceId: id, pageSize: 100 } }),
  ]);
  return servicePageData(request, "services.sponsor.title", { conference: conference.info, applications: mine.list, maxMb: appEnv().UPLOAD_MAX_MB });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const { conferenceId, formData, values, kind, target } = await readServiceAction(request, routeId(params.conferenceId));
  if (kind !== "apply") throw badRequest();
  const refused = await uploadPostedDocuments(request, formData, values, `sponsor:${conferenceId}`, { single: ["logo"], multiple: "materials" });
  if (refused) return refused;
  const editing = target !== "new" && parseId(target) !== null;
  const body = nest(values);
  return runService(request, values, {
    schema: exhibitionSchema,
    input: { ...body, conferenceId, materials: Array.isArray(body.materials) ? body.materials : [] },
    path: editing ? `/exhibition/${target}` : "/exhibition",
    method: editing ? "PUT" : "POST",
    notice: editing ? "services.sponsor.updated" : "services.sponsor.applied",
  });
}

/** Materials: the ones saved and the ones kept by a refused post (each kept unless unticked), and more to add, several at once. */
function MaterialsField({ intent, current, maxMb }: { intent: string; current: Array<{ key: string; name: string }>; maxMb: number }) {
  const { t } = useTranslation();
  const result = useServiceResult(intent);
  const keptRefs = result
    ? Object.entries(result.values)
        .filter(([name]) => name.startsWith("materialsKept."))
        .map(([, ref]) => ref)
    : [];
  const keptFiles = keptRefs.map(keptFile).filter((f): f is KeptFile => f !== null);
  const keptKeys = new Set(keptFiles.map((f) => f.key));
  const saved = result
    ? Object.entries(result.values)
        .filter(([name, key]) => name.startsWith("materials.") && !keptKeys.has(key))
        .map(([, key]) => current.find((m) => m.key === key) ?? { key, name: t("services.sponsor.uploadedMaterial") })
    : current;
  const id = `${intent.replace(":", "-")}-materials`;
  return (
    <fieldset className="ui-svc-rows">
      <legend className="ui-label">{t("services.sponsor.materials")}</legend>
      {saved.map((m) => (
        <label key={m.key} className="ui-checkbox">
          <input type="checkbox" name="materialsKeep" value={m.key} defaultChecked />
          <span>{m.name}</span>
        </label>
      ))}
      {keptFiles.map((f) => (
        <span key={f.ref} className="ui-row" data-testid="materials-kept">
          <label className="ui-checkbox">
            <input type="checkbox" name="materialsKept" value={f.ref} defaultChecked />
            <span>{f.name}</span>
          </label>
          <a href={f.href} target="_blank" rel="noopener" className="ui-link-button">
            {t("common.uploaded")}
          </a>
        </span>
      ))}
      <label className="ui-label" htmlFor={id}>
        {t("services.sponsor.addMaterials")}
      </label>
      {/* A new input once files are kept: with JavaScript the refused post's files would otherwise go again. */}
      <input
        key={keptRefs.join(",")}
        id={id}
        type="file"
        name="materialsFile"
        multiple
        accept="application/pdf,image/png,image/jpeg"
        aria-describedby={`${id}-help`}
      />
      <p id={`${id}-help`} className="ui-field-help">
        {t("services.files.help", { mb: maxMb })}
      </p>
      <ServiceErrors intent={intent} name="materials" />
    </fieldset>
  );
}

function ApplicationForm({ application, maxMb }: { application?: Application; maxMb: number }) {
  const { t } = useTranslation();
  const conferenceId = useLoaderData<typeof loader>().conference.id;
  const intent = `apply:${application?.id ?? "new"}`;
  const typed = useTyped(intent);
  const result = useServiceResult(intent);
  const kind = typed("kind", application?.kind ?? "exhibitor");
  return (
    <ServiceForm
      intent={intent}
      multipart
      submit={t(application ? "services.saveChanges" : "services.sponsor.submit")}
      testId={application ? "application-edit" : "application-form"}
      shown={application ?? null}
    >
      {application ? (
        <input type="hidden" name="kind" value={application.kind} />
      ) : (
        <fieldset className="ui-svc-rows">
          <legend className="ui-label">{t("services.sponsor.kind")} *</legend>
          <div className="ui-row">
            {(["sponsor", "exhibitor"] as const).map((value) => (
              <label key={value} className="ui-checkbox">
                <input type="radio" name="kind" value={value} defaultChecked={kind === value} />
                <span>{t(`services.sponsor.kinds.${value}`)}</span>
              </label>
            ))}
          </div>
          <FieldError errors={result?.fieldErrors.kind} />
        </fieldset>
      )}
      <ServiceField
        intent={intent}
        name="company"
        label={t("services.sponsor.company")}
        required
        defaultValue={application?.company}
        autoComplete="organization"
      />
      <div className="ui-svc-row">
        <ServiceField intent={intent} name="contact" label={t("services.sponsor.contact")} required defaultValue={application?.contact} autoComplete="name" />
        <ServiceField
          intent={intent}
          name="phone"
          type="tel"
          label={t("services.sponsor.phone")}
          required
          defaultValue={application?.phone}
          autoComplete="tel"
        />
        <ServiceField
          intent={intent}
          name="email"
          type="email"
          label={t("services.sponsor.email")}
          required
          defaultValue={application?.email}
          autoComplete="email"
        />
      </div>
      <div className="ui-svc-row">
        <ServiceField
          intent={intent}
          name="level"
          label={t("services.sponsor.level")}
          defaultValue={application?.level}
          help={t("services.sponsor.levelHelp")}
        />
        <ServiceField
          intent={intent}
          name="booth"
          label={t("services.sponsor.booth")}
          defaultValue={application?.booth}
          help={t("services.sponsor.boothHelp")}
        />
      </div>
      <UploadField
        name="logo"
        id={`${intent.replace(":", "-")}-logo`}
        label={t("services.sponsor.logo")}
        help={t("services.sponsor.logoHelp", { mb: maxMb })}
        defaultUrl={typed("logoKept", "") ? null : typed("logo", application?.logo ?? "") || null}
        accept={IMAGE_ACCEPT}
        document
        keep={`sponsor:${conferenceId}`}
        kept={typed("logoKept", "") || null}
      />
      <ServiceErrors intent={intent} name="logo" />
      <MaterialsField intent={intent} current={application?.materialFiles ?? []} maxMb={maxMb} />
    </ServiceForm>
  );
}

export default function SponsorRegistration() {
  const { conference, applications, lang, maxMb } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ServicePage conference={conference} lang={lang} title={t("services.sponsor.title")} intro={t("services.sponsor.intro")}>
      {applications.length > 0 && (
        <section aria-labelledby="applications-title" className="ui-attend-section ui-stack">
          <h2 id="applications-title" className="ui-section-title">
            {t("services.sponsor.mine")}
          </h2>
          <ul className="ui-svc-cards">
            {applications.map((a) => (
              <li key={a.id} className="ui-svc-card" data-testid="application">
                <h3 className="ui-svc-card-title">
                  <span {...enteredLang(a.company)}>{a.company}</span> · {t(`services.sponsor.kinds.${a.kind}`)} <StateBadge state={a.state} />
                </h3>
                <dl className="ui-attend-quote">
                  <dt>{t("services.sponsor.contact")}</dt>
                  <dd>
                    <span {...enteredLang(a.contact)}>{a.contact}</span> · {a.phone} · {a.email}
                  </dd>
                  {a.level && (
                    <>
                      <dt>{t("services.sponsor.level")}</dt>
                      <dd {...enteredLang(a.level)}>{a.level}</dd>
                    </>
                  )}
                  {a.booth && (
                    <>
                      <dt>{t("services.sponsor.booth")}</dt>
                      <dd {...enteredLang(a.booth)}>{a.booth}</dd>
                    </>
                  )}
                  {a.logo && (
                    <>
                      <dt>{t("services.sponsor.logo")}</dt>
                      <dd>
                        <FileLink uploadKey={a.logo} name={a.logoFile?.name} />
                      </dd>
                    </>
                  )}
                  {a.materialFiles.length > 0 && (
                    <>
                      <dt>{t("services.sponsor.materials")}</dt>
                      <dd className="ui-svc-file-list">
                        {a.materialFiles.map((m) => (
                          <FileLink key={m.key} uploadKey={m.key} name={m.name} />
                        ))}
                      </dd>
                    </>
                  )}
                </dl>
                {a.remarks.length > 0 && (
                  <div>
                    <h4 className="ui-svc-subtitle">{t("services.sponsor.remarks")}</h4>
                    <ul className="ui-svc-remarks" data-testid="remarks">
                      {a.remarks.map((r) => (
                        <li key={`${r.at}-${r.text}`}>
                          <time dateTime={r.at} className="ui-muted">
                            {r.at.slice(0, 10)}
                          </time>{" "}
                          <span {...enteredLang(r.text)}>{r.text}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {a.state === "pending" && (
                  <EditDetails intent={`apply:${a.id}`}>
                    <ApplicationForm application={a} maxMb={maxMb} />
                  </EditDetails>
                )}
              </li>
            ))}
          </ul>
          <p>
            <Link to={`/sponsorHotel/${conference.id}`} className="ui-button-outline" data-testid="to-sponsor-hotel">
              {t("services.sponsor.toRooms")}
            </Link>
          </p>
        </section>
      )}
      <section aria-labelledby="apply-title" className="ui-attend-section ui-stack">
        <h2 id="apply-title" className="ui-section-title">
          {t(applications.length ? "services.sponsor.another" : "services.sponsor.apply")}
        </h2>
        <ApplicationForm maxMb={maxMb} />
      </section>
    </ServicePage>
  );
}
