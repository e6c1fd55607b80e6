import type { Account } from "#contract/views/account";
import { callPlatform } from "./platform.server";
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
 * Loads the session for the shell (spec §4 "at start"): the account, its group, and the unread
 * counts. A stale token on an open page just signs the visitor out (the cookie is cleared).
 */
export async function loadSession(request: Request): Promise<{ session: SessionState; setCookie: string | null }> {
  if (!getToken(request)) return { session: loggedOut, setCookie: null };
  const account = await callPlatform(request, "/account", { redirectOn401: false });
  if (!account.ok) return { session: loggedOut, setCookie: account.status === 401 ? clearTokenCookie(request) : null };
  const [notices, messages, group] = await Promise.all([
    callPlatform(request, "/cms/notices/unread", { redirectOn401: false }),
    callPlatform(request, "/cms/messages/unread", { redirectOn401: false }),
    callPlatform<{ id: number } | null>(request, `/group/by-account/${account.data.accountId}`, { redirectOn401: false }),
  ]);
  return {
    session: {
      isLogin: true,
      auth: account.data,
      certification: Boolean(account.data.certification),
      groupId: group.ok ? (group.data?.id ?? null) : null,
      noticesUnread: notices.ok ? notices.data : 0,
      messagesUnread: messages.ok ? messages.data : 0,
    },
    setCookie: null,
  };
}
