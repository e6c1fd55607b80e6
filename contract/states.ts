/**
 * The states and enums app and platform share (spec §9): what a payment, a registration, an
 * invoice or an audit can be, and the stored shapes both sides read (form fields, rich text).
 * The platform's tables take their column types from here; the app shows them.
 */
export type RichText = Array<{ insert: string | Record<string, unknown>; attributes?: Record<string, unknown> }>;
export type AuditState = "pending" | "approved" | "rejected";
export type Remark = { by: number; at: string; text: string };

export type PaymentMethod = "transfer" | "paypal" | "alipay" | "union";
export type InvoiceCompany = { name: string; taxId: string; address?: string; phone?: string; bank?: string; account?: string };

export type FieldType = "text" | "textarea" | "number" | "radio" | "checkbox" | "date" | "email" | "phone" | "file" | "image";
export type FormField = {
  key: string;
  type: FieldType;
  labelZh: string;
  labelEn: string;
  helpZh?: string;
  helpEn?: string;
  required: boolean;
  options?: Array<{ value: string; labelZh: string; labelEn: string }>;
  showWhen?: { field: string; value: string } | null;
};

export type RegistrationState = "pending" | "confirmed" | "rejected" | "cancelled";

/** `cancelled`: an online intent replaced by a newer one for the same registration (decision 031). */
export type PaymentState = "unpaid" | "pending_audit" | "paid" | "rejected" | "refunded" | "cancelled";

export type InvoiceState = "requested" | "issued" | "rejected";
