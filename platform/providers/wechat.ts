import type { WeChatProfile, WeChatProvider } from "./types";

/** A refusal from WeChat (its errcode and errmsg), or code -1 when WeChat could not be reached or made no sense. */
export class WeChatError extends Error {
  constructor(
    readonly code: number,
    readonly detail: string,
  ) {
    super(`WeChat error ${code}: ${detail}`);
    this.name = "WeChatError";
  }
}

export interface WeChatConfig {
  appId: string;
  appSecret: string;
  /** Host of the QR-code page the browser visits. */
  oauthBase?: string;
  /** Host of the server-to-server API. */
  apiBase?: string;
  fetch?: typeof fetch;
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  openid: string;
  scope: string;
  unionid?: string;
}

interface UserInfoAnswer {
  openid: string;
  nickname: string;
  headimgurl?: string;
  unionid?: string;
}

const TIMEOUT_MS = 10_000;

const trimSlash = (base: string) => base.replace(/\/+$/, "");

/** Website QR-code sign-in of the WeChat open platform (网站应用微信登录). */
export function wechatProvider(config: WeChatConfig): WeChatProvider {
  const oauthBase = trimSlash(config.oauthBase ?? "https://open.weixin.qq.com");
  const apiBase = trimSlash(config.apiBase ?? "https://api.weixin.qq.com");
  const doFetch = config.fetch ?? fetch;

  // WeChat reports most errors as HTTP 200 with an errcode, so the body decides, not the status.
  const call = async <T>(path: string, query: Record<string, string>): Promise<T> => {
    const url = `${apiBase}${path}?${new URLSearchParams(query)}`;
    let text: string;
    let status: number;
    try {
      const response = await doFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new WeChatError(-1, `request to ${path} failed: ${(error as Error).message}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WeChatError(-1, `${path} answered HTTP ${status} with a body that is not JSON`);
    }
    if (typeof body !== "object" || body === null) {
      throw new WeChatError(-1, `${path} answered HTTP ${status} with an unexpected body`);
    }
    const { errcode, errmsg } = body as { errcode?: unknown; errmsg?: unknown };
    if (errcode !== undefined && errcode !== 0) {
      throw new WeChatError(Number(errcode), typeof errmsg === "string" ? errmsg : "unknown error");
    }
    if (status < 200 || status >= 300) throw new WeChatError(-1, `${path} answered HTTP ${status}`);
    return body as T;
  };

  return {
    authorizeUrl({ redirectUri, state }) {
      const query = new URLSearchParams({
        appid: config.appId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "snsapi_login",
        state,
      });
      // WeChat's documentation makes this fragment mandatory on every authorize address.
      return `${oauthBase}/connect/qrconnect?${query}#wechat_redirect`;
    },

    async exchangeCode(code): Promise<WeChatProfile> {
      const token = await call<TokenAnswer>("/sns/oauth2/access_token", {
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: "authorization_code",
      });
      if (typeof token.access_token !== "string" || typeof token.openid !== "string") {
        throw new WeChatError(-1, "access_token answer lacks access_token or openid");
      }
      const user = await call<UserInfoAnswer>("/sns/userinfo", {
        access_token: token.access_token,
        openid: token.openid,
        lang: "zh_CN",
      });
      if (user.openid !== token.openid) throw new WeChatError(-1, "userinfo answered for another openid");
      return {
        openId: user.openid,
        // unionid is only present when the app is bound to an open-platform account; either answer may carry it.
        unionId: user.unionid || token.unionid || undefined,
        nickname: user.nickname ?? "",
        avatar: user.headimgurl || undefined,
      };
    },
  };
}
