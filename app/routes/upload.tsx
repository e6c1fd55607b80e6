import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSignedIn } from "~/services/guard.server";
import { keepFile } from "~/services/kept-uploads.server";
import { callPlatform } from "~/services/platform.server";

/**
 * The browser's upload endpoint (the token lives in an HttpOnly cookie, so scripts can't call
 * the platform directly): forwards the `file` field to `/cms/files/upload`, answers JSON.
 * `?kind=document&keep=<scope>`: a private document kept for that form (decision 017); the
 * answer then carries the reference the form posts back.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSignedIn(request);
  const form = await request.formData();
  const file = form.get("file");
  const body = new FormData();
  if (file) body.set("file", file);
  const search = new URL(request.url).searchParams;
  // `?kind=document`: a private document (image or PDF) that only its owner and its reviewers may see.
  const document = search.get("kind") === "document";
  const scope = search.get("keep");
  const result =
    document && scope && file instanceof File
      ? await keepFile(request, file, scope, "document", null)
      : await callPlatform<{ publicUrl: string; key: string }>(request, document ? "/cms/files/documentUpload" : "/cms/files/upload", { method: "POST", body });
  if (!result.ok) return Response.json({ message: result.message }, { status: result.status });
  return Response.json(result.data);
}
