import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "#contract/params";
import { requireSignedIn } from "~/services/guard.server";
import { forwardToPlatform } from "~/services/platform.server";

/**
 * Private uploads (licences, proofs) for the signed-in browser: the token lives in an HttpOnly
 * cookie, so this route asks the platform with it; the platform decides who may see the file.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = requireSignedIn(request);
  const key = params["*"] ?? "";
  if (!/^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/.test(key) || key.includes("..")) throw notFound();
  const headers = new Headers({ Authorization: `Bearer ${token}`, "Client-Type": "web" });
  const response = await forwardToPlatform(new Request(new URL(`/api/cms/files/${key}`, request.url), { headers }));
  if (!response.ok) throw notFound();
  return response;
}
