import type { FormField, PaymentMethod } from "../states";

/** The platform's answers the attendee screens read (platform/routes/registration.ts, payments.ts). */
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
  /** When the desk checked the attendee in; null until then. */
  checkedInAt: string | null;
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
