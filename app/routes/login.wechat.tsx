import type { LoaderFunctionArgs } from "@remix-run/node";
import { signInWith } from "~/services/auth.server";
import { safeRedirect } from "~/services/guard.server";

/**
 * Starts WeChat sign-in: the WeChat strategy sets its state cookie and sends the browser to
 * WeChat's QR-code page (it always throws that redirect). Only `redirect` is read from the address:
 * a `state` or `code` given here starts nothing else.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  const start = new Request(new URL(url.pathname, url), { headers: request.headers });
  return await signInWith("wechat", start, { redirectTo });
}
