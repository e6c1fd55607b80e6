import { z } from "zod";
import "./messages";

/**
 * The platform-wide audit log's filters (issue 17), the query of `GET /admin/audit` and of its
 * export: one schema for the page's GET form and the platform. Messages are translation keys.
 */

/** Most rows one export writes (newest first): beyond that, narrow the filters. */
export const AUDIT_EXPORT_MAX = 50_000;
export const AUDIT_PAGE_SIZE = 50;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value === null ? undefined : value);

const day = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "admin.audit.v.dateInvalid" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "admin.audit.v.dateInvalid")
    // A day of the calendar: 2026-02-31 is refused, not read as March 3rd.
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      "admin.audit.v.dateInvalid",
    )
    .optional(),
);

/**
 * `account`: a mobile (11 digits from 1, resolved to its account) or an account id; `action`: an
 * action code, or a prefix ending in `.` (`account.`) for all of its family.
 */
export const auditFilterSchema = z
  .object({
    account: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "admin.audit.v.accountInvalid" })
        .trim()
        .regex(/^(1\d{10}|[1-9]\d{0,8})$/, "admin.audit.v.accountInvalid")
        .optional(),
    ),
    conferenceId: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "admin.audit.v.conferenceInvalid" })
        .trim()
        .regex(/^[1-9]\d{0,8}$/, "admin.audit.v.conferenceInvalid")
        .transform(Number)
        .optional(),
    ),
    action: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "admin.audit.v.actionInvalid" })
        .trim()
        .regex(/^[A-Za-z0-9_.:-]{1,80}$/, "admin.audit.v.actionInvalid")
        .optional(),
    ),
    from: day,
    to: day,
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: "admin.audit.v.dateOrder", path: ["to"] });
export type AuditFilters = z.output<typeof auditFilterSchema>;

/** The filter names, in the order the page's form shows them (and the export link keeps them). */
export const AUDIT_FILTER_KEYS = ["account", "conferenceId", "action", "from", "to"] as const;

/** One row of the log as the page and the export show it. */
export type AuditRow = {
  id: number;
  createdAt: string;
  account: { id: number; name: string; mobile: string } | null;
  conference: { id: number; nameZh: string; nameEn: string } | null;
  conferenceId: number | null;
  action: string;
  target: string;
  detail: Record<string, unknown>;
};

/** The filters a query carries (empty ones dropped, each cut to 100 characters), as the page and its export pass them on. */
export function auditFiltersOf(search: URLSearchParams): Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>> {
  return Object.fromEntries(AUDIT_FILTER_KEYS.map((key) => [key, (search.get(key) ?? "").trim().slice(0, 100)]).filter(([, value]) => value));
}
