import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { chinaClock, share } from "#contract/checkin";
import { routeId } from "#contract/params";
import type { ConferenceStatistics } from "#contract/views/statistics";
import { ColumnChart, RowChart } from "~/components/checkin/Charts";
import { ManageNav } from "~/components/manage/ManageNav";
import { areaLoader } from "~/locales/load";
import type { RouteHandle } from "~/root";
import { loadStatistics, pageTitle } from "~/services/checkin.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { formatMoney, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee", "organiser"]);

/** How often the open screen fetches fresh figures (with JavaScript). */
const POLL_MS = 10_000;

/**
 * A big screen: no site header or footer (spec §2 Layouts). Without JavaScript it reloads itself;
 * with it, the figures are fetched in place.
 */
export const handle: RouteHandle = { layout: "bare", reloadWithoutJs: 30 };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const stats = await loadStatistics(request, routeId(params.conferenceId));
  const { title, name } = await pageTitle(request, "checkin.stats.title", stats.conference ?? { nameZh: "", nameEn: "" });
  return data({ title, name, stats }, { headers: { "Cache-Control": "private, no-store" } });
}

type Stats = ConferenceStatistics;

/** The figures, refreshed from the JSON route beside this page every 10 seconds. */
function useLiveStatistics(id: number, initial: Stats) {
  const [stats, setStats] = useState(initial);
  useEffect(() => setStats((current) => (current.generatedAt > initial.generatedAt ? current : initial)), [initial]);
  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/manage/statistics/${id}/data`, { headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const next = (await response.json()) as Stats;
        setStats((current) => (next.generatedAt > current.generatedAt ? next : current));
      } catch {
        // The next tick tries again.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [id]);
  return stats;
}

/** A figure in a tile; an amount takes the whole row on a phone (it is the longest figure). */
function Tile({ label, value, detail, testId, amount }: { label: string; value: string | number; detail?: string; testId: string; amount?: boolean }) {
  return (
    <div className={amount ? "ui-chk-tile ui-chk-tile-wide" : "ui-chk-tile"}>
      <p className="ui-chk-tile-label">{label}</p>
      <p className="ui-chk-tile-value" data-testid={testId} data-amount={amount ? "" : undefined}>
        {value}
      </p>
      {detail && <p className="ui-chk-tile-detail">{detail}</p>}
    </div>
  );
}

export default function Statistics() {
  const loaded = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = loaded.stats.conference?.id ?? 0;
  const stats = useLiveStatistics(id, loaded.stats);
  const { registrations: r, payments: pay, checkins, hotels } = stats;
  const money = (fen: number) => formatMoney(fen, pay.currency);
  const live = r.confirmed + r.pending;
  const labels = (key: string, labelHead: string, valueHead: string, params: Record<string, string | number> = {}) => ({
    title: t(`checkin.stats.${key}`, params),
    description: t(`checkin.stats.${key}Desc`, params),
    labelHead,
    valueHead,
    empty: t("checkin.stats.noData"),
  });
  const named = (row: { nameZh: string; nameEn: string } | null) => (row ? pick(lang, row.nameZh, row.nameEn) : t("checkin.noIdentity"));

  return (
    <div className="ui-chk-dash" data-testid="dashboard">
      <ManageNav id={id} name={loaded.name} />
      <header className="ui-chk-dash-head">
        <h1 className="ui-chk-dash-title">{t("checkin.stats.title", { name: loaded.name })}</h1>
        <p className="ui-chk-dash-meta">
          {t("checkin.stats.updated", { time: chinaClock(stats.generatedAt, stats.generatedAt) })} ·{" "}
          <Link to={`/manage/statistics/${id}`}>{t("checkin.counts.refresh")}</Link> · <Link to={`/manage/checkin/${id}`}>{t("checkin.stats.exit")}</Link>
        </p>
      </header>

      <div className="ui-chk-tiles">
        <Tile
          label={t("checkin.stats.registered")}
          value={live}
          detail={t("checkin.stats.registeredDetail", { confirmed: r.confirmed, pending: r.pending })}
          testId="kpi-registered"
        />
        <Tile
          label={t("checkin.stats.checkedIn")}
          value={checkins.checkedIn}
          detail={t("checkin.stats.checkedInDetail", { confirmed: checkins.confirmed, share: share(checkins.checkedIn, checkins.confirmed) })}
          testId="kpi-checked-in"
        />
        <Tile label={t("checkin.stats.today")} value={checkins.today} testId="kpi-today" />
        <Tile
          label={t("checkin.stats.paid")}
          value={money(pay.paidFen)}
          detail={t("checkin.stats.paidDetail", { count: pay.paidCount, pending: pay.pendingAudit })}
          testId="kpi-paid"
          amount
        />
      </div>

      <div className="ui-chk-charts">
        <ColumnChart
          testId="chart-per-day"
          labels={labels("perDay", t("checkin.stats.day"), t("checkin.stats.count"), { total: r.total })}
          series={r.perDay.map((row) => ({ label: row.day.slice(5), value: row.count }))}
        />
        <ColumnChart
          testId="chart-checkins"
          labels={labels("checkinsToday", t("checkin.stats.time"), t("checkin.stats.count"), { minutes: checkins.bucketMinutes, total: checkins.today })}
          series={checkins.buckets.map((row) => ({ label: row.label, value: row.count }))}
        />
        <RowChart
          testId="chart-identities"
          labels={labels("byIdentity", t("checkin.counts.identity"), t("checkin.stats.count"))}
          items={r.byIdentity.map((row) => ({ label: named(row.identity), value: row.count, display: String(row.count) }))}
        />
        <RowChart
          testId="chart-institutions"
          labels={labels("institutions", t("checkin.columns.institution"), t("checkin.stats.count"))}
          items={r.topInstitutions.map((row) => ({ label: row.institution, value: row.count, display: String(row.count) }))}
        />
        <RowChart
          testId="chart-payments"
          labels={labels("payments", t("checkin.stats.method"), t("checkin.stats.amount"), { count: pay.paidCount, amount: money(pay.paidFen) })}
          items={pay.byMethod.map((row) => ({
            label: t(`payment.methods.${row.method}`),
            value: row.amountFen,
            display: t("checkin.stats.methodValue", { count: row.count, amount: money(row.amountFen) }),
            amount: true,
          }))}
        />
        <RowChart
          testId="chart-hotels"
          labels={labels("hotels", t("checkin.stats.hotel"), t("checkin.stats.roomNights"))}
          items={hotels.map((row) => ({
            label: pick(lang, row.nameZh, row.nameEn),
            value: row.bookedNights,
            of: Math.max(row.inventoryNights, row.bookedNights + row.pendingNights, 1),
            extra: row.pendingNights,
            display: t("checkin.stats.hotelValue", { booked: row.bookedNights, inventory: row.inventoryNights, pending: row.pendingNights }),
          }))}
        />
      </div>
    </div>
  );
}
