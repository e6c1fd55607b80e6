import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BasicsForm } from "~/components/authoring/BasicsForm";
import { areaLoader } from "~/locales/load";
import type { RouteHandle } from "~/root";
import { loadCategories, saveBasics } from "~/services/authoring.server";
import { rejectIntent } from "~/services/form-protocol.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { useTranslation } from "~/use-translation";
import { lastResultOf } from "~/utils/form-protocol";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

export const handle: RouteHandle = { layout: "create" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const t = await i18n.getFixedT(request);
  return { title: `${t("authoring.create.title")} - ${t("meta.siteName")}`, categories: await loadCategories(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const saved = await saveBasics(request, await request.formData(), { method: "POST", path: "/conference" });
  if (!saved.ok) return rejectIntent("create", saved.submission, saved.messages);
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, `/manage/edit/${saved.id}`, { content: t("authoring.create.created"), color: "success" });
}

export default function Create() {
  const { categories } = useLoaderData<typeof loader>();
  const lastResult = lastResultOf(useActionData<typeof action>(), "create");
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="ui-page-title">{t("authoring.create.title")}</h1>
      <p className="ui-muted">{t("authoring.create.intro")}</p>
      <BasicsForm intent="create" lastResult={lastResult} defaults={{}} categories={categories} submit={t("authoring.create.submit")} />
    </section>
  );
}
