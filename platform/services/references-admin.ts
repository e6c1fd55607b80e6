import crypto from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import {
  IMPORT_LIMITS,
  REFERENCE_COLUMNS,
  type ReferenceColumn,
  type ReferenceInput,
  columnHeading,
  limitOf,
  tooLongKey,
} from "#contract/schemas/references-admin";
import type { Db } from "../db";
import { majors, references, subjects } from "../db/schema";
import { referenceSearchText } from "../db/seed";
import type { Storage } from "../providers/types";
import { type Actor, recordAudit } from "./audit";
import { readXlsx } from "./xlsx";
import { checkZip } from "./zip-bounds";

/**
 * The platform administrators' references (issue 17): one at a time, and many at once from an
 * Excel workbook (decision 067). Every change is in one transaction with its audit row, and
 * every write recomputes the search text from the names the reference points at.
 */

type Named = { nameZh: string; nameEn: string };
type Resolved = Omit<ReferenceInput, "majorId" | "subjectId"> & { majorId: number | null; subjectId: number | null };

/** The row as stored: the input, and the search text the directory searches (platform/routes/directory.ts). */
async function stored(db: Db, input: Resolved) {
  const [major] = input.majorId ? await db.select({ nameZh: majors.nameZh, nameEn: majors.nameEn }).from(majors).where(eq(majors.id, input.majorId)) : [];
  const [subject] = input.subjectId
    ? await db.select({ nameZh: subjects.nameZh, nameEn: subjects.nameEn }).from(subjects).where(eq(subjects.id, input.subjectId))
    : [];
  return { ...input, searchText: referenceSearchText(input, major, subject) };
}

export const createReference = (db: Db, actor: Actor, at: Date, input: Resolved) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(references)
      .values({ ...(await stored(tx, input)), createdAt: at })
      .returning({ id: references.id });
    await recordAudit(tx, { conferenceId: null, accountId: actor.id, action: "reference.create", target: `reference:${row.id}`, detail: input, at });
    return row;
  });

export const updateReference = (db: Db, actor: Actor, at: Date, id: number, input: Resolved) =>
  db.transaction(async (tx) => {
    await tx
      .update(references)
      .set(await stored(tx, input))
      .where(eq(references.id, id));
    await recordAudit(tx, { conferenceId: null, accountId: actor.id, action: "reference.update", target: `reference:${id}`, detail: input, at });
    return { id };
  });

export const deleteReference = (db: Db, actor: Actor, at: Date, id: number) =>
  db.transaction(async (tx) => {
    const [gone] = await tx.delete(references).where(eq(references.id, id)).returning({ nameZh: references.nameZh, cityZh: references.cityZh });
    await recordAudit(tx, { conferenceId: null, accountId: actor.id, action: "reference.delete", target: `reference:${id}`, detail: gone ?? {}, at });
    return { id };
  });

// ─── Import ───────────────────────────────────────────────────────────────────────────

/** A problem of one row: the column it is in (null: the whole row) and the message. */
export type RowProblem = { column: ReferenceColumn | null; key: string; params?: Record<string, string | number> };
/** One data row of the workbook as read: its row number in the sheet and its cells by field. */
export type SheetRow = { row: number; cells: Record<ReferenceColumn, string> };
export type RowStatus = "new" | "update" | "unchanged" | "error";
export type PlannedRow = SheetRow & { status: RowStatus; id: number | null; problems: RowProblem[]; value: (Resolved & { searchText: string }) | null };
export type ImportCounts = Record<RowStatus, number>;

/** Why a whole upload is refused: its field message. */
export type UploadRefusal = { key: string; params?: Record<string, string | number> };

/** Headings and names compare without case or spaces: `Name (zh)`, `name(zh)` and `中文名称 / Name (zh)` are one. */
const loose = (text: string) => text.toLowerCase().replace(/\s+/g, "");

/** Control characters (NUL among them, which PostgreSQL cannot store) dropped, spaces trimmed. */
const cleanCell = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, "").trim();

/**
 * Reads an uploaded workbook into rows, or says why not: not an xlsx (checked by its bytes, not
 * its name), too large (bytes, inflated size, rows), no `中文名称` heading. Formulas are read as
 * the value the file holds, never evaluated; every cell is kept only up to one past its limit.
 */
