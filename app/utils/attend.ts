import type { FormField, PaymentMethod } from "#contract/states";

/** The platform's shapes the attendee screens read (platform/routes/registration.ts, payments.ts). */
export type AttendForm = {
  conference: {
    id: number;
    nameZh: string;
    nameEn: string;
    currency: string;
    moderation: boolean;
    requireSubscribe: boolean;
    capacity: number | null;
    remaining: number | null;
    paymentMethods: PaymentMethod[];
  };
  identities: Array<{ id: number; nameZh: string; nameEn: string; fee: { priceFen: number } | null }>;
  strategy: { id: number; nameZh: string; nameEn: string; startsAt: string; endsAt: string } | null;
  fields: FormField[];
  /** Whether the caller follows the organisers' official account (null for a visitor). */
  subscribed: boolean | null;
};

export type AttendQuote = {
  feeFen: number;
  discountFen: number;
  amountFen: number;
  currency: string;
  strategy: { nameZh: string; nameEn: string } | null;
  coupon: { code: string } | null;
};

export type AttendPayment = {
  id: number;
  method: PaymentMethod;
  amountFen: number;
  currency: string;
  state: "unpaid" | "pending_audit" | "paid" | "rejected" | "refunded" | "cancelled";
  tradeNo: string;
  remark: string | null;
  proofKey?: string | null;
};

export type AttendRegistration = {
  id: number;
  conferenceId: number;
  conference: { id: number; nameZh: string; nameEn: string; startDate: string; endDate: string; currency: string; paymentMethods: PaymentMethod[] } | null;
  teamId: number | null;
  name: string;
  mobile: string;
  email: string | null;
  institution?: string;
  identityId?: number | null;
  answers?: Record<string, unknown>;
  identity: { nameZh: string; nameEn: string } | null;
  feeFen: number;
  currency: string;
  state: "pending" | "confirmed" | "rejected" | "cancelled";
  ticketCode: string;
  needsPayment: boolean;
  paymentState: AttendPayment["state"] | null;
  payment: AttendPayment | null;
  invoiceState: "requested" | "issued" | "rejected" | null;
  invoiceId: number | null;
  /** Pay by then, or the place goes back (decision 030); null when nothing is due or a payment is paid or being checked. */
  holdUntil: string | null;
  /** The payment deadline passed and the place went back; paying takes one again if any is free. */
  holdExpired: boolean;
  /** Whether it takes a place: a team member only once they claimed it (or have an account). */
  holdsPlace: boolean;
  /** Money to be given back by the organiser: a second payment, or one that came after the place was gone. */
  refundDue: "duplicate" | "noSeat" | null;
};

export type AttendPayee = { accountName: string; bankName: string; accountNo: string; noteZh: string; noteEn: string } | null;

/** A registration can be cancelled while it holds a place and nothing is paid or being checked. */
export function canCancel(r: AttendRegistration) {
  return (r.state === "pending" || r.state === "confirmed") && r.paymentState !== "paid" && r.paymentState !== "pending_audit";
}

/** A registration its attendee may still change: pending, nothing paid or being checked (the platform decides again on save). */
export function canEdit(r: AttendRegistration) {
  return r.state === "pending" && r.paymentState !== "paid" && r.paymentState !== "pending_audit";
}

/** A registration holding a place (or whose payment deadline passed: paying takes a place again if one is free) with something left to pay. */
export function canPay(r: AttendRegistration) {
  return (r.state === "pending" || r.state === "confirmed" || r.holdExpired) && r.needsPayment;
}

/** A file the form carried (no-JS path), or null when the input was left empty. */
export function postedFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

/** Title, description and Open Graph tags; the attendee's own pages stay out of search engines. */
export function attendMeta(title: string, description: string) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { name: "robots", content: "noindex" },
  ];
}
