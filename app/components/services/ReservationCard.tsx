import type { ReactNode } from "react";
import { useTranslation } from "~/use-translation";
import { enteredLang } from "~/utils/entered";
import { formatDay, formatMoney, pick } from "~/utils/format";
import { punctuation } from "~/utils/punctuation";
import { ConfirmForm } from "../ConfirmForm";
import { EditDetails, FormMessages, StateBadge } from "./ServiceFields";
import type { BookableRoom, ReviewState } from "./types";

type Reservation = {
  id: number;
  hotelNameZh: string;
  hotelNameEn: string;
  roomTypeZh: string;
  roomTypeEn: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
  state: ReviewState;
  remark: string | null;
};

/**
 * A hotel booking or a sponsor's room request: hotel and room type, stay, rooms, what else the
 * kind adds (`details`, as `<dt>`/`<dd>` pairs), the organiser's remark; while pending, the
 * change form (folded) and cancel (asking first).
 */
export function ReservationCard({
  row,
  lang,
  testId,
  details,
  changeForm,
  cancel,
  asking,
}: {
  row: Reservation;
  lang: string;
  testId: string;
  details: ReactNode;
  changeForm: ReactNode;
  cancel: { question: string; label: string };
  /** The id the page is asking about without JavaScript (ConfirmForm), or 0. */
  asking: number;
}) {
  const { t } = useTranslation();
  return (
    <li className="ui-svc-card" data-testid={testId}>
      <h3 className="ui-svc-card-title">
        {pick(lang, row.hotelNameZh, row.hotelNameEn)} · {pick(lang, row.roomTypeZh, row.roomTypeEn)} <StateBadge state={row.state} />
      </h3>
      <dl className="ui-attend-quote">
        <dt>{t("services.hotel.stay")}</dt>
        <dd>
          {formatDay(lang, row.checkIn)} – {formatDay(lang, row.checkOut)}
        </dd>
        <dt>{t("services.hotel.rooms")}</dt>
        <dd>{row.rooms}</dd>
        {details}
        {row.remark && (
          <>
            <dt>{t("services.remark")}</dt>
            <dd {...enteredLang(row.remark)}>{row.remark}</dd>
          </>
        )}
      </dl>
      {row.state === "pending" && (
        <PendingActions
          intent={`change:${row.id}`}
          form={changeForm}
          cancel={{ ...cancel, intent: "cancel", id: row.id, shown: !asking || asking === row.id }}
        />
      )}
    </li>
  );
}

/** A section of a service screen: its heading, and a line saying it is empty when it is. */
export function ServiceSection({ id, title, empty, children }: { id: string; title: string; empty?: string | false; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="ui-attend-section ui-stack">
      <h2 id={`${id}-title`} className="ui-section-title">
        {title}
      </h2>
      {empty && <p className="ui-muted">{empty}</p>}
      {children}
    </section>
  );
}

/** What may still be done while the organiser has not decided: change (folded form) and cancel or withdraw (asking first). */
export function PendingActions({
  intent,
  editLabel,
  form,
  cancel,
}: {
  intent: string;
  editLabel?: string;
  form: ReactNode;
  cancel: { intent: string; id: number; question: string; label: string; shown: boolean };
}) {
  return (
    <div className="ui-row ui-svc-actions">
      <EditDetails intent={intent} label={editLabel}>
        {form}
      </EditDetails>
      {cancel.shown && (
        <ConfirmForm title={cancel.question} fields={{ intent: cancel.intent, id: String(cancel.id) }}>
          {cancel.label}
        </ConfirmForm>
      )}
    </div>
  );
}

/**
 * A bookable room type: hotel, price, the stay window and what is left per night. A booked-out
 * one says so instead of offering its form (and shows why a post for it was just refused).
 */
export function RoomCard({
  room,
  lang,
  currency,
  intent,
  children,
}: {
  room: BookableRoom;
  lang: string;
  currency?: string;
  intent: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const full = room.nights.filter((n) => n.free === 0).map((n) => formatDay(lang, n.night));
  return (
    <li className="ui-svc-card" data-testid="room" data-room={room.id}>
      <h3 className="ui-svc-card-title">
        {pick(lang, room.hotelNameZh, room.hotelNameEn)} · {pick(lang, room.typeZh, room.typeEn)}
      </h3>
      <p className="ui-muted">{pick(lang, room.hotelAddressZh, room.hotelAddressEn)}</p>
      <p>
        {t("services.hotel.pricePerNight", { price: formatMoney(room.priceFen, currency) })} ·{" "}
        {t("services.hotel.window", { from: formatDay(lang, room.window.from), to: formatDay(lang, room.window.to) })}
      </p>
      {room.gone ? (
        <>
          <FormMessages intent={intent} />
          <p className="ui-svc-gone" data-testid="room-gone">
            {t("services.hotel.gone")}
          </p>
        </>
      ) : (
        <>
          <p className="ui-svc-left" data-testid="room-left">
            {full.length
              ? t("services.hotel.someNightsFull", { nights: full.join(punctuation(lang).list) })
              : t("services.hotel.left", { count: room.fewestFree })}
          </p>
          {children}
        </>
      )}
    </li>
  );
}
