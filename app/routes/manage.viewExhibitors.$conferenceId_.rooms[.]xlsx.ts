import { exportLoader } from "~/services/audits.server";

/** The sponsors' hotel requests, one row each, as an Excel download. */
export const loader = exportLoader(() => "/sponsor/exportRoom");
