import { eq, inArray } from "drizzle-orm";
import type { MessageParams } from "#contract/message";
import { type Ctx, requireAccount } from "../context";
import type { Db } from "../db";
import { branches, uploads } from "../db/schema";
import { fail, refuseField } from "../http";
import { canManageConference } from "../services/access";
import type { Account } from "../services/identity";
import { IMAGE_TYPES } from "../services/sniff";

/**
 * What routes check before they call a service (decision 043): who may call (the signed-in
 * account, a conference's manager, a platform administrator) and the input checks that answer
 * per field in the caller's language. Services never see the request; these are the only
 * request-side rules shared between route files.
 */

/** A 400 that names one field (the form shows its message beside the field). */
export function fieldFail(_c: Ctx, field: string, key: string, params?: MessageParams): never {
  refuseField(field, key, params);
}

/**
 * The signed-in account when it may manage the conference. Anyone else gets a 404 (so ids of
 * others' conferences reveal nothing) or, where callers already know the conference exists,
 * the `status` given.
 */
export async function requireManager(db: Db, c: Ctx, conferenceId: number, status: 403 | 404 = 404): Promise<Account> {
  const account = requireAccount(c);
  if (!(await canManageConference(db, account, conferenceId))) fail(status, status === 404 ? "errors.notFound" : "errors.forbidden");
  return account;
}

/** The signed-in platform administrator (review screens), or 401/403. */
export function requirePlatformAdmin(c: Ctx): Account {
  const account = requireAccount(c);
  if (!account.isPlatformAdmin) fail(403, "errors.forbidden");
  return account;
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
