import type { LoaderFunctionArgs } from "@remix-run/node";
import { noPermission, notFound } from "#contract/params";
import { formIdOf } from "~/services/forms.server";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/notices.server";
import { forwardToPlatform } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { formPath } from "~/utils/forms";

const FILTERS = ["keyword", "dateField", "format", "date"] as const;

/**
 * A form's answers as an Excel download, filtered like the answers table. The token lives in an
 * HttpOnly cookie, so this route asks the platform with it and hands the streamed body on.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = requireSignedIn(request);
  const id = formIdOf(request);
  const search = new URL(request.url).searchParams;
  const query = new URLSearchParams({ formId: String(id) });
  for (const name of FILTERS) if (search.get(name)) query.set(name, search.get(name)!);
  const headers = new Headers({ Authorization: `Bearer ${token}`, "Client-Type": "web", "Accept-Language": getLang(request).lang });
  const response = await forwardToPlatform(new Request(new URL(`/api/form/user/export?${query}`, request.url), { headers }));
  if (response.status === 400) {
    // A filter the platform refused (a date without its format): back to the table, which says why beside the field.
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const t = await i18n.getFixedT(request);
    query.delete("formId");
    throw await redirectWithNotice(request, `${formPath.answers(id)}&${query}`, { content: body.message ?? t("errors.internal"), color: "danger" });
  }
  if (response.status === 401) throw noPermission(401);
  if (!response.ok) throw notFound();
  return response;
}
