import { z } from "zod";
import { optionalIdField } from "../params";
import "./messages";

/**
 * The platform administrators' references (issue 17, "Directory data"): one reference's form, and
 * the columns and limits of the Excel import and export (decision 067). Messages are translation keys.
 */

/** The longest text each field keeps: the form and the import refuse longer. */
export const REFERENCE_LIMITS = { name: 200, city: 100, address: 500 } as const;

/** A field's limit and its message when over it, by the field's kind (names, majors and subjects are names). */
const kindOf = (field: string) => (field.startsWith("address") ? "address" : field.startsWith("city") ? "city" : "name");
export const limitOf = (field: string) => REFERENCE_LIMITS[kindOf(field)];
export const tooLongKey = (field: string) => `admin.references.v.${kindOf(field)}TooLong`;

const text = (field: string) => z.string().trim().max(limitOf(field), tooLongKey(field)).default("");

export const referenceSchema = z.object({
  nameZh: z
    .string({ error: "admin.references.v.nameZhRequired" })
    .trim()
    .min(1, "admin.references.v.nameZhRequired")
    .max(REFERENCE_LIMITS.name, tooLongKey("nameZh")),
  nameEn: text("nameEn"),
  cityZh: text("cityZh"),
  cityEn: text("cityEn"),
  addressZh: text("addressZh"),
  addressEn: text("addressEn"),
  majorId: optionalIdField("admin.references.v.unknownMajor"),
  subjectId: optionalIdField("admin.references.v.unknownSubject"),
});

export type ReferenceInput = z.output<typeof referenceSchema>;

/** The import's fields, in the workbook's column order; a heading names both languages, so either file imports. */
export const REFERENCE_COLUMNS = [
  { field: "nameZh", zh: "中文名称", en: "Name (zh)" },
  { field: "nameEn", zh: "英文名称", en: "Name (en)" },
  { field: "cityZh", zh: "中文城市", en: "City (zh)" },
  { field: "cityEn", zh: "英文城市", en: "City (en)" },
  { field: "addressZh", zh: "中文地址", en: "Address (zh)" },
  { field: "addressEn", zh: "英文地址", en: "Address (en)" },
  { field: "major", zh: "专业", en: "Major" },
  { field: "subject", zh: "研究方向", en: "Subject" },
] as const;

export type ReferenceColumn = (typeof REFERENCE_COLUMNS)[number]["field"];

/** A column's heading as the export writes it and the page documents it. */
export const columnHeading = (column: { zh: string; en: string }) => `${column.zh} / ${column.en}`;

/** What an import may hold: the upload's bytes, its rows, and what its zip may inflate to (zip bombs). */
export const IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, rows: 5000, unzippedBytes: 20 * 1024 * 1024, entries: 200 } as const;

/** A kept import's token (random, base64url): the confirm step names the parsed upload by it. */
export const importConfirmSchema = z.object({
  token: z.string({ error: "admin.references.v.expired" }).regex(/^[A-Za-z0-9_-]{32}$/, "admin.references.v.expired"),
});
