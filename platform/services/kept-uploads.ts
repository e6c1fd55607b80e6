import crypto from "node:crypto";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db";
import { formAnswers, organizations, uploads } from "../db/schema";
import type { Storage } from "../providers/types";
import { UPLOAD_REFERENCES } from "./file-access";

/**
 * Uploads kept for a form between a refused submit and the next one (decision 017).
 *
 * A kept upload is named to the browser by a *reference*: the upload's key, its original name,
 * the form it was chosen for (`scope`), who chose it (`binding`: the account, or for a signed-out
 * respondent a random per-browser session id) and an expiry, signed with the platform's secret.
 * The next post gives the reference back; only the same person on the same form before the
 * expiry gets the key out of it. Kept uploads no saved record points at are deleted after
 * `KEPT_TTL_MS` by `cleanupKeptUploads`.
 */

export const KEPT_TTL_MS = 24 * 60 * 60 * 1000;
/** The cleanup waits this much past a reference's expiry, so a submit verified just before it can still save. */
export const KEPT_GRACE_MS = 60 * 60 * 1000;

/** A form's scope: lower-case words, digits, `:`, `-`, `_` (`organization`, `form:12`, `pay:7`). */
export const KEPT_SCOPE = /^[a-z][a-z0-9:_-]{0,79}$/;
/** A signed-out browser's session id (the app's HttpOnly cookie). */
export const KEPT_SESSION = /^[A-Za-z0-9_-]{22,100}$/;

export type KeptPayload = { k: string; n: string; s: string; b: string; e: number };
export type KeptRefusal = "tampered" | "expired" | "notYours" | "elsewhere";

/** Who chose the file: the account when signed in, else a hash of the browser's session id; null when neither. */
export function keptBinding(accountId: number | null | undefined, session: string | null | undefined) {
  if (accountId) return `a:${accountId}`;
  if (session && KEPT_SESSION.test(session)) return `s:${crypto.createHash("sha256").update(session).digest("base64url").slice(0, 32)}`;
  return null;
}

function mac(secret: string, body: string) {
  return crypto.createHmac("sha256", secret).update(`kept-upload:${body}`).digest("base64url");
}

/** The signed reference for an upload kept for `scope`, valid `KEPT_TTL_MS` from `now`. */
export function signKeptRef(secret: string, input: { key: string; name: string; scope: string; binding: string; now: Date }) {
  const payload: KeptPayload = { k: input.key, n: input.name, s: input.scope, b: input.binding, e: input.now.getTime() + KEPT_TTL_MS };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

/**
 * The key a reference names, or why it is refused: a bad signature (`tampered`), past its
 * expiry, chosen by somebody else (`notYours`) or for another form (`elsewhere`; skipped when
 * `scope` is undefined, as when the chooser only opens the file).
 */
export function readKeptRef(
  secret: string,
  ref: string,
  expect: { binding: string | null; scope?: string; now: Date },
): { ok: true; payload: KeptPayload } | { ok: false; reason: KeptRefusal } {
  const [body, signature, extra] = ref.split(".");
  if (!body || !signature || extra !== undefined || ref.length > 2000) return { ok: false, reason: "tampered" };
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: "tampered" };
  let payload: KeptPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as KeptPayload;
  } catch {
    return { ok: false, reason: "tampered" };
  }
  if (typeof payload.k !== "string" || typeof payload.e !== "number") return { ok: false, reason: "tampered" };
  if (payload.e <= expect.now.getTime()) return { ok: false, reason: "expired" };
  if (!expect.binding || payload.b !== expect.binding) return { ok: false, reason: "notYours" };
  if (expect.scope !== undefined && payload.s !== expect.scope) return { ok: false, reason: "elsewhere" };
  return { ok: true, payload };
}

/** True when a saved record (any of file-access's references, an organization's licence, a form answer) points at the upload. */
export async function isUploadReferenced(db: Db, key: string) {
  for (const lookup of UPLOAD_REFERENCES) if ((await lookup(db, key)).length) return true;
  const [licence] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.licenceKey, key)).limit(1);
  if (licence) return true;
  const [answer] = await db
    .select({ id: formAnswers.id })
    .from(formAnswers)
    .where(sql`${formAnswers.fileKeys} @> array[${key}]::text[]`)
    .limit(1);
  return Boolean(answer);
}

/**
 * Deletes kept uploads whose time is up and that no saved record points at (from the storage,
 * then the row); the ones a record took are kept for good (`keptUntil` cleared). Runs at start
 * and every hour (runtime.ts), `batch` at a time.
 */
export async function cleanupKeptUploads(deps: { db: Db; storage: Storage; now: () => Date }, batch = 200) {
  const due = await deps.db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(and(isNotNull(uploads.keptUntil), lte(uploads.keptUntil, deps.now())))
    .orderBy(uploads.keptUntil)
    .limit(batch);
  let deleted = 0;
  let claimed = 0;
  for (const row of due) {
    if (await isUploadReferenced(deps.db, row.key)) {
      await deps.db.update(uploads).set({ keptUntil: null }).where(eq(uploads.id, row.id));
      claimed++;
      continue;
    }
    await deps.storage.delete(row.key);
    await deps.db.delete(uploads).where(eq(uploads.id, row.id));
    deleted++;
  }
  return { deleted, claimed };
}
