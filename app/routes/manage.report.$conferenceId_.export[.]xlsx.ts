import { exportLoader } from "~/services/audits.server";

/** The report's figures for the chosen range as an Excel download. */
export const loader = exportLoader((conferenceId) => `/report/${conferenceId}/export`, ["from", "to"]);
