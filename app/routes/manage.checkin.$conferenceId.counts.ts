import type { LoaderFunctionArgs } from "@remix-run/node";
import { routeId } from "#contract/params";
import { loadCounts } from "~/services/checkin.server";
import { appNow } from "~/services/clock.server";
import { requireSignedIn } from "~/services/guard.server";

/** The desk's counts as JSON, polled by the open desk page every few seconds. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const counts = await loadCounts(request, routeId(params.conferenceId));
  return Response.json({ counts, asOf: (await appNow()).toISOString() }, { headers: { "Cache-Control": "private, no-store" } });
}
