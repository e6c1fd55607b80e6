import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * The organiser's registration list and its badge print page (issue 7). The print page itself
 * sizes the paper (`@page`) and leaves the site's header and footer off it, which the style
 * system's types can't express.
 */

export const ui: Record<string, SystemStyleObject> = {
  "apl-toolbar": { display: "flex", flexWrap: "wrap", gap: "2", alignItems: "center", marginBlock: "3", "& select": { width: "auto" } },
  "apl-filters": {
    display: "grid",
    gap: "3",
    gridTemplateColumns: "1fr",
    alignItems: "end",
    padding: "3",
    borderWidth: "1px",
    borderColor: "gray.200",
    borderRadius: "md",
    background: "gray.50",
    sm: { gridTemplateColumns: "repeat(2, 1fr)" },
    md: { gridTemplateColumns: "repeat(4, 1fr)" },
  },
  "apl-filter-actions": { display: "flex", gap: "2", alignItems: "center", md: { gridColumn: "span 2" } },
  "apl-bulk": {
    display: "grid",
    gap: "3",
    marginBlock: "3",
    padding: "3",
    borderWidth: "1px",
    borderColor: "brand.100",
    borderRadius: "md",
    sm: { gridTemplateColumns: "repeat(3, 1fr)" },
    "& textarea": { minHeight: "5rem" },
  },
  "apl-bulk-message": { sm: { gridColumn: "1 / -1" } },
  "apl-counter": { fontSize: "xs", color: "gray.600", "&[data-over=true]": { color: "red.600", fontWeight: "600" } },
  "apl-preview": {
    padding: "3",
    marginBlock: "3",
    borderWidth: "1px",
    borderColor: "brand.200",
    background: "brand.50",
    borderRadius: "md",
    "& blockquote": { whiteSpace: "pre-wrap", background: "white", padding: "3", borderRadius: "sm", marginBlock: "2" },
  },
  /** The conference's sender name, quota and what keeps it from texting (decision 028). */
  "apl-sms": { padding: "3", marginBlock: "3", borderWidth: "1px", borderColor: "gray.200", borderRadius: "md" },
  "apl-table": {
    "& td": { verticalAlign: "top" },
    "& tr[data-selected=true] td": { background: "brand.50" },
  },
  "apl-person": { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "0.5", "& strong": { fontSize: "md" } },
  "apl-actions": {
    "& > summary": { cursor: "pointer", color: "brand.600", whiteSpace: "nowrap" },
    "&[open]": { minWidth: "16rem" },
    "& > div": { display: "grid", gap: "2", paddingBlock: "2" },
  },
  // A row's actions before they are opened: a link to them (the <details> above once opened).
  "apl-actions-link": { color: "brand.600", whiteSpace: "nowrap", textDecoration: "underline" },
  "apl-claim": { wordBreak: "break-all" },

  // ── badge print page ──
  "apl-sheet": { display: "grid", gap: "4", justifyContent: "start" },
  "apl-sheet-a4": {
    gridTemplateColumns: "repeat(auto-fill, 90mm)",
    "@media print": { gridTemplateColumns: "repeat(2, 95mm)", gridAutoRows: "69mm", gap: "0", "& > :nth-child(8n):not(:last-child)": { breakAfter: "page" } },
  },
  "apl-sheet-card": {
    gridTemplateColumns: "repeat(auto-fill, 90mm)",
    "@media print": { display: "block", "& > :not(:last-child)": { breakAfter: "page" } },
  },
  "apl-badge": {
    display: "grid",
    gridTemplateColumns: "1fr auto",
    gridTemplateRows: "auto 1fr auto",
    columnGap: "3",
    width: "90mm",
    height: "54mm",
    padding: "4mm",
    borderWidth: "1px",
    borderColor: "gray.300",
    borderStyle: "dashed",
    borderRadius: "sm",
    background: "white",
    color: "black",
    overflow: "hidden",
    breakInside: "avoid",
    "& svg": { gridRow: "1 / span 3", gridColumn: "2", alignSelf: "center", width: "26mm", height: "26mm" },
    "@media print": { borderColor: "gray.400", margin: "auto" },
  },
  "apl-badge-conference": { fontSize: "xs", color: "gray.700", lineHeight: "1.2" },
  "apl-badge-name": { fontSize: "22pt", fontWeight: "700", lineHeight: "1.1", alignSelf: "center", wordBreak: "break-word" },
  "apl-badge-detail": { fontSize: "10pt", lineHeight: "1.3", "& span": { display: "block" } },
  "apl-badge-code": { fontFamily: "mono", fontSize: "8pt", color: "gray.700" },
  "apl-noprint": { "@media print": { display: "none !important" } },
};
