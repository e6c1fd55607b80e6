import { z } from "zod";
import { idField } from "../params";
import { checkbox } from "./account";
import { homeImage } from "./home-admin";
import "./messages";

/**
 * The platform administrators' institutions (issue 17, "Directory data"): one institution's
 * names, cities, logo and certification, and merging a duplicate into another. Messages are
 * translation keys under "admin.institutions.v".
 */

/** The longest text each field keeps. */
export const INSTITUTION_LIMITS = { name: 200, city: 100 } as const;

const text = (limit: number, key: string) => z.string().trim().max(limit, key).default("");

export const institutionSchema = z.object({
  nameZh: z
    .string({ error: "admin.institutions.v.nameZhRequired" })
    .trim()
    .min(1, "admin.institutions.v.nameZhRequired")
    .max(INSTITUTION_LIMITS.name, "admin.institutions.v.nameTooLong"),
  nameEn: text(INSTITUTION_LIMITS.name, "admin.institutions.v.nameTooLong"),
  cityZh: text(INSTITUTION_LIMITS.city, "admin.institutions.v.cityTooLong"),
  cityEn: text(INSTITUTION_LIMITS.city, "admin.institutions.v.cityTooLong"),
  /** An image uploaded to the platform, one of the site's own, or an http(s) address; empty is none. */
  logo: z
    .string()
    .trim()
    .max(2048, "admin.institutions.v.logo")
    .optional()
    .nullable()
    .transform((value) => value || null)
    .refine((value) => value === null || homeImage(value) !== null, "admin.institutions.v.logo"),
  /** Shown in the visitors' list of institutions (/orgList) only when certified. */
  certified: checkbox,
});

export type InstitutionInput = z.output<typeof institutionSchema>;

/**
 * Merge the path's institution (a duplicate) into `into`, typed as its number (`12` or `#12`):
 * its conferences move there, then it is deleted.
 */
export const institutionMergeSchema = z.object({
  into: z.preprocess((value) => (typeof value === "string" ? value.trim().replace(/^#/, "") : value), idField("admin.institutions.v.mergeTarget")),
});
