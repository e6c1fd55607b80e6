import { exportLoader } from "~/services/audits.server";
import { PAPER_FILTERS } from "~/utils/audits";

/** The papers or files (the list's filters apply) as an Excel download. */
export const loader = exportLoader(() => "/file/export", PAPER_FILTERS);
