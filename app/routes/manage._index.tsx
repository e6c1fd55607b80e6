import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { parsePage, routeId } from "#contract/params";
import { IntentButton, useIntentResult } from "~/components/authoring/IntentForm";
import { EmptyState } from "~/components/EmptyState";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { ENTERED, NamedControl } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { formValues, rejectValues, runIntent } from "~/services/form-protocol.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

const PAGE_SIZE = 20;

type Row = {
  id: number;
  nameZh: string;
  nameEn: string;
  startDate: string;
  endDate: string;
  isPublish: boolean;
  takenDownReason: string | null;
  registrations: number;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The conferences this account owns or administers, published or not, with the publish switch. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const conferences = await platformData<{ list: Row[]; total: number; certified: boolean }>(request, "/manage/conference", {
    query: { page, pageSize: PAGE_SIZE },
  });
  const t = await i18n.getFixedT(request);
  return { title: `${t("authoring.manage.title")} - ${t("meta.siteName")}`, page, conferences };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const values = formValues(await request.formData());
  const id = routeId(values.id);
  const isPublish = values.isPublish === "true";
  if (isPublish) {
    // Said here in words (with a link) rather than as the platform's 403 error page.
    const certification = await callPlatform(request, "/account/certification");
    if (certification.ok && !certification.data.has) return rejectValues("publish", values, { formErrors: ["authoring.errors.notCertified"] });
  }
  const url = new URL(request.url);
  return runIntent(request, "publish", values, {
    call: () => ({ path: `/conference/${id}`, options: { method: "PATCH", body: { isPublish } } }),
    back: `/manage${url.search}`,
    notice: isPublish ? "authoring.manage.publishedNotice" : "authoring.manage.unpublishedNotice",
  });
}

export default function Manage() {
  const { page, conferences } = useLoaderData<typeof loader>();
  const result = useIntentResult("publish");
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const refusedCertification = result?.formErrors.includes("authoring.errors.notCertified");
  return (
    <section>
      <div className="ui-edit-actions">
        <h1 className="ui-page-title">{t("authoring.manage.title")}</h1>
        <Link to="/create" className="ui-button">
          {t("authoring.manage.create")}
        </Link>
      </div>
      {(!conferences.certified || refusedCertification) && (
        <p className="ui-edit-warning" role={refusedCertification ? "alert" : undefined} data-testid="not-certified">
          {t("authoring.manage.notCertified")} <Link to="/organization">{t("authoring.manage.certifyLink")}</Link>
        </p>
      )}
      {result &&
        !refusedCertification &&
        result.formErrors.map((message) => (
          <p key={message} className="ui-field-error" role="alert">
            {t(message)}
          </p>
        ))}
      {conferences.list.length === 0 ? (
        <EmptyState message={t("authoring.manage.empty")} action={{ href: "/create", label: t("authoring.manage.create") }} />
      ) : (
        <div className="ui-edit-table-wrap">
          <table className="ui-table ui-list-cards" data-testid="manage-list">
            <thead>
              <tr>
                <th scope="col">{t("authoring.manage.name")}</th>
                <th scope="col">{t("authoring.manage.dates")}</th>
                <th scope="col">{t("authoring.manage.state")}</th>
                <th scope="col">{t("authoring.manage.registrations")}</th>
                <th scope="col">{t("authoring.manage.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {conferences.list.map((c) => {
                const name = pick(lang, c.nameZh, c.nameEn);
                return (
                  <tr key={c.id} data-conference={c.id}>
                    <td data-label={t("authoring.manage.name")}>
                      <Link to={`/${c.id}`} {...enteredLang(name)}>
                        {name}
                      </Link>
                    </td>
                    <td data-label={t("authoring.manage.dates")}>
                      {t("home.dates", { start: formatDay(lang, c.startDate), end: formatDay(lang, c.endDate) })}
                    </td>
                    <td data-label={t("authoring.manage.state")}>
                      {c.takenDownReason ? (
                        <>
                          <StatusBadge tone="danger">{t("authoring.manage.takenDown")}</StatusBadge>
                          <p className="ui-muted">
                            {t("authoring.manage.takenDownReason")}: <span {...enteredLang(c.takenDownReason)}>{c.takenDownReason}</span>
                          </p>
                        </>
                      ) : (
                        <StatusBadge state={c.isPublish ? "published" : "unpublished"}>
                          {t(c.isPublish ? "authoring.manage.published" : "authoring.manage.draft")}
                        </StatusBadge>
                      )}
                    </td>
                    <td data-label={t("authoring.manage.registrations")}>{c.registrations}</td>
                    <td data-label={t("authoring.manage.actions")}>
                      <div className="ui-edit-actions">
                        <Link to={`/manage/edit/${c.id}`}>
                          <NamedControl shown={t("authoring.manage.edit")} name={t("authoring.manage.editLabel", { name: ENTERED })} entered={name} />
                        </Link>
                        <Link to={`/manage/signup/${c.id}`}>
                          <NamedControl shown={t("authoring.manage.signup")} name={t("authoring.manage.signupLabel", { name: ENTERED })} entered={name} />
                        </Link>
                        {/* Taken down by the platform: published again only once an administrator allows it. */}
                        {!c.takenDownReason && (
                          <IntentButton
                            intent="publish"
                            hidden={{ id: c.id, isPublish: String(!c.isPublish) }}
                            label={t(c.isPublish ? "authoring.manage.unpublish" : "authoring.manage.publish")}
                            tone={c.isPublish ? "outline" : undefined}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={conferences.total} />
    </section>
  );
}
