import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { badRequest, parseId, routeId } from "#contract/params";
import { conferenceFileSchema, paperSchema } from "#contract/schemas/services";
import { PendingActions, ServiceSection } from "~/components/services/ReservationCard";
import { FileLink, RowFields, ServiceErrors, ServiceField, ServiceForm, StateBadge, useTyped } from "~/components/services/ServiceFields";
import { ServicePage } from "~/components/services/ServicePage";
import type { ConferenceFile, Paper, ServiceConference } from "~/components/services/types";
import { UploadField } from "~/components/UploadField";
import { areaLoader } from "~/locales/load";
import { appEnv } from "~/services/env.server";
import { requireSignedIn } from "~/services/guard.server";
import { platformData } from "~/services/platform.server";
import { confirmedCall, filledRows, nest, postedId, runService, servicePageData, uploadPostedDocuments, readServiceAction } from "~/services/services.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { punctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

const DOCUMENT_TYPES = "application/pdf,image/png,image/jpeg,image/gif,image/bmp";

/**
 * Papers and other files for a conference (issue 6): submit, see the review and the organiser's
 * remark, replace the file or withdraw while pending, download my own files.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const [conference, branches, papers, files] = await Promise.all([
    platformData<{ info: ServiceConference }>(request, `/conference/${id}`),
    platformData<{ list: Array<{ id: number; nameZh: string; nameEn: string }> }>(request, `/branches/${id}`),
    platformData<{ list: Paper[] }>(request, "/issue", { query: { conferenceId: id, pageSize: 100 } }),
    platformData<{ list: ConferenceFile[] }>(request, "/file", { query: { conferenceId: id, pageSize: 100 } }),
  ]);
  return servicePageData(request, "services.papers.title", {
    conference: conference.info,
    branches: branches.list,
    papers: papers.list,
    files: files.list,
    maxMb: appEnv().UPLOAD_MAX_MB,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const { conferenceId, formData, values, kind, target } = await readServiceAction(request, routeId(params.conferenceId));
  if (kind === "withdrawPaper")
    return confirmedCall(request, formData, { path: `/issue/${postedId(formData)}`, method: "DELETE", notice: "services.papers.withdrawn" });
  if (kind === "withdrawFile")
    return confirmedCall(request, formData, { path: `/file/${postedId(formData)}`, method: "DELETE", notice: "services.files.withdrawn" });
  if (kind !== "paper" && kind !== "file") throw badRequest();
  const refused = await uploadPostedDocuments(request, formData, values, `papers:${conferenceId}`, { single: ["uploadKey"] });
  if (refused) return refused;
  const editing = target !== "new" && parseId(target) !== null;
  const body = nest(values);
  const path = kind === "paper" ? "/issue" : "/file";
  return runService(request, values, {
    schema: kind === "paper" ? paperSchema : conferenceFileSchema,
    input: kind === "paper" ? { ...body, conferenceId, authors: filledRows(body.authors) } : { ...body, conferenceId },
    path: editing ? `${path}/${target}` : path,
    method: editing ? "PUT" : "POST",
    notice:
      kind === "paper" ? (editing ? "services.papers.updated" : "services.papers.submitted") : editing ? "services.files.updated" : "services.files.submitted",
  });
}

type Branches = Array<{ id: number; nameZh: string; nameEn: string }>;

function BranchField({ intent, branches, lang, value }: { intent: string; branches: Branches; lang: string; value: number | null }) {
  const { t } = useTranslation();
  const options = [
    { value: "", label: t("services.papers.mainVenue") },
    ...branches.map((b) => ({ value: String(b.id), label: pick(lang, b.nameZh, b.nameEn) })),
  ];
  return (
    <ServiceField
      intent={intent}
      name="branchId"
      type="select"
      label={t("services.papers.branch")}
      options={options}
      defaultValue={value ? String(value) : ""}
    />
  );
}

/** The file of a form: a private document (the owner and the organisers only), kept across a refusal. */
function DocumentField({ intent, current, maxMb, label }: { intent: string; current?: string; maxMb: number; label: string }) {
  const { t } = useTranslation();
  const typed = useTyped(intent);
  const keep = `papers:${useLoaderData<typeof loader>().conference.id}`;
  return (
    <>
      <UploadField
        name="uploadKey"
        id={`${intent.replace(":", "-")}-upload`}
        label={label}
        help={t("services.files.help", { mb: maxMb })}
        defaultUrl={typed("uploadKeyKept", "") ? null : typed("uploadKey", current ?? "") || null}
        accept={DOCUMENT_TYPES}
        document
        required
        keep={keep}
        kept={typed("uploadKeyKept", "") || null}
      />
      <ServiceErrors intent={intent} name="uploadKey" />
    </>
  );
}

