import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { conferenceFiles, formAdmins, formAnswers, forms, invoices, papers, payments, registrations, sponsors, uploads } from "../db/schema";
import { canManageConference } from "./access";
import type { Account } from "./identity";

/**
 * The conferences a private upload belongs to, found through the rows that point at it: a
 * payment proof, a paper, a conference file, an issued invoice, a sponsor's logo or materials.
 * Areas that attach uploads to new kinds of rows add their look-up here.
 */
export const UPLOAD_REFERENCES: Array<(db: Db, key: string) => Promise<Array<{ conferenceId: number }>>> = [
  (db, key) => db.select({ conferenceId: payments.conferenceId }).from(payments).where(eq(payments.proofKey, key)).limit(5),
  (db, key) => db.select({ conferenceId: papers.conferenceId }).from(papers).where(eq(papers.uploadKey, key)).limit(5),
  (db, key) => db.select({ conferenceId: conferenceFiles.conferenceId }).from(conferenceFiles).where(eq(conferenceFiles.uploadKey, key)).limit(5),
  (db, key) => db.select({ conferenceId: invoices.conferenceId }).from(invoices).where(eq(invoices.fileKey, key)).limit(5),
  // The applicant's own uploads only: an organiser's hand entry naming somebody's key reaches nothing (decision 032).
  (db, key) =>
    db
      .select({ conferenceId: sponsors.conferenceId })
      .from(sponsors)
      .innerJoin(uploads, and(eq(uploads.key, key), eq(uploads.ownerAccountId, sponsors.accountId)))
      .where(sql`${sponsors.logo} = ${key} or ${sponsors.materials} @> ${JSON.stringify([key])}::jsonb`)
      .limit(5),
  // A registration's file answer (`/api/cms/files/<key>`, a private upload of whoever saved the answer). No index: read only when the others did not answer.
  (db, key) =>
    db
      .select({ conferenceId: registrations.conferenceId })
      .from(registrations)
      .where(sql`exists (select 1 from jsonb_each_text(${registrations.answers}) as answer(name, value) where answer.value = ${`/api/cms/files/${key}`})`)
      .limit(5),
];

/**
 * Private uploads that became public media: the logo of a sponsor or exhibitor the organiser
 * approved, shown on the conference's page (decision 032), and only the applicant's own upload,
 * so no row (an organiser's hand entry) can publish somebody else's private file by naming its
 * key. Rejecting the sponsor later makes it private again.
 */
export async function isPublishedMedia(db: Db, key: string) {
  const [row] = await db
    .select({ id: sponsors.id })
    .from(sponsors)
    .innerJoin(uploads, and(eq(uploads.key, sponsors.logo), eq(uploads.ownerAccountId, sponsors.accountId)))
    .where(and(eq(sponsors.logo, key), eq(sponsors.state, "approved")))
    .limit(1);
  return Boolean(row);
}

/**
 * True when the upload is a file answer of a form the account owns or administers, or of a form
 * attached to a conference it manages. Answers list their upload keys in `file_keys` (GIN-indexed).
 */
async function readsUploadForm(db: Db, account: Account, key: string) {
  const rows = await db
    .select({ formId: forms.id, owner: forms.ownerAccountId, conferenceId: forms.conferenceId, admin: formAdmins.accountId })
    .from(formAnswers)
    .innerJoin(forms, eq(forms.id, formAnswers.formId))
    .leftJoin(formAdmins, and(eq(formAdmins.formId, forms.id), eq(formAdmins.accountId, account.id)))
    .where(sql`${formAnswers.fileKeys} @> array[${key}]::text[]`)
    .limit(5);
  for (const row of rows) {
    if (row.owner === account.id || row.admin === account.id) return true;
    if (row.conferenceId && (await canManageConference(db, account, row.conferenceId))) return true;
  }
  return false;
}

/**
 * True when the account issued to receives this invoice file: the attendee downloads the
 * invoice the organiser issued to them (/manage/payment).
 */
async function receivesInvoice(db: Db, account: Account, key: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.fileKey, key), eq(invoices.accountId, account.id), eq(invoices.state, "issued")))
    .limit(1);
  return Boolean(row);
}

/** True when an organiser of a conference the upload is attached to (or a reader of a form answered with it, or the receiver of an invoice issued with it) is asking for it. */
export async function managesUploadConference(db: Db, account: Account, key: string) {
  for (const lookup of UPLOAD_REFERENCES) {
    for (const row of await lookup(db, key)) {
      if (await canManageConference(db, account, row.conferenceId)) return true;
    }
  }
  return (await readsUploadForm(db, account, key)) || receivesInvoice(db, account, key);
}
