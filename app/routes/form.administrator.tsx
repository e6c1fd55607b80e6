import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { badRequest, parseId, parsePage } from "#contract/params";
import { formAdminSchema } from "#contract/schemas/forms";
import { IntentForm } from "~/components/authoring/IntentForm";
import { ConfirmForm } from "~/components/ConfirmForm";
import { FormsTable } from "~/components/forms/FormsTable";
import { Pagination } from "~/components/Pagination";
import { areaLoader } from "~/locales/load";
import { formValues, parseValues, refuseIntent, rejectIntent } from "~/services/form-protocol.server";
import { formIdOf, privateData } from "~/services/forms.server";
import { requireAccount } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { dangerNotices, redirectWithNotice } from "~/services/notices.server";
import { type Page, callPlatform, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { pick } from "~/utils/format";
import { type FormListRow, type FormRole, formPath } from "~/utils/forms";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["forms", "organiser"]);

const PAGE_SIZE = 20;

type Admin = { accountId: number; name: string; mobile: string };
type Admins = { list: Admin[]; total: number; role: FormRole; form: { id: number; titleZh: string; titleEn: string } };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * A form's administrators (spec §2 /form/administrator): the owner adds them by mobile and
 * removes them; they see and export the answers. Without `?id=`: the forms I own or administer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccount(request);
  const url = new URL(request.url);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  if (!url.searchParams.has("id")) {
    const page = parsePage(url.searchParams.get("page"));
    const mine = await platformData<Page<FormListRow>>(request, "/form", { query: { page, pageSize: PAGE_SIZE } });
    return privateData({ title: `${t("forms.mine.title")} - ${t("meta.siteName")}`, lang, page, mine, admins: null });
  }
  const admins = await platformData<Admins>(request, `/form/admin/${formIdOf(request)}`);
  const title = pick(lang, admins.form.titleZh, admins.form.titleEn);
  return privateData({ title: `${t("forms.admins.title", { title })} - ${t("meta.siteName")}`, lang, page: 1, mine: null, admins });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccount(request);
  const id = formIdOf(request);
  const values = formValues(await request.formData());
  const t = await i18n.getFixedT(request);
  const back = formPath.administrators(id);
  if (values.intent === "add") {
    const submission = parseValues(values, formAdminSchema);
    if (submission.status !== "success") return rejectIntent("add", submission);
    const result = await callPlatform(request, `/form/admin/${id}`, { method: "POST", body: submission.value });
    if (!result.ok) return refuseIntent("add", submission, result);
    throw await redirectWithNotice(request, back, { content: t("forms.admins.added"), color: "success" });
  }
  const accountId = parseId(values.accountId);
  if (values.intent !== "remove" || !accountId) throw badRequest();
  if (values.confirmed !== "1") return data({ confirm: String(accountId) });
  const result = await callPlatform(request, `/form/admin/${id}`, { method: "DELETE", query: { accountId } });
  if (!result.ok) throw await redirectWithNotice(request, back, dangerNotices(result.messages));
  throw await redirectWithNotice(request, back, { content: t("forms.admins.removed"), color: "success" });
}

export default function FormAdministrators() {
  const { admins } = useLoaderData<typeof loader>();
  return admins ? <Administrators admins={admins} /> : <MyForms />;
}

function Administrators({ admins }: { admins: Admins }) {
  const { lang } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ confirm?: string }>();
  const { t } = useTranslation();
  const { form, role } = admins;
  return (
    <section className="ui-container ui-frm-page">
      <h1 className="ui-page-title">{t("forms.admins.title", { title: pick(lang, form.titleZh, form.titleEn) })}</h1>
      <p className="ui-edit-actions">
        {role === "owner" && <Link to={formPath.edit(form.id)}>{t("forms.formSign.edit")}</Link>}
        <Link to={formPath.answers(form.id)}>{t("forms.edit.answers")}</Link>
        <Link to="/form/administrator">{t("forms.mine.title")}</Link>
      </p>
      <p className="ui-muted">{t("forms.admins.intro")}</p>
      {admins.list.length === 0 ? (
        <p className="ui-muted">{t("forms.admins.empty")}</p>
      ) : (
        <ul className="ui-edit-list" data-testid="admin-list">
          {admins.list.map((admin) => (
            <li key={admin.accountId} className="ui-edit-item">
              <span>
                {admin.name} · {admin.mobile}
              </span>
              {role === "owner" && (
                <ConfirmForm
                  title={t("forms.admins.removeConfirm", { name: admin.name || admin.mobile })}
                  fields={{ intent: "remove", accountId: String(admin.accountId) }}
                  asked={actionData?.confirm === String(admin.accountId)}
                >
                  {t("forms.admins.remove")}
                </ConfirmForm>
              )}
            </li>
          ))}
        </ul>
      )}
      {role === "owner" && (
        <section className="ui-edit-section" aria-labelledby="add-admin-title">
          <h2 id="add-admin-title" className="ui-edit-section-title">
            {t("forms.admins.add")}
          </h2>
          <IntentForm
            intent="add"
            schema={formAdminSchema}
            fields={[{ name: "mobile", label: t("forms.admins.mobile"), type: "tel", required: true }]}
            submit={t("forms.admins.add")}
          />
        </section>
      )}
    </section>
  );
}

function MyForms() {
  const { mine, lang, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="ui-container ui-frm-page">
      <div className="ui-edit-actions">
        <h1 className="ui-page-title">{t("forms.mine.title")}</h1>
        <Link to="/form/edit" className="ui-button">
          {t("forms.edit.createTitle")}
        </Link>
      </div>
      {mine!.list.length === 0 ? <p className="ui-muted">{t("forms.mine.empty")}</p> : <FormsTable list={mine!.list} lang={lang} testId="my-forms" withRole />}
      <Pagination page={page} pageSize={PAGE_SIZE} total={mine!.total} />
    </section>
  );
}
