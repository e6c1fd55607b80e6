import { describe, expect, it } from "vitest";
import { beijingDateTime, conferenceJsonLd, conferenceMeta } from "./conference-meta";
import type { ConferencePageData } from "./types";

const page = {
  lang: "en",
  siteName: "Academic Conferences",
  sale: { opensAt: "2027-03-01T00:00:00.000Z", closesAt: "2027-05-10T15:59:59.000Z", state: "closingSoon" },
  firstStartsAt: "2027-05-20T01:00:00.000Z",
  lastEndsAt: "2027-05-22T09:30:00.000Z",
  id: 7,
  isPublish: true,
  url: "https://conf.example.org/7",
  name: "Intelligent Computing",
  description: "A meeting",
  startDate: "2027-05-20",
  endDate: "2027-05-22",
  city: "Beijing",
  address: "1 Road",
  host: "",
  cover: "/files/cover.jpg",
  currency: "CNY",
  priceRange: { low: 50000, high: 120000 },
} as unknown as ConferencePageData;

describe("conference meta", () => {
  it("gives times with the Beijing offset", () => {
    expect(beijingDateTime("2027-05-20T01:00:00.000Z")).toBe("2027-05-20T09:00:00+08:00");
  });
  it("describes the event: times with offset, country, offer availability and validFrom, image", () => {
    const ld = conferenceJsonLd(page) as unknown as {
      startDate: string;
      endDate: string;
      image: string[];
      offers: object;
      location: { address: { addressCountry: string } };
    };
    expect(ld.startDate).toBe("2027-05-20T09:00:00+08:00");
    expect(ld.endDate).toBe("2027-05-22T17:30:00+08:00");
    expect(ld.location.address.addressCountry).toBe("CN");
    expect(ld.offers).toMatchObject({ availability: "https://schema.org/LimitedAvailability", validFrom: "2027-03-01T08:00:00+08:00", lowPrice: "500.00" });
    expect(ld.image).toEqual(["https://conf.example.org/files/cover.jpg"]);
  });
  it("gives scrapers the site, the locale, the image and a Twitter card", () => {
    const tags = Object.fromEntries(
      conferenceMeta(page).flatMap((m) => ("property" in m ? [[m.property, m.content]] : "name" in m ? [[m.name, m.content]] : [])),
    );
    expect(tags).toMatchObject({
      "og:site_name": "Academic Conferences",
      "og:locale": "en_US",
      "og:image": "https://conf.example.org/files/cover.jpg",
      "twitter:card": "summary_large_image",
      "twitter:image": "https://conf.example.org/files/cover.jpg",
    });
  });
  it("gives a conference without a cover its generated card, with its size, everywhere an image goes", () => {
    const coverless = { ...page, cover: null, card: "/conf/7/card.png?lang=en&v=abc" } as ConferencePageData;
    const tags = Object.fromEntries(
      conferenceMeta(coverless).flatMap((m) => ("property" in m ? [[m.property, m.content]] : "name" in m ? [[m.name, m.content]] : [])),
    );
    const card = "https://conf.example.org/conf/7/card.png?lang=en&v=abc";
    expect(tags).toMatchObject({
      "og:image": card,
      "og:image:type": "image/png",
      "og:image:width": "1200",
      "og:image:height": "630",
      "twitter:card": "summary_large_image",
      "twitter:image": card,
    });
    expect((conferenceJsonLd(coverless) as { image: string[] }).image).toEqual([card]);
  });
});
