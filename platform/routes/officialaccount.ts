import { Hono } from "hono";
import { subscribeCheckSchema, subscribeQrSchema } from "#contract/schemas/registration";
import { type PlatformDeps, type PlatformEnv, parse, readBody, requireAccount } from "../context";
import { fail, ok } from "../http";
import { WeChatError } from "../providers/wechat";
import { parseOfficialXml, sceneOf } from "../providers/wechat-official";
import { issueToken, publicAccount } from "../services/identity";
import {
  SUBSCRIBE_TICKET_MS,
  issueSubscribeTicket,
  liveScene,
  openSubscribeScene,
  recordResubscribe,
  recordUnsubscribe,
  redeemSubscribeTicket,
  rememberSceneQr,
} from "../services/subscription";

/** WeChat's pushes are small; anything larger is not one of them. */
const MAX_PUSH_BYTES = 64 * 1024;
/** A signed push older (or newer) than this is refused: the plain-mode signature does not cover the body, only the time. */
const PUSH_WINDOW_MS = 5 * 60_000;

/**
 * The official-account calls: the QR code an attendee scans to follow, WeChat's server
 * webhook (address verification and event pushes), and the subscription check of spec §7.
 * See platform/services/subscription.ts for the scene/ticket rule.
 */
export function officialAccountRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  /** The signed-in account's QR code to follow; the same one again for a live `myId` of theirs. */
  app.post("/officialaccount/qrcode", async (c) => {
    const account = requireAccount(c);
    const { myId } = parse(c, subscribeQrSchema, await readBody(c));
    const official = deps.officialAccount;
    if (!official) fail(400, "registration.subscribe.unavailable");
    const live = await liveScene(deps, account.id, myId);
    if (live?.payload.url) return ok(c, { myId: live.state, url: live.payload.url, expiresAt: live.expiresAt });
    const scene = await openSubscribeScene(deps, account.id);
    try {
      const qr = await official.sceneQrCode(scene.myId, SUBSCRIBE_TICKET_MS / 1000);
      await rememberSceneQr(deps, scene.myId, { accountId: String(account.id), url: qr.url });
      return ok(c, { myId: scene.myId, url: qr.url, expiresAt: scene.expiresAt });
    } catch (error) {
      if (!(error instanceof WeChatError)) throw error;
      console.error("[official account]", error.message);
      fail(400, "registration.subscribe.unavailable");
    }
  });

  /** A signed request from WeChat, or null (no account configured, bad or stale signature). */
  const signedPush = (query: Record<string, string>) => {
    const official = deps.officialAccount;
    if (!official || !official.verify({ signature: query.signature ?? "", timestamp: query.timestamp ?? "", nonce: query.nonce ?? "" })) return null;
    const sentAt = Number(query.timestamp) * 1000;
    if (!Number.isFinite(sentAt) || Math.abs(deps.now().getTime() - sentAt) > PUSH_WINDOW_MS) return null;
    return official;
  };

  const text = (body: string, status: 200 | 400 | 403 | 404 | 413 = 200) =>
    new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

  /** WeChat checks the server address once: echo `echostr` when the signature is ours. */
  app.get("/officialaccount/webhook", (c) => {
    const query = c.req.query();
    if (!deps.officialAccount) return text("not configured", 404);
    if (!signedPush(query)) return text("invalid signature", 403);
    return text(query.echostr ?? "");
  });

  /**
   * Event pushes (plain mode). Following or scanning through a QR code of ours issues that
   * scene's ticket; unfollowing is recorded; everything else is answered `success` and ignored,
   * as WeChat expects (anything else makes it retry and then warn the follower).
   */
  app.post("/officialaccount/webhook", async (c) => {
    if (!deps.officialAccount) return text("not configured", 404);
    if (!signedPush(c.req.query())) return text("invalid signature", 403);
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (raw.byteLength > MAX_PUSH_BYTES) return text("too large", 413);
    const message = parseOfficialXml(new TextDecoder().decode(raw));
    if (!message) return text("bad xml", 400);
    const openId = message.FromUserName ?? "";
    if (openId && message.MsgType === "event") {
      const scene = sceneOf(message);
      if (scene) await issueSubscribeTicket(deps, scene, openId);
      else if (message.Event === "subscribe") await recordResubscribe(deps, openId);
      else if (message.Event === "unsubscribe") await recordUnsubscribe(deps, openId);
    }
    return text("success");
  });

  /**
   * Spec §7 `POST officialaccount/isSubscribe` with `myId`: subscribed once WeChat pushed the
   * follow of that QR code. A token comes back only when the caller is not already signed in as
   * the ticket's account (the spec's "logs in if a token comes back").
   */
  app.post("/officialaccount/isSubscribe", async (c) => {
    const { myId } = parse(c, subscribeCheckSchema, await readBody(c));
    const account = await redeemSubscribeTicket(deps, myId);
    if (!account) return ok(c, { subscribed: false });
    const token = c.get("account")?.id === account.id ? null : await issueToken(deps, account.id, true);
    return ok(c, { subscribed: true, token, data: publicAccount(account) });
  });

  return app;
}
