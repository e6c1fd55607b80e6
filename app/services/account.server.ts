import type { Account, AccountShell } from "#contract/views/account";
import { perPageRequest } from "./page-request.server";
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

/**
 * The signed-in account with its header counts, asked of the platform once per page request
 * however many loaders want it (issue 16; page-request.server.ts): never another request's, and
 * the loaders that run after an action belong to a request of their own. A 401 is answered as a
 * failure: each caller decides between signing out quietly and the login page.
 */
export function accountShell(request: Request): Promise<ApiResult<AccountShell>> {
  return perPageRequest(request, "account-shell", getToken(request) ?? "", () => callPlatform(request, "/account/shell", { redirectOn401: false }));
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
