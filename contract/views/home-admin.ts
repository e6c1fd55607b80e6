/** When a banner shows, by the platform's clock: now, later (its period has not begun), or no more. */
export type BannerShowing = "showing" | "scheduled" | "ended";

/** A banner or advert of the home page as its administrator sees it (every one, whatever its period). */
export type HomeBannerRow = {
  id: number;
  placement: "banner" | "advert";
  titleZh: string;
  titleEn: string;
  image: string;
  url: string | null;
  sort: number;
  /** ISO instants, or null: from the start (no `startsAt`), with no end (no `endsAt`). */
  startsAt: string | null;
  endsAt: string | null;
  showing: BannerShowing;
};

export type HomeLinkRow = { id: number; titleZh: string; titleEn: string; url: string; sort: number };

/** A conference as the important list and the search show it. */
export type HomeConferenceRow = {
  id: number;
  nameZh: string;
  nameEn: string;
  startDate: string;
  endDate: string;
  cityZh: string;
  cityEn: string;
  isPublish: boolean;
  isImportant: boolean;
};

/** GET /admin/home: everything of the home page no conference owns (platform/routes/home-admin.ts). */
export type HomeAdmin = {
  /** The platform's clock, ISO: what `showing` was judged by. */
  now: string;
  banners: HomeBannerRow[];
  adverts: HomeBannerRow[];
  links: HomeLinkRow[];
  /** Every conference marked important, published ones first (only those show on the home page). */
  important: HomeConferenceRow[];
  /** `?q=` (an id, or words of a name): published conferences that match, at most 20; empty without `q`. */
  found: HomeConferenceRow[];
  /** Pictures to choose instead of uploading: those of the home page's banners and adverts, and the administrators' image uploads, newest first. */
  images: string[];
};
