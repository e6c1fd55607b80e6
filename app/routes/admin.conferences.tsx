import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseId, parsePage } from "#contract/params";
import { conferenceTakeDownSchema } from "#contract/schemas/accounts-admin";
import { FieldError } from "~/components/FieldError";
import { Pagination } from "~/components/Pagination";
import { StatusBadge } from "~/components/StatusBadge";
import { areaLoader } from "~/locales/load";
import { formValues, runIntent } from "~/services/form-protocol.server";
import { requirePlatformAdmin } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { type Page, platformData } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { intentView } from "~/utils/form-protocol";
import { formatDay, formatInstant, pick } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["admin"]);

type Row = {
  id: number;
  nameZh: string;
  nameEn: string;
  startDate: string;
  endDate: string;
  isPublish: boolean;
  takenDownAt: string | null;
  takenDownReason: string | null;
  registrations: number;
  owner: { id: number; name: string; mobile: string } | null;
};

const STATES = ["all", "published", "draft", "takenDown"] as const;
const PAGE_SIZE = 20;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

/** Every conference on the platform for its administrators (issue 17), newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const url = new URL(request.url);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 100);
  const state = STATES.find((s) => s === url.searchParams.get("state")) ?? "all";
  const page = parsePage(url.searchParams.get("page"));
  const query = { keyword: keyword || undefined, state: state === "all" ? undefined : state, page, pageSize: PAGE_SIZE };
  const [conferences, t] = await Promise.all([platformData<Page<Row>>(request, "/admin/conferences", { query }), i18n.getFixedT(request)]);
  return { title: `${t("admin.conferences.title")} - ${t("meta.siteName")}`, keyword, state, page, conferences };
}

/** `take-down:<id>` (with a reason) or `restore:<id>`; a refusal answers that intent, so only its form shows it. */
export async function action({ request }: ActionFunctionArgs) {
  await requirePlatformAdmin(request);
  const values = formValues(await request.formData());
  const intent = values.intent ?? "";
  const [kind, rawId] = intent.split(":");
  const id = parseId(rawId);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (id !== null && kind === "take-down")
    return runIntent(request, intent, values, {
      schema: conferenceTakeDownSchema,
      call: (body) => ({ path: `/admin/conferences/${id}/take-down`, options: { method: "POST", body } }),
      back,
      notice: "admin.conferences.done.takeDown",
    });
  if (id !== null && kind === "restore")
    return runIntent(request, intent, values, {
      call: () => ({ path: `/admin/conferences/${id}/restore`, options: { method: "POST" } }),
      back,
      notice: "admin.conferences.done.restore",
    });
  throw new Response((await i18n.getFixedT(request))("errors.invalid"), { status: 400 });
}

export default function Conferences() {
  const { keyword, state, page, conferences } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="ui-stack">
      <h1 className="ui-page-title">{t("admin.conferences.title")}</h1>
      <p className="ui-muted">{t("admin.conferences.intro")}</p>
      <Form method="get" className="ui-row" style={{ alignItems: "flex-end" }} role="search" aria-label={t("admin.conferences.searchLabel")}>
        <div className="ui-field">
          <label className="ui-label" htmlFor="conferences-keyword">
            {t("admin.conferences.keyword")}
          </label>
          <input id="conferences-keyword" className="ui-input" type="search" name="keyword" defaultValue={keyword} maxLength={100} />
        </div>
        <div className="ui-field">
          <label className="ui-label" htmlFor="conferences-state">
            {t("admin.accounts.show")}
          </label>
          <select id="conferences-state" className="ui-input" name="state" defaultValue={state}>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.conferences.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="ui-button">
          {t("admin.accounts.search")}
        </button>
      </Form>
      <p className="ui-muted" role="status" data-testid="found">
        {t("admin.conferences.found", { count: conferences.total })}
      </p>
      <ul className="ui-stack">
        {conferences.list.map((row) => (
          <ConferenceRow key={row.id} row={row} />
        ))}
      </ul>
      <Pagination page={page} pageSize={PAGE_SIZE} total={conferences.total} />
    </section>
  );
}

/** One conference: what it is, who owns it, its state and registrations, and taking it down or allowing it back. */
function ConferenceRow({ row }: { row: Row }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const reply = useActionData<typeof action>();
  const name = pick(lang, row.nameZh, row.nameEn);
  const takeDown = intentView(reply, `take-down:${row.id}`);
  const restore = intentView(reply, `restore:${row.id}`);
  const reasonId = `reason-${row.id}`;
  const reasonErrors = takeDown?.fieldErrors.reason;
  return (
    <li className="ui-card ui-stack" data-testid="conference">
      <p className="ui-row">
        <Link className="ui-link" to={`/${row.id}`} {...enteredLang(name)}>
          <strong>{name}</strong>
        </Link>
        {row.takenDownAt ? (
          <StatusBadge tone="danger" data-testid="conference-state">
            {t("admin.conferences.states.takenDown")}
          </StatusBadge>
        ) : (
          <StatusBadge state={row.isPublish ? "published" : "unpublished"} data-testid="conference-state">
            {t(row.isPublish ? "admin.conferences.states.published" : "admin.conferences.states.draft")}
          </StatusBadge>
        )}
      </p>
      <p className="ui-muted">
        {t("home.dates", { start: formatDay(lang, row.startDate), end: formatDay(lang, row.endDate) })} ·{" "}
        {t("admin.conferences.registrations", { count: row.registrations })}
        {row.owner && (
          <>
            {" · "}
            {t("admin.conferences.owner")}:{" "}
            <Link className="ui-link" to={`/admin/accounts/${row.owner.id}`}>
              <span {...enteredLang(row.owner.name)}>{row.owner.name}</span> {row.owner.mobile}
            </Link>
          </>
        )}
      </p>
      {row.takenDownAt && (
        <p>
          {t("admin.conferences.takenDownAt", { at: formatInstant(lang, row.takenDownAt) })}:{" "}
          <span {...enteredLang(row.takenDownReason ?? "")}>{row.takenDownReason}</span>
        </p>
      )}
      {row.takenDownAt ? (
        <Form method="post" className="ui-stack">
          <input type="hidden" name="intent" value={`restore:${row.id}`} />
          <FieldError errors={restore?.formErrors} />
          <div>
            <button type="submit" className="ui-button-outline">
              {t("admin.conferences.restore")}
              <span className="ui-visually-hidden" {...enteredLang(name)}>
                : {name}
              </span>
            </button>
          </div>
        </Form>
      ) : (
        <details open={takeDown ? true : undefined}>
          <summary>{t("admin.conferences.takeDown")}</summary>
          <Form method="post" className="ui-stack" noValidate>
            <input type="hidden" name="intent" value={`take-down:${row.id}`} />
            <FieldError errors={takeDown?.formErrors} />
            <div className="ui-field">
              <label className="ui-label" htmlFor={reasonId}>
                {t("admin.conferences.reason")}
              </label>
              <textarea
                id={reasonId}
                className="ui-input"
                name="reason"
                rows={2}
                maxLength={500}
                defaultValue={takeDown?.values.reason ?? ""}
                aria-invalid={reasonErrors?.length ? true : undefined}
                aria-describedby={reasonErrors?.length ? `${reasonId}-error` : undefined}
              />
              <FieldError id={`${reasonId}-error`} errors={reasonErrors} />
            </div>
            <div>
              <button type="submit" className="ui-button-danger">
                {t("admin.conferences.takeDown")}
                <span className="ui-visually-hidden" {...enteredLang(name)}>
                  : {name}
                </span>
              </button>
            </div>
          </Form>
        </details>
      )}
    </li>
  );
}
