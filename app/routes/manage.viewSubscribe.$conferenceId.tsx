import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parsePage, routeId } from "#contract/params";
import { AuditFrame } from "~/components/audits/AuditParts";
import { Pagination } from "~/components/Pagination";
import { ScrollRegion } from "~/components/ScrollRegion";
import { areaLoader } from "~/locales/load";
import { manageData, manageTitle } from "~/services/audits.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import { type ManagedConference, type SubscribedSession, chinaTime } from "~/utils/audits";
import { enteredLang } from "~/utils/entered";
import { pick } from "~/utils/format";
import { punctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

const PAGE_SIZE = 20;
/** The platform lists this many subscribers under each session. */
const SHOWN = 100;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** Sessions by their number of subscribers, most first; each opens (a `<details>`) to who subscribed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const list = await manageData<{ list: SubscribedSession[]; total: number; subscriptions: number; conference: ManagedConference }>(
    request,
    `/user/schedule/conference/${id}`,
    { page, pageSize: PAGE_SIZE },
  );
  const { title, name } = await manageTitle(request, "audits.subscribe.title", list.conference);
  return data({ title, name, id, page, list }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function ViewSubscribe() {
  const { name, id, page, list } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <AuditFrame id={id} name={name} heading={t("audits.subscribe.heading")}>
      <p className="ui-muted" data-testid="subscribe-summary">
        {t("audits.subscribe.summary", { sessions: list.total, subscriptions: list.subscriptions })}
      </p>
      {list.total === 0 ? (
        <p className="ui-muted">{t("audits.subscribe.noSchedules")}</p>
      ) : (
        <ScrollRegion label={t("audits.subscribe.heading")}>
          <table className="ui-table ui-list-cards" data-testid="sessions">
            <thead>
              <tr>
                <th scope="col">{t("audits.subscribe.session")}</th>
                <th scope="col">{t("audits.subscribe.time")}</th>
                <th scope="col">{t("audits.subscribe.place")}</th>
                <th scope="col">{t("audits.subscribe.count")}</th>
              </tr>
            </thead>
            <tbody>
              {list.list.map((s) => (
                <tr key={s.id} data-testid="session" data-id={s.id}>
                  <td data-label={t("audits.subscribe.session")}>
                    {pick(lang, s.titleZh, s.titleEn)}
                    {s.count > 0 && (
                      <details className="ui-aud-subscribers">
                        <summary>{t("audits.subscribe.subscribers", { count: s.count })}</summary>
                        <ul>
                          {s.subscribers.map((p) => (
                            <li key={p.accountId}>
                              <span {...enteredLang(p.name)}>{p.name}</span> {p.mobile} ·{" "}
                              {p.registrationName ? (
                                <span {...enteredLang(`${p.registrationName}${p.institution ?? ""}`)}>
                                  {t("audits.subscribe.registered", {
                                    name: [p.registrationName, p.institution].filter(Boolean).join(punctuation(lang).list),
                                  })}
                                </span>
                              ) : (
                                t("audits.subscribe.notRegistered")
                              )}
                            </li>
                          ))}
                        </ul>
                        {s.count > SHOWN && <p className="ui-muted">{t("audits.subscribe.moreSubscribers", { shown: SHOWN })}</p>}
                      </details>
                    )}
                  </td>
                  <td data-label={t("audits.subscribe.time")}>
                    {chinaTime(s.startsAt)} – {chinaTime(s.endsAt).slice(11)}
                  </td>
                  <td data-label={t("audits.subscribe.place")}>
                    {(() => {
                      // The branch and the room are entered data; "main venue" is the page's own word.
                      const branch = s.branchZh === null ? null : pick(lang, s.branchZh, s.branchEn);
                      return (
                        <>
                          {branch === null ? t("audits.mainVenue") : <span {...enteredLang(branch)}>{branch}</span>}
                          {s.room && (
                            <>
                              {" · "}
                              <span {...enteredLang(s.room)}>{s.room}</span>
                            </>
                          )}
                        </>
                      );
                    })()}
                  </td>
                  <td data-testid="count" data-label={t("audits.subscribe.count")}>
                    {s.count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE} total={list.total} />
    </AuditFrame>
  );
}
