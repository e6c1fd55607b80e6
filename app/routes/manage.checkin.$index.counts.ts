import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCounts } from "~/services/checkin.server";

/** The desk's counts as JSON, polled by the open desk page every few seconds. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const counts = await loadCounts(request, params.index);
  return Response.json({ counts, asOf: new Date().toISOString() }, { headers: { "Cache-Control": "private, no-store" } });
}
