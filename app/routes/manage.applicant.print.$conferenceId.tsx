import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import { BADGE_LAYOUTS } from "#contract/schemas/applicants";
import { QrCode } from "~/components/conference/QrCode";
import { ManageNav } from "~/components/manage/ManageNav";
import { Pagination } from "~/components/Pagination";
import { ENTERED } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import type { RouteHandle } from "~/root";
import { loadApplicants } from "~/services/applicants.server";
import { qrMatrix } from "~/services/conference-page.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { pick } from "~/utils/format";
import { useHydrated } from "~/utils/hydrated";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee", "organiser"]);

/**
 * What the style system can't say (app/styles/applicants.styles.ts): the paper of the chosen
 * layout, and the site's header, footer and navigation left off it. Constant text, no data.
 */
const PAPER = { a4: "size: A4; margin: 10mm", card: "size: 90mm 54mm; margin: 0" } as const;
const printCss = (layout: keyof typeof PAPER) =>
  `@page { ${PAPER[layout]} } ` +
  "@media print { .ui-header, .ui-footer, .ui-skip-link, .ui-manage-nav, .ui-notices { display: none !important } " +
  ".ui-main { padding: 0 !important } .ui-container { max-width: none !important; padding: 0 !important } }";

export const handle: RouteHandle = {
  headStyle: (data) => printCss(typeof data === "object" && data !== null && "layout" in data && data.layout === "card" ? "card" : "a4"),
};

/** The platform pages at most 100 rows: one screen of badges, printed in one go. */
const PAGE_SIZE = 100;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * Badges of a selection (`?ids=`) or of the list's current filter: name, institution, identity
 * and the ticket's QR code, drawn on the server as SVG, for A4 sheets or badge cards (`?layout=`).
 * Only registrations that hold a place get a badge.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const { conferenceId, search, filters, page, options, rows, t, name } = await loadApplicants(request, routeId(params.conferenceId), PAGE_SIZE);
  const layout = BADGE_LAYOUTS.find((one) => one === search.get("layout")) ?? "a4";
  const badges = rows.list
    .filter((row) => row.state === "pending" || row.state === "confirmed")
    .map((row) => ({
      id: row.id,
      name: row.name,
      institution: row.institution,
      identity: row.identity,
      ticketCode: row.ticketCode,
      qr: qrMatrix(row.ticketCode),
    }));
  return data(
    {
      title: `${t("applicants.print.title", { name })} - ${t("meta.siteName")}`,
      conferenceId,
      name,
      shortName: options.conference.shortName || name,
      filters,
      layout,
      page,
      total: rows.total,
      badges,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PrintBadges() {
  const { conferenceId, name, shortName, filters, layout, page, total, badges } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const query = new URLSearchParams(filters).toString();
  return (
    <section>
      <ManageNav id={conferenceId} name={name} />
      <div className="ui-apl-noprint">
        <h1 className="ui-page-title">{t("applicants.print.title", { name })}</h1>
        <Form method="get" className="ui-apl-toolbar">
          {Object.entries(filters).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label className="ui-label" htmlFor="badge-layout">
            {t("applicants.print.layout")}
          </label>
          <select className="ui-input" id="badge-layout" name="layout" defaultValue={layout}>
            {BADGE_LAYOUTS.map((one) => (
              <option key={one} value={one}>
                {t(`applicants.print.${one}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="ui-button-outline">
            {t("applicants.print.show")}
          </button>
          {hydrated && (
            <button type="button" className="ui-button" onClick={() => window.print()} data-testid="print">
              {t("applicants.print.print")}
            </button>
          )}
          <Link to={`/manage/applicant/${conferenceId}${query ? `?${query}` : ""}`}>{t("applicants.print.back")}</Link>
        </Form>
        <p className="ui-muted">{t("applicants.print.hint")}</p>
        <p data-testid="badge-count">{t("applicants.print.count", { count: badges.length, total })}</p>
        {badges.length === 0 && <p className="ui-muted">{t("applicants.print.empty")}</p>}
      </div>
      <div className={`ui-apl-sheet ui-apl-sheet-${layout}`} data-testid="badges">
        {badges.map((badge) => (
          <article key={badge.id} className="ui-apl-badge" data-testid="badge">
            <p className="ui-apl-badge-conference" {...enteredLang(shortName)}>
              {shortName}
            </p>
            <p className="ui-apl-badge-name" {...enteredLang(badge.name)}>
              {badge.name}
            </p>
            <p className="ui-apl-badge-detail">
              {badge.institution && <span {...enteredLang(badge.institution)}>{badge.institution}</span>}
              {badge.identity && <span>{pick(i18n.language, badge.identity.nameZh, badge.identity.nameEn)}</span>}
              <span className="ui-apl-badge-code">{badge.ticketCode}</span>
            </p>
            {badge.qr && <QrCode matrix={badge.qr} label={t("applicants.print.qr", { name: ENTERED })} entered={badge.name} size={96} />}
          </article>
        ))}
      </div>
      <div className="ui-apl-noprint">
        <Pagination page={page} pageSize={PAGE_SIZE} total={total} />
      </div>
    </section>
  );
}
