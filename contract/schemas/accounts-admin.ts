import { z } from "zod";
import "./messages";

/**
 * What a platform administrator must say when acting against someone (issue 17): a reason, kept
 * in the audit trail and shown to the other administrators (and, for a conference taken down,
 * to its organisers). `prefix` names the screen's messages. Messages are translation keys.
 */
const reasonSchema = (prefix: string) =>
  z.object({
    reason: z
      .string({ error: `${prefix}.reasonRequired` })
      .trim()
      .min(1, `${prefix}.reasonRequired`)
      .max(500, `${prefix}.reasonTooLong`),
  });

/** Disabling an account. */
export const accountDisableSchema = reasonSchema("admin.accounts.v");

/** Taking a conference down. */
export const conferenceTakeDownSchema = reasonSchema("admin.conferences.v");
