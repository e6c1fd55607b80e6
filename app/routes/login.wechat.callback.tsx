import type { LoaderFunctionArgs } from "@remix-run/node";
import { WeChatRefused, signInWith } from "~/services/auth.server";
import { safeRedirect } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { isSecure, setLangCookie, setTokenCookie } from "~/services/session.server";
import { clearWeChatState } from "~/services/wechat.server";

/**
 * WeChat's redirect back. The WeChat strategy checks the state against its cookie and has the
 * platform exchange the code. A WeChat identity without an account goes on to prove a mobile
 * number (bind ticket). Every way out ends this trip's state cookies.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await i18n.getFixedT(request);
  const headers = new Headers();
  for (const value of clearWeChatState(request, isSecure(request))) headers.append("Set-Cookie", value);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  const back = async (content: string, color: "danger" | "warning") =>
    await redirectWithNotice(request, "/login", { content, color, duration: 4000 }, { headers });

  // Without a state this is no answer to a trip of ours (the strategy would start a new one).
  if (!url.searchParams.get("state")) throw await back(t("errors.wechatFailed"), "danger");
  let signIn;
  try {
    signIn = await signInWith("wechat", request, { redirectTo });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof WeChatRefused) throw await back(error.said || t("errors.wechatFailed"), "danger");
    // The strategy checks the state before the code: a missing code with a good state is the user saying no.
    if (error instanceof ReferenceError && error.message === "Missing code in the URL") throw await back(t("errors.wechatDenied"), "warning");
    console.warn("[wechat] sign-in refused:", error instanceof Error ? error.message : error);
    throw await back(t("errors.wechatFailed"), "danger");
  }
  if (signIn.token === null) {
    const query = new URLSearchParams({ bind: signIn.bindTicket, nickname: signIn.nickname });
    if (redirectTo !== "/") query.set("redirect", redirectTo);
    throw await redirectWithNotice(request, `/login?${query}`, { content: t("auth.wechatBindNeeded"), color: "info", duration: 4000 }, { headers });
  }
  headers.append("Set-Cookie", setTokenCookie(request, signIn.token, true));
  headers.append("Set-Cookie", setLangCookie(request, signIn.account.defaultType === 1 ? "en" : "zh"));
  throw await redirectWithNotice(request, redirectTo, { content: t("auth.loggedIn"), color: "success" }, { headers });
}
