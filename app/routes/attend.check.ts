import { type LoaderFunctionArgs, data } from "@remix-run/node";
import { routeId } from "#contract/params";
import type { RegisteredAnswer } from "~/components/attend/RegisteredCheck";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform } from "~/services/platform.server";

/**
 * `GET /attend/check?conferenceId=&mobile=&ticket=` (or `&email=`): the registration form's live
 * check, answered from the platform's check calls (spec §5) and saying no more than they do: taken
 * or not. Only for a signed-in browser with the form's check ticket, like the calls themselves
 * (decision 025); a refusal or a limit's wait is said next to the field.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const url = new URL(request.url);
  const conferenceId = routeId(url.searchParams.get("conferenceId") ?? undefined);
  const field = url.searchParams.has("mobile") ? "mobile" : "email";
  const value = (url.searchParams.get(field) ?? "").trim().slice(0, 200);
  const headers = { "Cache-Control": "private, no-store" };
  const answer = (taken: boolean | null, message: string): RegisteredAnswer => ({ field, value, taken, message });
  const t = await i18n.getFixedT(request);
  const checked = await callPlatform(request, field === "mobile" ? "/user/check" : "/user/check-email", {
    query: { [field]: value, conferenceId, ticket: url.searchParams.get("ticket") ?? "" },
    redirectOn401: false,
  });
  if (!checked.ok) return data(answer(null, checked.fields[field] ?? checked.message), { headers });
  if (!checked.data.exists) return data(answer(false, t(`registration.check.${field}Free`)), { headers });
  return data(answer(true, t(field === "mobile" ? "registration.errors.mobileRegistered" : "attend.emailRegistered")), { headers });
}
