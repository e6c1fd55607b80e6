import { exportLoader } from "~/services/audits.server";
import { HOTEL_FILTERS } from "~/utils/audits";

/** The hotel bookings (the list's filters apply) as an Excel download. */
export const loader = exportLoader(() => "/user-hotel/export", HOTEL_FILTERS);
