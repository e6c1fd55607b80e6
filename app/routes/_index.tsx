import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { parsePage } from "#contract/params";
import { ConferenceView as ServerConferenceView } from "~/components/conference/ConferenceView";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/Pagination";
import { ConferenceSearchForm } from "~/components/portal/ConferenceSearchForm";
import { PortalBanners } from "~/components/portal/PortalBanners";
import { PortalConferenceCard } from "~/components/portal/PortalConferenceCard";
import { filterHref, PortalFilters } from "~/components/portal/PortalFilters";
import type { PortalConference } from "~/components/portal/types";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { conferencePageHeaders, loadConferencePage } from "~/services/conference-page.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { clockNow, conferenceIdForHost, readFilters, toConferences, toHome } from "~/services/portal.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

const PAGE_SIZE = 18;
const WHEN = ["upcoming", "past", "all"] as const;

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["portal"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * Home: the portal (banners, important conferences, adverts, the filtered list, links), every
 * filter a link or a GET form. On a conference's own host name, that conference's page instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const hostConference = await conferenceIdForHost(request);
  if (hostConference !== null) {
    const page = await loadConferencePage(request, hostConference);
    return data({ kind: "conference" as const, title: page.title, description: page.description, page }, { headers: conferencePageHeaders(request, page) });
  }

  const url = new URL(request.url);
  const when = WHEN.find((w) => w === url.searchParams.get("when")) ?? "upcoming";
  const page = parsePage(url.searchParams.get("page"));
  const { values, ignored } = readFilters(url);
  const lang = await i18n.getLocale(request);
  const [home, conferences, t] = await Promise.all([
    // The city counts count what the list would show with each city: the same `when` and filters.
    platformData<Parameters<typeof toHome>[0]>(request, "/portal/home", { query: { when: when === "all" ? undefined : when, ...values, city: undefined } }),
    platformData<Page<PortalConference>>(request, "/conference", {
      query: { when: when === "all" ? undefined : when, page, pageSize: PAGE_SIZE, ...values },
    }),
    i18n.getFixedT(request),
  ]);
  return data(
    {
      kind: "portal" as const,
      title: `${t("home.title")} - ${t("meta.siteName")}`,
      description: t("portal.home.description"),
      when,
      page,
      values,
      ignored,
      ...(await clockNow()),
      // The cards, banners and links in the page's language only (no keyword to find in the other).
      home: toHome(home, lang),
      conferences: { list: toConferences(conferences.list, lang), total: conferences.total },
    },
    { headers: publicPageHeaders(request) },
  );
}

/**
 * The page of a conference served on its own host name. Only such a host's visitors download it
 * (issue 16: the portal's first load stays small): in the browser it is loaded when first shown,
 * and the page it hydrates was rendered whole by the server, which imports it at once (a lazy
 * component would stream its first render behind a fallback that only scripts replace).
 */
const ConferenceView = import.meta.env.SSR
  ? ServerConferenceView
  : lazy(() => import("~/components/conference/ConferenceView").then((module) => ({ default: module.ConferenceView })));

export default function Home() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "conference")
    return (
      <Suspense fallback={null}>
        <ConferenceView page={loaded.page} />
      </Suspense>
    );
  return <Portal {...loaded} />;
}

