import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/services/guard.server";
import { platformData } from "~/services/platform.server";
import { isSecure } from "~/services/session.server";
import { wechatStateCookie } from "~/services/wechat.server";

/** Starts WeChat sign-in: a one-time state in a signed cookie, then off to WeChat's QR-code page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = crypto.randomBytes(16).toString("base64url");
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  const callback = `${url.origin}/login/wechat/callback`;
  const { url: target } = await platformData<{ url: string }>(request, "/login/wechat/authorize", {
    query: { redirectUri: callback, state },
    token: null,
  });
  return redirect(target, { headers: { "Set-Cookie": await wechatStateCookie().serialize({ state, redirectTo }, { secure: isSecure(request) }) } });
}
