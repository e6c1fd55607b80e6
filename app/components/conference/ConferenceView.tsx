import { Fragment, useEffect, useState } from "react";
import { Around } from "~/components/Around";
import { RichText } from "~/components/RichText";
import { StatusBadge } from "~/components/StatusBadge";
import { ENTERED } from "~/components/WithEntered";
import type { TFunction } from "~/i18n";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, formatMoney, groupThousands } from "~/utils/format";
import { punctuation } from "~/utils/punctuation";
import { QrCode } from "./QrCode";
import type { ConferencePageData, ConferenceSection, FeeTable, Hotel, ScheduleDay, Special, SpecialPerson } from "./types";

/** The sponsor levels the page has words for (conferencePage.sponsors.levels). */
const SPONSOR_LEVELS = new Set(["diamond", "gold", "silver"]);

/**
 * The body of a conference page (`/{id}`, the microsite `/conf/{id}`, and `/` on a
 * conference's own domain): hero, in-page navigation and the visible modules in order.
 * Pure markup from the loaded data; it works the same without JavaScript.
 */
export function ConferenceView({ page }: { page: ConferencePageData }) {
  const { t } = useTranslation();
  const sections = page.sections.filter((section) => hasContent(page, section));
  return (
    <article className="ui-conf-page" data-testid="conference-page">
      <Hero page={page} t={t} />
      <div className="ui-conf-layout">
        {sections.length > 1 && (
          <nav className="ui-conf-toc" aria-label={t("conferencePage.onThisPage")}>
            <ul>
              {sections.map((section) => (
                <li key={section.anchor}>
                  <a className="ui-conf-toc-link" href={`#${section.anchor}`}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ui-conf-body">
          {sections.map((section) => (
            <section key={section.anchor} id={section.anchor} className="ui-conf-section" aria-labelledby={`${section.anchor}-title`}>
              <h2 id={`${section.anchor}-title`} className="ui-conf-section-title">
                {section.title}
              </h2>
              <Texts section={section} />
              <SectionBody page={page} section={section} t={t} />
            </section>
          ))}
          {page.organizers.length > 0 && <Organizers page={page} t={t} />}
        </div>
      </div>
      {/* In reach on a phone: a plain link fixed at the bottom below 769 px (hidden above, where the hero's button is). */}
      <div className="ui-conf-sticky-register">
        <span className="ui-conf-sticky-name" {...enteredLang(page.shortName || page.name)}>
          {page.shortName || page.name}
        </span>
        <a className="ui-button" href={`/attend/${page.id}`} data-testid="sticky-register">
          {t("conferencePage.register")}
        </a>
      </div>
    </article>
  );
}

/** A module with nothing to show is left out, except the schedule, which says it is not published yet. */
function hasContent(page: ConferencePageData, section: ConferenceSection) {
  if (section.texts.length) return true;
  switch (section.type) {
    case "schedule":
      return true;
    case "specials":
      return page.specials.length > 0;
    case "sponsors":
      return page.sponsors.length + page.exhibitors.length > 0;
    case "hotels":
      return page.hotels.length > 0;
    case "fees":
      return page.fees.identities.length > 0;
    case "links":
      return page.links.length + page.media.length > 0;
    default:
      return false;
  }
}

type T = TFunction;

const BEIJING_OFFSET_MINUTES = 480;

/**
 * With JavaScript, in a visitor's own timezone when it is not Beijing's: the item's time there.
 * The server always renders Beijing time (labelled); this only adds a line after hydration.
 */
function LocalTime({ startsAt, endsAt }: { startsAt: string; endsAt: string }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const start = new Date(startsAt);
    if (-start.getTimezoneOffset() === BEIJING_OFFSET_MINUTES && -new Date(endsAt).getTimezoneOffset() === BEIJING_OFFSET_MINUTES) return;
    const locale = i18n.language === "en" ? "en-US" : "zh-CN";
    const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" });
    setText(t("conferencePage.schedule.localTime", { start: day.format(start), end: time.format(new Date(endsAt)) }));
  }, [startsAt, endsAt, t, i18n.language]);
  return text ? (
    <span className="ui-conf-item-local" data-testid="local-time">
      {text}
    </span>
  ) : null;
}

function Hero({ page, t }: { page: ConferencePageData; t: T }) {
  const dates =
    page.startDate === page.endDate ? formatDay(page.lang, page.startDate) : `${formatDay(page.lang, page.startDate)} – ${formatDay(page.lang, page.endDate)}`;
  return (
    <header className="ui-conf-hero">
      {page.cover && <img className="ui-conf-cover" src={page.cover} alt="" width={1152} height={320} />}
      <div className="ui-conf-hero-inner">
        {!page.isPublish && (
          <p className="ui-banner" role="status" data-testid="not-published">
            {t("conferencePage.notPublished")}
          </p>
        )}
        {page.shortName && <p className="ui-conf-short">{page.shortName}</p>}
        <h1 className="ui-conf-title">{page.name}</h1>
        <dl className="ui-conf-facts">
          <div>
            <dt>{t("conferencePage.dates")}</dt>
            <dd>{dates}</dd>
          </div>
          <div>
            <dt>{t("conferencePage.venue")}</dt>
            <dd>{page.address.includes(page.city) ? page.address : [page.city, page.address].filter(Boolean).join(" · ")}</dd>
          </div>
          {page.host && (
            <div>
              <dt>{t("conferencePage.host")}</dt>
              <dd>{page.host}</dd>
            </div>
          )}
          {page.major && (
            <div>
              <dt>{t("conferencePage.major")}</dt>
              <dd>{page.major}</dd>
            </div>
          )}
        </dl>
        {page.tags.length + page.characteristic.length > 0 && (
          <ul className="ui-conf-tags" aria-label={t("conferencePage.tags")}>
            {[...page.characteristic, ...page.tags].map((tag, i) => (
              <li key={i} className="ui-conf-tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <p className="ui-conf-actions">
          <a className="ui-button" href={`/attend/${page.id}`} data-testid="register">
            {t("conferencePage.register")}
          </a>
          <a className="ui-conf-button-light" href={`/conf/${page.id}/calendar.ics`} download={`conference-${page.id}.ics`}>
            {t("conferencePage.addToCalendar")}
          </a>
          <a className="ui-conf-button-light" href={`/sponsorRegistration/${page.id}`} data-testid="sponsor-apply">
            {t("services.links.sponsorApply")}
          </a>
        </p>
      </div>
    </header>
  );
}

function Texts({ section }: { section: ConferenceSection }) {
  return (
    <>
      {section.texts.map((text) => (
        <div key={text.id} className="ui-conf-text">
          {text.title && <h3 className="ui-conf-sub-title">{text.title}</h3>}
          <RichText ops={text.ops} under={text.title ? 3 : 2} />
        </div>
      ))}
    </>
  );
}

function SectionBody({ page, section, t }: { page: ConferencePageData; section: ConferenceSection; t: T }) {
  switch (section.type) {
    case "schedule":
      return (
        <>
          <Schedule days={page.schedule} lang={page.lang} t={t} />
          {page.schedule.length > 0 && (
            <a className="ui-link-button" href={`/attend/schedule/${page.id}`} data-testid="subscribe-sessions">
              {t("services.links.subscribe")}
            </a>
          )}
        </>
      );
    case "specials":
      return <Specials specials={page.specials} t={t} />;
    case "sponsors":
      return <Sponsors page={page} t={t} />;
    case "hotels":
      return (
        <>
          <Hotels hotels={page.hotels} currency={page.currency} lang={page.lang} t={t} />
          <a className="ui-link-button" href={`/attend/hotel/${page.id}`} data-testid="book-hotel">
            {t("services.links.bookHotel")}
          </a>
        </>
      );
    case "fees":
      return <Fees fees={page.fees} currency={page.currency} lang={page.lang} t={t} />;
    case "links":
      return <Links page={page} t={t} />;
    default:
      return null;
  }
}

function Schedule({ days, lang, t }: { days: ScheduleDay[]; lang: "zh" | "en"; t: T }) {
  if (!days.length) return <p className="ui-muted">{t("conferencePage.schedule.empty")}</p>;
  return (
    <div data-testid="schedule">
      <p className="ui-muted" data-testid="beijing-time">
        {t("conferencePage.schedule.beijingTime")}
      </p>
      {days.length > 1 && (
        <nav aria-label={t("conferencePage.schedule.days")}>
          <ul className="ui-conf-days">
            {days.map((day) => (
              <li key={day.day}>
                <a className="ui-conf-day-link" href={`#day-${day.day}`}>
                  {formatDay(lang, day.day)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {days.map((day) => (
        <div key={day.day} id={`day-${day.day}`} className="ui-conf-day">
          <h3 className="ui-conf-day-title">{formatDay(lang, day.day)}</h3>
          {day.venues.map((venue) => (
            <div key={venue.branchId ?? "main"} className="ui-conf-venue">
              <h4 className="ui-conf-venue-title">{venue.name ?? t("conferencePage.schedule.mainVenue")}</h4>
              {venue.groups.map((group, g) => (
                <div key={g} className={group.forum ? "ui-conf-forum" : undefined}>
                  {group.forum && <h5 className="ui-conf-forum-title">{group.forum}</h5>}
                  <ol className="ui-conf-items">
                    {group.items.map((item) => (
                      <li key={item.id} className="ui-conf-item">
                        <span className="ui-conf-item-time">
                          {t("conferencePage.schedule.time", { start: item.start, end: item.end })}
                          <LocalTime startsAt={item.startsAt} endsAt={item.endsAt} />
                        </span>
                        <span className="ui-conf-item-body">
                          <span className="ui-conf-item-title">{item.title}</span>
                          {item.speakers.length > 0 && (
                            <span className="ui-conf-item-meta">
                              <Around t={t} k="conferencePage.schedule.speakers" param="names">
                                {item.speakers.map((s, i) => (
                                  <Fragment key={i}>
                                    {i > 0 && t("conferencePage.schedule.speakerSeparator")}
                                    <span {...enteredLang(s.name)}>{s.name}</span>
                                    {s.affiliation && (
                                      <Around t={t} k="conferencePage.schedule.affiliation" param="affiliation">
                                        <span {...enteredLang(s.affiliation)}>{s.affiliation}</span>
                                      </Around>
                                    )}
                                  </Fragment>
                                ))}
                              </Around>
                            </span>
                          )}
                          {item.room && (
                            <span className="ui-conf-item-meta">
                              <Around t={t} k="conferencePage.schedule.room" param="room">
                                <span {...enteredLang(item.room)}>{item.room}</span>
                              </Around>
                            </span>
                          )}
                        </span>
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function People({ people }: { people: SpecialPerson[] }) {
  return (
    <ul className="ui-conf-people">
      {people.map((person) => (
        <li key={person.id} className="ui-conf-person">
          {person.photo && <img className="ui-conf-person-photo" src={person.photo} alt="" width={72} height={72} loading="lazy" />}
          <span className="ui-conf-person-name">{person.name}</span>
          {person.title && <span className="ui-conf-person-title">{person.title}</span>}
        </li>
      ))}
    </ul>
  );
}

function Specials({ specials, t }: { specials: Special[]; t: T }) {
  return (
    <>
      {specials.map((special) => (
        <div key={special.id} className="ui-conf-block">
          <h3 className="ui-conf-sub-title">{special.title}</h3>
          {special.type === 0 ? (
            <>
              {special.chairmen.length > 0 && (
                <>
                  <h4 className="ui-conf-minor-title">{t("conferencePage.specials.chairmen")}</h4>
                  <People people={special.chairmen} />
                </>
              )}
              {special.guests.length > 0 && (
                <>
                  <h4 className="ui-conf-minor-title">{t("conferencePage.specials.guests")}</h4>
                  <People people={special.guests} />
                </>
              )}
            </>
          ) : (
            <ul className="ui-conf-plain-list">
              {special.items.map((item) => (
                <li key={item.id}>
                  <span className="ui-conf-person-name">{item.name}</span>
                  {item.title && <span className="ui-muted"> · {item.title}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}

function Company({ company, logo, website }: { company: string; logo: string | null; website: string | null }) {
  const body = (
    <>
      {logo && <img className="ui-conf-logo" src={logo} alt="" width={160} height={64} loading="lazy" />}
      <span className="ui-conf-company" {...enteredLang(company)}>
        {company}
      </span>
    </>
  );
  return website ? (
    <a href={website} rel="noopener noreferrer nofollow" className="ui-conf-company-link">
      {body}
    </a>
  ) : (
    body
  );
}

function Sponsors({ page, t }: { page: ConferencePageData; t: T }) {
  return (
    <>
      {page.sponsors.length > 0 && (
        <div className="ui-conf-block">
          <h3 className="ui-conf-sub-title">{t("conferencePage.sponsors.sponsors")}</h3>
          <ul className="ui-conf-cards">
            {page.sponsors.map((s) => (
              <li key={s.id} className="ui-conf-card">
                <Company company={s.company} logo={s.logo} website={s.website} />
                {s.level && (
                  // A level the page knows is translated; one the organiser typed is shown as entered.
                  <StatusBadge tone="info" {...(SPONSOR_LEVELS.has(s.level) ? {} : enteredLang(s.level))}>
                    {t(`conferencePage.sponsors.levels.${s.level}`, { defaultValue: s.level })}
                  </StatusBadge>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {page.exhibitors.length > 0 && (
        <div className="ui-conf-block">
          <h3 className="ui-conf-sub-title">{t("conferencePage.sponsors.exhibitors")}</h3>
          <ul className="ui-conf-cards">
            {page.exhibitors.map((s) => (
              <li key={s.id} className="ui-conf-card">
                <Company company={s.company} logo={s.logo} website={s.website} />
                {s.booth && <StatusBadge tone="neutral">{t("conferencePage.sponsors.booth", { booth: s.booth })}</StatusBadge>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function Hotels({ hotels, currency, lang, t }: { hotels: Hotel[]; currency: string; lang: "zh" | "en"; t: T }) {
  return (
    <ul className="ui-conf-hotels">
      {hotels.map((hotel) => (
        <li key={hotel.id} className="ui-conf-hotel">
          <div className="ui-conf-hotel-info">
            <h3 className="ui-conf-sub-title">
              {hotel.name}
              {hotel.stars ? <span className="ui-conf-stars"> · {t("conferencePage.hotels.stars", { count: hotel.stars })}</span> : null}
            </h3>
            {hotel.address && <p className="ui-muted">{hotel.address}</p>}
            {hotel.distance && <p className="ui-muted">{hotel.distance}</p>}
            {hotel.phone && <p className="ui-muted">{t("conferencePage.hotels.phone", { phone: hotel.phone })}</p>}
            {hotel.rooms.length > 0 && (
              <div className="ui-conf-table-wrap">
                <table className="ui-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("conferencePage.hotels.roomType")}</th>
                      <th scope="col">{t("conferencePage.hotels.price")}</th>
                      <th scope="col">{t("conferencePage.hotels.available")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {hotel.rooms.map((room) => (
                      <tr key={room.id}>
                        <td>{room.type}</td>
                        <td>{formatMoney(room.priceFen, currency)}</td>
                        <td>{t("conferencePage.fees.window", { from: formatDay(lang, room.startDate), to: formatDay(lang, room.endDate) })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
          {hotel.qr && (
            <figure className="ui-conf-qr-box">
              <QrCode matrix={hotel.qr} label={t("conferencePage.hotels.qrLabel", { hotel: ENTERED })} entered={hotel.name} />
              <figcaption className="ui-muted">
                {hotel.qrHref ? (
                  <a href={hotel.qrHref} rel="noopener noreferrer nofollow">
                    {t("conferencePage.hotels.qr")}
                  </a>
                ) : (
                  t("conferencePage.hotels.qr")
                )}
              </figcaption>
            </figure>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A fee in the unit the organiser set it in (spec §9: '0' yuan, '1' jiao, '2' fen). */
export function formatFee(t: T, priceFen: number, unit: "0" | "1" | "2", currency: string) {
  if (priceFen === 0) return t("conferencePage.fees.free");
  if (currency === "CNY" && unit === "1" && priceFen % 10 === 0) return t("conferencePage.fees.jiao", { amount: groupThousands(priceFen / 10) });
  if (currency === "CNY" && unit === "2") return t("conferencePage.fees.fen", { amount: groupThousands(priceFen) });
  return formatMoney(priceFen, currency);
}

function Fees({ fees, currency, lang, t }: { fees: FeeTable; currency: string; lang: "zh" | "en"; t: T }) {
  if (!fees.identities.length) return <p className="ui-muted">{t("conferencePage.fees.empty")}</p>;
  return (
    <div className="ui-conf-table-wrap">
      <table className="ui-table" data-testid="fee-table">
        <thead>
          <tr>
            <th scope="col">{t("conferencePage.fees.identity")}</th>
            {fees.strategies.map((s) => (
              <th key={s.id} scope="col">
                {s.name}
                <span className="ui-conf-item-meta">{t("conferencePage.fees.window", { from: formatDay(lang, s.from), to: formatDay(lang, s.to) })}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fees.identities.map((identity) => (
            <tr key={identity.id}>
              <th scope="row">{identity.name}</th>
              {fees.strategies.map((s) => {
                const price = fees.prices[`${identity.id}-${s.id}`];
                return <td key={s.id}>{price ? formatFee(t, price.priceFen, price.unit, currency) : t("conferencePage.fees.none")}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Links({ page, t }: { page: ConferencePageData; t: T }) {
  const pictures = page.media.filter((m) => m.kind !== "press");
  const press = page.media.filter((m) => m.kind === "press");
  return (
    <>
      {page.links.length > 0 && (
        <ul className="ui-conf-links">
          {page.links.map((link) => (
            <li key={link.id}>
              <a href={link.url} rel="noopener noreferrer nofollow">
                {link.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {pictures.length > 0 && (
        <div className="ui-conf-block">
          <h3 className="ui-conf-sub-title">{t("conferencePage.links.media")}</h3>
          <ul className="ui-conf-media">
            {pictures.map((m) => (
              <li key={m.id}>
                <figure>
                  {m.kind === "video" ? (
                    // An organiser's uploaded clip: the platform holds no caption track to offer.
                    // eslint-disable-next-line jsx-a11y/media-has-caption
                    <video className="ui-conf-media-item" src={m.url} controls preload="none" width={320} height={180} aria-label={m.title || undefined} />
                  ) : (
                    <img className="ui-conf-media-item" src={m.url} alt="" width={320} height={180} loading="lazy" />
                  )}
                  {m.title && <figcaption className="ui-muted">{m.title}</figcaption>}
                </figure>
              </li>
            ))}
          </ul>
        </div>
      )}
      {press.length > 0 && (
        <div className="ui-conf-block">
          <h3 className="ui-conf-sub-title">{t("conferencePage.links.press")}</h3>
          <ul className="ui-conf-links">
            {press.map((m) => (
              <li key={m.id}>
                <a href={m.url} rel="noopener noreferrer nofollow">
                  {m.title || m.url}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function Organizers({ page, t }: { page: ConferencePageData; t: T }) {
  const roles = [...new Set(page.organizers.map((o) => o.role))];
  return (
    <section className="ui-conf-section" aria-labelledby="organizers-title" id="organizers">
      <h2 id="organizers-title" className="ui-conf-section-title">
        {t("conferencePage.sections.organizers")}
      </h2>
      <dl className="ui-conf-organizers">
        {roles.map((role) => (
          <div key={role}>
            <dt>{t(`conferencePage.roles.${role}`, { defaultValue: role })}</dt>
            <dd>
              {page.organizers
                .filter((o) => o.role === role)
                .map((o) => o.name)
                .join(punctuation(page.lang).nameList)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
