import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadStatistics } from "~/services/checkin.server";

/** The statistics screen's figures as JSON, polled by the open screen every 10 seconds. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return Response.json(await loadStatistics(request, params.conferenceId), { headers: { "Cache-Control": "private, no-store" } });
}
