import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenOnLoopback, readBody } from "./fake-server";

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
  requests: Array<{ path: string; query: Record<string, string>; body?: unknown }>;
  /** A fresh single-use code for a known user, as if that user had just scanned the QR code. */
  issueCode(openid: string): string;
  /** The official account (公众号): its credentials and the token that signs its pushes. */
  official: { appId: string; appSecret: string; token: string };
  /** The parametric QR codes made so far: ticket → scene. */
  qrCodes: Map<string, string>;
  /**
   * A WeChat user scans the QR code of `ticket` (its `url` opened with GET does the same): a
   * first scan follows (`subscribe`, EventKey `qrscene_<scene>`), later ones are `SCAN`. The
   * signed event is posted to the webhook; its answer comes back.
   */
  scan(ticket: string, openid?: string): Promise<{ status: number; body: string }>;
  /** Posts a signed plain-mode push of these fields (ToUserName, CreateTime filled in) to the webhook. */
  push(fields: Record<string, string>, options?: { signature?: string }): Promise<{ status: number; body: string }>;
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
  options: {
    appId?: string;
    appSecret?: string;
    users?: Record<string, FakeWeChatUser>;
    port?: number;
    /** The official account's server address (its webhook), as set in WeChat's console. */
    webhookUrl?: string;
  } = {},
): Promise<FakeWeChat> {
  const appId = options.appId ?? "wx-fake-app";
  const appSecret = options.appSecret ?? "fake-secret";
  const official = { appId: "wx-fake-official", appSecret: "fake-official-secret", token: "fake-official-token" };
  const officialTokens = new Set<string>();
  let stableToken: string | null = null;
  const qrCodes = new Map<string, string>();
  const followers = new Set<string>();
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

  /** A JSON body, or undefined when it is not JSON (WeChat answers 47001 to that). */
  const jsonBody = async (req: IncomingMessage) => {
    try {
      const value: unknown = JSON.parse(await readBody(req));
      return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };

  /** The official account's server API: the stable access token and parametric QR codes. */
  const handleOfficial = async (req: IncomingMessage, res: ServerResponse, url: URL, query: Record<string, string>) => {
    const body = await jsonBody(req);
    requests.push({ path: url.pathname, query, body });
    if (!body) return fail(res, 47001, "data format error");
    if (url.pathname === "/cgi-bin/stable_token") {
      if (body.grant_type !== "client_credential") return fail(res, 40002, "invalid grant_type");
      if (body.appid !== official.appId) return fail(res, 40013, "invalid appid");
      if (body.secret !== official.appSecret) return fail(res, 40125, "invalid appsecret");
      if (body.force_refresh === true || !stableToken) {
        if (stableToken) officialTokens.delete(stableToken);
        stableToken = token();
        officialTokens.add(stableToken);
      }
      return json(res, { access_token: stableToken, expires_in: 7200 });
    }
    if (!officialTokens.has(query.access_token ?? "")) return fail(res, 40001, "invalid credential, access_token is invalid or not latest");
    const scene = (body.action_info as { scene?: { scene_str?: unknown } } | undefined)?.scene?.scene_str;
    const expire = body.expire_seconds;
    if (body.action_name !== "QR_STR_SCENE") return fail(res, 40097, "invalid args: action_name");
    if (typeof scene !== "string" || scene.length < 1 || scene.length > 64) return fail(res, 40097, "invalid args: scene_str");
    if (typeof expire !== "number" || !Number.isInteger(expire) || expire < 60 || expire > 2_592_000) return fail(res, 40097, "invalid args: expire_seconds");
    const ticket = token();
    qrCodes.set(ticket, scene);
    return json(res, { ticket, expire_seconds: expire, url: `${base()}/q/${ticket}` });
  };

  const push: FakeWeChat["push"] = async (fields, pushOptions = {}) => {
    if (!options.webhookUrl) throw new Error("fake WeChat has no webhookUrl");
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(Math.floor(Math.random() * 1e9));
    const signature = pushOptions.signature ?? createHash("sha1").update([official.token, timestamp, nonce].sort().join("")).digest("hex");
    const all: Record<string, string> = { ToUserName: "gh_fake_official", CreateTime: timestamp, ...fields };
    const xml = `<xml>${Object.entries(all)
      .map(([name, value]) => (/^\d+$/.test(value) ? `<${name}>${value}</${name}>` : `<${name}><![CDATA[${value}]]></${name}>`))
      .join("")}</xml>`;
    const target = new URL(options.webhookUrl);
    for (const [name, value] of Object.entries({ signature, timestamp, nonce, openid: fields.FromUserName ?? "" })) target.searchParams.set(name, value);
    const response = await fetch(target, { method: "POST", headers: { "Content-Type": "text/xml" }, body: xml });
    return { status: response.status, body: await response.text() };
  };

  const scan: FakeWeChat["scan"] = (ticket, openid = DEFAULT_USER.openid) => {
    const scene = qrCodes.get(ticket);
    if (scene === undefined) throw new Error(`fake WeChat has no QR code ${ticket}`);
    const first = !followers.has(openid);
    followers.add(openid);
    return push({ FromUserName: openid, MsgType: "event", Event: first ? "subscribe" : "SCAN", EventKey: first ? `qrscene_${scene}` : scene, Ticket: ticket });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake-wechat");
    const query = Object.fromEntries(url.searchParams);

    if (req.method === "POST" && (url.pathname === "/cgi-bin/stable_token" || url.pathname === "/cgi-bin/qrcode/create"))
      return handleOfficial(req, res, url, query);
    requests.push({ path: url.pathname, query });
    if (req.method !== "GET") return page(res, 405, "method not allowed");

    // Opening a QR code's address stands for scanning it with WeChat and following; a journey,
    // which can't read the drawn code, names it by its scene instead (/q/scene/<scene>).
    const qr = /^\/q\/([0-9a-f]+)$/.exec(url.pathname);
    const byScene = /^\/q\/scene\/([^/]+)$/.exec(url.pathname);
    const ticket = qr?.[1] ?? [...qrCodes].reverse().find(([, scene]) => scene === decodeURIComponent(byScene?.[1] ?? ""))?.[0];
    if (qr || byScene) {
      if (!ticket || !qrCodes.has(ticket)) return page(res, 404, "二维码已过期");
      const answer = await scan(ticket, query.openid || undefined);
      return page(res, 200, answer.status === 200 && answer.body === "success" ? "已关注" : `服务器未响应 ${answer.status}`);
    }

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

  const { port, close } = await listenOnLoopback(handle, options.port);
  const base = () => `http://127.0.0.1:${port}`;

  return {
    url: base(),
    appId,
    appSecret,
    requests,
    issueCode,
    official,
    qrCodes,
    scan,
    push,
    close,
  };
}
