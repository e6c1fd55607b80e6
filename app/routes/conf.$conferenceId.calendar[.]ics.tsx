import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, routeId } from "#contract/params";
import { appNow } from "~/services/clock.server";
import { type CalendarEvent, buildCalendar } from "~/services/conference-ics.server";
import { conferencePageHeaders, type PlatformConferencePage } from "~/services/conference-page.server";
import { i18n } from "~/services/i18n.server";
import { type Page, callPlatform, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { pick } from "~/utils/format";

type Info = { info: PlatformConferencePage["info"] };

/** "Add to calendar" (`/conf/{id}/calendar.ics`): the conference as an all-day event, then its published schedule. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = routeId(params.conferenceId);
  const conference = await callPlatform<Info>(request, `/conference/${id}`);
  if (!conference.ok) throw notFound();
  const [schedule, branches, t] = await Promise.all([
    platformData<Page<PlatformConferencePage["schedule"][number]>>(request, "/schedule", { query: { conferenceId: id } }),
    platformData<Page<PlatformConferencePage["branches"][number]>>(request, `/branches/${id}`),
    i18n.getFixedT(request),
  ]);
  const { lang } = getLang(request);
  const { info } = conference.data;
  const url = new URL(request.url);
  const host = url.hostname;
  const pageUrl = `${url.origin}/${id}`;
  const name = pick(lang, info.nameZh, info.nameEn);
  const venue = [pick(lang, info.cityZh, info.cityEn), pick(lang, info.addressZh, info.addressEn)].filter(Boolean).join(" ");
  const branchName = new Map(branches.list.map((b) => [b.id, pick(lang, b.nameZh, b.nameEn)]));
  const events: CalendarEvent[] = [
    {
      uid: `conference-${id}@${host}`,
      allDay: true,
      startDate: info.startDate,
      endDate: info.endDate,
      summary: name,
      description: pick(lang, info.summaryZh, info.summaryEn),
      location: venue,
      url: pageUrl,
    },
    ...schedule.list.map((item) => ({
      uid: `schedule-${item.id}@${host}`,
      start: new Date(item.startsAt),
      end: new Date(item.endsAt),
      summary: pick(lang, item.titleZh, item.titleEn),
      description: item.speakers.map((s) => (s.affiliation ? `${s.name} (${s.affiliation})` : s.name)).join("\n"),
      location: [item.room, (item.branchId !== null && branchName.get(item.branchId)) || t("conferencePage.schedule.mainVenue"), venue]
        .filter(Boolean)
        .join(", "),
      url: pageUrl,
    })),
  ];
  const body = buildCalendar({ name: t("conferencePage.calendar.name", { name }), now: await appNow(), events });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="conference-${id}.ics"`,
      ...conferencePageHeaders(request, info),
    },
  });
}