function PaperForm({ paper, branches, lang, maxMb }: { paper?: Paper; branches: Branches; lang: string; maxMb: number }) {
  const { t } = useTranslation();
  const intent = `paper:${paper?.id ?? "new"}`;
  return (
    <ServiceForm
      intent={intent}
      multipart
      submit={t(paper ? "services.saveChanges" : "services.papers.submit")}
      testId={paper ? "paper-edit" : "paper-form"}
      shown={paper ?? null}
    >
      <ServiceField intent={intent} name="title" label={t("services.papers.paperTitle")} required defaultValue={paper?.title} />
      <RowFields
        intent={intent}
        group="authors"
        legend={t("services.papers.authors")}
        columns={[
          { key: "name", label: t("services.papers.authorName") },
          { key: "affiliation", label: t("services.papers.affiliation") },
        ]}
        rows={paper?.authors ?? []}
        spare={paper ? 1 : 3}
      />
      <ServiceField intent={intent} name="abstract" type="textarea" label={t("services.papers.abstract")} required defaultValue={paper?.abstract} />
      <ServiceField
        intent={intent}
        name="keywords"
        label={t("services.papers.keywords")}
        required
        defaultValue={paper?.keywords}
        help={t("services.papers.keywordsHelp")}
      />
      <BranchField intent={intent} branches={branches} lang={lang} value={paper?.branchId ?? null} />
      <DocumentField intent={intent} current={paper?.uploadKey} maxMb={maxMb} label={t(paper ? "services.papers.replaceFile" : "services.papers.file")} />
    </ServiceForm>
  );
}

function FileForm({ file, branches, lang, maxMb }: { file?: ConferenceFile; branches: Branches; lang: string; maxMb: number }) {
  const { t } = useTranslation();
  const intent = `file:${file?.id ?? "new"}`;
  return (
    <ServiceForm
      intent={intent}
      multipart
      submit={t(file ? "services.saveChanges" : "services.files.submit")}
      testId={file ? "file-edit" : "file-form"}
      shown={file ?? null}
    >
      <ServiceField intent={intent} name="name" label={t("services.files.name")} required defaultValue={file?.name} />
      <BranchField intent={intent} branches={branches} lang={lang} value={file?.branchId ?? null} />
      <DocumentField intent={intent} current={file?.uploadKey} maxMb={maxMb} label={t(file ? "services.papers.replaceFile" : "services.files.file")} />
    </ServiceForm>
  );
}

/** Review state, the organiser's remark and my file. */
function Review({ row, lang }: { row: Paper | ConferenceFile; lang: string }) {
  const { t } = useTranslation();
  return (
    <dl className="ui-attend-quote">
      <dt>{t("services.papers.branch")}</dt>
      <dd>{row.branch ? pick(lang, row.branch.nameZh, row.branch.nameEn) : t("services.papers.mainVenue")}</dd>
      <dt>{t("services.files.file")}</dt>
      <dd>
        <FileLink uploadKey={row.uploadKey} name={row.file?.name} />
      </dd>
      {row.remark && (
        <>
          <dt>{t("services.remark")}</dt>
          <dd data-testid="remark">{row.remark}</dd>
        </>
      )}
    </dl>
  );
}

export default function PapersAndFiles() {
  const { conference, branches, papers, files, lang, maxMb } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const asking = useActionData<typeof action>() as { confirm?: string; id?: number } | undefined;
  const shows = (kind: string, id: number) => !asking?.confirm || (asking.confirm === kind && asking.id === id);

  return (
    <ServicePage conference={conference} lang={lang} title={t("services.papers.title")} intro={t("services.papers.intro")} current="papers">
      <ServiceSection id="papers" title={t("services.papers.mine")} empty={papers.length === 0 && t("services.papers.none")}>
        <ul className="ui-svc-cards">
          {papers.map((paper) => (
            <li key={paper.id} className="ui-svc-card" data-testid="paper">
              <h3 className="ui-svc-card-title">
                {paper.title} <StateBadge state={paper.state} />
              </h3>
              <p className="ui-muted">{paper.authors.map((a) => `${a.name}${punctuation(lang).aside(a.affiliation)}`).join(punctuation(lang).semicolon)}</p>
              <Review row={paper} lang={lang} />
              {paper.state === "pending" && (
                <PendingActions
                  intent={`paper:${paper.id}`}
                  editLabel={t("services.papers.edit")}
                  form={<PaperForm paper={paper} branches={branches} lang={lang} maxMb={maxMb} />}
                  cancel={{
                    intent: "withdrawPaper",
                    id: paper.id,
                    question: t("services.papers.withdrawQuestion", { title: paper.title }),
                    label: t("services.withdraw"),
                    shown: shows("withdrawPaper", paper.id),
                  }}
                />
              )}
            </li>
          ))}
        </ul>
        <h3 className="ui-svc-card-title">{t("services.papers.new")}</h3>
        <PaperForm branches={branches} lang={lang} maxMb={maxMb} />
      </ServiceSection>

      <ServiceSection id="files" title={t("services.files.mine")} empty={files.length === 0 && t("services.files.none")}>
        <ul className="ui-svc-cards">
          {files.map((file) => (
            <li key={file.id} className="ui-svc-card" data-testid="conference-file">
              <h3 className="ui-svc-card-title">
                {file.name} <StateBadge state={file.state} />
              </h3>
              <Review row={file} lang={lang} />
              {file.state === "pending" && (
                <PendingActions
                  intent={`file:${file.id}`}
                  form={<FileForm file={file} branches={branches} lang={lang} maxMb={maxMb} />}
                  cancel={{
                    intent: "withdrawFile",
                    id: file.id,
                    question: t("services.files.withdrawQuestion", { name: file.name }),
                    label: t("services.withdraw"),
                    shown: shows("withdrawFile", file.id),
                  }}
                />
              )}
            </li>
          ))}
        </ul>
        <h3 className="ui-svc-card-title">{t("services.files.new")}</h3>
        <FileForm branches={branches} lang={lang} maxMb={maxMb} />
      </ServiceSection>
    </ServicePage>
  );
}
