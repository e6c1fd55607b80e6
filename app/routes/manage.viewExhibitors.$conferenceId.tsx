import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { badRequest, parsePage, routeId } from "#contract/params";
import { auditDecisionSchema, sponsorRemarkSchema } from "#contract/schemas/audits";
import {
  AuditFrame,
  Cards,
  DecisionForm,
  ExportLink,
  Facts,
  FilterForm,
  decisionsFor,
  stateFacts,
  sponsorKindField,
  stateOptions,
} from "~/components/audits/AuditParts";
import { IntentForm } from "~/components/authoring/IntentForm";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { areaLoader } from "~/locales/load";
import { filtersOf, manageData, manageTitle, postedValues, rowIdOf, runAudit, runDecision } from "~/services/audits.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { AUDIT_STATES, type ManagedConference, type Sponsor, SPONSOR_FILTERS, chinaTime, fileHref } from "~/utils/audits";
import { enteredLang } from "~/utils/entered";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

const PAGE_SIZE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const search = new URL(request.url).searchParams;
  const filters = filtersOf(search, SPONSOR_FILTERS);
  const page = parsePage(search.get("page"));
  const list = await manageData<{ list: Sponsor[]; total: number; conference: ManagedConference; authors: Record<string, string> }>(
    request,
    `/sponsor/manage/${id}`,
    { ...filters, page, pageSize: PAGE_SIZE },
  );
  const { title, name } = await manageTitle(request, "audits.sponsors.pageTitle", list.conference);
  return data({ title, name, id, filters, page, list }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  routeId(params.conferenceId);
  const values = await postedValues(request);
  const [kind] = (values.intent ?? "").split(":");
  const rowId = rowIdOf(values);
  if (kind === "sponsor") return runDecision(request, values, `/sponsor/${rowId}`);
  if (kind === "remark")
    return runAudit(request, values, {
      schema: sponsorRemarkSchema,
      path: `/sponsor/addRemark/${rowId}`,
      method: "PUT",
      notice: "audits.sponsors.remarkAdded",
    });
  throw badRequest();
}

export default function ViewExhibitors() {
  const { name, id, filters, page, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const exportQuery = new URLSearchParams(filters).toString();
  return (
    <AuditFrame
      id={id}
      name={name}
      heading={t("audits.sponsors.title")}
      actions={
        <>
          <ExportLink
            href={`/manage/viewExhibitors/${id}/export.xlsx${exportQuery ? `?${exportQuery}` : ""}`}
            label={t("audits.exportExcel")}
            testId="export-sponsors"
          />
          <ExportLink href={`/manage/viewExhibitors/${id}/rooms.xlsx`} label={t("audits.sponsors.exportRooms")} testId="export-rooms" />
          <Link to={`/manage/printExhibitors/${id}`} className="ui-button-outline">
            {t("audits.sponsors.printLink")}
          </Link>
        </>
      }
    >
      <FilterForm
        values={filters}
        fields={[
          sponsorKindField(t),
          { name: "state", label: t("audits.state"), type: "select", options: stateOptions(t, AUDIT_STATES, "audits.states") },
          { name: "keyword", label: t("audits.keyword"), type: "text", help: t("audits.sponsors.keywordHelp") },
        ]}
      />
      <Cards items={list.list} testId="sponsors" itemTestId="sponsor">
        {(s) => (
          <>
            <div className="ui-aud-card-body">
              {/* A heading: each card's "remarks" (h3) sits under it. */}
              <h2 className="ui-aud-card-title">
                {s.logo && (
                  <img
                    src={fileHref(s.logo)}
                    alt={t("audits.sponsors.logoOf", { company: s.company })}
                    className="ui-aud-logo"
                    loading="lazy"
                    {...enteredLang(s.company)}
                  />
                )}
                <span {...enteredLang(s.company)}>{s.company}</span> <StatusBadge tone="neutral">{t(`audits.kinds.${s.kind}`)}</StatusBadge>
              </h2>
              <Facts
                rows={[
                  [t("audits.sponsors.contact"), <Entered key="contact" text={[s.contact, s.phone, s.email].filter(Boolean).join(" ")} />],
                  [t("audits.sponsors.level"), <Entered key="level" text={s.level} />],
                  [t("audits.sponsors.booth"), <Entered key="booth" text={s.booth} />],
                  [t("audits.sponsors.materials"), <Materials key="materials" sponsor={s} />],
                  ...stateFacts(t, { value: s.state, label: t(`audits.states.${s.state}`) }, null),
                ]}
              />
              <h3 className="ui-label">{t("audits.sponsors.remarks")}</h3>
              {s.remarks.length === 0 ? (
                <p className="ui-muted">{t("audits.sponsors.noRemarks")}</p>
              ) : (
                <ul className="ui-aud-remarks" data-testid="remarks">
                  {s.remarks.map((r, i) => (
                    <li key={`${r.at}-${i}`}>
                      <time dateTime={r.at} {...enteredLang(list.authors[r.by])}>
                        {t("audits.sponsors.remarkBy", { at: chinaTime(r.at), by: list.authors[r.by] ?? "" })}
                      </time>
                      <span {...enteredLang(r.text)}>{r.text}</span>
                    </li>
                  ))}
                </ul>
              )}
              <IntentForm
                id={`remark-form-${s.id}`}
                intent={`remark:${s.id}`}
                schema={sponsorRemarkSchema}
                hidden={{ rowId: s.id }}
                fields={[{ name: "text", label: t("audits.sponsors.newRemark"), type: "textarea", required: true }]}
                submit={t("audits.sponsors.addRemark")}
              />
            </div>
            <DecisionForm kind="sponsor" rowId={s.id} schema={auditDecisionSchema} {...decisionsFor(t, s.state)} />
          </>
        )}
      </Cards>
      <Pagination page={page} pageSize={PAGE_SIZE} total={list.total} />
    </AuditFrame>
  );
}

/** The application's materials (private uploads, downloaded) and its website. */
function Materials({ sponsor }: { sponsor: Sponsor }) {
  const { t } = useTranslation();
  return (
    <span className="ui-aud-links">
      {sponsor.materials.length === 0 && <span className="ui-muted">{t("audits.sponsors.noMaterials")}</span>}
      {sponsor.materials.map((key, i) => (
        <a key={key} href={fileHref(key)} download>
          {t("audits.sponsors.material", { n: i + 1 })}
        </a>
      ))}
      {sponsor.website && /^https?:\/\//.test(sponsor.website) && (
        <a href={sponsor.website} rel="noopener noreferrer nofollow" target="_blank">
          {sponsor.website}
        </a>
      )}
    </span>
  );
}

/** A value someone entered, as entered (a dash when empty). */
function Entered({ text }: { text: string | null }) {
  return <span {...enteredLang(text)}>{text || "—"}</span>;
}
