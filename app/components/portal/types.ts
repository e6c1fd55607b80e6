import type { ConferenceCore } from "~/types/conference";

/** Shapes the portal pages (home, search, calendar) receive from their loaders. */

type Named = { nameZh: string; nameEn: string };

export type PortalConference = ConferenceCore & {
  cover: string | null;
  /** On list items; what a keyword may have matched besides names and cities. */
  major?: Named | null;
  category?: Named | null;
  /** What a visitor decides with (platform withSale): the lowest fee and the registration window. */
  lowestFeeFen?: number | null;
  registrationOpensAt?: string | null;
  registrationClosesAt?: string | null;
};

/** A banner or advert; `image` and `url` already checked (http(s) or same-site only). */
export type PortalBanner = { id: number; titleZh: string; titleEn: string; image: string; url: string | null };
export type PortalLink = { id: number; titleZh: string; titleEn: string; url: string };

export type PortalCategory = Named & { id: number; majors: Array<Named & { id: number }> };
export type PortalCity = { cityZh: string; cityEn: string; total: number };
export type PortalFacets = { categories: PortalCategory[]; cities: PortalCity[] };

/** The list filters as query-string values; "" when not set. */
export type PortalFilterValues = {
  categoryId: string;
  majorId: string;
  city: string;
  /** Start-date range, YYYY-MM-DD. */
  from: string;
  to: string;
};
