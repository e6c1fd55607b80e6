import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

export interface FakeWeChatUser {
  openid: string;
  nickname: string;
  headimgurl?: string;
  unionid?: string;
}

export interface FakeWeChat {
  /** Base address serving both the QR page (oauthBase) and the API (apiBase). */
  url: string;
  appId: string;
  appSecret: string;
  requests: Array<{ path: string; query: Record<string, string> }>;
  /** A fresh single-use code for a known user, as if that user had just scanned the QR code. */
  issueCode(openid: string): string;
  close(): Promise<void>;
}

/** The user who "scans" when a browser lands on the QR page. */
const DEFAULT_USER: FakeWeChatUser = { openid: "fake-openid-1", nickname: "微信用户" };

const token = () => randomBytes(16).toString("hex");

/**
 * Both WeChat hosts (open.weixin.qq.com and api.weixin.qq.com) on one loopback server.
 * Errors mimic WeChat: HTTP 200 with errcode/errmsg, so the adapter's error path is exercised honestly.
 */
export async function startFakeWeChat(
  options: { appId?: string; appSecret?: string; users?: Record<string, FakeWeChatUser>; port?: number } = {},
): Promise<FakeWeChat> {
  const appId = options.appId ?? "wx-fake-app";
  const appSecret = options.appSecret ?? "fake-secret";
  const users = new Map<string, FakeWeChatUser>([[DEFAULT_USER.openid, DEFAULT_USER]]);
  for (const user of Object.values(options.users ?? {})) users.set(user.openid, user);

  const codes = new Map<string, string>(); // code → openid, deleted on first use
  const accessTokens = new Map<string, string>(); // access_token → openid
  const requests: FakeWeChat["requests"] = [];

  const issueCode = (openid: string) => {
    if (!users.has(openid)) throw new Error(`fake WeChat has no user ${openid}`);
    const code = token();
    codes.set(code, openid);
    return code;
  };

  const json = (res: ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, errcode: number, errmsg: string) => json(res, { errcode, errmsg });
  const page = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
    res.end(text);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake-wechat");
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });

    if (req.method !== "GET") return page(res, 405, "method not allowed");

    if (url.pathname === "/connect/qrconnect") {
      if (!query.redirect_uri) return page(res, 400, "redirect_uri 参数错误");
      let target: URL;
      try {
        target = new URL(query.redirect_uri);
      } catch {
        return page(res, 400, "redirect_uri 参数错误");
      }
      if (query.response_type !== "code") return page(res, 400, "response_type 参数错误");
      if (query.scope !== "snsapi_login") return page(res, 400, "Scope 参数错误或没有 Scope 权限");
      // A refusal (or an app WeChat does not know) comes back with state only, like the real service.
      if (query.deny !== "1" && query.appid === appId) {
        target.searchParams.set("code", issueCode(DEFAULT_USER.openid));
      }
      if (query.state !== undefined) target.searchParams.set("state", query.state);
      res.writeHead(302, { Location: target.toString() });
      return res.end();
    }

    if (url.pathname === "/sns/oauth2/access_token") {
      if (query.appid !== appId) return fail(res, 40013, "invalid appid");
      if (query.secret !== appSecret) return fail(res, 40125, "invalid appsecret");
      if (query.grant_type !== "authorization_code") return fail(res, 40002, "invalid grant_type");
      const openid = query.code ? codes.get(query.code) : undefined;
      if (!openid) return fail(res, 40029, "invalid code");
      codes.delete(query.code);
      const accessToken = token();
      accessTokens.set(accessToken, openid);
      const user = users.get(openid)!;
      return json(res, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: token(),
        openid,
        scope: "snsapi_login",
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }

    if (url.pathname === "/sns/userinfo") {
      const openid = query.access_token ? accessTokens.get(query.access_token) : undefined;
      if (!openid) return fail(res, 40001, "invalid credential, access_token is invalid or not latest");
      if (query.openid !== openid) return fail(res, 40003, "invalid openid");
      const user = users.get(openid)!;
      return json(res, {
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        province: "",
        city: "",
        country: "",
        headimgurl: user.headimgurl ?? "",
        privilege: [],
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }

    return page(res, 404, "not found");
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    requests,
    issueCode,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Browsers keep connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
