import type { MetaDescriptor } from "@remix-run/node";
import type { ConferencePageData } from "./types";

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
    startDate: page.startDate,
    endDate: page.endDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    inLanguage: page.lang === "en" ? "en" : "zh-CN",
    url: page.url,
    location: {
      "@type": "Place",
      name: page.address || page.city,
      address: { "@type": "PostalAddress", addressLocality: page.city, streetAddress: page.address },
    },
    ...(page.host ? { organizer: { "@type": "Organization", name: page.host } } : {}),
    ...(page.cover ? { image: [absolute(page.cover)] } : {}),
    ...(page.priceRange
      ? {
          offers: {
            "@type": "AggregateOffer",
            lowPrice: (page.priceRange.low / 100).toFixed(2),
            highPrice: (page.priceRange.high / 100).toFixed(2),
            priceCurrency: page.currency,
            url: absolute(`/attend/${page.id}`),
          },
        }
      : {}),
  };
}

/** Title, description, Open Graph, canonical address and structured data of a conference page. */
export function conferenceMeta(page: ConferencePageData | undefined, options: { title?: string } = {}): MetaDescriptor[] {
  if (!page) return [];
  const title = options.title ?? page.title;
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.name },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: page.url },
    ...(page.cover ? [{ property: "og:image", content: new URL(page.cover, page.url).toString() }] : []),
    ...(page.isPublish ? [] : [{ name: "robots", content: "noindex" }]),
    { tagName: "link", rel: "canonical", href: page.url },
    { "script:ld+json": conferenceJsonLd(page) },
  ];
}
