import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/Pagination";
import { PortalConferenceCard } from "~/components/portal/PortalConferenceCard";
import { filterHref, PortalFilters } from "~/components/portal/PortalFilters";
import type { PortalConference, PortalFacets } from "~/components/portal/types";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { clockNow, readFilters, toConferences } from "~/services/portal.server";
import { useTranslation } from "~/use-translation";
import { formatDay } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

const PAGE_SIZE = 50;

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["portal"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** `YYYY-MM` shifted by `delta` months. */
function shiftMonth(month: string, delta: number) {
  const [y, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * The academic calendar (spec §2 /schedule): a year's months with their number of conferences,
 * and the chosen month's conferences by the day they open. Filters: category, discipline, city.
 * A missing or malformed month shows the current one (China time).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { today, now } = await clockNow();
  const raw = url.searchParams.get("month") ?? "";
  const valid = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(raw);
  const month = valid && Number(valid[1]) >= 1900 && Number(valid[1]) <= 2999 ? raw : today.slice(0, 7);
  const page = parsePage(url.searchParams.get("page"));
  const { values } = readFilters(url);
  const filters = { categoryId: values.categoryId, majorId: values.majorId, city: values.city };
  const [facets, calendar, conferences, t] = await Promise.all([
    platformData<PortalFacets>(request, "/portal/facets"),
    platformData<{ year: number; months: Array<{ month: string; total: number }> }>(request, "/conference/calendar", {
      query: { year: month.slice(0, 4), ...filters },
    }),
    platformData<Page<PortalConference>>(request, "/conference", { query: { month, page, pageSize: PAGE_SIZE, ...filters } }),
    i18n.getFixedT(request),
  ]);
  const monthName = (m: string) => t("portal.schedule.monthTitle", { year: m.slice(0, 4), month: t(`portal.months.${Number(m.slice(5))}`) });
  return data(
    {
      title: `${t("portal.schedule.pageTitle", { month: monthName(month) })} - ${t("meta.siteName")}`,
      description: t("portal.schedule.description"),
      month,
      monthBad: Boolean(raw) && raw !== month,
      page,
      today,
      now,
      values: { ...values, from: "", to: "" },
      facets,
      months: calendar.months,
      // The cards in the page's language only: the calendar has no keyword to find in the other.
      conferences: { list: toConferences(conferences.list, await i18n.getLocale(request)), total: conferences.total },
    },
    { headers: publicPageHeaders(request) },
  );
}

export default function Schedule() {
  const { month, monthBad, page, today, now, values, facets, months, conferences } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const year = Number(month.slice(0, 4));
  const monthName = (m: string) => t("portal.schedule.monthTitle", { year: m.slice(0, 4), month: t(`portal.months.${Number(m.slice(5))}`) });
  const monthHref = (m: string) => filterHref("/schedule", current, { month: m });

  // Conferences of the page by the day they open (the list comes in start-date order).
  const days: Array<{ day: string; list: PortalConference[] }> = [];
  for (const conference of conferences.list) {
    const last = days.at(-1);
    if (last && last.day === conference.startDate) last.list.push(conference);
    else days.push({ day: conference.startDate, list: [conference] });
  }

  return (
    <section className="ui-portal-schedule">
      <h1 className="ui-page-title">{t("portal.schedule.title")}</h1>
      {monthBad && (
        <p className="ui-field-error" role="alert">
          {t("portal.schedule.badMonth")}
        </p>
      )}
      <nav className="ui-portal-year" aria-label={t("portal.schedule.months", { year })} data-testid="calendar-months">
        <Link className="ui-portal-year-step" to={monthHref(`${year - 1}-12`)} aria-label={t("portal.schedule.prevYear")}>
          ‹ {year - 1}
        </Link>
        <ol className="ui-portal-months">
          {months.map((m) => (
            <li key={m.month}>
              <Link
                className="ui-portal-month"
                to={monthHref(m.month)}
                aria-current={m.month === month ? "page" : undefined}
                data-empty={m.total === 0 ? "" : undefined}
                aria-label={t("portal.schedule.monthLink", { month: monthName(m.month), total: m.total })}
              >
                <span className="ui-portal-month-name">{t(`portal.months.${Number(m.month.slice(5))}`)}</span>
                <span className="ui-portal-month-total">{m.total}</span>
              </Link>
            </li>
          ))}
        </ol>
        <Link className="ui-portal-year-step" to={monthHref(`${year + 1}-01`)} aria-label={t("portal.schedule.nextYear")}>
          {year + 1} ›
        </Link>
      </nav>

      <PortalFilters key={location.search} facets={facets} values={values} action="/schedule" month={month} categorySelect />

      <div className="ui-portal-section-head">
        <h2 className="ui-section-title" data-testid="month-title">
          {monthName(month)}
        </h2>
        <span className="ui-portal-month-steps">
          <Link className="ui-link-button" to={monthHref(shiftMonth(month, -1))} rel="prev">
            {t("portal.schedule.prevMonth")}
          </Link>
          <Link className="ui-link-button" to={monthHref(shiftMonth(month, 1))} rel="next">
            {t("portal.schedule.nextMonth")}
          </Link>
        </span>
      </div>
      {days.length === 0 ? (
        <EmptyState message={t("portal.schedule.empty")} />
      ) : (
        <ol className="ui-portal-days" data-testid="calendar-days">
          {days.map(({ day, list }) => (
            <li key={day} className="ui-portal-day">
              <h3 className="ui-portal-day-title">
                <time dateTime={day}>{formatDay(i18n.language, day)}</time>
              </h3>
              <ul className="ui-conference-list">
                {list.map((conference) => (
                  <PortalConferenceCard key={conference.id} conference={conference} today={today} now={now} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={conferences.total} />
    </section>
  );
}
