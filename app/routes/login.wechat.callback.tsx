import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Account } from "~/services/account.server";
import { safeRedirect } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { callPlatform } from "~/services/platform.server";
import { isSecure, setLangCookie, setTokenCookie } from "~/services/session.server";
import { wechatStateCookie } from "~/services/wechat.server";

/**
 * WeChat's redirect back. The state must match the one we set; the platform exchanges the
 * code. A WeChat identity without an account goes on to prove a mobile number (bind ticket).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await i18n.getFixedT(request);
  const cookie = wechatStateCookie();
  const saved = (await cookie.parse(request.headers.get("cookie"))) as { state?: string; redirectTo?: string } | null;
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0), secure: isSecure(request) }) });
  const redirectTo = safeRedirect(saved?.redirectTo);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");

  if (!saved?.state || !state || saved.state !== state) {
    throw await redirectWithNotice(request, "/login", { content: t("errors.wechatFailed"), color: "danger", duration: 4000 }, { headers });
  }
  if (!code) {
    throw await redirectWithNotice(request, "/login", { content: t("errors.wechatDenied"), color: "warning", duration: 4000 }, { headers });
  }
  const result = await callPlatform<{ token: string; data: Account } | { bindTicket: string; nickname: string }>(request, "/login/wechat", {
    method: "PUT",
    body: { code },
    token: null,
  });
  if (!result.ok) {
    throw await redirectWithNotice(request, "/login", { content: result.message || t("errors.wechatFailed"), color: "danger", duration: 4000 }, { headers });
  }
  if ("bindTicket" in result.data) {
    const query = new URLSearchParams({ bind: result.data.bindTicket, nickname: result.data.nickname });
    if (redirectTo !== "/") query.set("redirect", redirectTo);
    throw await redirectWithNotice(request, `/login?${query}`, { content: t("auth.wechatBindNeeded"), color: "info", duration: 4000 }, { headers });
  }
  headers.append("Set-Cookie", setTokenCookie(request, result.data.token, true));
  headers.append("Set-Cookie", setLangCookie(request, result.data.data.defaultType === 1 ? "en" : "zh"));
  throw await redirectWithNotice(request, redirectTo, { content: t("auth.loggedIn"), color: "success" }, { headers });
}