function Portal({ when, page, values, ignored, today, now, home, conferences }: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "portal" }>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const filtered = Boolean(values.categoryId || values.majorId || values.city || values.from || values.to);

  return (
    <div className="ui-portal-home">
      {/* The first screen: what this is and a search, compact; the banners (when there are some) follow. */}
      <section className="ui-portal-hero" aria-labelledby="portal-hero-title">
        <h1 id="portal-hero-title" className="ui-portal-hero-title">
          {t("portal.home.heading")}
        </h1>
        <p className="ui-portal-hero-lead">{t("portal.home.description")}</p>
        <ConferenceSearchForm id="hero-keyword" className="ui-portal-hero-search" />
      </section>
      {home.banners.length > 0 && <PortalBanners banners={home.banners} />}

      {home.important.length > 0 && (
        <section className="ui-portal-section" aria-labelledby="portal-important">
          <h2 id="portal-important" className="ui-section-title">
            {t("portal.home.important")}
          </h2>
          <ul className="ui-conference-list" data-testid="important-list">
            {home.important.map((conference, index) => (
              <PortalConferenceCard key={conference.id} conference={conference} today={today} now={now} first={index === 0} />
            ))}
          </ul>
        </section>
      )}

      {home.adverts.length > 0 && (
        <section className="ui-portal-adverts" aria-label={t("portal.home.adverts")}>
          {home.adverts.map((advert) => {
            const title = pick(lang, advert.titleZh, advert.titleEn);
            const body = (
              <>
                <img className="ui-portal-advert-image" src={advert.image} alt="" width={560} height={140} loading="lazy" decoding="async" />
                <span className="ui-portal-advert-caption">{title}</span>
              </>
            );
            return advert.url ? (
              <a key={advert.id} className="ui-portal-advert" href={advert.url}>
                {body}
              </a>
            ) : (
              <div key={advert.id} className="ui-portal-advert">
                {body}
              </div>
            );
          })}
        </section>
      )}

      <section className="ui-portal-section" aria-labelledby="portal-list">
        <div className="ui-portal-section-head">
          <h2 id="portal-list" className="ui-section-title">
            {t("portal.home.list")}
          </h2>
          <Link className="ui-link-button" to="/schedule">
            {t("portal.home.calendarLink")}
          </Link>
        </div>
        <nav className="ui-tabs" aria-label={t("portal.filters.when")}>
          {WHEN.map((w) => (
            <Link
              key={w}
              className="ui-tab"
              to={filterHref("/", current, { when: w === "upcoming" ? null : w })}
              aria-current={when === w ? "page" : undefined}
            >
              {t(`home.${w}`)}
            </Link>
          ))}
        </nav>
        <nav className="ui-portal-chips" aria-label={t("portal.filters.category")}>
          <Link
            className="ui-portal-chip"
            to={filterHref("/", current, { categoryId: null, majorId: null })}
            aria-current={values.categoryId ? undefined : "page"}
          >
            {t("portal.filters.allCategories")}
          </Link>
          {home.categories.map((category) => (
            <Link
              key={category.id}
              className="ui-portal-chip"
              to={filterHref("/", current, { categoryId: String(category.id), majorId: null })}
              aria-current={values.categoryId === String(category.id) ? "page" : undefined}
            >
              {pick(lang, category.nameZh, category.nameEn)}
            </Link>
          ))}
        </nav>
        <PortalFilters key={location.search} facets={home} values={values} action="/" keep={{ when: when === "upcoming" ? "" : when }} dates />
        {ignored.map((value) => (
          <p key={value} className="ui-field-error" role="alert" data-testid="ignored-filter">
            {t("portal.filters.badDate", { value })}
          </p>
        ))}

        <p className="ui-muted" data-testid="result-count" aria-live="polite">
          {t("portal.home.results", { total: conferences.total })}
        </p>
        {conferences.list.length === 0 ? (
          <EmptyState
            message={t("home.empty")}
            action={filtered ? { href: when === "upcoming" ? "/" : `/?when=${when}`, label: t("portal.filters.clear") } : undefined}
          >
            {filtered && <p className="ui-muted">{t("portal.home.emptyHint")}</p>}
          </EmptyState>
        ) : (
          <ul className="ui-conference-list" data-testid="conference-list">
            {conferences.list.map((conference, index) => (
              <PortalConferenceCard key={conference.id} conference={conference} today={today} now={now} first={index === 0 && home.important.length === 0} />
            ))}
          </ul>
        )}
        <Pagination page={page} pageSize={PAGE_SIZE} total={conferences.total} />
      </section>

      {home.links.length > 0 && (
        <section className="ui-portal-section" aria-labelledby="portal-links">
          <h2 id="portal-links" className="ui-section-title">
            {t("portal.home.links")}
          </h2>
          <ul className="ui-portal-links">
            {home.links.map((link) => (
              <li key={link.id}>
                <a href={link.url} rel="noopener noreferrer">
                  {pick(lang, link.titleZh, link.titleEn)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
