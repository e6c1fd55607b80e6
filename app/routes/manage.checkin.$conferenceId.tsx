import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { CheckinCounts, CheckinPerson } from "#contract/checkin";
import { parsePage, routeId } from "#contract/params";
import { checkinSearchSchema } from "#contract/schemas/checkin";
import { CodeForm, CountsTable, PeopleTable, ResultPanel, UndoQuestion } from "~/components/checkin/Desk";
import { FieldError } from "~/components/FieldError";
import { ManageNav } from "~/components/manage/ManageNav";
import { Pagination } from "~/components/Pagination";
import { ENTERED, WithEntered } from "~/components/WithEntered";
import { areaLoader } from "~/locales/load";
import { type DeskAnswer, loadCounts, pageTitle, runDeskAction } from "~/services/checkin.server";
import { appNow } from "~/services/clock.server";
import { requireSignedIn } from "~/services/guard.server";
import { callPlatform } from "~/services/platform.server";
import { useTranslation } from "~/use-translation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

const PAGE_SIZE = 20;
/** How often the counts refresh while the desk is open (with JavaScript). */
const POLL_MS = 5_000;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The desk: counts, the code field, and (with `q`) the search results. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const counts = await loadCounts(request, routeId(params.conferenceId));
  const { title, name } = await pageTitle(request, "checkin.title", counts.conference);
  const url = new URL(request.url);
  const keyword = url.searchParams.get("q");
  const page = parsePage(url.searchParams.get("page"));
  let search: { keyword: string; list: CheckinPerson[]; total: number; page: number; errors?: string[] } | null = null;
  if (keyword !== null) {
    const parsed = checkinSearchSchema.safeParse({ keyword });
    if (!parsed.success) search = { keyword, list: [], total: 0, page, errors: parsed.error.issues.slice(0, 1).map((issue) => issue.message) };
    else {
      const found = await callPlatform<{ list: CheckinPerson[]; total: number }>(request, "/user/checkin", {
        query: { conferenceId: counts.conference.id, keyword: parsed.data.keyword, page, pageSize: PAGE_SIZE },
      });
      search = found.ok ? { keyword, ...found.data, page } : { keyword, list: [], total: 0, page, errors: found.messages };
    }
  }
  return data({ title, name, counts, asOf: (await appNow()).toISOString(), search }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  return runDeskAction(request, routeId(params.conferenceId), await request.formData(), "desk");
}

/** The counts, refreshed every few seconds from the small JSON route beside this page. */
function useLiveCounts(id: number, initial: { counts: CheckinCounts; asOf: string }) {
  const [live, setLive] = useState(initial);
  const { counts, asOf } = initial;
  // A fresher page load (after a check-in) wins over an older poll. Keyed on the loader's own
  // values: `initial` is a new object on every render, and setting it each time never settles.
  useEffect(() => setLive((current) => (current.asOf > asOf ? current : { counts, asOf })), [counts, asOf]);
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/manage/checkin/${id}/counts`, { headers: { Accept: "application/json" } });
        if (!response.ok || stopped) return;
        const next = (await response.json()) as { counts: CheckinCounts; asOf: string };
        setLive((current) => (next.asOf > current.asOf ? next : current));
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id]);
  return live;
}

export default function CheckinDesk() {
  const { name, counts, asOf, search } = useLoaderData<typeof loader>();
  const answer = useActionData<DeskAnswer>();
  const { t } = useTranslation();
  const location = useLocation();
  const id = counts.conference.id;
  const live = useLiveCounts(id, { counts, asOf });
  const [hasJs, setHasJs] = useState(false);
  useEffect(() => setHasJs(true), []);

  return (
    <section className="ui-chk-page">
      <ManageNav id={id} name={name} />
      <h1 className="ui-page-title">{t("checkin.title", { name })}</h1>

      {answer?.confirm && <UndoQuestion {...answer.confirm} />}
      {answer?.outcome && <ResultPanel key={answer.at} outcome={answer.outcome} now={live.asOf} />}
      {answer?.formErrors && <FieldError errors={answer.formErrors} />}

      <div className="ui-chk-layout">
        <div className="ui-stack">
          <section className="ui-chk-card" aria-labelledby="by-code">
            <h2 id="by-code" className="ui-section-title">
              {t("checkin.byCode")}
            </h2>
            <CodeForm
              lastResult={answer?.intent === "code" ? answer.result : undefined}
              resetKey={answer?.at ?? 0}
              label={t("checkin.codeLabel")}
              help={t("checkin.codeHelp")}
              submit={t("checkin.checkIn")}
            />
          </section>

          <section className="ui-chk-card" aria-labelledby="by-search">
            <h2 id="by-search" className="ui-section-title">
              {t("checkin.bySearch")}
            </h2>
            <Form method="get" className="ui-chk-search" role="search" aria-labelledby="by-search">
              <label className="ui-label" htmlFor="checkin-q">
                {t("checkin.keywordLabel")}
              </label>
              <div className="ui-input-group">
                <input
                  id="checkin-q"
                  name="q"
                  className="ui-input"
                  defaultValue={search?.keyword ?? ""}
                  aria-invalid={search?.errors ? true : undefined}
                  aria-describedby={search?.errors ? "checkin-q-error" : undefined}
                />
                <button type="submit" className="ui-button">
                  {t("checkin.search")}
                </button>
              </div>
              <FieldError id="checkin-q-error" errors={search?.errors} />
            </Form>
            {search && !search.errors && (
              <>
                <p className="ui-muted" aria-live="polite">
                  {t("checkin.found", { count: search.total })}
                </p>
                {search.list.length > 0 && (
                  <PeopleTable
                    people={search.list}
                    caption={<WithEntered text={t("checkin.resultsCaption", { keyword: ENTERED })} entered={search.keyword} />}
                    testId="search-results"
                    now={live.asOf}
                  />
                )}
                <Pagination page={search.page} pageSize={PAGE_SIZE} total={search.total} />
              </>
            )}
          </section>
        </div>

        <aside className="ui-stack" aria-label={t("checkin.counts.title")}>
          <div className="ui-chk-card">
            <p className="ui-chk-total">
              <span className="ui-chk-total-number">{live.counts.total.checkedIn}</span> / {live.counts.total.registered}
            </p>
            <CountsTable counts={live.counts} asOf={live.asOf} />
            <p className="ui-muted">
              {hasJs ? t("checkin.counts.live") : null} <a href={location.pathname + location.search}>{t("checkin.counts.refresh")}</a>
            </p>
          </div>
          {live.counts.recent.length > 0 && (
            <div className="ui-chk-card">
              <PeopleTable people={live.counts.recent} caption={t("checkin.recent")} testId="recent-checkins" now={live.asOf} />
            </div>
          )}
        </aside>
      </div>
    </section>
  );
}
