import crypto from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../db";
import { conferences, registrations, uploads } from "../db/schema";
import { fail } from "../http";

/**
 * Rules shared by the attendee services (issue 6): who counts as registered, the uploads' names,
 * and the private agenda feed's token.
 */

/** A published conference, or 404. */
export async function publishedConference(db: Db, conferenceId: number) {
  const [conference] = await db.select().from(conferences).where(eq(conferences.id, conferenceId)).limit(1);
  if (!conference || !conference.isPublish) fail(404, "errors.notFound");
  return conference;
}

/**
 * The caller's registration for the conference. Services (hotel, travel, papers, files) are for
 * registered attendees: any state but cancelled (a pending or even a rejected attendee may still
 * be heard on a paper; a cancelled one has left).
 */
export async function requireRegistration(db: Db, conferenceId: number, accountId: number) {
  const [row] = await db
    .select({ id: registrations.id, state: registrations.state })
    .from(registrations)
    .where(and(eq(registrations.conferenceId, conferenceId), eq(registrations.accountId, accountId), ne(registrations.state, "cancelled")))
    .limit(1);
  if (!row) fail(400, "services.errors.notRegistered");
  return row;
}

/** The names and types of uploads, for lists ("my files"). */
export async function uploadNames(db: Db, keys: string[]) {
  if (!keys.length) return new Map<string, { name: string; contentType: string; size: number }>();
  const rows = await db
    .select({ key: uploads.key, name: uploads.originalName, contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(inArray(uploads.key, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.key, { name: r.name, contentType: r.contentType, size: r.size }]));
}

// ─── The private agenda feed ─────────────────────────────────────────────────────────

const feedMac = (secret: string, accountId: number) => crypto.createHmac("sha256", secret).update(`agenda-feed:${accountId}`).digest("base64url").slice(0, 32);

/**
 * The token of an account's agenda feed: its id and an HMAC of it with the platform's secret,
 * so a calendar app can fetch the feed without cookies and nobody can guess another's.
 */
export const agendaFeedToken = (secret: string, accountId: number) => `${accountId}-${feedMac(secret, accountId)}`;

/** The account a feed token names, or null when the token is not one we made. */
export function accountOfFeedToken(secret: string, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const accountId = Number(match[1]);
  const expected = Buffer.from(feedMac(secret, accountId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? accountId : null;
}
