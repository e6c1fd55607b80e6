import type { MetaDescriptor } from "@remix-run/node";
import type { ConferencePageData } from "./types";

/** The generated card's size (app/services/og-card.server.ts draws it). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const AVAILABILITY = {
  notOpen: "https://schema.org/PreOrder",
  open: "https://schema.org/InStock",
  closingSoon: "https://schema.org/LimitedAvailability",
  closed: "https://schema.org/SoldOut",
} as const;

/** An instant as Beijing wall time with its offset: `2027-05-20T09:00:00+08:00`. */
export function beijingDateTime(iso: string) {
  return `${new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * schema.org Event data for search engines. Remix's `<Meta>` writes it into a
 * `<script type="application/ld+json">` with `<`, `>`, `&`, U+2028 and U+2029 escaped as `\u…`,
 * so no value can close the script element.
 */
export function conferenceJsonLd(page: ConferencePageData) {
  const origin = new URL(page.url).origin;
  const absolute = (path: string) => new URL(path, origin).toString();
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: page.name,
    description: page.description,
    // With the programme's times (Beijing, +08:00) when it has any; the calendar days otherwise.
    startDate: page.firstStartsAt ? beijingDateTime(page.firstStartsAt) : page.startDate,
    endDate: page.lastEndsAt ? beijingDateTime(page.lastEndsAt) : page.endDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    inLanguage: page.lang === "en" ? "en" : "zh-CN",
    url: page.url,
    location: {
      "@type": "Place",
      name: page.address || page.city,
      // The platform's conferences are held in China (its cities are China's; no country is stored).
      address: { "@type": "PostalAddress", addressLocality: page.city, streetAddress: page.address, addressCountry: "CN" },
    },
    ...(page.host ? { organizer: { "@type": "Organization", name: page.host } } : {}),
    // The cover, or the generated card (a name on the brand colour) for a conference without one.
    image: [absolute(page.cover ?? page.card)],
    ...(page.priceRange
      ? {
          offers: {
            "@type": "AggregateOffer",
            lowPrice: (page.priceRange.low / 100).toFixed(2),
            highPrice: (page.priceRange.high / 100).toFixed(2),
            priceCurrency: page.currency,
            url: absolute(`/attend/${page.id}`),
            ...(page.sale ? { availability: AVAILABILITY[page.sale.state] } : {}),
            ...(page.sale?.opensAt ? { validFrom: beijingDateTime(page.sale.opensAt) } : {}),
          },
        }
      : {}),
  };
}

/** Title, description, Open Graph, canonical address and structured data of a conference page. */
export function conferenceMeta(page: ConferencePageData | undefined, options: { title?: string } = {}): MetaDescriptor[] {
  if (!page) return [];
  const title = options.title ?? page.title;
  // The cover, or the card drawn for a conference without one (1200×630, what a large summary card takes).
  const image = new URL(page.cover ?? page.card, page.url).toString();
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.name },
    { property: "og:description", content: page.description },
    // Open Graph has no event type today (its core types are website, article, profile, book,
    // music.*, video.*): the event is described by the JSON-LD below (decision 054).
    { property: "og:type", content: "website" },
    { property: "og:url", content: page.url },
    { property: "og:site_name", content: page.siteName },
    { property: "og:locale", content: page.lang === "en" ? "en_US" : "zh_CN" },
    { property: "og:locale:alternate", content: page.lang === "en" ? "zh_CN" : "en_US" },
    { property: "og:image", content: image },
    ...(page.cover
      ? []
      : [
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(CARD_WIDTH) },
          { property: "og:image:height", content: String(CARD_HEIGHT) },
        ]),
    { property: "og:image:alt", content: page.name },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.name },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.isPublish ? [] : [{ name: "robots", content: "noindex" }]),
    { tagName: "link", rel: "canonical", href: page.url },
    { "script:ld+json": conferenceJsonLd(page) },
  ];
}
