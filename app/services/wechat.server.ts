import { createCookie } from "@remix-run/node";
import { platformSecret } from "./secret.server";

let cookie: ReturnType<typeof createCookie> | undefined;

/** The OAuth state of a WeChat sign-in in progress: signed, short-lived, this browser only. `Secure` is set per request (isSecure). */
export function wechatStateCookie() {
  cookie ??= createCookie("__wechat", {
    httpOnly: true,
    sameSite: "lax",
    path: "/login/wechat",
    maxAge: 600,
    secrets: [platformSecret()],
  });
  return cookie;
}
