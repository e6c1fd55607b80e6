import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { badRequest, routeId } from "#contract/params";
import { hotelBookingEditSchema, hotelBookingSchema, SHARING } from "#contract/schemas/services";
import { ReservationCard, RoomCard, ServiceSection } from "~/components/services/ReservationCard";
import { ServiceField, ServiceForm, StayFields } from "~/components/services/ServiceFields";
import { ServicePage } from "~/components/services/ServicePage";
import type { BookableRoom, HotelBooking, ServiceConference } from "~/components/services/types";
import { areaLoader } from "~/locales/load";
import { requireSignedIn } from "~/services/guard.server";
import { platformData } from "~/services/platform.server";
import { confirmedCall, postedId, runService, servicePageData, readServiceAction } from "~/services/services.server";
import { useTranslation } from "~/use-translation";
import { formatMoney } from "~/utils/format";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** Hotel booking for a conference (issue 6): the shown rooms with what is left, and my bookings. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const [rooms, bookings] = await Promise.all([
    platformData<{ conference: ServiceConference; list: BookableRoom[] }>(request, `/user-hotel/rooms/${id}`),
    platformData<{ list: HotelBooking[] }>(request, "/user-hotel", { query: { conferenceId: id, pageSize: 100 } }),
  ]);
  return servicePageData(request, "services.hotel.title", { conference: rooms.conference, rooms: rooms.list, bookings: bookings.list });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const { conferenceId, formData, values, kind, targetId } = await readServiceAction(request, routeId(params.conferenceId));
  if (kind === "book" && targetId !== null) {
    return runService(request, values, {
      schema: hotelBookingSchema,
      input: { ...values, conferenceId, roomId: targetId },
      path: "/user-hotel",
      method: "POST",
      notice: "services.hotel.booked",
    });
  }
  if (kind === "change" && targetId !== null) {
    return runService(request, values, {
      schema: hotelBookingEditSchema,
      input: values,
      path: `/user-hotel/${targetId}`,
      method: "PUT",
      notice: "services.hotel.changed",
    });
  }
  if (kind === "cancel")
    return confirmedCall(request, formData, { path: `/user-hotel/${postedId(formData)}`, method: "DELETE", notice: "services.hotel.cancelled" });
  throw badRequest();
}

export default function HotelBooking() {
  const { conference, rooms, bookings, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const asking = (useActionData<typeof action>() as { confirm?: string; id?: number } | undefined)?.id ?? 0;
  const sharingOptions = SHARING.map((value) => ({ value, label: t(`services.hotel.sharing.${value}`) }));
  const conferenceWindow = { from: conference.startDate, to: conference.endDate };

  return (
    <ServicePage conference={conference} lang={lang} title={t("services.hotel.title")} intro={t("services.hotel.intro")} current="hotel">
      <ServiceSection id="rooms" title={t("services.hotel.roomTypes")} empty={rooms.length === 0 && t("services.hotel.noRooms")}>
        <ul className="ui-svc-cards">
          {rooms.map((room) => (
            <RoomCard key={room.id} room={room} lang={lang} currency={conference.currency} intent={`book:${room.id}`}>
              <ServiceForm intent={`book:${room.id}`} submit={t("services.hotel.book")} testId="book-form">
                <StayFields intent={`book:${room.id}`} window={room.window} />
                <ServiceField
                  intent={`book:${room.id}`}
                  name="sharing"
                  type="select"
                  label={t("services.hotel.sharingLabel")}
                  options={sharingOptions}
                  defaultValue="single"
                />
              </ServiceForm>
            </RoomCard>
          ))}
        </ul>
      </ServiceSection>

      <ServiceSection id="bookings" title={t("services.hotel.mine")} empty={bookings.length === 0 && t("services.hotel.noBookings")}>
        <ul className="ui-svc-cards">
          {bookings.map((b) => (
            <ReservationCard
              key={b.id}
              row={b}
              lang={lang}
              testId="booking"
              asking={asking}
              cancel={{ question: t("services.hotel.cancelQuestion"), label: t("services.hotel.cancel") }}
              details={
                <>
                  <dt>{t("services.hotel.sharingLabel")}</dt>
                  <dd>{t(`services.hotel.sharing.${b.sharing}`)}</dd>
                  <dt>{t("services.hotel.price")}</dt>
                  <dd data-testid="booking-price">{formatMoney(b.priceFen, conference.currency)}</dd>
                </>
              }
              changeForm={
                <ServiceForm intent={`change:${b.id}`} submit={t("services.saveChanges")} shown={b}>
                  <StayFields intent={`change:${b.id}`} window={rooms.find((r) => r.id === b.roomId)?.window ?? conferenceWindow} defaults={b} />
                  <ServiceField
                    intent={`change:${b.id}`}
                    name="sharing"
                    type="select"
                    label={t("services.hotel.sharingLabel")}
                    options={sharingOptions}
                    defaultValue={b.sharing}
                  />
                </ServiceForm>
              }
            />
          ))}
        </ul>
      </ServiceSection>
    </ServicePage>
  );
}
