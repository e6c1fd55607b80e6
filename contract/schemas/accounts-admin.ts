import { z } from "zod";
import "./messages";

/**
 * A platform administrator disables an account (issue 17): the reason is kept in the audit trail
 * and shown on the account's page to other administrators. Messages are translation keys.
 */
export const accountDisableSchema = z.object({
  reason: z.string({ error: "admin.accounts.v.reasonRequired" }).trim().min(1, "admin.accounts.v.reasonRequired").max(500, "admin.accounts.v.reasonTooLong"),
});
