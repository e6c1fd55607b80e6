import { exportLoader } from "~/services/audits.server";
import { SPONSOR_FILTERS } from "~/utils/audits";

/** The sponsor and exhibitor applications (the list's filters apply) as an Excel download. */
export const loader = exportLoader(() => "/sponsor/export", SPONSOR_FILTERS);
