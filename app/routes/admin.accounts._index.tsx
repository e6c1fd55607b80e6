import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { parsePage } from "#contract/params";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { areaLoader } from "~/locales/load";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatInstant } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["admin"]);

type AccountRow = { id: number; name: string; mobile: string; isPlatformAdmin: boolean; disabled: boolean; createdAt: string; institution: string | null };

const STATES = ["all", "disabled", "admins"] as const;
const PAGE_SIZE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** Accounts for platform administrators (issue 17): found by mobile, name or institution, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const state = STATES.find((s) => s === url.searchParams.get("state")) ?? "all";
  const page = parsePage(url.searchParams.get("page"));
  const query = { keyword: keyword || undefined, state: state === "all" ? undefined : state, page, pageSize: PAGE_SIZE };
  const [accounts, t] = await Promise.all([platformData<Page<AccountRow>>(request, "/users", { query }), i18n.getFixedT(request)]);
  return { title: `${t("admin.accounts.title")} - ${t("meta.siteName")}`, keyword, state, page, accounts };
}

export default function Accounts() {
  const { keyword, state, page, accounts } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.accounts.title")}</h1>
      <Form method="get" className="ui-row" style={{ alignItems: "flex-end" }} role="search" aria-label={t("admin.accounts.searchLabel")}>
        <div className="ui-field">
          <label className="ui-label" htmlFor="accounts-keyword">
            {t("admin.accounts.keyword")}
          </label>
          <input id="accounts-keyword" className="ui-input" type="search" name="keyword" defaultValue={keyword} maxLength={100} />
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="accounts-state">
            {t("admin.accounts.show")}
          </label>
          <select id="accounts-state" className="ui-input" name="state" defaultValue={state}>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.accounts.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="ui-button">
          {t("admin.accounts.search")}
        </button>
      </Form>
      <p className="ui-muted" role="status" data-testid="found">
        {t("admin.accounts.found", { count: accounts.total })}
      </p>
      <ul className="ui-stack" data-testid="accounts">
        {accounts.list.map((account) => (
          <li key={account.id} className="ui-card" data-testid="account">
            <p className="ui-row">
              <Link className="ui-link" to={`/admin/accounts/${account.id}`}>
                <strong {...enteredLang(account.name)}>{account.name || t("admin.accounts.unnamed")}</strong>
              </Link>
              <span>{account.mobile}</span>
              {account.isPlatformAdmin && <StatusBadge tone="info">{t("admin.accounts.admin")}</StatusBadge>}
              {account.disabled && <StatusBadge tone="danger">{t("admin.accounts.disabled")}</StatusBadge>}
            </p>
            <p className="ui-muted">
              {account.institution && (
                <>
                  <span {...enteredLang(account.institution)}>{account.institution}</span> ·{" "}
                </>
              )}
              {t("admin.accounts.createdAt")}: {formatInstant(i18n.language, account.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={PAGE_SIZE} total={accounts.total} />
    </section>
  );
}
