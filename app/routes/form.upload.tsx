import type { ActionFunctionArgs } from "@remix-run/node";
import { i18n } from "~/services/i18n.server";
import { keepFile, keptSession } from "~/services/kept-uploads.server";

/**
 * The browser's upload for form answers (an image or a PDF): respondents may be signed out, so
 * unlike `/upload` this needs no session; with one, the upload is the account's. The file is
 * private and kept for the form `?keep=<scope>` (decision 017): a signed-out browser gets its
 * kept-upload cookie here. `?submission=<key>`: the answer page's key, which the file is bound to
 * (decision 032). Answers JSON with the reference the form posts back.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const file = form.get("file");
  const search = new URL(request.url).searchParams;
  const scope = search.get("keep") ?? "";
  const session = keptSession(request);
  const headers = new Headers(session.setCookie ? { "Set-Cookie": session.setCookie } : {});
  if (!(file instanceof File)) return Response.json({ message: (await i18n.getFixedT(request))("errors.fileMissing") }, { status: 400 });
  const result = await keepFile(request, file, scope, "answer", session.id, search.get("submission") ?? "");
  if (!result.ok) return Response.json({ message: result.message }, { status: result.status === 401 ? 400 : result.status, headers });
  return Response.json(result.data, { headers });
}
