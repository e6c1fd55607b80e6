import { Form } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { ENTERED, NamedControl } from "~/components/WithEntered";
import type { SessionDay, SessionView } from "~/services/agenda.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { usePunctuation } from "~/utils/punctuation";

/** Sessions by day, then by branch (the main venue first as given), each with its action. */
export function SessionList({ days, action, showConference }: { days: SessionDay[]; action: (session: SessionView) => ReactNode; showConference?: boolean }) {
  const { t } = useTranslation();
  // Names are entered data; the list's separator is the page's punctuation.
  const p = usePunctuation();
  return (
    <div className="ui-stack" data-testid="sessions">
      {days.map((day) => (
        <section key={day.day} aria-labelledby={`day-${day.day}`} className="ui-svc-day">
          <h2 id={`day-${day.day}`} className="ui-section-title">
            {day.label}
          </h2>
          {day.branches.map((branch) => (
            <div key={branch.name} className="ui-svc-branch">
              <h3 className="ui-svc-card-title" {...enteredLang(branch.name)}>
                {branch.name}
              </h3>
              <ul className="ui-svc-sessions">
                {branch.sessions.map((session) => (
                  <li key={session.id} className="ui-svc-session" data-testid="session" data-subscribed={session.subscribed ? "true" : undefined}>
                    <span className="ui-svc-session-time">{t("services.agenda.time", { start: session.start, end: session.end })}</span>
                    <span className="ui-svc-session-body">
                      <strong {...enteredLang(session.title)}>{session.title}</strong>
                      {showConference && (
                        <span className="ui-muted">
                          {" · "}
                          <span {...enteredLang(session.conferenceName)}>{session.conferenceName}</span>
                        </span>
                      )}
                      {session.room && (
                        <span className="ui-muted">
                          {" · "}
                          <span {...enteredLang(session.room)}>{session.room}</span>
                        </span>
                      )}
                      {session.speakers.length > 0 && (
                        <span className="ui-muted ui-svc-session-speakers">
                          {session.speakers.map((speaker, i) => (
                            <Fragment key={`${i}-${speaker.name}`}>
                              {i > 0 && p.list}
                              <span {...enteredLang(speaker.name)}>{speaker.name}</span>
                            </Fragment>
                          ))}
                        </span>
                      )}
                    </span>
                    {action(session)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

/** Subscribe or unsubscribe: a plain form with the session's id. */
export function SubscribeButton({ session }: { session: SessionView }) {
  const { t } = useTranslation();
  const subscribed = session.subscribed ?? true;
  return (
    <Form method="post" className="ui-svc-session-action">
      <input type="hidden" name="scheduleId" value={session.id} />
      <button type="submit" name="intent" value={subscribed ? "unsubscribe" : "subscribe"} className={subscribed ? "ui-button-outline" : "ui-button"}>
        <NamedControl
          shown={t(subscribed ? "services.agenda.unsubscribe" : "services.agenda.subscribe")}
          name={t(subscribed ? "services.agenda.unsubscribeFrom" : "services.agenda.subscribeTo", { title: ENTERED })}
          entered={session.title}
        />
      </button>
    </Form>
  );
}
