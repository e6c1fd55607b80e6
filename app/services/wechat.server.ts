import { createCookie } from "@remix-run/node";
import { appEnv } from "./env.server";
import { platformSecret } from "./secret.server";

let cookie: ReturnType<typeof createCookie> | undefined;

/** The OAuth state of a WeChat sign-in in progress: signed, short-lived, this browser only. */
export function wechatStateCookie() {
  const env = appEnv();
  cookie ??= createCookie("__wechat", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : env.NODE_ENV === "production",
    path: "/login/wechat",
    maxAge: 600,
    secrets: [platformSecret()],
  });
  return cookie;
}
