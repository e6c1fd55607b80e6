import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { badRequest, parsePage, routeId } from "#contract/params";
import { auditDecisionSchema } from "#contract/schemas/audits";
import { AuditFrame, Cards, DecisionForm, ExportLink, Facts, FilterForm, decisionsFor, stateFacts, stateOptions } from "~/components/audits/AuditParts";
import { Pagination } from "~/components/Pagination";
import { areaLoader } from "~/locales/load";
import { filtersOf, manageData, manageTitle, postedValues, rowIdOf, runDecision } from "~/services/audits.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { AUDIT_STATES, type ConferenceFile, type ManagedConference, type Paper, PAPER_FILTERS, chinaTime, fileHref } from "~/utils/audits";
import { enteredLang } from "~/utils/entered";
import { pick } from "~/utils/format";
import { punctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

const PAGE_SIZE = 20;

type Branch = { id: number; nameZh: string; nameEn: string };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const search = new URL(request.url).searchParams;
  const filters = filtersOf(search, PAPER_FILTERS);
  const kind = filters.kind === "file" ? "file" : "paper";
  const page = parsePage(search.get("page"));
  const { kind: _kind, ...query } = filters;
  const list = await manageData<{ list: Array<Paper | ConferenceFile>; total: number; conference: ManagedConference; branches: Branch[] }>(
    request,
    kind === "paper" ? `/issue/conference/${id}` : `/file/conference/${id}`,
    { ...query, page, pageSize: PAGE_SIZE },
  );
  const { title, name } = await manageTitle(request, "audits.papers.title", list.conference);
  return data({ title, name, id, kind, filters, page, list }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  routeId(params.conferenceId);
  const values = await postedValues(request);
  const [kind] = (values.intent ?? "").split(":");
  const rowId = rowIdOf(values);
  if (kind === "paper") return runDecision(request, values, `/issue/${rowId}`);
  if (kind === "file") return runDecision(request, values, `/file/${rowId}`);
  throw badRequest();
}

export default function ViewPaper() {
  const { name, id, kind, filters, page, list } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const exportQuery = new URLSearchParams({ ...filters, kind }).toString();
  return (
    <AuditFrame
      id={id}
      name={name}
      heading={t("audits.papers.heading")}
      actions={<ExportLink href={`/manage/viewPaper/${id}/export.xlsx?${exportQuery}`} label={t("audits.exportExcel")} testId="export-papers" />}
    >
      <FilterForm
        values={{ ...filters, kind }}
        fields={[
          {
            name: "kind",
            label: t("audits.papers.kind"),
            type: "select",
            options: [
              { value: "paper", label: t("audits.papers.papers") },
              { value: "file", label: t("audits.papers.files") },
            ],
          },
          { name: "state", label: t("audits.state"), type: "select", options: stateOptions(t, AUDIT_STATES, "audits.states") },
          {
            name: "branchId",
            label: t("audits.papers.branch"),
            type: "select",
            options: [
              { value: "", label: t("audits.papers.allBranches") },
              { value: "0", label: t("audits.mainVenue") },
              ...list.branches.map((b) => ({ value: String(b.id), label: pick(lang, b.nameZh, b.nameEn) })),
            ],
          },
          { name: "keyword", label: t("audits.keyword"), type: "text", help: t("audits.papers.keywordHelp") },
        ]}
      />
      <h2 className="ui-section-title">{t(kind === "paper" ? "audits.papers.papers" : "audits.papers.files")}</h2>
      <Cards items={list.list} testId="submissions" itemTestId="submission">
        {(row) => (
          <>
            <div className="ui-aud-card-body">
              <p className="ui-aud-card-title" {...enteredLang("title" in row ? row.title : row.name)}>
                {"title" in row ? row.title : row.name}
              </p>
              <Facts
                rows={[
                  ...("title" in row
                    ? ([
                        [
                          t("audits.papers.authors"),
                          row.authors.map((a) => `${a.name}${punctuation(lang).aside(a.affiliation)}`).join(punctuation(lang).semicolon) || "—",
                        ],
                        [t("audits.papers.keywords"), row.keywords || "—"],
                      ] as Array<[string, string]>)
                    : []),
                  [t("audits.papers.branch"), row.branchZh === null ? t("audits.mainVenue") : pick(lang, row.branchZh, row.branchEn)],
                  [t("audits.papers.submitter"), `${row.accountName} ${row.accountMobile}`],
                  [t("audits.submittedAt"), chinaTime(row.createdAt)],
                  ...stateFacts(t, { value: row.state, label: t(`audits.states.${row.state}`) }, row.remark),
                ]}
              />
              {"abstract" in row && row.abstract && (
                <details>
                  <summary>{t("audits.papers.abstract")}</summary>
                  <p>{row.abstract}</p>
                </details>
              )}
              <a href={fileHref(row.uploadKey)} download className="ui-link-button" data-testid="download">
                {t("audits.download")}
              </a>
            </div>
            <DecisionForm kind={kind} rowId={row.id} schema={auditDecisionSchema} {...decisionsFor(t, row.state)} />
          </>
        )}
      </Cards>
      <Pagination page={page} pageSize={PAGE_SIZE} total={list.total} />
    </AuditFrame>
  );
}
