import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { areaLoader } from "~/locales/load";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";

/** The browser loads these areas' messages with the page (app/locales/load.ts): the queues' names are the attendee area's. */
export const clientLoader = areaLoader(["admin", "attendee"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** What waits for a decision: certifications, conference domains and text-message sender names. */
const QUEUES = [
  { kind: "organizations", path: "/organization/review" },
  { kind: "domain", path: "/review/domains" },
  { kind: "signName", path: "/review/sign-names" },
] as const;

/** The screens of platform administration (issue 17), with how many approvals wait. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const query = { state: "pending", page: 1, pageSize: 1 };
  const [totals, t] = await Promise.all([
    Promise.all(QUEUES.map(async ({ kind, path }) => ({ kind, waiting: (await platformData<Page<unknown>>(request, path, { query })).total }))),
    i18n.getFixedT(request),
  ]);
  return { title: `${t("admin.title")} - ${t("meta.siteName")}`, totals };
}

export default function AdminHome() {
  const { totals } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const screens = [
    { to: "/admin/accounts", name: "admin.accounts.title", about: "admin.hub.accounts" },
    { to: "/admin/conferences", name: "admin.conferences.title", about: "admin.hub.conferences" },
    { to: "/admin/disciplines", name: "admin.disciplines.title", about: "admin.hub.disciplines" },
    { to: "/admin/references", name: "admin.references.title", about: "admin.hub.references" },
    { to: "/admin/institutions", name: "admin.institutions.title", about: "admin.hub.institutions" },
    { to: "/admin/home", name: "admin.home.title", about: "admin.hub.home" },
    { to: "/admin/audit", name: "admin.audit.title", about: "admin.hub.audit" },
  ];
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.title")}</h1>
      <section className="ui-card ui-stack" aria-labelledby="approvals">
        <h2 id="approvals" className="ui-section-title">
          {t("admin.hub.approvals")}
        </h2>
        <ul className="ui-stack">
          {totals.map(({ kind, waiting }) => (
            <li key={kind} className="ui-row">
              <Link className="ui-link" to={`/organization/review?kind=${kind}`}>
                {t(`organization.kinds.${kind}`)}
              </Link>
              <span className={waiting ? undefined : "ui-muted"} data-testid={`waiting-${kind}`}>
                {t("admin.hub.waiting", { count: waiting })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ul className="ui-stack">
        {screens.map((screen) => (
          <li key={screen.to} className="ui-card">
            <h2 className="ui-section-title">
              <Link className="ui-link" to={screen.to}>
                {t(screen.name)}
              </Link>
            </h2>
            <p className="ui-muted">{t(screen.about)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
