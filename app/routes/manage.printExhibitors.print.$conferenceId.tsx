import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import { ManageNav } from "~/components/manage/ManageNav";
import { ScrollRegion } from "~/components/ScrollRegion";
import { areaLoader } from "~/locales/load";
import { manageData, manageTitle } from "~/services/audits.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { DEFAULT_PRINT_COLUMNS, type ManagedConference, PRINT_COLUMNS, type PrintColumn, type Sponsor } from "~/utils/audits";
import { enteredLang } from "~/utils/entered";
import { useHydrated } from "~/utils/hydrated";
import { usePunctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

/** The platform pages at most 100 rows; a printed list stops at this many. */
const PAGE_SIZE = 100;
const MAX_ROWS = 1000;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The chosen sponsors or exhibitors (`kind`, `state`) with the chosen columns (`col`), ready for A4. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const search = new URL(request.url).searchParams;
  const chosen = search.getAll("col").filter((c): c is PrintColumn => (PRINT_COLUMNS as readonly string[]).includes(c));
  const columns = chosen.length ? PRINT_COLUMNS.filter((c) => chosen.includes(c)) : DEFAULT_PRINT_COLUMNS;
  const known = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : "");
  const query = {
    kind: known(search.get("kind"), ["sponsor", "exhibitor"]),
    state: known(search.get("state"), ["pending", "approved", "rejected"]),
    pageSize: PAGE_SIZE,
  };
  type Page = { list: Sponsor[]; total: number; conference: ManagedConference; authors: Record<string, string> };
  const first = await manageData<Page>(request, `/sponsor/manage/${id}`, { ...query, page: 1 });
  const pages = Math.min(Math.ceil(first.total / PAGE_SIZE), MAX_ROWS / PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => manageData<Page>(request, `/sponsor/manage/${id}`, { ...query, page: i + 2 })),
  );
  const rows = [first, ...rest].flatMap((p) => p.list);
  const authors = Object.assign({}, ...[first, ...rest].map((p) => p.authors)) as Record<string, string>;
  const { title, name } = await manageTitle(request, "audits.print.title", first.conference);
  return data(
    { title, name, id, columns, rows, authors, total: first.total, kind: query.kind, state: query.state },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PrintExhibitors() {
  const { name, id, columns, rows, authors, total, kind, state } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const p = usePunctuation();
  const hydrated = useHydrated();
  const cell = (s: Sponsor, column: PrintColumn) => {
    if (column === "kind") return t(`audits.kinds.${s.kind}`);
    if (column === "state") return t(`audits.states.${s.state}`);
    if (column === "remarks") return s.remarks.map((r) => `${authors[r.by] ?? ""}${p.colon}${r.text}`).join("\n");
    return s[column];
  };
  return (
    <section className="ui-aud-print-sheet" data-testid="print-sheet">
      <ManageNav id={id} name={name} />
      <p className="ui-aud-noprint ui-aud-actions">
        <Link to={`/manage/printExhibitors/${id}`}>{t("audits.print.back")}</Link>
        {hydrated && (
          <button type="button" className="ui-button" onClick={() => window.print()} data-testid="print">
            {t("audits.print.printNow")}
          </button>
        )}
      </p>
      <h1 className="ui-aud-print-title">{t("audits.print.listTitle", { name })}</h1>
      <p className="ui-muted">
        {[kind && t(`audits.kinds.${kind}`), state && t(`audits.states.${state}`), t("audits.print.count", { count: total })].filter(Boolean).join(" · ")}
      </p>
      {rows.length < total && <p className="ui-banner ui-aud-noprint">{t("audits.print.truncated", { count: rows.length })}</p>}
      <ScrollRegion label={t("audits.print.listTitle", { name })}>
        <table data-testid="print-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {t(`audits.export.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((s, i) => (
              <tr key={s.id}>
                <td>{i + 1}</td>
                {columns.map((column) => (
                  <td
                    key={column}
                    className={column === "remarks" ? "ui-aud-pre-line" : undefined}
                    {...(column === "kind" || column === "state" ? {} : enteredLang(cell(s, column)))}
                  >
                    {cell(s, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
