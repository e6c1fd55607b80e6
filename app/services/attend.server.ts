import { createHmac } from "node:crypto";
import type { AttendRegistration } from "~/utils/attend";
import { qrMatrix } from "./conference-page.server";
import { platformSecret } from "./secret.server";

/** The check-in ticket as a QR matrix (drawn server-side as SVG), only for registrations that hold a place. */
export function ticketQr(r: AttendRegistration) {
  return r.state === "pending" || r.state === "confirmed" ? qrMatrix(r.ticketCode) : null;
}

/**
 * The idempotency key of a payment form: the same for a registration and method until a
 * payment of it ends (refused or refunded), so a double click, a refresh, or going back (which
 * reloads an uncached page) and submitting again all answer the first payment intent. Keyed
 * with the server's secret, so nobody can take someone else's key first.
 */
export function paymentKey(registrationId: number, method: string, generation: number) {
  const hex = createHmac("sha256", platformSecret()).update(`attend-payment:${registrationId}:${method}:${generation}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
