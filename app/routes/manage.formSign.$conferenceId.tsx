import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { parsePage, routeId } from "#contract/params";
import { FormsTable } from "~/components/forms/FormsTable";
import { ManageNav } from "~/components/manage/ManageNav";
import { Pagination } from "~/components/Pagination";
import { areaLoader } from "~/locales/load";
import { privateData } from "~/services/forms.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import type { FormListRow } from "~/utils/forms";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["forms", "organiser"]);

const PAGE_SIZE = 20;

type ConferenceForms = { list: FormListRow[]; total: number; conference: { id: number; nameZh: string; nameEn: string } };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The forms attached to a conference (spec §2 /manage/formSign/{index}), for its owner and admin users. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccount(request);
  const id = routeId(params.conferenceId);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const forms = await platformData<ConferenceForms>(request, "/form", { query: { conferenceId: id, page, pageSize: PAGE_SIZE } });
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const name = pick(lang, forms.conference.nameZh, forms.conference.nameEn);
  return privateData({ title: `${t("forms.formSign.title", { name })} - ${t("meta.siteName")}`, name, id, page, forms });
}

export default function ManageFormSign() {
  const { name, id, page, forms } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section>
      <ManageNav id={id} name={name} />
      <div className="ui-edit-actions">
        <h1 className="ui-page-title">{t("forms.formSign.title", { name })}</h1>
        <Link className="ui-button" to={`/form/edit?conferenceId=${id}`}>
          {t("forms.formSign.create")}
        </Link>
      </div>
      <p className="ui-muted">{t("forms.formSign.intro")}</p>
      {forms.list.length === 0 ? (
        <p className="ui-muted">{t("forms.formSign.empty")}</p>
      ) : (
        <FormsTable list={forms.list} lang={lang} testId="conference-forms" withExport />
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={forms.total} />
    </section>
  );
}
