import type { FormField } from "../states";
import type { ConferenceDetails, Hotel, HotelRoom } from "./conference";
import type { ReplaySummary } from "./replays";

/** What `/manage/conference/{id}` answers (platform/routes/authoring.ts). */
export type EditorData = {
  conference: ConferenceDetails & {
    categoryId: number | null;
    majorId: number | null;
    capacity: number | null;
    paymentWindowHours: number;
    moderation: boolean;
    requireSubscribe: boolean;
    exCss: string;
    invoiceCompany: { name: string; taxId: string } | null;
  };
  isOwner: boolean;
  certified: boolean;
  modules: Array<{ id: number; type: string; titleZh: string; titleEn: string; sort: number; schedulePublished: boolean }>;
  texts: Array<{ id: number; moduleId: number | null; contentZh: unknown[]; contentEn: unknown[] }>;
  branches: Array<{ id: number; nameZh: string; nameEn: string }>;
  forums: Array<{ id: number; nameZh: string; nameEn: string; branchId: number | null }>;
  schedules: Array<{
    id: number;
    moduleId: number | null;
    branchId: number | null;
    forumId: number | null;
    startsAt: string;
    endsAt: string;
    titleZh: string;
    titleEn: string;
    speakers: Array<{ name: string; affiliation?: string }>;
    room: string;
  }>;
  identities: Array<{ id: number; nameZh: string; nameEn: string }>;
  strategies: Array<{ id: number; nameZh: string; nameEn: string; startsAt: string; endsAt: string }>;
  fees: Array<{ identityId: number; strategyId: number; priceFen: number; unit: "0" | "1" | "2" }>;
  vipLevels: Array<{ id: number; nameZh: string; nameEn: string }>;
  coupons: Array<{
    id: number;
    code: string;
    kind: "amount" | "percent";
    value: number;
    useLimit: number | null;
    used: number;
    startsAt: string | null;
    endsAt: string | null;
  }>;
  fields: Array<{ id: number; field: FormField; sort: number }>;
  admins: Array<{ accountId: number; name: string; mobile: string; remark: string }>;
};

/** The other modules' rows (also in `/manage/conference/{id}`). */
export type ModuleData = {
  conference: { id: number; domain: string | null; domainState: "pending" | "approved" | "rejected" | null; domainReason: string | null };
  organizers: Array<{ id: number; role: string; nameZh: string; nameEn: string; logo: string | null }>;
  sponsors: Array<{
    id: number;
    kind: "sponsor" | "exhibitor";
    company: string;
    contact: string;
    phone: string;
    email: string;
    level: string;
    booth: string;
    website: string | null;
    logo: string | null;
    remarks: Array<{ at: string; text: string }>;
  }>;
  links: Array<{ id: number; titleZh: string; titleEn: string; url: string }>;
  media: Array<{ id: number; kind: string; titleZh: string; titleEn: string; url: string }>;
  banners: Array<{ id: number; titleZh: string; titleEn: string; image: string; url: string | null }>;
  hotels: Array<Hotel & { rooms: Array<HotelRoom & { inventory: number; showState: boolean }> }>;
  specials: Array<{
    id: number;
    type: number;
    titleZh: string;
    titleEn: string;
    items: Array<{ id: number; specialId: number; role: string; nameZh: string; nameEn: string; titleZh: string; titleEn: string; photo: string | null }>;
  }>;
  payee: { accountName: string; bankName: string; accountNo: string; noteZh: string; noteEn: string } | null;
  replays: Array<
    Omit<ReplaySummary, "conferenceNameZh" | "conferenceNameEn"> & {
      descriptionZh: string;
      descriptionEn: string;
      mp4Url: string | null;
      hlsUrl: string | null;
      isPublish: boolean;
    }
  >;
};

/** The row lists of `/manage/conference/{id}`, each read only when its `parts` query names it (all without one). */
export const EDITOR_PARTS = [
  "modules",
  "texts",
  "branches",
  "forums",
  "schedules",
  "identities",
  "strategies",
  "fees",
  "vipLevels",
  "coupons",
  "fields",
  "admins",
  "organizers",
  "sponsors",
  "links",
  "media",
  "banners",
  "hotels",
  "specials",
  "payee",
  "replays",
] as const;
export type EditorPart = (typeof EDITOR_PARTS)[number];
export type EditorRows = Pick<EditorData & ModuleData, EditorPart>;
/** What `/manage/conference/{id}` answers: the conference, always, and the row lists asked for. */
export type EditorView = Omit<EditorData & ModuleData, EditorPart> & Partial<EditorRows>;
