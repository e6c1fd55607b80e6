import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import { conferenceMeta } from "~/components/conference/conference-meta";
import { ConferenceView } from "~/components/conference/ConferenceView";
import type { RouteHandle } from "~/root";
import { conferencePageHeaders, loadConferencePage } from "~/services/conference-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => conferenceMeta(data?.page);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const handle: RouteHandle = { layout: "detail" };

/** The conference page (`/{id}`); unpublished ones exist only for their organisers. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await loadConferencePage(request, routeId(params.conferenceId));
  return data({ page }, { headers: conferencePageHeaders(request, page) });
}

export default function ConferencePage() {
  const { page } = useLoaderData<typeof loader>();
  return <ConferenceView page={page} />;
}
