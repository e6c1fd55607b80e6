import { systemClock } from "#contract/clock";
import { type TicketScope, mintTicket } from "#platform/services/sign-in-guard";
import { sendCodeSchema } from "#contract/schemas/account";
import { parseForm } from "~/utils/validation";
import { appEnv } from "./env.server";
import { callPlatform } from "./platform.server";
import { clientAddress } from "./session.server";

/**
 * A ticket this page renders for this browser (decision 024): the send-code forms post it back
 * with the number, the registration form its checks. Signed with the platform's secret (its
 * SESSION_SECRET when the platform is reached over HTTP); "" when there is none to sign with,
 * which the platform then refuses as an expired page.
 */
export async function pageTicket(request: Request, scope: TicketScope) {
  const address = clientAddress(request);
  const env = appEnv();
  if (env.PLATFORM_API_URL) return env.SESSION_SECRET ? mintTicket({ secret: env.SESSION_SECRET, now: systemClock }, { address, scope }) : "";
  const { getPlatform } = await import("#platform/runtime");
  const platform = await getPlatform().catch(() => null);
  return platform ? mintTicket(platform.deps, { address, scope }) : "";
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
