import type { LoaderFunctionArgs } from "@remix-run/node";
import { noPermission, notFound, parseId } from "#contract/params";
import { requirePlatformAdmin } from "~/services/guard.server";
import { forwardToPlatform } from "~/services/platform.server";
import { getLang, getToken } from "~/services/session.server";

/**
 * The references as an Excel download in the import's columns (the list's keyword and major
 * apply). The token lives in an HttpOnly cookie, so this route asks the platform with it and
 * hands its streamed body on.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const search = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  const keyword = (search.get("keyword") ?? "").trim().slice(0, 100);
  const majorId = parseId(search.get("majorId"));
  if (keyword) query.set("keyword", keyword);
  if (majorId !== null) query.set("majorId", String(majorId));
  const headers = new Headers({ Authorization: `Bearer ${getToken(request)}`, "Client-Type": "web", "Accept-Language": getLang(request).lang });
  const response = await forwardToPlatform(new Request(new URL(`/api/admin/reference/export?${query}`, request.url), { headers }));
  if (response.status === 401 || response.status === 403) throw noPermission(response.status);
  if (!response.ok) throw notFound();
  return response;
}
