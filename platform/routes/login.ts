import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { loginSchema, registerSchema, sendCodeSchema, wechatLoginSchema } from "#contract/schemas/account";
import { type PlatformDeps, type PlatformEnv, type Ctx, clientAddress, parse, readBody, requireAccount } from "../context";
import { accounts } from "../db/schema";
import { codedAnswer, fail, langOf, ok } from "../http";
import { WeChatError } from "../providers/wechat";
import {
  type Account,
  accountByMobile,
  checkCode,
  issueToken,
  refuseDisabled,
  publicAccount,
  putOneTime,
  revokeToken,
  sendCode,
  spendCode,
  takeOneTime,
  userRecord,
} from "../services/identity";
import { mintTicket, ticketNonce } from "../services/sign-in-guard";

/** Business codes the web tells apart (ARCHITECTURE.md: 1101 = quick login, no account yet). */
export const CODE_NOT_REGISTERED = 1001;
export const CODE_ALREADY_REGISTERED = 1002;
export const CODE_WECHAT_BIND = 1102;

const ticketQuerySchema = z.object({
  scope: z.enum(["send", "check"]),
  conferenceId: z.coerce.number().int().positive().optional(),
});

export function loginRoutes(deps: PlatformDeps) {
  const app = new Hono<PlatformEnv>();

  /**
   * `GET /login?mobile=&ticket=`: a code, only with the ticket a sign-in page rendered for this
   * client (decision 024), so another site's `<img>` or a bare script sends nothing.
   */
  const send = async (c: Ctx) => {
    const { mobile } = parse(c, sendCodeSchema, { mobile: c.req.query("mobile") });
    const client = clientAddress(c);
    const ticket = ticketNonce(deps, c.req.query("ticket"), { address: client, scope: "send" });
    if (!ticket) fail(400, "errors.sendTicket");
    await sendCode(deps, { mobile, client, ticket });
    return ok(c, { sent: true });
  };

  /** Links a WeChat identity waiting under a bind ticket to the account that just proved its mobile. */
  const bindWeChat = async (account: Account, ticket: string | undefined) => {
    if (!ticket) return account;
    const row = await takeOneTime(deps, "wechat-bind", ticket);
    if (!row) fail(400, "errors.bindExpired");
    if (account.wechatOpenId && account.wechatOpenId !== row.payload.openId) fail(400, "errors.wechatOtherAccount");
    const [updated] = await deps.db
      .update(accounts)
      .set({ wechatOpenId: row.payload.openId, avatar: account.avatar ?? row.payload.avatar ?? null })
      .where(eq(accounts.id, account.id))
      .returning();
    return updated;
  };

  const respond = async (c: Ctx, account: Account, rememberMe: boolean, withUser: boolean) => {
    refuseDisabled(account);
    if (!account.isPlatformAdmin && deps.platformAdmins?.includes(account.mobile)) {
      [account] = await deps.db.update(accounts).set({ isPlatformAdmin: true }).where(eq(accounts.id, account.id)).returning();
    }
    const token = await issueToken(deps, account.id, rememberMe);
    return ok(c, { token, data: publicAccount(account), ...(withUser ? { user: userRecord(account) } : {}) });
  };

  const login = (withUser: boolean) => async (c: Ctx) => {
    const input = parse(c, loginSchema, await readBody(c));
    // The code first (decision 025): a wrong one answers the same for every number.
    const codeId = await checkCode(deps, { mobile: input.mobile, code: input.code, client: clientAddress(c) });
    let account = await accountByMobile(deps.db, input.mobile);
    // The code stays unspent for the registration that follows.
    if (!account) fail(400, "errors.notRegistered", { code: CODE_NOT_REGISTERED });
    refuseDisabled(account);
    await spendCode(deps, codeId);
    account = await bindWeChat(account, input.bindTicket);
    if (withUser && !account.userRecord) {
      [account] = await deps.db.update(accounts).set({ userRecord: true }).where(eq(accounts.id, account.id)).returning();
    }
    return respond(c, account, input.rememberMe, withUser);
  };

  const register = (withUser: boolean) => async (c: Ctx) => {
    const input = parse(c, registerSchema, await readBody(c));
    const codeId = await checkCode(deps, { mobile: input.mobile, code: input.code, client: clientAddress(c) });
    // Unspent: the owner of the number signs in with it instead.
    if (await accountByMobile(deps.db, input.mobile)) fail(400, "errors.alreadyRegistered", { code: CODE_ALREADY_REGISTERED });
    await spendCode(deps, codeId);
    const [created] = await deps.db
      .insert(accounts)
      .values({
        mobile: input.mobile,
        name: input.name,
        defaultType: langOf(c) === "en" ? 1 : 0,
        userRecord: withUser,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) fail(400, "errors.alreadyRegistered", { code: CODE_ALREADY_REGISTERED });
    const account = await bindWeChat(created, input.bindTicket);
    return respond(c, account, input.rememberMe, withUser);
  };

  /**
   * `GET /login/ticket?scope=send` (or `scope=check&conferenceId=`, signed in): the ticket a
   * sign-in page renders for the client it answers (decision 041). Only the platform holds the
   * secret that signs it; the ticket is bound to the asking client's address (and for checks to
   * the signed-in account), so fetching it here gives no more than fetching the page does.
   */
  app.get("/login/ticket", (c) => {
    const query = parse(c, ticketQuerySchema, { scope: c.req.query("scope"), conferenceId: c.req.query("conferenceId") });
    const address = clientAddress(c);
    if (query.scope === "send") return ok(c, { ticket: mintTicket(deps, { address, scope: "send" }) });
    const account = requireAccount(c);
    if (!query.conferenceId) fail(400, "errors.invalid");
    return ok(c, { ticket: mintTicket(deps, { address, scope: `check:${query.conferenceId}:${account.id}` }) });
  });

  app.get("/login", send);
  app.post("/login", login(false));
  app.put("/login", register(false));
  app.get("/user/login", send);
  /** The spec's code for a registration's mobile (decision 027): the same ticket and limits, for a signed-in registrant. */
  app.get("/user/sms", (c) => {
    requireAccount(c);
    return send(c);
  });
  app.post("/user/login", login(true));
  app.put("/user/login", register(true));

  /** Which sign-in methods this platform offers. */
  app.get("/login/methods", (c) => ok(c, { mobile: true, wechat: Boolean(deps.wechat) }));

  /** The address of WeChat's QR-code page; the web keeps the `state` in its own cookie. */
  app.get("/login/wechat/authorize", (c) => {
    if (!deps.wechat) fail(404, "errors.wechatDisabled");
    const redirectUri = c.req.query("redirectUri") ?? "";
    const state = c.req.query("state") ?? "";
    if (!/^https?:\/\//.test(redirectUri) || !state) fail(400, "errors.invalid");
    return ok(c, { url: deps.wechat.authorizeUrl({ redirectUri, state }) });
  });

  app.put("/login/wechat", async (c) => {
    if (!deps.wechat) fail(404, "errors.wechatDisabled");
    const { code } = parse(c, wechatLoginSchema, await readBody(c));
    let profile;
    try {
      profile = await deps.wechat.exchangeCode(code);
    } catch (error) {
      if (error instanceof WeChatError) fail(400, "errors.wechatFailed");
      throw error;
    }
    const [account] = await deps.db.select().from(accounts).where(eq(accounts.wechatOpenId, profile.openId)).limit(1);
    if (account) return respond(c, account, true, false);
    // A WeChat identity without an account: the person proves a mobile number next (login or register).
    const bindTicket = await putOneTime(deps, "wechat-bind", {
      openId: profile.openId,
      nickname: profile.nickname,
      ...(profile.avatar ? { avatar: profile.avatar } : {}),
    });
    return codedAnswer(c, CODE_WECHAT_BIND, "auth.wechatBindNeeded", { bindTicket, nickname: profile.nickname });
  });

  app.post("/logout", async (c) => {
    const token = c.get("token");
    if (token) await revokeToken(deps.db, token);
    return ok(c, { loggedOut: true });
  });

  return app;
}
