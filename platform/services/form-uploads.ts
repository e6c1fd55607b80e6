import crypto from "node:crypto";
import { and, count, eq, gt, sum } from "drizzle-orm";
import type { Db } from "../db";
import { uploads } from "../db/schema";
import { fail } from "../http";
import { KEPT_TTL_MS } from "./kept-uploads";

/**
 * Anonymous uploads are form answers' files only (decision 032): each is bound to an open form
 * and to the submission key its answer page rendered, counted against quotas per client and per
 * key, and deleted a day later unless a saved answer took it.
 */

/** Per client address, over the last hour; per submission key, for the key's whole life. */
export const UPLOAD_QUOTA = {
  windowMs: 60 * 60 * 1000,
  perClient: { count: 60, bytes: 200 * 1024 * 1024 },
  perSubmission: { count: 20, bytes: 100 * 1024 * 1024 },
} as const;

/** A submission key lives as long as a kept upload's reference: a day. */
export const SUBMISSION_TTL_MS = KEPT_TTL_MS;

function submissionMac(secret: string, formId: number, nonce: string, expiry: string) {
  return crypto.createHmac("sha256", secret).update(`submission:${formId}:${nonce}:${expiry}`).digest("hex").slice(0, 24);
}

/**
 * A key for one answer page of form `formId`: `<nonce>-<expiry, base36 ms>-<mac>` (fits the
 * answer's `submissionKey`, 8–64 of `[A-Za-z0-9-]`). The platform keeps no list of issued keys:
 * the signature says it issued this one for this form, the expiry how long it holds.
 */
export function issueSubmissionKey(secret: string, formId: number, now: Date) {
  const nonce = crypto.randomBytes(8).toString("hex");
  const expiry = (now.getTime() + SUBMISSION_TTL_MS).toString(36);
  return `${nonce}-${expiry}-${submissionMac(secret, formId, nonce, expiry)}`;
}

/** Whether `key` is one the platform issued for form `formId` and still valid at `now`. */
export function checkSubmissionKey(secret: string, key: string, formId: number, now: Date): "ok" | "unknown" | "expired" {
  const match = /^([0-9a-f]{16})-([0-9a-z]{1,12})-([0-9a-f]{24})$/.exec(key);
  if (!match) return "unknown";
  const [, nonce, expiry, mac] = match;
  const expected = Buffer.from(submissionMac(secret, formId, nonce, expiry));
  if (!crypto.timingSafeEqual(expected, Buffer.from(mac))) return "unknown";
  return parseInt(expiry, 36) <= now.getTime() ? "expired" : "ok";
}

/**
 * The client as the quota counts it (`account:<id>`, or `address:<clientAddress>` signed out): a
 * keyed hash, so the table holds no addresses.
 */
export function clientTag(secret: string, client: string) {
  return crypto.createHmac("sha256", secret).update(`upload-client:${client}`).digest("base64url").slice(0, 22);
}

/**
 * Refuses an upload of `size` bytes that would take the client past its hourly quota, or the
 * submission key past its own, with a message that says which and when to try again.
 */
export async function checkUploadQuota(db: Db, input: { client: string; submissionKey?: string; size: number; now: Date }) {
  const since = new Date(input.now.getTime() - UPLOAD_QUOTA.windowMs);
  const [byClient] = await db
    .select({ files: count(), bytes: sum(uploads.size) })
    .from(uploads)
    .where(and(eq(uploads.client, input.client), gt(uploads.createdAt, since)));
  const limit = UPLOAD_QUOTA.perClient;
  if (byClient.files + 1 > limit.count || Number(byClient.bytes ?? 0) + input.size > limit.bytes) {
    fail(429, "errors.uploadQuota.client", { params: { count: limit.count, mb: limit.bytes / 1048576 } });
  }
  if (!input.submissionKey) return;
  const [byKey] = await db
    .select({ files: count(), bytes: sum(uploads.size) })
    .from(uploads)
    .where(eq(uploads.submissionKey, input.submissionKey));
  const perKey = UPLOAD_QUOTA.perSubmission;
  if (byKey.files + 1 > perKey.count || Number(byKey.bytes ?? 0) + input.size > perKey.bytes) {
    fail(429, "errors.uploadQuota.submission", { params: { count: perKey.count, mb: perKey.bytes / 1048576 } });
  }
}
