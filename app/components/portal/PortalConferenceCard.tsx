import { Link } from "@remix-run/react";
import { chinaDay } from "#contract/clock";
import { Highlight } from "~/components/Highlight";
import { enteredText } from "~/components/WithEntered";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, formatMoney, formatMonth, pick } from "~/utils/format";
import { usePrefetch } from "~/utils/prefetch";
import { initials, saleState, tileHue } from "./sale";
import type { PortalConference } from "./types";

const contains = (text: string | null | undefined, needle: string) => Boolean(needle && text && text.toLowerCase().includes(needle));

/**
 * A conference in a portal list. With a search keyword, the words it matched are marked; when it
 * matched only the other language's name, city or discipline, that text is shown too, so every
 * result shows why it was found.
 */
export function PortalConferenceCard({
  conference: c,
  today,
  now,
  keyword = "",
  first = false,
}: {
  conference: PortalConference;
  today: string;
  now: string;
  keyword?: string;
  /** The first card of the page's first list: its cover is on the first screen, often the largest image there, so it is fetched at once and first. */
  first?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const prefetch = usePrefetch();
  const lang = i18n.language === "en" ? "en" : "zh";
  const other = lang === "en" ? "zh" : "en";
  const needle = keyword.trim().toLowerCase();
  const name = pick(lang, c.nameZh, c.nameEn);
  const otherName = pick(other, c.nameZh, c.nameEn);
  const city = pick(lang, c.cityZh, c.cityEn);
  const otherCity = pick(other, c.cityZh, c.cityEn);
  const disciplines = [c.category, c.major].filter((d): d is NonNullable<typeof d> => Boolean(d));
  const disciplineHit = disciplines.some((d) => contains(d.nameZh, needle) || contains(d.nameEn, needle));
  const status = c.endDate < today ? "past" : c.startDate <= today ? "running" : null;
  const sale = saleState(c, now);
  const [, month, day] = c.startDate.split("-").map(Number);
  // The words a keyword matched, marked; without a keyword the text as it is.
  const marked = (text: string) => (needle ? <Highlight text={text} keyword={keyword} /> : text);
  const host = pick(lang, c.hostZh, c.hostEn);

  return (
    <li>
      <Link className="ui-conference-card ui-portal-card" to={`/${c.id}`} prefetch={prefetch}>
        <span className="ui-portal-card-visual">
          {c.cover ? (
            <img
              className="ui-portal-card-cover"
              src={c.cover}
              alt=""
              width={400}
              height={160}
              {...(first ? { fetchpriority: "high" } : { loading: "lazy", decoding: "async" })}
            />
          ) : (
            <span className="ui-portal-card-tile" data-hue={tileHue(c.id)} aria-hidden="true" {...enteredLang(name)}>
              {initials(name)}
            </span>
          )}
          <span className="ui-portal-date-badge" data-testid="date-badge">
            <span className="ui-portal-date-month">{formatMonth(lang, month)}</span>
            <span className="ui-portal-date-day">{day}</span>
          </span>
        </span>
        <span className="ui-conference-name">{marked(name)}</span>
        {contains(otherName, needle) && !contains(name, needle) && (
          <span className="ui-portal-card-other" lang={other === "en" ? "en" : "zh-CN"}>
            <Highlight text={otherName} keyword={keyword} />
          </span>
        )}
        <span className="ui-conference-meta">
          {t("home.dates", { start: formatDay(lang, c.startDate), end: formatDay(lang, c.endDate) })}
          {status && (
            <span className="ui-portal-badge" data-status={status}>
              {t(`portal.card.${status}`)}
            </span>
          )}
        </span>
        {/* The city and the host in an element of their own only where Chinese is on the English page:
            two elements fewer a card on the Chinese page, 48 of the home page's ~620. */}
        <span className="ui-conference-meta">
          {enteredText(lang, city, marked(city))}
          {contains(otherCity, needle) && !contains(city, needle) && (
            <>
              {" / "}
              {enteredText(lang, otherCity, marked(otherCity))}
            </>
          )}
          {city && " · "}
          {enteredText(lang, host)}
        </span>
        <span className="ui-portal-card-sale" data-testid="card-sale">
          {c.lowestFeeFen !== null && c.lowestFeeFen !== undefined && (
            <span className="ui-portal-card-price">
              {c.lowestFeeFen === 0 ? t("portal.card.free") : t("portal.card.from", { price: formatMoney(c.lowestFeeFen) })}
            </span>
          )}
          {status !== "past" && (
            <span className="ui-portal-badge" data-status={sale.state} data-testid="sale-state">
              {t(`portal.card.sale.${sale.state}`, { date: formatDay(lang, chinaDay(new Date(sale.closesAt))) })}
            </span>
          )}
        </span>
        {disciplineHit && (
          <span className="ui-conference-meta">
            {t("portal.card.discipline")}
            {disciplines.map((d, i) => {
              const own = pick(lang, d.nameZh, d.nameEn);
              const foreign = pick(other, d.nameZh, d.nameEn);
              return (
                <span key={i}>
                  {i > 0 && " · "}
                  <Highlight text={own} keyword={keyword} />
                  {contains(foreign, needle) && !contains(own, needle) && (
                    <>
                      {" / "}
                      <Highlight text={foreign} keyword={keyword} />
                    </>
                  )}
                </span>
              );
            })}
          </span>
        )}
      </Link>
    </li>
  );
}
