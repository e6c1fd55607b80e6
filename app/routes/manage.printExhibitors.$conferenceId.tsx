import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import { AuditFrame, FilterForm, sponsorKindField, stateOptions } from "~/components/audits/AuditParts";
import { areaLoader } from "~/locales/load";
import { manageData, manageTitle } from "~/services/audits.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { AUDIT_STATES, DEFAULT_PRINT_COLUMNS, type ManagedConference, PRINT_COLUMNS } from "~/utils/audits";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** Which sponsors or exhibitors, and which columns, go on the printed list. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const { conference } = await manageData<{ conference: ManagedConference }>(request, `/sponsor/manage/${id}`, { pageSize: 1 });
  const { title, name } = await manageTitle(request, "audits.print.title", conference);
  return data({ title, name, id }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PrintExhibitorsChoice() {
  const { name, id } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AuditFrame id={id} name={name} heading={t("audits.print.heading")}>
      <h2 className="ui-section-title">{t("audits.print.choose")}</h2>
      <FilterForm
        id="print"
        action={`/manage/printExhibitors/print/${id}`}
        submit={t("audits.print.open")}
        values={{ state: "approved" }}
        fields={[sponsorKindField(t), { name: "state", label: t("audits.state"), type: "select", options: stateOptions(t, AUDIT_STATES, "audits.states") }]}
      >
        <fieldset className="ui-aud-columns">
          <legend>{t("audits.print.columns")}</legend>
          {PRINT_COLUMNS.map((column) => (
            <label key={column} className="ui-checkbox">
              <input type="checkbox" name="col" value={column} defaultChecked={DEFAULT_PRINT_COLUMNS.includes(column)} />
              <span>{t(`audits.export.${column}`)}</span>
            </label>
          ))}
        </fieldset>
      </FilterForm>
    </AuditFrame>
  );
}
