import { z } from "zod";
import "./messages";

/** The most an organiser's extra CSS (or stored script) may hold. */
export const EXTRA_STYLE_MAX = 50_000;

/**
 * The organiser's extra styles of a conference microsite (`/conference/conferenceExCssJs/{id}`).
 * The CSS is stored as typed and sanitized where it is served; the script is only stored.
 */
export const conferenceStyleSchema = z.object({
  exCss: z.string({ error: "conferencePage.errors.cssInvalid" }).max(EXTRA_STYLE_MAX, "conferencePage.errors.cssTooLong"),
  exJs: z.string().max(EXTRA_STYLE_MAX, "conferencePage.errors.jsTooLong").optional(),
});
