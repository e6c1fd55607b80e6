import type { RichTextOp } from "../rich-text";

/** What every conference shape the platform answers with carries (cards, pages, the editor). */
export type ConferenceCore = {
  id: number;
  nameZh: string;
  nameEn: string;
  /** YYYY-MM-DD calendar days. */
  startDate: string;
  endDate: string;
  cityZh: string;
  cityEn: string;
  hostZh: string;
  hostEn: string;
};

/** A whole conference record's descriptive fields (the conference page, the editor). */
export type ConferenceDetails = ConferenceCore & {
  shortName: string;
  addressZh: string;
  addressEn: string;
  summaryZh: string;
  summaryEn: string;
  cover: string | null;
  isPublish: boolean;
};

type Named = { nameZh: string; nameEn: string };
type Titled = { titleZh: string; titleEn: string };

/** A conference's hotel as its page and its editor show it. */
export type Hotel = Named & {
  id: number;
  addressZh: string;
  addressEn: string;
  phone: string;
  stars: number | null;
  distanceZh: string;
  distanceEn: string;
  qrCode: string | null;
};
export type HotelRoom = { id: number; typeZh: string; typeEn: string; priceFen: number; startDate: string; endDate: string };

/** GET /conference/{id}/page (platform/routes/conference-content.ts): everything a conference page needs. */
export type PlatformConferencePage = {
  info: ConferenceDetails & {
    currency: string;
    characteristic: string[];
  };
  category: Named | null;
  major: Named | null;
  canManage: boolean;
  exCss: string;
  modules: Array<Titled & { id: number; type: string }>;
  texts: Array<Titled & { id: number; moduleId: number | null; contentZh: RichTextOp[]; contentEn: RichTextOp[] }>;
  branches: Array<Named & { id: number }>;
  forums: Array<Named & { id: number; branchId: number | null }>;
  schedule: Array<
    Titled & {
      id: number;
      moduleId: number | null;
      branchId: number | null;
      forumId: number | null;
      startsAt: string;
      endsAt: string;
      speakers: Array<{ name: string; affiliation?: string }>;
      room: string;
    }
  >;
  specials: Array<Titled & { id: number; type: number; items: Array<Named & Titled & { id: number; role: string; photo: string | null }> }>;
  organizers: Array<Named & { id: number; role: string; logo: string | null }>;
  sponsors: Array<{ id: number; kind: "sponsor" | "exhibitor"; company: string; level: string; booth: string; logo: string | null; website: string | null }>;
  hotels: Array<Hotel & { rooms: HotelRoom[] }>;
  feeTable: {
    currency: string;
    identities: Array<Named & { id: number }>;
    strategies: Array<Named & { id: number; startsAt: string; endsAt: string }>;
    fees: Array<{ identityId: number; strategyId: number; priceFen: number; unit: "0" | "1" | "2" }>;
  };
  links: Array<Titled & { id: number; url: string }>;
  media: Array<Titled & { id: number; kind: "image" | "video" | "press"; url: string }>;
  tags: Array<{ id: number; name: string; value: string }>;
};
