import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ConferenceCore } from "~/types/conference";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, pick } from "~/utils/format";
import { usePrefetch } from "~/utils/prefetch";
import { Highlight } from "./Highlight";

export type ConferenceSummary = ConferenceCore & { isPublish: boolean };

/** A conference in a list: a link to its page (or to `href`), and `children` below the link. */
export function ConferenceCard({
  conference,
  keyword,
  href,
  children,
}: {
  conference: ConferenceSummary;
  keyword?: string;
  href?: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const prefetch = usePrefetch();
  const lang = i18n.language;
  return (
    <li>
      <Link className="ui-conference-card" to={href ?? `/${conference.id}`} prefetch={prefetch}>
        <span className="ui-conference-name">
          <Highlight text={pick(lang, conference.nameZh, conference.nameEn)} keyword={keyword} />
        </span>
        <span className="ui-conference-meta">
          {t("home.dates", { start: formatDay(lang, conference.startDate), end: formatDay(lang, conference.endDate) })}
        </span>
        <span className="ui-conference-meta">
          <span {...enteredLang(pick(lang, conference.cityZh, conference.cityEn))}>
            <Highlight text={pick(lang, conference.cityZh, conference.cityEn)} keyword={keyword} />
          </span>{" "}
          · <span {...enteredLang(pick(lang, conference.hostZh, conference.hostEn))}>{pick(lang, conference.hostZh, conference.hostEn)}</span>
        </span>
      </Link>
      {children}
    </li>
  );
}
