import { z } from "zod";
import "./messages";
import { idField } from "../params";

/**
 * The organiser's registration list (issue 7): its filters, the per-row changes, bulk actions and
 * the text message to a selection. One schema for the page's forms and the platform's handlers;
 * messages are translation keys of the `applicants` section.
 */

export const REGISTRATION_STATES = ["pending", "confirmed", "rejected", "cancelled"] as const;
/** `unpaid`: a fee and nothing paid or waiting for audit; `free`: no fee and no payment. */
export const PAYMENT_FILTERS = ["paid", "pending_audit", "unpaid", "free"] as const;
export const BULK_ACTIONS = ["confirm", "level", "checkin", "delete", "sms", "print"] as const;
/** Badge layouts of the print page: 2×4 on A4, or one 90×54 mm card per page. */
export const BADGE_LAYOUTS = ["a4", "card"] as const;

/** Longest text message an organiser may send (the provider splits it into 67-character parts). */
export const SMS_MAX_LENGTH = 300;
/** Most registrations one bulk action or message may name (a page holds at most 100). */
export const BULK_MAX = 100;

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const optionalId = (message: string) => z.preprocess(blankToUndefined, idField(message).optional());

const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "applicants.validation.dateInvalid")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "applicants.validation.dateInvalid")
    .optional(),
);

/** `1,2,3` from a query string, or an array (JSON, or repeated form fields). */
const splitIds = (value: unknown) => {
  if (value === undefined || value === null || value === "") return undefined;
  const parts = Array.isArray(value) ? value : String(value).split(",");
  return parts.map((part) => (typeof part === "string" ? part.trim() : part)).filter((part) => part !== "");
};
const idArray = z
  .array(idField("applicants.validation.selectionInvalid"), { error: "applicants.validation.selectionEmpty" })
  .max(BULK_MAX, "applicants.validation.selectionTooLarge");
const optionalIds = z.preprocess(splitIds, idArray.optional());
const selection = z.preprocess(splitIds, idArray.min(1, "applicants.validation.selectionEmpty"));

/** The list's filters (query of `GET /user/manage/{conferenceId}`, `GET /user/export`, the print page). */
export const applicantFilterSchema = z
  .object({
    keyword: z.preprocess(blankToUndefined, z.string().trim().max(50, "applicants.validation.keywordTooLong").optional()),
    state: z.preprocess(blankToUndefined, z.enum(REGISTRATION_STATES, "applicants.validation.stateInvalid").optional()),
    identityId: optionalId("applicants.validation.identityInvalid"),
    paymentState: z.preprocess(blankToUndefined, z.enum(PAYMENT_FILTERS, "applicants.validation.paymentStateInvalid").optional()),
    checkin: z.preprocess(blankToUndefined, z.enum(["yes", "no"], "applicants.validation.checkinInvalid").optional()),
    levelId: optionalId("applicants.validation.levelInvalid"),
    from: day,
    to: day,
    ids: optionalIds,
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: "applicants.validation.dateOrder", path: ["to"] });
export type ApplicantFilters = z.output<typeof applicantFilterSchema>;

/** The filter names, in the order the page's form shows them (and links keep them). */
export const FILTER_KEYS = ["keyword", "state", "identityId", "paymentState", "checkin", "levelId", "from", "to", "ids"] as const;

export const remarkSchema = z.object({
  remark: z.string({ error: "applicants.validation.remarkTooLong" }).trim().max(500, "applicants.validation.remarkTooLong"),
});

export const confirmSchema = z.object({
  state: z.preprocess((value) => blankToUndefined(value) ?? "confirmed", z.enum(["confirmed", "rejected"], "applicants.validation.stateInvalid")),
});

/** `levelId` empty clears the level. */
export const levelSchema = z.object({
  levelId: z.preprocess(blankToUndefined, idField("applicants.validation.levelInvalid").nullable().optional().default(null)),
});

export const checkStateSchema = z.object({
  checked: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0", "on"])], { error: "applicants.validation.checkinInvalid" })
    .transform((value) => value === true || value === "true" || value === "1" || value === "on"),
});

export const paySchema = z.object({
  remark: z.preprocess(blankToUndefined, z.string().trim().max(200, "applicants.validation.remarkTooLong").optional()),
});

export const bulkSchema = z
  .object({
    conferenceId: idField("applicants.validation.conferenceInvalid"),
    ids: selection,
    action: z.enum(BULK_ACTIONS, "applicants.validation.actionInvalid"),
    levelId: optionalId("applicants.validation.levelInvalid"),
  })
  .refine((value) => value.action !== "level" || value.levelId !== undefined, { message: "applicants.validation.levelRequired", path: ["levelId"] });

export const smsMessage = z
  .string({ error: "applicants.validation.messageRequired" })
  .trim()
  .min(1, "applicants.validation.messageRequired")
  .max(SMS_MAX_LENGTH, "applicants.validation.messageTooLong");

/** `POST /send/{conferenceId}`; `dryRun` answers the exact text and the number of recipients without sending. */
export const smsSchema = z.object({
  ids: selection,
  message: smsMessage,
  dryRun: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .optional()
    .transform((value) => value === true || value === "true" || value === "1"),
});

/**
 * The sender name an organiser asks for (`PUT /send/{conferenceId}/sign-name`): what goes in
 * 【…】 once a platform administrator approves it. Carriers take 2 to 12 characters, no brackets.
 */
export const smsSignNameSchema = z.object({
  signName: z
    .string({ error: "applicants.validation.signNameLength" })
    .trim()
    .min(2, "applicants.validation.signNameLength")
    .max(12, "applicants.validation.signNameLength")
    .refine((value) => !/[【】[\]<>\s]/.test(value), "applicants.validation.signNameCharacters"),
});
