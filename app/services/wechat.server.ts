import crypto from "node:crypto";
import { OAuth2Tokens } from "arctic";
import type { Strategy } from "remix-auth/strategy";
import { OAuth2Strategy } from "remix-auth-oauth2";

/** The cookie that holds a WeChat sign-in's state while the browser is away (one per tab, `__wechat:<id>`). */
export const WECHAT_STATE_COOKIE = "__wechat";
const STATE_PATH = "/login/wechat";

export type WeChatOptions = {
  /** The website application's AppID (WeChat's `appid`, OAuth's client id). */
  appId: string;
  /** Host of WeChat's QR-code page. */
  oauthBase: string;
  /** Where WeChat sends the browser back (this site's /login/wechat/callback). */
  redirectURI: string;
  secure: boolean;
  /**
   * The code exchange. WeChat's token endpoint takes `appid` and `secret` as query parameters and
   * answers `openid` beside the token; the AppSecret is the platform's, so the platform makes that
   * call (`PUT /login/wechat`, platform/providers/wechat.ts) and answers what it found.
   */
  exchange: (code: string) => Promise<object>;
};

/**
 * WeChat's website QR-code sign-in (网站应用微信登录) on remix-auth-oauth2: the strategy keeps the
 * flow (state in a per-tab cookie, the check on the way back, the exchange, the verify callback);
 * this class only says it in WeChat's words — `appid` instead of `client_id`, no PKCE, the
 * mandatory `#wechat_redirect` fragment — and hands the code to the platform.
 */
export class WeChatStrategy<User> extends OAuth2Strategy<User> {
  override name = "wechat";

  constructor(
    private readonly wechat: WeChatOptions,
    verify: Strategy.VerifyFunction<User, OAuth2Strategy.VerifyOptions>,
  ) {
    super(
      {
        clientId: wechat.appId,
        clientSecret: null,
        authorizationEndpoint: `${wechat.oauthBase.replace(/\/+$/, "")}/connect/qrconnect`,
        // Called by the platform, not from here (validateAuthorizationCode below).
        tokenEndpoint: "https://api.weixin.qq.com/sns/oauth2/access_token",
        redirectURI: wechat.redirectURI,
        scopes: ["snsapi_login"],
        cookie: { name: WECHAT_STATE_COOKIE, path: STATE_PATH, httpOnly: true, sameSite: "Lax", maxAge: 600, ...(wechat.secure ? { secure: true } : {}) },
      },
      verify,
    );
  }

  protected override createAuthorizationURL() {
    const state = crypto.randomBytes(16).toString("base64url");
    const url = new URL(this.options.authorizationEndpoint);
    url.search = new URLSearchParams({
      appid: this.wechat.appId,
      redirect_uri: this.wechat.redirectURI,
      response_type: "code",
      scope: "snsapi_login",
      state,
    }).toString();
    // WeChat's documentation makes this fragment mandatory on every authorize address.
    url.hash = "wechat_redirect";
    // WeChat has no PKCE; the store still wants a verifier beside each state.
    return { state, codeVerifier: crypto.randomBytes(16).toString("base64url"), url };
  }

  protected override async validateAuthorizationCode(code: string) {
    return new OAuth2Tokens(await this.wechat.exchange(code));
  }
}

/** Set-Cookie values that end every WeChat state cookie this request carried. */
export function clearWeChatState(request: Request, secure: boolean) {
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter((name) => name === WECHAT_STATE_COOKIE || name.startsWith(`${WECHAT_STATE_COOKIE}:`));
  return names.map(
    (name) => `${name}=; Path=${STATE_PATH}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
}
