import type { Account, AccountShell } from "#contract/views/account";
import { type ApiResult, callPlatform } from "./platform.server";
import { clearTokenCookie, getToken } from "./session.server";

export type { Account };

export type SessionState = {
  isLogin: boolean;
  auth: Account | null;
  certification: boolean;
  groupId: number | null;
  noticesUnread: number;
  messagesUnread: number;
};

const loggedOut: SessionState = { isLogin: false, auth: null, certification: false, groupId: null, noticesUnread: 0, messagesUnread: 0 };

/** Each request's one answer of `GET /account/shell`: the root's loader and the page's share it. */
const shells = new WeakMap<Request, Promise<ApiResult<AccountShell>>>();

/**
 * The signed-in account with its header counts, asked of the platform once per request however
 * many loaders want it (issue 16). Keyed by the request object, so it is never another request's
 * (an action's loaders get a request of their own, and see what the action changed). A 401 is
 * answered as a failure: each caller decides between signing out quietly and the login page.
 */
export function accountShell(request: Request): Promise<ApiResult<AccountShell>> {
  let shell = shells.get(request);
  if (!shell) {
    shell = callPlatform(request, "/account/shell", { redirectOn401: false });
    shells.set(request, shell);
  }
  return shell;
}

/**
 * Loads the session for the shell (spec §4 "at start"): the account, its group, and the unread
 * counts, in one call. A stale token on an open page just signs the visitor out (the cookie is cleared).
 */
export async function loadSession(request: Request): Promise<{ session: SessionState; setCookie: string | null }> {
  if (!getToken(request)) return { session: loggedOut, setCookie: null };
  const shell = await accountShell(request);
  if (!shell.ok) return { session: loggedOut, setCookie: shell.status === 401 ? clearTokenCookie(request) : null };
  const { account, groupId, noticesUnread, messagesUnread } = shell.data;
  return {
    session: { isLogin: true, auth: account, certification: Boolean(account.certification), groupId, noticesUnread, messagesUnread },
    setCookie: null,
  };
}
