import { sendCodeSchema } from "#contract/schemas/account";
import { parseForm } from "~/utils/validation";
import { callPlatform } from "./platform.server";

/** What a page's ticket is for: sending a code, or one conference's registration checks for the signed-in account. */
export type TicketScope = "send" | `check:${number}:${number}`;

/**
 * A ticket this page renders for this browser (decision 024): the send-code forms post it back
 * with the number, the registration form its checks. The platform mints it for the browser's
 * address (decision 041: only it holds the secret); "" when it will not, which it then refuses
 * as an expired page.
 */
export async function pageTicket(request: Request, scope: TicketScope) {
  const [, conferenceId] = scope.split(":");
  const query = scope === "send" ? { scope } : { scope: "check", conferenceId };
  const minted = await callPlatform(request, "/login/ticket", {
    query,
    redirectOn401: false,
    ...(scope === "send" ? { token: null } : {}),
  });
  return minted.ok ? minted.data.ticket : "";
}

/**
 * The "send code" intent of a sign-in form: the number and the page's ticket to the platform.
 * A refusal (bad number, expired page, a limit with its wait) is said next to the number.
 */
export async function sendCodeFor(request: Request, formData: FormData) {
  const submission = parseForm(formData, sendCodeSchema);
  if (submission.status !== "success") return { mobile: null, reply: submission.reply() };
  const { mobile } = submission.value;
  // A form that also carries another ticket (the registration form's checks) names its send ticket apart.
  const ticket = String(formData.get("sendTicket") ?? formData.get("ticket") ?? "");
  const sent = await callPlatform(request, "/login", { query: { mobile, ticket }, token: null });
  if (!sent.ok) return { mobile: null, reply: submission.reply({ fieldErrors: { mobile: sent.messages } }) };
  // `resetForm: false`: keep everything typed so far.
  return { mobile, reply: submission.reply({ resetForm: false }) };
}
