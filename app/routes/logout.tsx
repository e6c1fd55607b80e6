import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { siteLinks } from "~/services/env.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform } from "~/services/platform.server";
import { clearTokenCookie } from "~/services/session.server";

/**
 * Logout (spec §4): the platform's logout is called and then, whatever its result, the
 * token cookie is removed and the user goes to the account site's login page.
 */
export async function action({ request }: ActionFunctionArgs) {
  try {
    await callPlatform(request, "/logout", { method: "POST", redirectOn401: false });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    console.error("[logout] platform call failed; signing out anyway", error);
  }
  const t = await i18n.getFixedT(request);
  const headers = { "Set-Cookie": clearTokenCookie(request) };
  const login = siteLinks().accountLogin;
  if (!siteLinks().ownAccountSite) throw redirect(login, { headers });
  throw await redirectWithNotice(request, login, { content: t("auth.loggedOut"), color: "success" }, { headers });
}

export async function loader() {
  return redirect("/");
}