export async function readReferenceSheet(bytes: Uint8Array): Promise<{ ok: true; rows: SheetRow[] } | { ok: false; refusal: UploadRefusal }> {
  if (bytes.length > IMPORT_LIMITS.bytes)
    return { ok: false, refusal: { key: "admin.references.v.fileTooLarge", params: { mb: IMPORT_LIMITS.bytes / 1024 / 1024 } } };
  const zip = checkZip(bytes, {
    unzippedBytes: IMPORT_LIMITS.unzippedBytes,
    entries: IMPORT_LIMITS.entries,
    required: ["[Content_Types].xml", "xl/workbook.xml"],
  });
  if (!zip.ok) {
    return { ok: false, refusal: zip.reason === "tooLarge" ? { key: "admin.references.v.unzippedTooLarge" } : { key: "admin.references.v.notXlsx" } };
  }
  let sheet: string[][];
  try {
    sheet = await readXlsx(bytes);
  } catch {
    return { ok: false, refusal: { key: "admin.references.v.notXlsx" } };
  }
  const headings = (sheet[0] ?? []).map((cell) => loose(cleanCell(cell)));
  const at = new Map<ReferenceColumn, number>();
  for (const column of REFERENCE_COLUMNS) {
    const names = [column.zh, column.en, columnHeading(column)].map(loose);
    const index = headings.findIndex((heading) => names.includes(heading));
    if (index >= 0) at.set(column.field, index);
  }
  if (!at.has("nameZh")) return { ok: false, refusal: { key: "admin.references.v.noHeading", params: { heading: columnHeading(REFERENCE_COLUMNS[0]) } } };
  const rows: SheetRow[] = [];
  for (let index = 1; index < sheet.length; index++) {
    const cells = Object.fromEntries(
      REFERENCE_COLUMNS.map(({ field }) => {
        const position = at.get(field);
        const value = position === undefined ? "" : cleanCell(sheet[index][position] ?? "");
        return [field, value.slice(0, limitOf(field) + 1)];
      }),
    ) as Record<ReferenceColumn, string>;
    if (Object.values(cells).every((value) => value === "")) continue;
    if (rows.length === IMPORT_LIMITS.rows) return { ok: false, refusal: { key: "admin.references.v.tooManyRows", params: { max: IMPORT_LIMITS.rows } } };
    rows.push({ row: index + 1, cells });
  }
  if (!rows.length) return { ok: false, refusal: { key: "admin.references.v.emptySheet" } };
  return { ok: true, rows };
}

/**
 * What importing `rows` would do now: each row new, an update of the reference with the same
 * Chinese name and Chinese city (the oldest when several), unchanged, or refused with its
 * problems. Majors and subjects are named in either language; a subject must be of the row's major.
 */
export async function planImport(db: Db, rows: SheetRow[]): Promise<{ rows: PlannedRow[]; counts: ImportCounts }> {
  const [majorRows, subjectRows] = await Promise.all([
    db.select({ id: majors.id, nameZh: majors.nameZh, nameEn: majors.nameEn }).from(majors).orderBy(asc(majors.id)),
    db.select({ id: subjects.id, majorId: subjects.majorId, nameZh: subjects.nameZh, nameEn: subjects.nameEn }).from(subjects).orderBy(asc(subjects.id)),
  ]);
  const names = [...new Set(rows.map((row) => row.cells.nameZh).filter(Boolean))];
  const existing = new Map<string, typeof references.$inferSelect>();
  for (let i = 0; i < names.length; i += 1000) {
    const found = await db
      .select()
      .from(references)
      .where(inArray(references.nameZh, names.slice(i, i + 1000)))
      .orderBy(asc(references.id));
    for (const reference of found) {
      const key = `${reference.nameZh}\u0001${reference.cityZh}`;
      if (!existing.has(key)) existing.set(key, reference);
    }
  }
  const named = (row: Named, text: string) => loose(row.nameZh) === loose(text) || loose(row.nameEn) === loose(text);
  const seen = new Map<string, number>();
  const counts: ImportCounts = { new: 0, update: 0, unchanged: 0, error: 0 };
  const planned = rows.map((row): PlannedRow => {
    const { cells } = row;
    const problems: RowProblem[] = [];
    if (!cells.nameZh) problems.push({ column: "nameZh", key: "admin.references.v.nameZhRequired" });
    for (const { field } of REFERENCE_COLUMNS) {
      if (cells[field].length > limitOf(field)) problems.push({ column: field, key: tooLongKey(field) });
    }
    let majorId: number | null = null;
    let subjectId: number | null = null;
    if (cells.major) {
      const found = majorRows.filter((major) => named(major, cells.major));
      if (found.length === 1) majorId = found[0].id;
      else
        problems.push({
          column: "major",
          key: found.length ? "admin.references.v.ambiguousMajor" : "admin.references.v.unknownMajor",
          params: { name: cells.major },
        });
    }
    if (cells.subject) {
      const found = subjectRows.filter((subject) => named(subject, cells.subject));
      const mine = found.filter((subject) => subject.majorId === majorId);
      if (mine.length === 1) subjectId = mine[0].id;
      else if (!found.length) problems.push({ column: "subject", key: "admin.references.v.unknownSubject", params: { name: cells.subject } });
      else if (!cells.major) problems.push({ column: "subject", key: "admin.references.v.subjectNeedsMajor" });
      else if (majorId !== null)
        problems.push({ column: "subject", key: "admin.references.v.subjectNotOfMajor", params: { name: cells.subject, major: cells.major } });
    }
    const key = `${cells.nameZh}\u0001${cells.cityZh}`;
    const first = seen.get(key);
    if (cells.nameZh && first !== undefined) problems.push({ column: null, key: "admin.references.v.duplicateRow", params: { row: first } });
    else seen.set(key, row.row);
    if (problems.length) {
      counts.error++;
      return { ...row, status: "error", id: null, problems, value: null };
    }
    const value: Resolved = {
      nameZh: cells.nameZh,
      nameEn: cells.nameEn,
      cityZh: cells.cityZh,
      cityEn: cells.cityEn,
      addressZh: cells.addressZh,
      addressEn: cells.addressEn,
      majorId,
      subjectId,
    };
    const searchText = referenceSearchText(
      value,
      majorRows.find((major) => major.id === majorId),
      subjectRows.find((subject) => subject.id === subjectId),
    );
    const match = existing.get(key);
    const same = match && (Object.keys(value) as Array<keyof Resolved>).every((field) => match[field] === value[field]);
    const status: RowStatus = !match ? "new" : same ? "unchanged" : "update";
    counts[status]++;
    return { ...row, status, id: match?.id ?? null, problems, value: { ...value, searchText } };
  });
  return { rows: planned, counts };
}

