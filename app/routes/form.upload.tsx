import type { ActionFunctionArgs } from "@remix-run/node";
import { callPlatform } from "~/services/platform.server";

/**
 * The browser's upload for form answers (an image or a PDF): respondents may be signed out, so
 * unlike `/upload` this needs no session; with one, the upload is the account's. Answers JSON.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const file = form.get("file");
  const body = new FormData();
  if (file) body.set("file", file);
  const result = await callPlatform<{ publicUrl: string; key: string }>(request, "/cms/files/formUpload", { method: "POST", body, redirectOn401: false });
  if (!result.ok) return Response.json({ message: result.message }, { status: result.status === 401 ? 400 : result.status });
  return Response.json(result.data);
}
