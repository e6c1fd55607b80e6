import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "~/services/guard.server";
import { setLangCookie } from "~/services/session.server";

/** The header's language switch: a plain form post, so it works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = form.get("lang") === "en" ? "en" : "zh";
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": setLangCookie(request, lang) } });
}

export async function loader() {
  return redirect("/");
}
