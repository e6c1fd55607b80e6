import type { LoaderFunctionArgs } from "@remix-run/node";
import { routeId } from "#contract/params";
import { loadStatistics } from "~/services/checkin.server";
import { requireSignedIn } from "~/services/guard.server";

/** The statistics screen's figures as JSON, polled by the open screen every 10 seconds. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  return Response.json(await loadStatistics(request, routeId(params.conferenceId)), { headers: { "Cache-Control": "private, no-store" } });
}
