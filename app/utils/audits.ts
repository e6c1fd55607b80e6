import type { AuditState, PaymentMethod, PaymentState, Remark } from "#contract/states";

/** The shapes the organiser's audit pages read from platform/routes/audits-*.ts. */

/** The states of audited rows (a hotel booking may also be cancelled by its guest). */
export const AUDIT_STATES = ["pending", "approved", "rejected"] as const;

/** The filters each list takes from the address; its export takes the same ones. */
export const HOTEL_FILTERS = ["state", "hotelId", "night", "keyword"] as const;
export const PAPER_FILTERS = ["kind", "state", "branchId", "keyword"] as const;
export const SPONSOR_FILTERS = ["kind", "state", "keyword"] as const;
/** The columns the exhibitor print page can show, in order; the first ones are ticked at first. */
export const PRINT_COLUMNS = ["company", "kind", "contact", "phone", "booth", "level", "email", "state", "remarks"] as const;
export type PrintColumn = (typeof PRINT_COLUMNS)[number];
export const DEFAULT_PRINT_COLUMNS: PrintColumn[] = ["company", "kind", "contact", "phone", "booth"];

export type ManagedConference = { id: number; nameZh: string; nameEn: string; currency: string };

export type ManagePayment = {
  id: number;
  registrationId: number | null;
  teamId: number | null;
  method: PaymentMethod;
  amountFen: number;
  currency: string;
  state: PaymentState;
  tradeNo: string;
  proofKey: string | null;
  proofType: string | null;
  proofName: string | null;
  remark: string | null;
  payerName: string | null;
  payerMobile: string | null;
  teamName: string | null;
  invoiceId: number | null;
  invoiceState: "requested" | "issued" | "rejected" | null;
  refundDue: "duplicate" | "noSeat" | null;
  createdAt: string;
};

export type MethodTotal = { method: PaymentMethod; count: number; paidCount: number; paidFen: number; pendingCount: number };

export type ManageInvoice = {
  id: number;
  paymentId: number;
  title: string;
  taxId: string;
  amountFen: number;
  email: string;
  state: "requested" | "issued" | "rejected";
  remark: string | null;
  fileKey: string | null;
  tradeNo: string;
  method: PaymentMethod;
  currency: string;
  payerName: string | null;
  createdAt: string;
};

/** What a stay (an attendee's booking or a sponsor's request) shows: who, where, when. */
type Stay = {
  id: number;
  checkIn: string;
  checkOut: string;
  rooms: number;
  remark: string | null;
  name: string;
  mobile: string;
  hotelZh: string;
  hotelEn: string;
  roomZh: string;
  roomEn: string;
};

export type HotelBooking = Stay & { sharing: "single" | "share" | "any"; priceFen: number; state: AuditState | "cancelled" };

export type HotelGrid = {
  nights: string[];
  hotels: Array<{
    id: number;
    nameZh: string;
    nameEn: string;
    rooms: Array<{ id: number; typeZh: string; typeEn: string; inventory: number; nights: Array<{ night: string; booked: number; pending: number }> }>;
  }>;
};

export type SponsorHotelRequest = Stay & { company: string | null; guests: Array<{ name: string; mobile?: string }>; state: AuditState };

type Submitted = {
  id: number;
  branchZh: string | null;
  branchEn: string | null;
  uploadKey: string;
  state: AuditState;
  remark: string | null;
  createdAt: string;
  accountName: string;
  accountMobile: string;
};
export type Paper = Submitted & { title: string; authors: Array<{ name: string; affiliation: string }>; abstract: string; keywords: string };
export type ConferenceFile = Submitted & { name: string };

/** A sponsor or exhibitor application as the audit screens receive it (instants as strings). */
export type Sponsor = {
  id: number;
  conferenceId: number;
  accountId: number | null;
  kind: "sponsor" | "exhibitor";
  company: string;
  contact: string;
  phone: string;
  email: string;
  level: string;
  booth: string;
  logo: string | null;
  website: string | null;
  materials: string[];
  state: AuditState;
  remarks: Remark[];
  sort: number;
  createdAt: string;
};

export type SubscribedSession = {
  id: number;
  titleZh: string;
  titleEn: string;
  startsAt: string;
  endsAt: string;
  room: string;
  branchZh: string | null;
  branchEn: string | null;
  count: number;
  subscribers: Array<{ accountId: number; name: string; mobile: string; registrationName: string | null; institution: string | null }>;
};

export type Report = {
  conference: ManagedConference;
  from: string;
  to: string;
  registrations: {
    total: number;
    byState: Record<"pending" | "confirmed" | "rejected" | "cancelled", number>;
    byIdentity: Array<{ identityId: number | null; nameZh: string | null; nameEn: string | null; count: number }>;
  };
  revenue: { methods: Array<{ method: PaymentMethod; count: number; amountFen: number }>; totalFen: number; count: number };
  invoices: { requested: number; issued: number; issuedFen: number; waiting: number; rejected: number };
  checkins: number;
  hotelNights: { hotels: Array<{ hotelId: number; nameZh: string; nameEn: string; nights: number; bookings: number }>; total: number };
};

/** Where an uploaded file is shown: a site path or URL as it is, a private upload's key through /files. */
export function fileHref(keyOrUrl: string) {
  return /^(\/|https?:)/.test(keyOrUrl) ? keyOrUrl : `/files/${keyOrUrl}`;
}

/** Nights between two calendar days. */
export function nightsBetween(checkIn: string, checkOut: string) {
  return Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
}

/** A moment as China wall-clock time, `2026-11-21 16:05`. */
export function chinaTime(iso: string) {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
}
