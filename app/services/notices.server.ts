import { redirect } from "@remix-run/node";
import type { NoticeInput } from "~/utils/notice";
import { headerSafe } from "./guard.server";
import { noticeCookieHeader } from "./session.server";

/**
 * Redirects with notices shown once on the next page (with or without JavaScript).
 * @example throw await redirectWithNotice(request, "/", { content: t("auth.loggedOut"), color: "success" })
 */
export async function redirectWithNotice(request: Request, to: string, notices: NoticeInput | NoticeInput[], init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await noticeCookieHeader(request, Array.isArray(notices) ? notices : [notices]));
  return redirect(headerSafe(to) ?? "/", { headers });
}

/** Server messages of a failed call as danger notices, one per message (spec §8). */
export function dangerNotices(messages: string[]): NoticeInput[] {
  return messages.map((content) => ({ content, color: "danger", duration: 4000 }));
}
