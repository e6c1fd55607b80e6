import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, pick } from "~/utils/format";
import type { ServiceConference } from "./types";

/** The services of one registration, as links (on /attend, and between the service screens). */
export function ServiceLinks({ conferenceId, current }: { conferenceId: number; current?: string }) {
  const { t } = useTranslation();
  const links = [
    ["hotel", `/attend/hotel/${conferenceId}`, t("services.links.hotel")],
    ["travel", `/attend/travel/${conferenceId}`, t("services.links.travel")],
    ["papers", `/attend/papers/${conferenceId}`, t("services.links.papers")],
    ["schedule", `/attend/schedule/${conferenceId}`, t("services.links.agenda")],
  ];
  return (
    <nav className="ui-svc-links" aria-label={t("services.links.label")} data-testid="service-links">
      {links.map(([key, to, label]) => (
        <Link key={key} to={to} className="ui-link-button" aria-current={current === key ? "page" : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** The frame of a service screen: the way back, the title, the conference and its other services. */
export function ServicePage({
  conference,
  lang,
  title,
  intro,
  current,
  children,
}: {
  conference: ServiceConference;
  lang: "zh" | "en";
  title: string;
  intro?: string;
  current?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="ui-container ui-attend-page ui-svc-page">
      <p className="ui-muted">
        <Link to="/attend">{t("attend.myTitle")}</Link>
      </p>
      <h1 className="ui-page-title">{title}</h1>
      <p className="ui-attend-conf-name">
        <Link to={`/${conference.id}`} {...enteredLang(pick(lang, conference.nameZh, conference.nameEn))}>
          {pick(lang, conference.nameZh, conference.nameEn)}
        </Link>
        <span className="ui-muted">
          {" "}
          · {formatDay(lang, conference.startDate)} – {formatDay(lang, conference.endDate)}
        </span>
      </p>
      {current !== undefined && <ServiceLinks conferenceId={conference.id} current={current} />}
      {intro && <p className="ui-muted ui-svc-intro">{intro}</p>}
      {children}
    </div>
  );
}
