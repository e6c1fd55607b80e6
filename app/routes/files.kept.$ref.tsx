import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "#contract/params";
import { keptHeaders, keptSession } from "~/services/kept-uploads.server";
import { forwardToPlatform } from "~/services/platform.server";
import { getToken } from "~/services/session.server";

/**
 * A kept upload (decision 017) for the one who chose it: the signed reference names the file,
 * and the platform opens it only for the same account, or the same signed-out browser (its
 * kept-upload cookie). Everybody else gets a not-found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ref = params.ref ?? "";
  if (!/^[\w-]+\.[\w-]+$/.test(ref)) throw notFound();
  const token = getToken(request);
  const headers = new Headers({ "Client-Type": "web", ...keptHeaders(keptSession(request).id) });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const response = await forwardToPlatform(new Request(new URL(`/api/cms/files/kept/${ref}`, request.url), { headers }));
  if (!response.ok) throw notFound();
  return response;
}
