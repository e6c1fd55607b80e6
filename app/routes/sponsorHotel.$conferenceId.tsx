import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { badRequest, routeId } from "#contract/params";
import { sponsorHotelEditSchema, sponsorHotelSchema } from "#contract/schemas/services";
import { ReservationCard, RoomCard, ServiceSection } from "~/components/services/ReservationCard";
import { RowFields, ServiceField, ServiceForm, StayFields } from "~/components/services/ServiceFields";
import { ServicePage } from "~/components/services/ServicePage";
import type { Application, BookableRoom, ServiceConference, SponsorRoomRequest } from "~/components/services/types";
import { areaLoader } from "~/locales/load";
import { requireSignedIn } from "~/services/guard.server";
import { platformData } from "~/services/platform.server";
import { confirmedCall, filledRows, nest, postedId, runService, servicePageData, readServiceAction } from "~/services/services.server";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { punctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/**
 * A sponsor requests rooms for its staff (issue 6), held pending until the organiser decides.
 * Only an account with a pending or approved sponsor or exhibitor application for the
 * conference may ask; others are sent to apply first.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const [rooms, applications, requests] = await Promise.all([
    platformData<{ conference: ServiceConference; list: BookableRoom[] }>(request, `/user-hotel/rooms/${id}`),
    platformData<{ list: Application[] }>(request, "/exhibition", { query: { conferenceId: id, pageSize: 100 } }),
    platformData<{ list: SponsorRoomRequest[] }>(request, "/sponsor-hotel", { query: { conferenceId: id, pageSize: 100 } }),
  ]);
  return servicePageData(request, "services.sponsorHotel.title", {
    conference: rooms.conference,
    rooms: rooms.list,
    sponsors: applications.list.filter((a) => a.state === "pending" || a.state === "approved").map((a) => ({ id: a.id, company: a.company })),
    requests: requests.list,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const { conferenceId, formData, values, kind, targetId } = await readServiceAction(request, routeId(params.conferenceId));
  if (kind === "cancel")
    return confirmedCall(request, formData, { path: `/sponsor-hotel/${postedId(formData)}`, method: "DELETE", notice: "services.sponsorHotel.cancelled" });
  if ((kind !== "request" && kind !== "change") || targetId === null) throw badRequest();
  const body = nest(values);
  const guests = filledRows(body.guests);
  if (kind === "request") {
    return runService(request, values, {
      schema: sponsorHotelSchema,
      input: { ...body, guests, conferenceId, roomId: targetId },
      path: "/sponsor-hotel",
      method: "POST",
      notice: "services.sponsorHotel.requested",
    });
  }
  return runService(request, values, {
    schema: sponsorHotelEditSchema,
    input: { ...body, guests },
    path: `/sponsor-hotel/${targetId}`,
    method: "PUT",
    notice: "services.sponsorHotel.changed",
  });
}

function GuestRows({ intent, guests }: { intent: string; guests: Array<{ name: string; mobile?: string }> }) {
  const { t } = useTranslation();
  return (
    <RowFields
      intent={intent}
      group="guests"
      legend={t("services.sponsorHotel.guests")}
      columns={[
        { key: "name", label: t("services.sponsorHotel.guestName") },
        { key: "mobile", label: t("services.sponsorHotel.guestMobile"), type: "tel" },
      ]}
      rows={guests}
    />
  );
}

export default function SponsorHotel() {
  const { conference, rooms, sponsors, requests, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const asking = (useActionData<typeof action>() as { confirm?: string; id?: number } | undefined)?.id ?? 0;
  const conferenceWindow = { from: conference.startDate, to: conference.endDate };

  return (
    <ServicePage conference={conference} lang={lang} title={t("services.sponsorHotel.title")} intro={t("services.sponsorHotel.intro")}>
      {sponsors.length === 0 ? (
        <p className="ui-banner" role="status" data-testid="needs-application">
          {t("services.errors.sponsorRequired")} <Link to={`/sponsorRegistration/${conference.id}`}>{t("services.sponsorHotel.applyFirst")}</Link>
        </p>
      ) : (
        <ServiceSection id="rooms" title={t("services.hotel.roomTypes")} empty={rooms.length === 0 && t("services.hotel.noRooms")}>
          <ul className="ui-svc-cards">
            {rooms.map((room) => (
              <RoomCard key={room.id} room={room} lang={lang} currency={conference.currency} intent={`request:${room.id}`}>
                <ServiceForm intent={`request:${room.id}`} submit={t("services.sponsorHotel.submit")} testId="sponsor-room-form">
                  {sponsors.length > 1 && (
                    <ServiceField
                      intent={`request:${room.id}`}
                      name="sponsorId"
                      type="select"
                      label={t("services.sponsorHotel.for")}
                      options={sponsors.map((s) => ({ value: String(s.id), label: s.company }))}
                    />
                  )}
                  <StayFields intent={`request:${room.id}`} window={room.window} />
                  <GuestRows intent={`request:${room.id}`} guests={[]} />
                </ServiceForm>
              </RoomCard>
            ))}
          </ul>
        </ServiceSection>
      )}

      <ServiceSection id="requests" title={t("services.sponsorHotel.mine")} empty={requests.length === 0 && t("services.sponsorHotel.none")}>
        <ul className="ui-svc-cards">
          {requests.map((r) => (
            <ReservationCard
              key={r.id}
              row={r}
              lang={lang}
              testId="sponsor-request"
              asking={asking}
              cancel={{ question: t("services.sponsorHotel.cancelQuestion"), label: t("services.sponsorHotel.cancel") }}
              details={
                <>
                  <dt>{t("services.sponsorHotel.guests")}</dt>
                  <dd>
                    {r.guests.map((g, i) => (
                      <Fragment key={`${i}-${g.name}`}>
                        {i > 0 && punctuation(lang).list}
                        <span {...enteredLang(g.name)}>{g.name}</span>
                        {punctuation(lang).aside(g.mobile)}
                      </Fragment>
                    ))}
                  </dd>
                </>
              }
              changeForm={
                <ServiceForm intent={`change:${r.id}`} submit={t("services.saveChanges")} shown={r}>
                  <StayFields intent={`change:${r.id}`} window={rooms.find((room) => room.id === r.roomId)?.window ?? conferenceWindow} defaults={r} />
                  <GuestRows intent={`change:${r.id}`} guests={r.guests} />
                </ServiceForm>
              }
            />
          ))}
        </ul>
      </ServiceSection>
    </ServicePage>
  );
}
