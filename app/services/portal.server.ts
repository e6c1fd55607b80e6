import { chinaDay } from "#contract/clock";
import { configuredHostNames, hostName, isPlatformHost } from "#contract/schemas/host";
import type { PortalBanner, PortalCategory, PortalCity, PortalConference, PortalFilterValues, PortalLink } from "~/components/portal/types";
import { safeHref, safeSrc } from "~/components/RichText";
import type { Lang } from "~/i18n";
import { appNow } from "./clock.server";
import { appEnv } from "./env.server";
import { callPlatform } from "./platform.server";

/** The calendar day in China, where the conferences are (YYYY-MM-DD), at `now` (from `appNow()`). */
export function chinaToday(now: Date) {
  return chinaDay(now);
}

const idText = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? value : "");
const dayText = (value: string | null) =>
  value &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
    ? value
    : "";

/**
 * The filters of a list page from its URL. Values the platform would refuse are dropped rather
 * than turned into an error page: a bad id or date is noted in `ignored` and the list shows without it.
 */
export function readFilters(url: URL): { values: PortalFilterValues; ignored: string[] } {
  const q = url.searchParams;
  const ignored: string[] = [];
  const day = (name: "from" | "to") => {
    const raw = (q.get(name) ?? "").trim();
    const value = dayText(raw);
    if (raw && !value) ignored.push(raw.slice(0, 20));
    return value;
  };
  const values: PortalFilterValues = {
    categoryId: idText(q.get("categoryId")),
    majorId: idText(q.get("majorId")),
    city: (q.get("city") ?? "").trim().slice(0, 50),
    from: day("from"),
    to: day("to"),
  };
  if (values.from && values.to && values.from > values.to) [values.from, values.to] = [values.to, values.from];
  return { values, ignored };
}

/**
 * The published conference served on this host, if any. Only the Host header counts: the page
 * cache keys pages by it, so reading X-Forwarded-Host here would let a request store a
 * conference's page as another host's home. The platform's own hosts (configured, loopback,
 * addresses) skip the look-up; the platform answers only for a domain its administrator approved.
 */
export async function conferenceIdForHost(request: Request): Promise<number | null> {
  const host = hostName(request.headers.get("host") ?? "");
  if (!host || isPlatformHost(host, configuredHostNames(appEnv().APP_HOST, appEnv().PAYMENT_PUBLIC_URL))) return null;
  const result = await callPlatform<{ id: number }>(request, `/domain/${encodeURIComponent(host)}`, { token: null });
  return result.ok ? result.data.id : null;
}

type PlatformConference = Omit<PortalConference, "cover"> & { cover: string | null };

/**
 * `[zh, en]` as a page in `lang` needs them when it shows entered texts in its own language only:
 * the other language's text emptied wherever the shown one exists (`pick` gives the same text; it
 * is the page's loader data the browser receives with it). Both when `lang` is not given (a page
 * whose cards show the other language too: a keyword found there, the search page).
 */
function shownPair(lang: Lang | undefined, zh: string, en: string): [string, string] {
  if (lang === "en") return [en ? "" : zh, en];
  if (lang === "zh") return [zh, zh ? "" : en];
  return [zh, en];
}

/**
 * Conference list items as the page shows them: image sources checked, and only what a card shows
 * (the page's data goes to the browser with it; the platform's item also has its ids and times).
 * With `lang` (a page without a keyword), names, cities and hosts in that language only, and no
 * disciplines: a card shows those only beside a keyword they matched.
 */
export function toConferences(list: PlatformConference[], lang?: Lang): PortalConference[] {
  return list.map((item) => {
    const { id, startDate, endDate, major, category, lowestFeeFen, registrationOpensAt, registrationClosesAt } = item;
    const [nameZh, nameEn] = shownPair(lang, item.nameZh, item.nameEn);
    const [cityZh, cityEn] = shownPair(lang, item.cityZh, item.cityEn);
    const [hostZh, hostEn] = shownPair(lang, item.hostZh, item.hostEn);
    const shown: PortalConference = { id, nameZh, nameEn, startDate, endDate, cityZh, cityEn, hostZh, hostEn, cover: safeSrc(item.cover) };
    if (!lang && major !== undefined) shown.major = major && { nameZh: major.nameZh, nameEn: major.nameEn };
    if (!lang && category !== undefined) shown.category = category && { nameZh: category.nameZh, nameEn: category.nameEn };
    if (lowestFeeFen !== undefined) shown.lowestFeeFen = lowestFeeFen;
    if (registrationOpensAt !== undefined) shown.registrationOpensAt = registrationOpensAt;
    if (registrationClosesAt !== undefined) shown.registrationClosesAt = registrationClosesAt;
    return shown;
  });
}

type PlatformBanner = { id: number; titleZh: string; titleEn: string; image: string; url: string | null };
type PlatformLink = { id: number; titleZh: string; titleEn: string; url: string };

export type PortalHome = {
  banners: PortalBanner[];
  adverts: PortalBanner[];
  important: PortalConference[];
  links: PortalLink[];
  categories: PortalCategory[];
  cities: PortalCity[];
};

/**
 * Banners and links are entered by administrators: only http(s) and same-site addresses reach the
 * page. With `lang` (the portal's home), texts in that language only, as `toConferences`; the
 * cities keep both names, since a city filter's value is its Chinese name.
 */
export function toHome(
  raw: Omit<PortalHome, "banners" | "adverts" | "links" | "important"> & {
    banners: PlatformBanner[];
    adverts: PlatformBanner[];
    links: PlatformLink[];
    important: PlatformConference[];
  },
  lang?: Lang,
): PortalHome {
  const titled = <T extends { titleZh: string; titleEn: string }>(item: T): T => {
    const [titleZh, titleEn] = shownPair(lang, item.titleZh, item.titleEn);
    return { ...item, titleZh, titleEn };
  };
  const named = <T extends { nameZh: string; nameEn: string }>(item: T): T => {
    const [nameZh, nameEn] = shownPair(lang, item.nameZh, item.nameEn);
    return { ...item, nameZh, nameEn };
  };
  const banners = (list: PlatformBanner[]) =>
    list.flatMap((b) => {
      const image = safeSrc(b.image);
      return image ? [titled({ id: b.id, titleZh: b.titleZh, titleEn: b.titleEn, image, url: safeHref(b.url) })] : [];
    });
  return {
    banners: banners(raw.banners),
    adverts: banners(raw.adverts),
    important: toConferences(raw.important, lang),
    links: raw.links.flatMap((l) => {
      const url = safeHref(l.url);
      return url ? [titled({ id: l.id, titleZh: l.titleZh, titleEn: l.titleEn, url })] : [];
    }),
    categories: lang ? raw.categories.map((c) => ({ ...named(c), majors: c.majors.map(named) })) : raw.categories,
    cities: raw.cities,
  };
}

/** The injected clock for the portal's cards: the China day and the instant (ISO). */
export async function clockNow() {
  const at = await appNow();
  return { today: chinaToday(at), now: at.toISOString() };
}
