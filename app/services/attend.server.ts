import { createHmac } from "node:crypto";
import * as cookie from "cookie";
import type { AttendRegistration } from "~/utils/attend";
import { qrMatrix } from "./conference-page.server";
import { callPlatform } from "./platform.server";
import { signingSecret } from "./secret.server";
import { isSecure } from "./session.server";

/** The check-in ticket as a QR matrix (drawn server-side as SVG), only for registrations that hold a place. */
export function ticketQr(r: AttendRegistration) {
  return (r.state === "pending" || r.state === "confirmed") && !r.holdExpired ? qrMatrix(r.ticketCode) : null;
}

/**
 * The idempotency key of a payment form: the same for a registration and method until a
 * payment of it ends (refused or refunded), so a double click, a refresh, or going back (which
 * reloads an uncached page) and submitting again all answer the first payment intent. Keyed
 * with the server's secret, so nobody can take someone else's key first.
 */
export function paymentKey(registrationId: number, method: string, generation: number) {
  const hex = createHmac("sha256", signingSecret()).update(`attend-payment:${registrationId}:${method}:${generation}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The subscription QR code's `myId` (spec §7 keeps it in session storage; without JavaScript
 * there is none, so a short cookie of its own), so a reload shows the same code.
 */
const SCENE_COOKIE = "attend_scene";
const SCENE_SECONDS = 30 * 60;

export function sceneOf(request: Request) {
  const value = cookie.parse(request.headers.get("cookie") ?? "")[SCENE_COOKIE];
  return value && /^[A-Za-z0-9_-]{8,200}$/.test(value) ? value : "";
}

export function sceneCookie(request: Request, myId: string | null) {
  return cookie.serialize(SCENE_COOKIE, myId ?? "", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(request),
    path: "/attend",
    maxAge: myId ? SCENE_SECONDS : 0,
  });
}

/** The signed-in attendee's QR code to follow the official account, drawn here; or the reason there is none. */
export async function subscribeQr(request: Request) {
  const made = await callPlatform<{ myId: string; url: string }>(request, "/officialaccount/qrcode", { method: "POST", body: { myId: sceneOf(request) } });
  if (!made.ok) return { view: { myId: "", qr: null, error: made.message }, setCookie: null };
  return { view: { myId: made.data.myId, qr: qrMatrix(made.data.url), error: null }, setCookie: sceneCookie(request, made.data.myId) };
}
