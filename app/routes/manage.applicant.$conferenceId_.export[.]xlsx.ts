import type { LoaderFunctionArgs } from "@remix-run/node";
import { noPermission, notFound, routeId } from "#contract/params";
import { filtersOf } from "~/services/applicants.server";
import { requireSignedIn } from "~/services/guard.server";
import { forwardToPlatform } from "~/services/platform.server";
import { getLang } from "~/services/session.server";

/**
 * The registration list as an Excel download (the list's filters apply). The token lives in an
 * HttpOnly cookie, so this route asks the platform with it and hands its streamed body on.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = requireSignedIn(request);
  const conferenceId = routeId(params.conferenceId);
  const query = new URLSearchParams({ ...filtersOf(new URL(request.url).searchParams), conferenceId: String(conferenceId) });
  const headers = new Headers({ Authorization: `Bearer ${token}`, "Client-Type": "web", "Accept-Language": getLang(request).lang });
  const response = await forwardToPlatform(new Request(new URL(`/api/user/export?${query}`, request.url), { headers }));
  if (response.status === 401) throw noPermission(401);
  if (!response.ok) throw notFound();
  return response;
}
