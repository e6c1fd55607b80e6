import type { LoaderFunctionArgs } from "@remix-run/node";
import { noPermission } from "#contract/params";
import { auditFiltersOf } from "#contract/schemas/audit-admin";
import { requirePlatformAdmin } from "~/services/guard.server";
import { forwardToPlatform } from "~/services/platform.server";
import { getLang, getToken } from "~/services/session.server";

/**
 * The audit log as an Excel download (the page's filters apply). The token lives in an HttpOnly
 * cookie, so this route asks the platform with it and hands its streamed body on; a refused
 * filter answers the platform's message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatformAdmin(request);
  const query = new URLSearchParams(auditFiltersOf(new URL(request.url).searchParams));
  const headers = new Headers({ Authorization: `Bearer ${getToken(request)}`, "Client-Type": "web", "Accept-Language": getLang(request).lang });
  const response = await forwardToPlatform(new Request(new URL(`/api/admin/audit/export?${query}`, request.url), { headers }));
  if (response.status === 401 || response.status === 403) throw noPermission(response.status);
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Response(refusal?.message ?? "", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return response;
}
