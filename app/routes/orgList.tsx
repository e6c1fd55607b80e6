import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { parseId, parsePage } from "#contract/params";
import { ConferenceCard, type ConferenceSummary } from "~/components/ConferenceCard";
import { Highlight } from "~/components/Highlight";
import { Pagination } from "~/components/Pagination";
import { DirectoryFilters, DirectoryResults } from "~/components/portal/DirectoryFilters";
import { StatusBadge } from "~/components/StatusBadge";
import { ENTERED, NamedControl } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { publicPageHeaders } from "~/services/cache.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform, type Page, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { formatDay, pick } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { usePrefetch } from "~/utils/prefetch";

const PAGE_SIZE = 18;
const CONFERENCES_PAGE_SIZE = 12;

type InstitutionInfo = { id: number; nameZh: string; nameEn: string; cityZh: string; cityEn: string; logo: string | null; certified: boolean };
type Institution = InstitutionInfo & {
  conferenceCount: number;
  conferences: Array<{ id: number; nameZh: string; nameEn: string; startDate: string; endDate: string }>;
};
type InstitutionDetail = { info: InstitutionInfo; conferences: Page<ConferenceSummary> };

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["directory"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * Certified institutions (spec §2 /orgList), searchable, each with its newest conferences;
 * `?institution={id}` shows one of them with all its published conferences, paged.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const siteName = t("meta.siteName");

  if (url.searchParams.has("institution")) {
    const id = parseId(url.searchParams.get("institution"));
    const result = id ? await callPlatform<InstitutionDetail>(request, `/institution/${id}`, { query: { page, pageSize: CONFERENCES_PAGE_SIZE } }) : null;
    // The list shows certified institutions only; the others have no page here.
    if (!result?.ok || !result.data.info.certified) throw new Response(result && !result.ok ? result.message : t("orgList.errors.notFound"), { status: 404 });
    const { info } = result.data;
    const name = pick(lang, info.nameZh, info.nameEn);
    return data(
      {
        view: "institution" as const,
        title: `${name} - ${t("orgList.title")} - ${siteName}`,
        description: t("orgList.institutionDescription", { name, city: pick(lang, info.cityZh, info.cityEn) }),
        page,
        institution: result.data,
      },
      { headers: publicPageHeaders(request) },
    );
  }

  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const institutions = await platformData<Page<Institution>>(request, "/institution", { query: { certified: 1, keyword, page, pageSize: PAGE_SIZE } });
  return data(
    { view: "list" as const, title: `${t("orgList.title")} - ${siteName}`, description: t("orgList.description"), page, keyword, institutions },
    { headers: publicPageHeaders(request) },
  );
}

export default function OrgList() {
  const loaderData = useLoaderData<typeof loader>();
  return loaderData.view === "institution" ? (
    <InstitutionConferences detail={loaderData.institution} page={loaderData.page} />
  ) : (
    <InstitutionList keyword={loaderData.keyword} page={loaderData.page} institutions={loaderData.institutions} />
  );
}

function InstitutionList({ keyword, page, institutions }: { keyword: string; page: number; institutions: Page<Institution> }) {
  const { t, i18n } = useTranslation();
  const prefetch = usePrefetch();
  const lang = i18n.language;
  return (
    <section>
      <h1 className="ui-page-title">{t("orgList.title")}</h1>
      <DirectoryFilters
        label={t("orgList.title")}
        className="ui-org-search"
        formKey={keyword}
        keyword={{ id: "org-keyword", label: t("orgList.keyword"), placeholder: t("orgList.keywordPlaceholder"), value: keyword }}
        submitLabel={t("orgList.search")}
      />
      <DirectoryResults shown={institutions.list.length} summary={t("orgList.results", { total: institutions.total })} empty={<p>{t("orgList.empty")}</p>}>
        <ul className="ui-org-list" data-testid="institution-list">
          {institutions.list.map((institution) => {
            const name = pick(lang, institution.nameZh, institution.nameEn);
            return (
              <li key={institution.id} className="ui-org-card" data-testid="institution">
                <div className="ui-org-head">
                  <InstitutionLogo name={name} logo={institution.logo} />
                  <div>
                    <h2 className="ui-org-name">
                      <Highlight text={name} keyword={keyword} />
                    </h2>
                    <p className="ui-org-sub">
                      <Highlight text={pick(lang, institution.cityZh, institution.cityEn)} keyword={keyword} />
                      <StatusBadge state="approved">{t("orgList.certified")}</StatusBadge>
                    </p>
                  </div>
                </div>
                <p className="ui-org-sub">
                  {institution.conferenceCount > 0 ? t("orgList.conferenceCount", { count: institution.conferenceCount }) : t("orgList.noConferences")}
                </p>
                {institution.conferences.length > 0 && (
                  <ul className="ui-org-conferences">
                    {institution.conferences.map((conference) => (
                      <li key={conference.id}>
                        <Link to={`/${conference.id}`} prefetch={prefetch}>
                          {pick(lang, conference.nameZh, conference.nameEn)}
                        </Link>
                        <span className="ui-org-date">
                          {t("home.dates", { start: formatDay(lang, conference.startDate), end: formatDay(lang, conference.endDate) })}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {institution.conferenceCount > 0 && (
                  <Link className="ui-org-more" to={`/orgList?institution=${institution.id}`}>
                    <NamedControl
                      shown={`${t("orgList.allConferences")} (${institution.conferenceCount})`}
                      name={t("orgList.allConferencesOf", { name: ENTERED })}
                      entered={name}
                    />
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </DirectoryResults>
      <Pagination page={page} pageSize={PAGE_SIZE} total={institutions.total} />
    </section>
  );
}

function InstitutionConferences({ detail, page }: { detail: InstitutionDetail; page: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { info, conferences } = detail;
  const name = pick(lang, info.nameZh, info.nameEn);
  return (
    <section>
      <Link className="ui-org-back" to="/orgList">
        ← {t("orgList.back")}
      </Link>
      <div className="ui-org-head ui-org-hero">
        <InstitutionLogo name={name} logo={info.logo} />
        <div>
          <h1 className="ui-org-title">{name}</h1>
          <p className="ui-org-sub">
            {pick(lang, info.cityZh, info.cityEn)}
            <StatusBadge state="approved">{t("orgList.certified")}</StatusBadge>
            <span>{conferences.total > 0 ? t("orgList.conferenceCount", { count: conferences.total }) : t("orgList.noConferences")}</span>
          </p>
        </div>
      </div>
      <h2 className="ui-section-title">{t("orgList.conferencesOf", { name })}</h2>
      {conferences.list.length === 0 ? (
        <p className="ui-muted">{t("orgList.noConferences")}</p>
      ) : (
        <ul className="ui-conference-list" data-testid="institution-conferences">
          {conferences.list.map((conference) => (
            <ConferenceCard key={conference.id} conference={conference} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={CONFERENCES_PAGE_SIZE} total={conferences.total} />
    </section>
  );
}

/** The institution's logo, or its first character on a tinted square (same size either way). */
function InstitutionLogo({ name, logo }: { name: string; logo: string | null }) {
  if (logo) return <img className="ui-org-logo" src={logo} width={48} height={48} alt="" loading="lazy" />;
  return (
    <span className="ui-org-logo" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
