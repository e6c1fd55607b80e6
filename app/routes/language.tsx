import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "~/services/guard.server";
import { callPlatform } from "~/services/platform.server";
import { getToken, setLangCookie } from "~/services/session.server";

/**
 * The header's language switch: a plain form post, so it works without JavaScript. Signed in, it
 * also saves the account's default language (decision 056): sign-in brings the account's language
 * (spec §2), so a choice made only in the cookie would be lost at the next sign-in.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = form.get("lang") === "en" ? "en" : "zh";
  // A stale token or a platform refusal leaves the switch working for this browser: the cookie still changes.
  if (getToken(request))
    await callPlatform(request, "/account/language", { method: "PUT", body: { defaultType: lang === "en" ? 1 : 0 }, redirectOn401: false });
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": setLangCookie(request, lang) } });
}

export async function loader() {
  return redirect("/");
}
