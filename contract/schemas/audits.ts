import { z } from "zod";
import "./messages";

/**
 * The organiser's audits (issue 7): one decision shape for hotel bookings, sponsor hotel
 * requests, papers, conference files and sponsor applications; the remark a sponsor
 * application collects; the report's date range. Used by the manage pages' forms and by
 * platform/routes/audits-*.ts. Messages are keys under `audits.validation`.
 */

const remarkText = z
  .string()
  .trim()
  .max(500, "audits.validation.remarkTooLong")
  .optional()
  .transform((value) => (value ? value : undefined));

/** `PATCH /user-hotel/{id}`, `/sponsor-hotel/{id}`, `/issue/{id}`, `/file/{id}`, `/sponsor/{id}`. A refusal says why. */
export const auditDecisionSchema = z
  .object({
    state: z.enum(["approved", "rejected"], { error: "audits.validation.decision" }),
    remark: remarkText,
  })
  .refine((value) => value.state !== "rejected" || Boolean(value.remark), { message: "audits.validation.remarkRequired", path: ["remark"] });

export type AuditDecision = z.output<typeof auditDecisionSchema>;

/** `PUT /sponsor/addRemark/{id}`: one more remark on a sponsor application. */
export const sponsorRemarkSchema = z.object({
  text: z.string({ error: "audits.validation.remarkEmpty" }).trim().min(1, "audits.validation.remarkEmpty").max(1000, "audits.validation.remarkTooLong"),
});

const day = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "audits.validation.date")
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "audits.validation.date")
      .optional(),
  );

/** `GET /report/{conferenceId}?from=&to=`: calendar days (China time), both ends included; absent ends take the defaults. */
export const reportRangeSchema = z
  .object({ from: day, to: day })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: "audits.validation.rangeOrder", path: ["to"] });
