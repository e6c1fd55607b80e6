import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { conferenceFiles, invoices, papers, payments, sponsors } from "../db/schema";
import { canManageConference } from "./access";
import type { Account } from "./identity";

/**
 * The conferences a private upload belongs to, found through the rows that point at it: a
 * payment proof, a paper, a conference file, an issued invoice, a sponsor's logo or materials.
 * Areas that attach uploads to new kinds of rows add their look-up here.
 */
const REFERENCES: Array<(db: Db, key: string) => Promise<Array<{ conferenceId: number }>>> = [
  (db, key) => db.select({ conferenceId: payments.conferenceId }).from(payments).where(eq(payments.proofKey, key)).limit(5),
  (db, key) => db.select({ conferenceId: papers.conferenceId }).from(papers).where(eq(papers.uploadKey, key)).limit(5),
  (db, key) => db.select({ conferenceId: conferenceFiles.conferenceId }).from(conferenceFiles).where(eq(conferenceFiles.uploadKey, key)).limit(5),
  (db, key) => db.select({ conferenceId: invoices.conferenceId }).from(invoices).where(eq(invoices.fileKey, key)).limit(5),
  (db, key) =>
    db
      .select({ conferenceId: sponsors.conferenceId })
      .from(sponsors)
      .where(sql`${sponsors.logo} = ${key} or ${sponsors.materials} @> ${JSON.stringify([key])}::jsonb`)
      .limit(5),
];

/** True when an organiser of a conference the upload is attached to is asking for it. */
export async function managesUploadConference(db: Db, account: Account, key: string) {
  for (const lookup of REFERENCES) {
    for (const row of await lookup(db, key)) {
      if (await canManageConference(db, account, row.conferenceId)) return true;
    }
  }
  return false;
}
