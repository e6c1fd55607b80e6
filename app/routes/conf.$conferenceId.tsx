import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { routeId } from "#contract/params";
import { conferenceMeta } from "~/components/conference/conference-meta";
import { ConferenceView } from "~/components/conference/ConferenceView";
import type { RouteHandle } from "~/root";
import { conferencePageHeaders, loadConferencePage } from "~/services/conference-page.server";

/** The microsite is the organiser's own site: its title is the conference's name alone. */
export const meta: MetaFunction<typeof loader> = ({ data }) => conferenceMeta(data?.page, { title: data?.page.name });
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const handle: RouteHandle = { layout: "detail" };

/**
 * The conference's microsite (`/conf/{id}`): the conference page with the organiser's extra
 * styles, served sanitized and scoped to `.ui-conf-site` from `/conf/{id}/style.css`
 * (docs/decisions/005-organiser-css.md). The organiser's script is never sent.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await loadConferencePage(request, routeId(params.conferenceId));
  return data({ page }, { headers: conferencePageHeaders(request, page) });
}

export default function ConferenceMicrosite() {
  const { page } = useLoaderData<typeof loader>();
  return (
    // The frame contains layout and paint, so nothing the organiser styles can be drawn outside it.
    <div className="ui-conf-site-frame">
      {page.styleVersion && <link rel="stylesheet" href={`/conf/${page.id}/style.css?v=${page.styleVersion}`} />}
      <div className="ui-conf-site" data-testid="microsite">
        <ConferenceView page={page} />
      </div>
    </div>
  );
}
