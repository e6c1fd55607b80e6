import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { notFound, routeId } from "#contract/params";
import { AuditFrame, ExportLink } from "~/components/audits/AuditParts";
import { FieldError } from "~/components/FieldError";
import { FigureTable } from "~/components/FigureTable";
import { areaLoader } from "~/locales/load";
import { filtersOf, manageData, manageTitle } from "~/services/audits.server";
import { requireSignedIn } from "~/services/guard.server";
import { callPlatform } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import type { ManagedConference, Report } from "~/utils/audits";
import { formatMoney, pick } from "~/utils/format";
import { useHydrated } from "~/utils/hydrated";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee", "organiser"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * The summary report for a range of days (`from`, `to`; by default the conference's whole span
 * so far). A range the platform refuses is said beside its field, and the default is shown.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const asked = filtersOf(new URL(request.url).searchParams, ["from", "to"]);
  const tried = await callPlatform<Report>(request, `/report/${id}`, { query: asked });
  if (!tried.ok && tried.status === 404) throw notFound();
  const errors = tried.ok ? {} : tried.fields;
  const report = tried.ok ? tried.data : await manageData<Report>(request, `/report/${id}`);
  const { title, name } = await manageTitle(request, "audits.report.pageTitle", report.conference satisfies ManagedConference);
  return data({ title, name, id, asked, errors, report }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function ReportPage() {
  const { name, id, asked, errors, report } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hydrated = useHydrated();
  const currency = report.conference.currency;
  const range = { from: report.from, to: report.to };
  const field = (key: "from" | "to") => {
    const error = errors[key];
    return (
      <div className="ui-field">
        <label className="ui-label" htmlFor={`report-${key}`}>
          {t(`audits.report.${key}`)}
        </label>
        <input
          id={`report-${key}`}
          type="date"
          name={key}
          className="ui-input"
          defaultValue={error ? asked[key] : range[key]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `report-${key}-error` : undefined}
        />
        <FieldError id={`report-${key}-error`} errors={error ? [error] : undefined} />
      </div>
    );
  };
  return (
    <AuditFrame
      id={id}
      name={name}
      heading={t("audits.report.title")}
      actions={
        <span className="ui-aud-actions ui-aud-noprint">
          <ExportLink href={`/manage/report/${id}/export.xlsx?${new URLSearchParams(range)}`} label={t("audits.exportExcel")} testId="export-report" />
          {hydrated && (
            <button type="button" className="ui-button" onClick={() => window.print()}>
              {t("audits.printButton")}
            </button>
          )}
        </span>
      }
    >
      <Form method="get" className="ui-aud-filters ui-aud-noprint" aria-label={t("audits.report.range")}>
        {field("from")}
        {field("to")}
        <div className="ui-aud-filter-actions">
          <button type="submit" className="ui-button">
            {t("audits.report.apply")}
          </button>
        </div>
      </Form>
      <p className="ui-muted">
        {t("audits.report.range")}:{" "}
        <span data-testid="report-range">
          {report.from} – {report.to}
        </span>
        . {t("audits.report.rangeHelp")}
      </p>
      <div className="ui-aud-report" data-testid="report">
        <section aria-labelledby="r-registrations">
          <h2 id="r-registrations">{t("audits.report.registrations")}</h2>
          <p className="ui-aud-figure" data-testid="report-registrations">
            {report.registrations.total}
          </p>
          <Figures
            rows={[
              ...(["pending", "confirmed", "rejected", "cancelled"] as const).map(
                (state) => [t(`audits.registrationStates.${state}`), report.registrations.byState[state]] as const,
              ),
              ...report.registrations.byIdentity.map(
                (row) =>
                  [
                    `${t("audits.report.byIdentity")} · ${row.identityId === null ? t("audits.report.noIdentity") : pick(lang, row.nameZh, row.nameEn)}`,
                    row.count,
                  ] as const,
              ),
            ]}
          />
        </section>
        <section aria-labelledby="r-revenue">
          <h2 id="r-revenue">{t("audits.report.revenue")}</h2>
          <p className="ui-aud-figure" data-testid="report-revenue">
            {formatMoney(report.revenue.totalFen, currency)}
          </p>
          <Figures
            rows={report.revenue.methods.map((m) => [`${t(`payment.methods.${m.method}`)} (${m.count})`, formatMoney(m.amountFen, currency)] as const)}
          />
        </section>
        <section aria-labelledby="r-invoices">
          <h2 id="r-invoices">{t("audits.report.invoices")}</h2>
          <Figures
            rows={[
              [t("audits.report.invoicesRequested"), report.invoices.requested],
              [t("audits.report.invoicesIssued"), report.invoices.issued],
              [t("audits.report.invoicesIssuedYuan"), formatMoney(report.invoices.issuedFen, currency)],
              [t("audits.report.invoicesWaiting"), report.invoices.waiting],
              [t("audits.report.invoicesRejected"), report.invoices.rejected],
            ]}
            testId="report-invoices"
          />
        </section>
        <section aria-labelledby="r-checkins">
          <h2 id="r-checkins">{t("audits.report.checkins")}</h2>
          <p className="ui-aud-figure" data-testid="report-checkins">
            {report.checkins}
          </p>
          <p className="ui-muted">{t("audits.report.checkedIn")}</p>
        </section>
        <section aria-labelledby="r-hotels">
          <h2 id="r-hotels">{t("audits.report.hotelNights")}</h2>
          <p className="ui-aud-figure" data-testid="report-nights">
            {report.hotelNights.total}
          </p>
          <Figures rows={report.hotelNights.hotels.map((h) => [pick(lang, h.nameZh, h.nameEn), h.nights] as const)} />
        </section>
      </div>
    </AuditFrame>
  );
}

/** A two-column table of item and figure. */
function Figures({ rows, testId }: { rows: ReadonlyArray<readonly [string, string | number]>; testId?: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return <FigureTable className="ui-table" testId={testId} heads={[t("audits.report.item"), t("audits.report.count")]} rows={rows} />;
}
