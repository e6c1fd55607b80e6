import crypto from "node:crypto";
import { WeChatError } from "./wechat";

/**
 * The organisers' WeChat official account (公众号): the server-side half of WeChat's message
 * protocol (signature check, plain-mode XML events) and the parametric QR codes
 * (带参数二维码) that tell us which page a follower scanned.
 */
export interface OfficialAccountConfig {
  appId: string;
  appSecret: string;
  /** The token typed into the official account's server settings; signs every push. */
  token: string;
  apiBase?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface OfficialAccount {
  readonly appId: string;
  /** True when `signature` is WeChat's signature of (token, timestamp, nonce). */
  verify(input: { signature: string; timestamp: string; nonce: string }): boolean;
  /** A temporary QR code carrying `scene` (1–64 characters): WeChat's ticket and the address the QR encodes. */
  sceneQrCode(scene: string, expireSeconds: number): Promise<{ ticket: string; url: string; expireSeconds: number }>;
}

const TIMEOUT_MS = 10_000;
/** Renew this long before WeChat's expiry, so a token is never used in its last seconds. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** WeChat's push signature: sha1 of the token, timestamp and nonce sorted and joined. */
export function officialSignature(token: string, timestamp: string, nonce: string) {
  return crypto.createHash("sha1").update([token, timestamp, nonce].sort().join(""), "utf8").digest("hex");
}

export function officialAccount(config: OfficialAccountConfig): OfficialAccount {
  const apiBase = (config.apiBase ?? "https://api.weixin.qq.com").replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  let cached: { token: string; until: number } | null = null;

  // Like the sign-in adapter: WeChat answers errors as HTTP 200 with an errcode, so the body decides.
  const post = async <T>(path: string, query: Record<string, string>, body: unknown): Promise<T> => {
    const url = `${apiBase}${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;
    let text: string;
    let status: number;
    try {
      const response = await doFetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new WeChatError(-1, `request to ${path} failed: ${(error as Error).message}`);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new WeChatError(-1, `${path} answered HTTP ${status} with a body that is not JSON`);
    }
    if (typeof answer !== "object" || answer === null) throw new WeChatError(-1, `${path} answered HTTP ${status} with an unexpected body`);
    const { errcode, errmsg } = answer as { errcode?: unknown; errmsg?: unknown };
    if (errcode !== undefined && errcode !== 0) throw new WeChatError(Number(errcode), typeof errmsg === "string" ? errmsg : "unknown error");
    if (status < 200 || status >= 300) throw new WeChatError(-1, `${path} answered HTTP ${status}`);
    return answer as T;
  };

  /**
   * `stable_token` rather than `token`: every instance (and any other tool of the organisers)
   * gets the same token, where each `cgi-bin/token` call would cut the others' tokens short.
   */
  const accessToken = async (force = false) => {
    if (!force && cached && cached.until > now().getTime()) return cached.token;
    const answer = await post<{ access_token?: unknown; expires_in?: unknown }>(
      "/cgi-bin/stable_token",
      {},
      {
        grant_type: "client_credential",
        appid: config.appId,
        secret: config.appSecret,
        force_refresh: force,
      },
    );
    if (typeof answer.access_token !== "string" || typeof answer.expires_in !== "number")
      throw new WeChatError(-1, "stable_token answer lacks access_token or expires_in");
    cached = { token: answer.access_token, until: now().getTime() + answer.expires_in * 1000 - TOKEN_MARGIN_MS };
    return cached.token;
  };

  return {
    appId: config.appId,

    verify({ signature, timestamp, nonce }) {
      if (!signature || !timestamp || !nonce) return false;
      const expected = Buffer.from(officialSignature(config.token, timestamp, nonce));
      const given = Buffer.from(signature.toLowerCase());
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },

    async sceneQrCode(scene, expireSeconds) {
      if (!/^[\x21-\x7e]{1,64}$/.test(scene)) throw new WeChatError(-1, "a scene string is 1 to 64 visible ASCII characters");
      const body = { expire_seconds: expireSeconds, action_name: "QR_STR_SCENE", action_info: { scene: { scene_str: scene } } };
      const create = async (token: string) =>
        post<{ ticket?: unknown; url?: unknown; expire_seconds?: unknown }>("/cgi-bin/qrcode/create", { access_token: token }, body);
      let answer;
      try {
        answer = await create(await accessToken());
      } catch (error) {
        // 40001 invalid / 42001 expired token (revoked, or renewed elsewhere with force_refresh): once more with a fresh one.
        if (!(error instanceof WeChatError) || (error.code !== 40001 && error.code !== 42001)) throw error;
        cached = null;
        answer = await create(await accessToken(true));
      }
      if (typeof answer.ticket !== "string" || typeof answer.url !== "string") throw new WeChatError(-1, "qrcode/create answer lacks ticket or url");
      return { ticket: answer.ticket, url: answer.url, expireSeconds: typeof answer.expire_seconds === "number" ? answer.expire_seconds : expireSeconds };
    },
  };
}

/** One pushed message in plain mode: the children of `<xml>`, CDATA or text, by tag name. */
export function parseOfficialXml(xml: string): Record<string, string> | null {
  const body = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(xml);
  if (!body) return null;
  const fields: Record<string, string> = {};
  const child = /<([A-Za-z][A-Za-z0-9_]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g;
  for (let match = child.exec(body[1]); match; match = child.exec(body[1])) {
    const [, name, cdata, text] = match;
    fields[name] = cdata ?? decodeEntities((text ?? "").trim());
  }
  return fields;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string) {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, name: string) => {
    if (name[0] !== "#") return ENTITIES[name];
    const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/**
 * The scene a follow or scan event carries: `subscribe` with EventKey `qrscene_<scene>` (a new
 * follower who scanned a parametric QR), `SCAN` with EventKey `<scene>` (an existing follower).
 * Anything else (a follow from search, a menu click, a text message) carries none.
 */
export function sceneOf(message: Record<string, string>): string | null {
  if (message.MsgType !== "event") return null;
  const key = message.EventKey ?? "";
  if (message.Event === "subscribe") return key.startsWith("qrscene_") && key.length > 8 ? key.slice(8) : null;
  if (message.Event === "SCAN") return key || null;
  return null;
}
