import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pagination } from "~/components/Pagination";
import { requireAccount } from "~/services/account.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform, type Page, platformData } from "~/services/platform.server";
import { noPermission, parseId, parsePage } from "~/utils/params";

type Application = {
  id: number;
  name: string;
  type: string;
  address: string;
  contact: string;
  licenceKey: string | null;
  state: "pending" | "approved" | "rejected";
  reason: string | null;
  createdAt: string;
  applicant: { name: string; mobile: string };
};

const STATES = ["pending", "approved", "rejected", "all"] as const;
const PAGE_SIZE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** The platform administrators' queue of certification applications. */
async function requireAdmin(request: Request) {
  const account = await requireAccount(request);
  if (!account.isPlatformAdmin) throw noPermission(403);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const state = STATES.find((s) => s === url.searchParams.get("state")) ?? "pending";
  const page = parsePage(url.searchParams.get("page"));
  const applications = await platformData<Page<Application>>(request, "/organization/review", {
    query: { state: state === "all" ? undefined : state, page, pageSize: PAGE_SIZE },
  });
  const t = await i18n.getFixedT(request);
  return { title: `${t("organization.reviewTitle")} - ${t("meta.siteName")}`, state, page, applications };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const id = parseId(form.get("id")) ?? 0;
  const state = form.get("state");
  const reason = String(form.get("reason") ?? "");
  const result = await callPlatform(request, `/organization/${id}`, { method: "PATCH", body: { state, reason } });
  if (!result.ok) return data({ id, message: result.message, reason }, { status: 400 });
  const t = await i18n.getFixedT(request);
  throw await redirectWithNotice(request, new URL(request.url).pathname + new URL(request.url).search, {
    content: t(state === "approved" ? "organization.approved" : "organization.rejected"),
    color: "success",
  });
}

export default function Review() {
  const { state, page, applications } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t, i18n: { language } } = useTranslation();
  return (
    <section>
      <h1 className="ui-page-title">{t("organization.reviewTitle")}</h1>
      <nav className="ui-tabs">
        {STATES.map((s) => (
          <Link key={s} className="ui-tab" to={`?state=${s}`} aria-current={state === s ? "page" : undefined}>
            {s === "all" ? t("organization.filterAll") : t(`organization.states.${s}`)}
          </Link>
        ))}
      </nav>
      {applications.list.length === 0 && <p className="ui-muted">{t("organization.empty")}</p>}
      <ul className="ui-stack" data-testid="review-queue">
        {applications.list.map((a) => (
          <li key={a.id} className="ui-card">
            <p className="ui-row">
              <strong>{a.name}</strong>
              <span className="ui-badge">{t(`organization.types.${a.type}`)}</span>
              <span className="ui-badge" data-tone={a.state === "approved" ? "success" : a.state === "pending" ? "brand" : "warning"}>
                {t(`organization.states.${a.state}`)}
              </span>
            </p>
            <p className="ui-muted">
              {a.address} · {a.contact}
            </p>
            <p className="ui-muted">
              {t("organization.applicant")}: {a.applicant.name} {a.applicant.mobile} · {t("organization.submittedAt")}:{" "}
              {new Date(a.createdAt).toLocaleString(language === "en" ? "en-GB" : "zh-CN", { timeZone: "Asia/Shanghai" })}
            </p>
            {a.licenceKey && (
              <p>
                <a className="ui-link-button" href={`/files/${a.licenceKey}`} target="_blank" rel="noopener">
                  {t("organization.viewLicence")}
                </a>
              </p>
            )}
            {a.reason && <p className="ui-muted">{t("organization.reason")}: {a.reason}</p>}
            {a.state === "pending" && (
              <div className="ui-row" style={{ marginTop: 8, alignItems: "flex-end" }}>
                <Form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <button type="submit" name="state" value="approved" className="ui-button">
                    {t("organization.approve")}
                  </button>
                </Form>
                <Form method="post" className="ui-row" style={{ alignItems: "flex-end" }}>
                  <input type="hidden" name="id" value={a.id} />
                  <div className="ui-field">
                    <label className="ui-label" htmlFor={`reason-${a.id}`}>
                      {t("organization.reason")}
                    </label>
                    <input
                      id={`reason-${a.id}`}
                      className="ui-input"
                      name="reason"
                      defaultValue={failed?.id === a.id ? failed.reason : ""}
                      aria-invalid={failed?.id === a.id ? true : undefined}
                      aria-describedby={failed?.id === a.id ? `reason-${a.id}-error` : undefined}
                    />
                  </div>
                  <button type="submit" name="state" value="rejected" className="ui-button-outline">
                    {t("organization.reject")}
                  </button>
                </Form>
                {failed?.id === a.id && (
                  <p id={`reason-${a.id}-error`} className="ui-field-error" role="alert">
                    {failed.message}
                  </p>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={PAGE_SIZE} total={applications.total} />
    </section>
  );
}
