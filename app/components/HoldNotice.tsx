import { showMoment } from "~/components/authoring/types";
import { useTranslation } from "~/use-translation";
import type { AttendRegistration } from "~/utils/attend";

/**
 * What an unpaid registration's hold means to its attendee (decision 030): the time to pay by,
 * that the deadline passed and the place went back, or that money is to be given back.
 */
export function HoldNotice({ registration: r }: { registration: Pick<AttendRegistration, "holdUntil" | "holdExpired" | "refundDue"> }) {
  const { t } = useTranslation();
  return (
    <>
      {r.holdUntil && (
        <p className="ui-attend-hold" data-testid="hold">
          {t("attend.hold.payBy", { time: showMoment(r.holdUntil) })}
        </p>
      )}
      {r.holdExpired && !r.refundDue && (
        <p className="ui-banner" role="status" data-testid="hold-expired">
          {t("attend.hold.expired")}
        </p>
      )}
      {r.refundDue && (
        <p className="ui-banner" role="status" data-testid="refund-due">
          {t(`attend.hold.refund.${r.refundDue}`)}
        </p>
      )}
    </>
  );
}
