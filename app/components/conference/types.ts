import type { SaleState } from "~/components/portal/sale";
import type { RichTextOp } from "~/components/RichText";

/**
 * What a conference page shows, already in the visitor's language (so the page carries one
 * language's text, not two): built by `loadConferencePage` (app/services/conference-page.server.ts)
 * and rendered by `ConferenceView`.
 */
export type ConferencePageData = {
  lang: "zh" | "en";
  siteName: string;
  /** Registration at load time (the injected clock): for the structured data's offer. */
  sale: { opensAt: string | null; closesAt: string; state: SaleState } | null;
  /** The programme's first start and last end (ISO instants), when it has items. */
  firstStartsAt: string | null;
  lastEndsAt: string | null;
  id: number;
  isPublish: boolean;
  canManage: boolean;
  /** `<title>` and description for the page's meta. */
  title: string;
  description: string;
  /** The page's canonical absolute address (`/{id}`). */
  url: string;
  name: string;
  shortName: string;
  /** YYYY-MM-DD, calendar days of the conference. */
  startDate: string;
  endDate: string;
  city: string;
  address: string;
  host: string;
  summary: string;
  cover: string | null;
  /** The generated card image (`/conf/{id}/card.png?lang=…&v=…`) that shared links show when there is no cover. */
  card: string;
  major: string | null;
  characteristic: string[];
  tags: string[];
  currency: string;
  organizers: Array<{ id: number; role: string; name: string }>;
  /** The visible modules in order; typed ones draw their content from the fields below. */
  sections: ConferenceSection[];
  schedule: ScheduleDay[];
  specials: Special[];
  sponsors: Array<{ id: number; company: string; level: string; logo: string | null; website: string | null }>;
  exhibitors: Array<{ id: number; company: string; booth: string; logo: string | null; website: string | null }>;
  hotels: Hotel[];
  fees: FeeTable;
  links: Array<{ id: number; title: string; url: string }>;
  media: Array<{ id: number; kind: "image" | "video" | "press"; title: string; url: string }>;
  /** Lowest and highest listed fee (fen), for the structured data's offer. */
  priceRange: { low: number; high: number } | null;
  /** Set when the organiser has extra CSS; it versions the microsite's stylesheet address. */
  styleVersion: string | null;
};

export type ConferenceSection = {
  /** The in-page anchor: the module type, or type-id when a type repeats. */
  anchor: string;
  type: string;
  title: string;
  texts: TextBlock[];
};

/** `title` is null when the content opens with its own heading. */
export type TextBlock = { id: number; title: string | null; ops: RichTextOp[] };

/** Speakers as entered (names and affiliations have no English twin): the view marks Chinese ones and punctuates by language. */
export type ScheduleItem = {
  id: number;
  start: string;
  end: string;
  startsAt: string;
  endsAt: string;
  title: string;
  speakers: Array<{ name: string; affiliation: string }>;
  room: string;
};
/** A run of consecutive items of one forum (null: not in a forum), so time order is kept. */
export type ScheduleGroup = { forum: string | null; items: ScheduleItem[] };
/** `name` null is the main venue (spec §3: a null branch). */
export type ScheduleVenue = { branchId: number | null; name: string | null; groups: ScheduleGroup[] };
export type ScheduleDay = { day: string; venues: ScheduleVenue[] };

export type SpecialPerson = { id: number; name: string; title: string; photo: string | null };
/** type 0: chairmen and guests; type 1: a plain list (`items`). */
export type Special = { id: number; type: number; title: string; chairmen: SpecialPerson[]; guests: SpecialPerson[]; items: SpecialPerson[] };

/** A QR code's modules, row by row, as hex (computed on the server; drawn by `QrCode`). */
export type QrMatrix = { size: number; bits: string };

export type Hotel = {
  id: number;
  name: string;
  address: string;
  phone: string;
  stars: number | null;
  distance: string;
  rooms: Array<{ id: number; type: string; priceFen: number; startDate: string; endDate: string }>;
  qr: QrMatrix | null;
  /** The QR code's value when it is a link a visitor may open. */
  qrHref: string | null;
};

export type FeeTable = {
  identities: Array<{ id: number; name: string }>;
  strategies: Array<{ id: number; name: string; from: string; to: string }>;
  /** Keyed `${identityId}-${strategyId}`. */
  prices: Record<string, { priceFen: number; unit: "0" | "1" | "2" }>;
};
