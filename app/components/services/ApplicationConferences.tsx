import { ConferenceCard } from "~/components/ConferenceCard";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { StateBadge } from "./ServiceFields";
import type { Application } from "./types";

/**
 * The conferences of a visitor's sponsor and exhibitor applications, one card each, with every
 * application to it (company, kind, review state) under the card; the card leads to `href(id)`.
 */
export function ApplicationConferences({ applications, href }: { applications: Application[]; href: (conferenceId: number) => string }) {
  const { t } = useTranslation();
  const byConference = new Map<number, Application[]>();
  for (const application of applications) {
    if (!application.conference) continue;
    byConference.set(application.conferenceId, [...(byConference.get(application.conferenceId) ?? []), application]);
  }
  return (
    <ul className="ui-conference-list" data-testid="application-conferences">
      {[...byConference.values()].map((list) => (
        <ConferenceCard key={list[0].conferenceId} conference={list[0].conference!} href={href(list[0].conferenceId)}>
          <ul className="ui-svc-application-lines">
            {list.map((a) => (
              <li key={a.id} data-testid="application">
                <span {...enteredLang(a.company)}>{a.company}</span> · {t(`services.sponsor.kinds.${a.kind}`)} <StateBadge state={a.state} />
              </li>
            ))}
          </ul>
        </ConferenceCard>
      ))}
    </ul>
  );
}
