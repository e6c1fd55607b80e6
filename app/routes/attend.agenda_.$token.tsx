import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "#contract/params";
import type { AgendaSession } from "~/components/services/types";
import { agendaCalendar } from "~/services/agenda.server";
import { appNow } from "~/services/clock.server";
import { i18n } from "~/services/i18n.server";
import { callPlatform } from "~/services/platform.server";
import { getLang } from "~/services/session.server";

/**
 * My agenda as a calendar feed (`/attend/agenda/<token>.ics`), for calendar apps that fetch
 * without cookies: the token (an HMAC of the account id with the platform's secret) is the only
 * credential, checked by the platform. Open in the guard for that reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = params.token ?? "";
  if (!raw.endsWith(".ics")) throw notFound();
  const token = raw.slice(0, -".ics".length);
  if (!/^[0-9]+-[A-Za-z0-9_-]+$/.test(token)) throw notFound();
  const agenda = await callPlatform<{ list: AgendaSession[] }>(request, `/user/schedule/feed/${token}`, { token: null });
  if (!agenda.ok) throw notFound();
  const t = await i18n.getFixedT(request);
  const url = new URL(request.url);
  const body = agendaCalendar({
    name: t("services.agenda.calendarName"),
    lang: getLang(request).lang,
    host: url.hostname,
    origin: url.origin,
    mainVenue: t("services.papers.mainVenue"),
    list: agenda.data.list,
    now: await appNow(),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-agenda.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
