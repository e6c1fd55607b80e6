import type { AttendRegistration } from "#contract/views/attend";

export type { AttendForm, AttendPayee, AttendPayment, AttendQuote, AttendRegistration } from "#contract/views/attend";

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
