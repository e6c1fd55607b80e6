import { badRequest } from "#contract/params";
import { scheduleSubscriptionSchema } from "#contract/schemas/services";
import type { AgendaSession } from "~/components/services/types";
import { formatDay, pick } from "~/utils/format";
import { type CalendarEvent, buildCalendar } from "./conference-ics.server";
import { localTime } from "./conference-page.server";
import { formValues, runService } from "./services.server";

/**
 * The schedule subscription's server side (issue 6): sessions grouped by the conference's local
 * day and by branch, the subscribe / unsubscribe post, and the agenda as an iCalendar feed
 * (built by conference-ics.server.ts, which escapes and folds the lines).
 */

export type SessionView = AgendaSession & { title: string; start: string; end: string; conferenceName: string };
export type SessionDay = { day: string; label: string; branches: Array<{ name: string; sessions: SessionView[] }> };

export function groupSessions(lang: "zh" | "en", list: AgendaSession[], mainVenue: string): SessionDay[] {
  const days: SessionDay[] = [];
  for (const session of list) {
    const { day, start, end } = sessionTimes(session);
    let entry = days.find((d) => d.day === day);
    if (!entry) days.push((entry = { day, label: formatDay(lang, day), branches: [] }));
    const branchName = session.branchId ? pick(lang, session.branchNameZh, session.branchNameEn) : mainVenue;
    let branch = entry.branches.find((b) => b.name === branchName);
    if (!branch) entry.branches.push((branch = { name: branchName, sessions: [] }));
    branch.sessions.push({
      ...session,
      title: pick(lang, session.titleZh, session.titleEn),
      start,
      end,
      conferenceName: pick(lang, session.conferenceNameZh, session.conferenceNameEn),
    });
  }
  return days;
}

/** Subscribe (`POST /user/schedule`) or unsubscribe (`PUT`), then back to the page with a notice. */
export async function subscriptionAction(request: Request) {
  const values = formValues(await request.formData());
  const subscribe = values.intent === "subscribe";
  if (!subscribe && values.intent !== "unsubscribe") throw badRequest();
  return runService(request, values, {
    schema: scheduleSubscriptionSchema,
    input: values,
    path: "/user/schedule",
    method: subscribe ? "POST" : "PUT",
    notice: subscribe ? "services.agenda.subscribed" : "services.agenda.unsubscribed",
  });
}

/** My subscribed sessions as a calendar: one timed event per session, at its conference's venue. */
export function agendaCalendar(input: { name: string; lang: "zh" | "en"; host: string; origin: string; mainVenue: string; list: AgendaSession[]; now: Date }) {
  const events: CalendarEvent[] = input.list.map((s) => {
    const branch = s.branchId ? pick(input.lang, s.branchNameZh, s.branchNameEn) : input.mainVenue;
    const venue = [pick(input.lang, s.cityZh, s.cityEn), pick(input.lang, s.addressZh, s.addressEn)].filter(Boolean).join(" ");
    return {
      uid: `agenda-schedule-${s.id}@${input.host}`,
      start: new Date(s.startsAt),
      end: new Date(s.endsAt),
      summary: pick(input.lang, s.titleZh, s.titleEn),
      description: [
        pick(input.lang, s.conferenceNameZh, s.conferenceNameEn),
        ...s.speakers.map((p) => (p.affiliation ? `${p.name} (${p.affiliation})` : p.name)),
      ].join("\n"),
      location: [s.room, branch, venue].filter(Boolean).join(", "),
      url: `${input.origin}/${s.conferenceId}`,
    };
  });
  return buildCalendar({ name: input.name, now: input.now, events });
}

/** A session's instants as the conference's local day and times. */
function sessionTimes(session: { startsAt: string; endsAt: string }) {
  const start = localTime(session.startsAt);
  return { day: start.day, start: start.time, end: localTime(session.endsAt).time };
}
