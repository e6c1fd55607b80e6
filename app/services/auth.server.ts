import type { SubmissionResult } from "@conform-to/react";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { routeId } from "#contract/params";
import { loginSchema, registerSchema } from "#contract/schemas/account";
import { claimSchema, quickLoginSchema } from "#contract/schemas/registration";
import type { AttendRegistration } from "~/utils/attend";
import { parseForm, refusalMessages } from "~/utils/validation";
import type { Account } from "./account.server";
import { appEnv } from "./env.server";
import { i18n } from "./i18n.server";
import { callPlatform } from "./platform.server";
import { isSecure } from "./session.server";
import { WeChatStrategy } from "./wechat.server";

/**
 * Sign-in through remix-auth (decision 041). Every way in is a strategy whose verify callback asks
 * the platform and answers what the route needs to finish: the account token (the route sets the
 * signed cookies, decision 042: remix-auth 4 keeps no session), or why not. A refusal is thrown as
 * `SignInRefused`, a conform reply with the form's values kept, said in the user's language.
 */
export type SignIn =
  | { via: "code"; token: string; remember: boolean; account: Account }
  | { via: "quick"; token: string; remember: boolean; account: Account }
  /** The number has no account yet (platform code 1101): registration comes first. */
  | { via: "quick"; token: null; mobile: string }
  | { via: "claim"; token: string; registration: AttendRegistration; resolve: string | undefined }
  | { via: "wechat"; token: string; account: Account }
  /** A WeChat identity without an account: it proves a mobile number next, under this ticket. */
  | { via: "wechat"; token: null; bindTicket: string; nickname: string };

type Via = SignIn["via"];

/** A sign-in the form or the platform refused: the reply to render (status 400), and the platform's business code. */
export class SignInRefused extends Error {
  constructor(
    readonly reply: SubmissionResult<string[]>,
    readonly code = 400,
  ) {
    super("sign-in refused");
    this.name = "SignInRefused";
  }
}

/** A WeChat code the platform could not turn into a sign-in; `said` is its message in the user's language, if any. */
export class WeChatRefused extends Error {
  constructor(readonly said = "") {
    super("WeChat sign-in failed");
    this.name = "WeChatRefused";
  }
}

type Platformed = { token: string; data: Account };

/** Mobile and code: the form's `mode` says login or register, with rememberMe and an optional WeChat bind ticket. */
const codeStrategy = new FormStrategy<SignIn>(async ({ form, request }) => {
  const register = form.get("mode") === "register";
  const schema = register ? registerSchema : loginSchema;
  const submission = parseForm(form, schema);
  if (submission.status !== "success") throw new SignInRefused(submission.reply());
  const result = await callPlatform<Platformed>(request, "/login", { method: register ? "PUT" : "POST", body: submission.value, token: null });
  if (!result.ok) throw new SignInRefused(submission.reply(refusalMessages(result)), result.code);
  return { via: "code", token: result.data.token, remember: submission.value.rememberMe, account: result.data.data };
});

/** Quick sign-in on a conference's registration page (spec §5): mobile, code and the conference. */
const quickStrategy = new FormStrategy<SignIn>(async ({ form, request }) => {
  const submission = parseForm(form, quickLoginSchema);
  if (submission.status !== "success") throw new SignInRefused(submission.reply());
  const result = await callPlatform<Platformed>(request, "/login/quick", { method: "POST", body: submission.value, token: null });
  if (!result.ok) throw new SignInRefused(submission.reply(refusalMessages(result)), result.code);
  if (result.code === 1101) return { via: "quick", token: null, mobile: submission.value.mobile };
  return { via: "quick", token: result.data.token, remember: submission.value.rememberMe, account: result.data.data };
});

