import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { areaLoader } from "~/locales/load";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { formatDay, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

type Row = { id: number; nameZh: string; nameEn: string; startDate: string; endDate: string };

/** The module editor's entry: straight to the only conference, else a choice (none: to /create). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const mine = await platformData<{ list: Row[]; total: number }>(request, "/manage/conference", { query: { pageSize: 100 } });
  if (mine.total === 0) throw redirect("/create");
  if (mine.total === 1) throw redirect(`/manage/edit/${mine.list[0].id}`);
  const t = await i18n.getFixedT(request);
  return { title: `${t("authoring.edit.chooserTitle")} - ${t("meta.siteName")}`, list: mine.list, total: mine.total };
}

export default function EditChooser() {
  const { list, total } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section>
      <h1 className="ui-page-title">{t("authoring.edit.chooserTitle")}</h1>
      <p>{t("authoring.edit.chooserIntro")}</p>
      <ul className="ui-edit-chooser">
        {list.map((row) => (
          <li key={row.id}>
            <Link to={`/manage/edit/${row.id}`}>{pick(lang, row.nameZh, row.nameEn)}</Link>{" "}
            <span className="ui-muted">{t("home.dates", { start: formatDay(lang, row.startDate), end: formatDay(lang, row.endDate) })}</span>
          </li>
        ))}
      </ul>
      {total > list.length && (
        <p>
          <Link to="/manage">{t("authoring.edit.back")}</Link>
        </p>
      )}
    </section>
  );
}
