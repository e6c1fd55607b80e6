import { z } from "zod";
import "./messages";
import { idField } from "../params";

/**
 * Check-in shapes, shared by the desk's forms and the platform's handlers. Messages are
 * translation keys (section `checkin`).
 */

const id = (message = "checkin.validation.invalid") => idField(message);

/**
 * A ticket code as typed or scanned: spaces, dashes and case don't matter (a scanner may add a
 * newline, a person may read it out in groups); what is left is letters and digits only.
 */
export const ticketCode = z
  .string({ error: "checkin.validation.codeRequired" })
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .min(1, "checkin.validation.codeRequired")
      .max(40, "checkin.validation.codeInvalid")
      .regex(/^[A-Z0-9]+$/, "checkin.validation.codeInvalid"),
  );

/** The form of the desk and of the scanner: one ticket code. */
export const checkinCodeSchema = z.object({ code: ticketCode });

/** The search form: name, mobile or institution. */
export const checkinSearchSchema = z.object({
  keyword: z
    .string({ error: "checkin.validation.keywordRequired" })
    .trim()
    .min(1, "checkin.validation.keywordRequired")
    .max(50, "checkin.validation.keywordTooLong"),
});

/** POST /user/checkin: by ticket code (desk, scanner) or by registration id (a search result). */
export const checkinSchema = z
  .object({
    conferenceId: id(),
    code: ticketCode.optional(),
    registrationId: id().optional(),
  })
  .refine((value) => value.code !== undefined || value.registrationId !== undefined, { message: "checkin.validation.codeRequired", path: ["code"] });

export type CheckinInput = z.output<typeof checkinSchema>;
