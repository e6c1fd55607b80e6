import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ConferenceSummary } from "~/components/ConferenceCard";
import { Pagination } from "~/components/Pagination";
import { requireAccount } from "~/services/account.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { formatDay, pick } from "~/utils/format";

const PAGE_SIZE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** The conferences this account owns or administers, published or not. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const conferences = await platformData<Page<ConferenceSummary>>(request, "/conference", { query: { mine: 1, when: undefined, page, pageSize: PAGE_SIZE } });
  const t = await i18n.getFixedT(request);
  return { title: `${t("manage.title")} - ${t("meta.siteName")}`, page, conferences };
}

export default function Manage() {
  const { page, conferences } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section>
      <h1 className="ui-page-title">{t("manage.title")}</h1>
      {conferences.list.length === 0 ? (
        <p className="ui-muted">{t("manage.empty")}</p>
      ) : (
        <table className="ui-table" data-testid="manage-list">
          <thead>
            <tr>
              <th>{t("manage.name")}</th>
              <th>{t("manage.dates")}</th>
              <th>{t("manage.state")}</th>
            </tr>
          </thead>
          <tbody>
            {conferences.list.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/${c.id}`}>{pick(lang, c.nameZh, c.nameEn)}</Link>
                </td>
                <td>{t("home.dates", { start: formatDay(lang, c.startDate), end: formatDay(lang, c.endDate) })}</td>
                <td>
                  <span className="ui-badge" data-tone={c.isPublish ? "success" : "warning"}>
                    {t(c.isPublish ? "common.published" : "common.notPublished")}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={conferences.total} />
    </section>
  );
}
