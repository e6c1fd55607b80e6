import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, routeId } from "#contract/params";
import { publicPageHeaders } from "~/services/cache.server";
import { MICROSITE_SCOPE, scopeOrganiserCss } from "~/services/conference-css.server";
import { callPlatform } from "~/services/platform.server";

/** The organiser's extra CSS of `/conf/{id}`, sanitized and scoped (docs/decisions/005-organiser-css.md). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = routeId(params.conferenceId);
  const result = await callPlatform<{ exCss: string }>(request, `/conference/conferenceExCssJs/${id}`);
  if (!result.ok) throw notFound();
  return new Response(scopeOrganiserCss(result.data.exCss ?? "", MICROSITE_SCOPE), {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      ...publicPageHeaders(request, 300),
    },
  });
}
