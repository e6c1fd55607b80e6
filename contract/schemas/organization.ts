import { z } from "zod";
import "./messages";

export const organizationTypes = ["university", "institute", "society", "hospital", "company", "government", "other"] as const;

const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, "organization.errors.tooLong");

/** An organization certification application (issue 8). Messages are translation keys. */
export const organizationSchema = z.object({
  name: text("organization.errors.nameRequired", 100),
  type: z.enum(organizationTypes, { error: "organization.errors.typeRequired" }),
  address: text("organization.errors.addressRequired", 200),
  contact: text("organization.errors.contactRequired", 100),
  licenceKey: z.string({ error: "organization.errors.licenceRequired" }).trim().min(1, "organization.errors.licenceRequired").max(300),
});

export const organizationDecisionSchema = z
  .object({
    state: z.enum(["approved", "rejected"], { error: "organization.errors.decisionRequired" }),
    reason: z.string().trim().max(500, "organization.errors.tooLong").optional().default(""),
  })
  .refine((d) => d.state !== "rejected" || d.reason.length > 0, { message: "organization.errors.reasonRequired", path: ["reason"] });

/**
 * A platform administrator's decision on a conference's sign name or domain (decisions 028, 029):
 * `subject` is the name the screen showed, so a name changed since is not decided unseen.
 */
export const conferenceReviewSchema = organizationDecisionSchema.and(
  z.object({
    subject: z
      .string({ error: "organization.errors.subjectChanged" })
      .trim()
      .min(1, "organization.errors.subjectChanged")
      .max(260, "organization.errors.subjectChanged"),
  }),
);
export const CONFERENCE_REVIEW_KINDS = ["signName", "domain"] as const;
export type ConferenceReviewKind = (typeof CONFERENCE_REVIEW_KINDS)[number];
