import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { badRequest, parsePage, routeId } from "#contract/params";
import { auditDecisionSchema } from "#contract/schemas/audits";
import {
  AuditFrame,
  Cards,
  DecisionForm,
  decisionsFor,
  ExportLink,
  Facts,
  FilterForm,
  Section,
  stateFacts,
  stateOptions,
} from "~/components/audits/AuditParts";
import { Pagination } from "~/components/Pagination";
import { ScrollRegion } from "~/components/ScrollRegion";
import { areaLoader } from "~/locales/load";
import { filtersOf, manageData, manageTitle, postedValues, rowIdOf, runDecision } from "~/services/audits.server";
import { requireSignedIn } from "~/services/guard.server";
import { useTranslation } from "~/use-translation";
import {
  AUDIT_STATES,
  type HotelBooking,
  type HotelGrid,
  type ManagedConference,
  type SponsorHotelRequest,
  HOTEL_FILTERS,
  nightsBetween,
} from "~/utils/audits";
import { enteredLang } from "~/utils/entered";
import { formatMoney, pick } from "~/utils/format";
import { punctuation } from "~/utils/punctuation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["organiser"]);

const PAGE_SIZE = 20;
const BOOKING_STATES = [...AUDIT_STATES, "cancelled"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const id = routeId(params.conferenceId);
  const search = new URL(request.url).searchParams;
  const filters = filtersOf(search, HOTEL_FILTERS);
  const page = parsePage(search.get("page"));
  const requestState = search.get("requestState") ?? "";
  const [grid, bookings, requests] = await Promise.all([
    manageData<HotelGrid & { conference: ManagedConference }>(request, `/user-hotel/usage/${id}`),
    manageData<{ list: HotelBooking[]; total: number }>(request, `/user-hotel/conference/${id}`, { ...filters, page, pageSize: PAGE_SIZE }),
    manageData<{ list: SponsorHotelRequest[]; total: number }>(request, `/sponsor-hotel/conference/${id}`, { state: requestState, pageSize: 100 }),
  ]);
  const { title, name } = await manageTitle(request, "audits.hotel.title", grid.conference);
  return data({ title, name, id, filters, page, requestState, grid, bookings, requests }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  routeId(params.conferenceId);
  const values = await postedValues(request);
  const [kind] = (values.intent ?? "").split(":");
  const rowId = rowIdOf(values);
  if (kind === "booking") return runDecision(request, values, `/user-hotel/${rowId}`);
  if (kind === "sponsor-hotel") return runDecision(request, values, `/sponsor-hotel/${rowId}`);
  throw badRequest();
}

export default function ManageHotel() {
  const { name, id, filters, page, requestState, grid, bookings, requests } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const location = useLocation();
  const currency = grid.conference.currency;
  const exportQuery = new URLSearchParams(filters).toString();
  const stayFacts = (stay: HotelBooking | SponsorHotelRequest, extra?: string): Array<[string, string]> => [
    [t("audits.hotel.hotelFilter"), [pick(lang, stay.hotelZh, stay.hotelEn), pick(lang, stay.roomZh, stay.roomEn), extra].filter(Boolean).join(" · ")],
    [
      t("audits.hotel.stay"),
      `${stay.checkIn} – ${stay.checkOut} · ${t("audits.hotel.nights", { count: nightsBetween(stay.checkIn, stay.checkOut) })} · ${t("audits.hotel.roomsCount", { count: stay.rooms })}`,
    ],
  ];
  return (
    <AuditFrame
      id={id}
      name={name}
      heading={t("audits.hotel.heading")}
      actions={
        <>
          <ExportLink
            href={`/manage/hotel/${id}/export.xlsx${exportQuery ? `?${exportQuery}` : ""}`}
            label={t("audits.exportExcel")}
            testId="export-bookings"
          />
          <ExportLink href={`/manage/viewExhibitors/${id}/rooms.xlsx`} label={t("audits.hotel.exportRooms")} />
        </>
      }
    >
      <Section id="grid" title={t("audits.hotel.grid")}>
        {grid.hotels.length === 0 ? (
          <p className="ui-muted">{t("audits.hotel.noHotels")}</p>
        ) : (
          <>
            <p className="ui-muted">{t("audits.hotel.gridHelp")}</p>
            {/* A night-by-room grid stays a grid on a phone: it scrolls sideways, and the keyboard can scroll it too. */}
            <ScrollRegion label={t("audits.hotel.gridLabel")}>
              <table className="ui-aud-grid" data-testid="hotel-grid">
                <thead>
                  <tr>
                    <th scope="col">{t("audits.hotel.roomType")}</th>
                    <th scope="col">{t("audits.hotel.inventory")}</th>
                    {grid.nights.map((night) => (
                      <th key={night} scope="col">
                        {night.slice(5)}
                      </th>
                    ))}
                  </tr>
                </thead>
                {grid.hotels.map((hotel) => (
                  <tbody key={hotel.id}>
                    <tr>
                      <th scope="rowgroup" colSpan={grid.nights.length + 2}>
                        {pick(lang, hotel.nameZh, hotel.nameEn)}
                      </th>
                    </tr>
                    {hotel.rooms.map((room) => (
                      <tr key={room.id} data-room={room.id}>
                        <th scope="row">{pick(lang, room.typeZh, room.typeEn)}</th>
                        <td>{room.inventory}</td>
                        {room.nights.map((n) => (
                          <td
                            key={n.night}
                            data-night={n.night}
                            data-full={n.booked >= room.inventory && n.booked > 0 ? true : undefined}
                            data-used={n.booked > 0 ? true : undefined}
                          >
                            {t("audits.hotel.cell", { booked: n.booked, inventory: room.inventory })}
                            {n.pending > 0 && t("audits.hotel.pendingCell", { pending: n.pending })}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </ScrollRegion>
          </>
        )}
      </Section>

      <Section id="bookings" title={t("audits.hotel.bookings")}>
        <FilterForm
          values={filters}
          keep={requestState ? { requestState } : {}}
          fields={[
            { name: "state", label: t("audits.state"), type: "select", options: stateOptions(t, BOOKING_STATES, "audits.states") },
            {
              name: "hotelId",
              label: t("audits.hotel.hotelFilter"),
              type: "select",
              options: [
                { value: "", label: t("audits.hotel.allHotels") },
                ...grid.hotels.map((h) => ({ value: String(h.id), label: pick(lang, h.nameZh, h.nameEn) })),
              ],
            },
            { name: "night", label: t("audits.hotel.nightFilter"), type: "date" },
            { name: "keyword", label: t("audits.keyword"), type: "text", help: t("audits.hotel.keywordHelp") },
          ]}
        />
        <Cards items={bookings.list} testId="bookings" itemTestId="booking">
          {(b) => (
            <>
              <div className="ui-aud-card-body">
                <p className="ui-aud-card-title">
                  <span {...enteredLang(b.name)}>{b.name}</span> <span className="ui-muted">{b.mobile}</span>
                </p>
                <Facts
                  rows={[
                    ...stayFacts(b, t(`audits.sharing.${b.sharing}`)),
                    [t("audits.hotel.amount"), formatMoney(b.priceFen, currency)],
                    ...stateFacts(t, { value: b.state, label: t(`audits.states.${b.state}`) }, b.remark),
                  ]}
                />
              </div>
              {b.state !== "cancelled" && <DecisionForm kind="booking" rowId={b.id} schema={auditDecisionSchema} {...decisionsFor(t, b.state)} />}
            </>
          )}
        </Cards>
        <Pagination page={page} pageSize={PAGE_SIZE} total={bookings.total} />
      </Section>

      <Section id="requests" title={t("audits.hotel.sponsorRequests")}>
        <FilterForm
          id="request-filters"
          label={t("audits.hotel.sponsorRequests")}
          values={{ requestState }}
          keep={Object.fromEntries([...new URLSearchParams(location.search)].filter(([key]) => key !== "requestState" && key !== "page"))}
          fields={[{ name: "requestState", label: t("audits.state"), type: "select", options: stateOptions(t, AUDIT_STATES, "audits.states") }]}
        />
        <Cards items={requests.list} testId="sponsor-requests" itemTestId="sponsor-request">
          {(r) => (
            <>
              <div className="ui-aud-card-body">
                <p className="ui-aud-card-title">
                  <span {...enteredLang(r.company ?? r.name)}>{r.company ?? r.name}</span>{" "}
                  <span className="ui-muted">
                    <span {...enteredLang(r.name)}>{r.name}</span> {r.mobile}
                  </span>
                </p>
                <Facts
                  rows={[
                    ...stayFacts(r),
                    [t("audits.hotel.guests"), r.guests.map((g) => (g.mobile ? `${g.name} ${g.mobile}` : g.name)).join(punctuation(lang).list) || "—"],
                    ...stateFacts(t, { value: r.state, label: t(`audits.states.${r.state}`) }, r.remark),
                  ]}
                />
              </div>
              <DecisionForm kind="sponsor-hotel" rowId={r.id} schema={auditDecisionSchema} {...decisionsFor(t, r.state)} />
            </>
          )}
        </Cards>
      </Section>
    </AuditFrame>
  );
}
