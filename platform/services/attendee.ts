import crypto from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Db } from "../db";
import { branches, conferences, registrations, uploads } from "../db/schema";
import type { MessageParams } from "#contract/message";
import { fail, refuseField } from "../http";
import { IMAGE_TYPES } from "./sniff";

/**
 * Rules shared by the attendee services (issue 6): who counts as registered, whose uploads may
 * be attached, and the private agenda feed's token.
 */

/** A 400 that names one field (the form shows its message beside the field). */
export function fieldFail(_c: Ctx, field: string, key: string, params?: MessageParams): never {
  refuseField(field, key, params);
}

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

/**
 * Checks that every key is a private upload (POST /cms/files/documentUpload) of the caller's
 * own; someone else's key, a public image or an unknown key is refused on `field`.
 */
export async function requireOwnUploads(c: Ctx, db: Db, accountId: number, keys: string[], field: string, options: { imagesOnly?: boolean } = {}) {
  if (!keys.length) return;
  const rows = await db
    .select({ key: uploads.key, owner: uploads.ownerAccountId, isPublic: uploads.isPublic, contentType: uploads.contentType })
    .from(uploads)
    .where(inArray(uploads.key, keys));
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    if (!row || row.owner !== accountId || row.isPublic) fieldFail(c, field, "services.errors.notYourFile");
    if (options.imagesOnly && !IMAGE_TYPES.includes(row.contentType)) fieldFail(c, field, "services.errors.logoImage");
  }
}

/** A branch (topic) must be one of the conference's own. */
export async function requireBranch(c: Ctx, db: Db, conferenceId: number, branchId: number | null) {
  if (!branchId) return;
  const [row] = await db.select({ conferenceId: branches.conferenceId }).from(branches).where(eq(branches.id, branchId)).limit(1);
  if (!row || row.conferenceId !== conferenceId) fieldFail(c, "branchId", "services.v.invalid");
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
