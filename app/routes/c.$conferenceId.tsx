import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { routeId } from "#contract/params";

/** /c/{id} is the short link of a conference page. */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/${routeId(params.conferenceId)}`, 301);
}