/**
 * A read upload is kept between the preview and the confirmation (decision 067): one per
 * administrator (a new preview replaces the last), under a random token the confirmation must
 * name, for an hour. The workbook itself is not kept, only its rows.
 */
export const KEPT_IMPORT_MS = 60 * 60 * 1000;
type KeptImport = { token: string; accountId: number; expiresAt: number; rows: SheetRow[] };
const keptKey = (accountId: number) => `reference-imports/${accountId}.json`;

export async function keepImport(storage: Storage, actor: Actor, now: Date, rows: SheetRow[]) {
  const token = crypto.randomBytes(24).toString("base64url");
  const kept: KeptImport = { token, accountId: actor.id, expiresAt: now.getTime() + KEPT_IMPORT_MS, rows };
  await storage.put(keptKey(actor.id), new TextEncoder().encode(JSON.stringify(kept)), "application/json");
  return token;
}

/** The kept rows of this administrator's preview named by `token`, or null when gone, replaced or expired. */
export async function keptImport(storage: Storage, actor: Actor, now: Date, token: string): Promise<SheetRow[] | null> {
  const object = await storage.get(keptKey(actor.id));
  if (!object) return null;
  const kept = JSON.parse(new TextDecoder().decode(object.body)) as KeptImport;
  const same = kept.token.length === token.length && crypto.timingSafeEqual(Buffer.from(kept.token), Buffer.from(token));
  if (!same || kept.accountId !== actor.id || kept.expiresAt <= now.getTime()) return null;
  return kept.rows;
}

/**
 * Applies kept rows: planned again inside the transaction (the directory may have changed since
 * the preview), new rows added, changed ones updated, rows with problems skipped; one audit row
 * with the counts. The kept upload is then dropped, so a second confirmation finds nothing.
 */
export async function applyImport(deps: { db: Db; storage: Storage }, actor: Actor, at: Date, rows: SheetRow[]) {
  const counts = await deps.db.transaction(async (tx) => {
    const plan = await planImport(tx, rows);
    const created = plan.rows.flatMap((row) => (row.status === "new" && row.value ? [{ ...row.value, createdAt: at }] : []));
    for (let i = 0; i < created.length; i += 500) await tx.insert(references).values(created.slice(i, i + 500));
    for (const row of plan.rows) {
      if (row.status === "update" && row.value && row.id !== null) await tx.update(references).set(row.value).where(eq(references.id, row.id));
    }
    await recordAudit(tx, {
      conferenceId: null,
      accountId: actor.id,
      action: "reference.import",
      target: "references",
      detail: { ...plan.counts, rows: rows.length },
      at,
    });
    return plan.counts;
  });
  await deps.storage.delete(keptKey(actor.id));
  return counts;
}