/** Claiming (or taking over) a registration made for my number at /attend/claime/:id: the number proves itself with a code. */
const claimStrategy = new FormStrategy<SignIn>(async ({ form, request }) => {
  const id = routeId(new URL(request.url).pathname.split("/").pop());
  const submission = parseForm(form, claimSchema);
  if (submission.status !== "success") throw new SignInRefused(submission.reply());
  const claimed = await callPlatform(request, `/conference/user/claim/${id}`, {
    method: "POST",
    body: submission.value,
    token: null,
  });
  if (!claimed.ok) {
    const t = await i18n.getFixedT(request);
    const messages = claimed.status === 404 ? [t("attend.claimNotFound")] : claimed.messages;
    throw new SignInRefused(submission.reply(refusalMessages({ fields: claimed.fields, messages })), claimed.code);
  }
  return { via: "claim", token: claimed.data.account.token, registration: claimed.data.registration, resolve: submission.value.resolve };
});

/**
 * WeChat for this request: its callback on this site's origin (with where to go after, as a
 * local path), its state cookie Secure as the request is. Null when WeChat is not configured here.
 */
function wechatStrategy(request: Request, redirectTo: string) {
  const env = appEnv();
  if (!env.WECHAT_APP_ID) return null;
  const callback = new URL("/login/wechat/callback", request.url);
  if (redirectTo !== "/") callback.searchParams.set("redirect", redirectTo);
  return new WeChatStrategy<SignIn>(
    {
      appId: env.WECHAT_APP_ID,
      oauthBase: env.WECHAT_OAUTH_URL ?? "https://open.weixin.qq.com",
      redirectURI: callback.toString(),
      secure: isSecure(request),
      exchange: async (code) => {
        const result = await callPlatform<Platformed | { bindTicket: string; nickname: string }>(request, "/login/wechat", {
          method: "PUT",
          body: { code },
          token: null,
        });
        if (!result.ok) throw new WeChatRefused(result.message);
        return result.data;
      },
    },
    async ({ tokens }) => {
      const answer = tokens.data;
      if ("bindTicket" in answer && typeof answer.bindTicket === "string" && "nickname" in answer && typeof answer.nickname === "string") {
        return { via: "wechat", token: null, bindTicket: answer.bindTicket, nickname: answer.nickname };
      }
      if ("token" in answer && typeof answer.token === "string" && "data" in answer && isAccount(answer.data)) {
        return { via: "wechat", token: answer.token, account: answer.data };
      }
      throw new WeChatRefused();
    },
  );
}

function isAccount(value: unknown): value is Account {
  return typeof value === "object" && value !== null && "id" in value && "defaultType" in value;
}

/** The strategies of this request, by name. */
function authenticator(request: Request, redirectTo = "/") {
  const auth = new Authenticator<SignIn>().use(codeStrategy, "code").use(quickStrategy, "quick").use(claimStrategy, "claim");
  const wechat = wechatStrategy(request, redirectTo);
  return wechat ? auth.use(wechat, "wechat") : auth;
}

const signedVia = <V extends Via>(signIn: SignIn, via: V): signIn is Extract<SignIn, { via: V }> => signIn.via === via;

/**
 * Signs in through one strategy. A form strategy reads the body itself; a route that has read
 * it already passes the form it read (`form`), which goes on in a copy of the request (its
 * cookies and forwarding headers, not its body), so nothing is read twice or buffered again.
 * Throws `SignInRefused` (a form's reply), `WeChatRefused`, or a redirect Response (WeChat's QR page).
 *
 * @example
 * const form = await request.formData();
 * const signIn = await signInWith("code", request, { form });
 */
export async function signInWith<V extends Via>(
  via: V,
  request: Request,
  options: { form?: FormData; redirectTo?: string } = {},
): Promise<Extract<SignIn, { via: V }>> {
  const auth = authenticator(request, options.redirectTo);
  if (!auth.get(via)) throw new Response("Not Found", { status: 404 });
  const signIn = await auth.authenticate(via, options.form ? withForm(request, options.form) : request);
  if (!signedVia(signIn, via)) throw new Error(`the ${via} strategy answered a ${signIn.via} sign-in`);
  return signIn;
}

function withForm(request: Request, form: FormData) {
  const headers = new Headers(request.headers);
  // The new body brings its own type (a multipart boundary of its own) and length.
  headers.delete("content-type");
  headers.delete("content-length");
  return new Request(request.url, { method: "POST", headers, body: form });
}

/** Whether this site offers WeChat sign-in (the platform has it, and this tier knows the AppID). */
export const wechatConfigured = () => Boolean(appEnv().WECHAT_APP_ID);
