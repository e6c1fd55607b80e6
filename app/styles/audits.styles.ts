import type { SystemStyleObject } from "@chakra-ui/react";

/** The organiser's audit pages and the report (issue 7): /manage/payment, hotel, viewPaper, viewExhibitors, printExhibitors, viewSubscribe, report. */

/** On paper only the printed part: the site's header, footer, skip link, notices and the manage navigation leave. */
const printAlone = (print: Record<string, unknown>) =>
  ({
    "@media print": {
      "body:has(&) .ui-header, body:has(&) .ui-footer, body:has(&) .ui-skip-link, body:has(&) .ui-manage-nav, body:has(&) .ui-notices, body:has(&) .ui-progress":
        { display: "none !important" },
      "body:has(&) .ui-main": { paddingTop: "0 !important" },
      "body:has(&) .ui-container": { maxWidth: "none", padding: "0" },
      ...print,
    },
  }) as SystemStyleObject;

export const ui: Record<string, SystemStyleObject> = {
  "aud-page": { paddingBottom: "10" },
  "aud-head": {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: "3",
  },
  "aud-actions": {
    display: "flex",
    flexWrap: "wrap",
    gap: "2",
    alignItems: "center",
  },
  "aud-section": { marginBlock: "6" },
  "aud-table-wrap": { overflowX: "auto", maxWidth: "100%" },
  "aud-filters": {
    display: "grid",
    gap: "3",
    alignItems: "end",
    marginBlock: "3",
    padding: "3",
    bg: "gray.50",
    borderRadius: "md",
    sm: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    md: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
  "aud-filter-actions": {
    display: "flex",
    gap: "3",
    alignItems: "center",
    "& a": { color: "brand.700", textDecoration: "underline", fontSize: "sm" },
  },
  "aud-cards": {
    listStyle: "none",
    padding: "0",
    margin: "0",
    display: "flex",
    flexDirection: "column",
    gap: "3",
  },
  "aud-card": {
    display: "grid",
    gap: "4",
    padding: "4",
    bg: "white",
    border: "1px solid {colors.gray.200}",
    borderRadius: "lg",
    md: { gridTemplateColumns: "minmax(0, 1fr) 320px", alignItems: "start" },
  },
  "aud-card-body": {
    minWidth: "0",
    display: "flex",
    flexDirection: "column",
    gap: "2",
  },
  "aud-card-title": {
    fontWeight: "600",
    color: "gray.900",
    display: "flex",
    flexWrap: "wrap",
    gap: "2",
    alignItems: "center",
  },
  "aud-facts": {
    display: "grid",
    gridTemplateColumns: "max-content minmax(0, 1fr)",
    columnGap: "4",
    rowGap: "1",
    fontSize: "sm",
    "& dt": { color: "gray.600" },
    "& dd": { margin: "0", color: "gray.800", overflowWrap: "anywhere" },
  },
  "aud-proof": {
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    gap: "1",
  },
  "aud-proof-image": {
    maxWidth: "240px",
    maxHeight: "240px",
    objectFit: "contain",
    border: "1px solid {colors.gray.200}",
    borderRadius: "md",
    bg: "gray.50",
  },
  "aud-decision": {
    display: "flex",
    flexDirection: "column",
    gap: "2",
    padding: "3",
    bg: "gray.50",
    borderRadius: "md",
  },
  "aud-buttons": { display: "flex", flexWrap: "wrap", gap: "2" },
  "aud-links": {
    display: "flex",
    flexWrap: "wrap",
    gap: "3",
    fontSize: "sm",
    "& a": { color: "brand.700", textDecoration: "underline" },
  },
  "aud-logo": {
    width: "96px",
    height: "64px",
    objectFit: "contain",
    border: "1px solid {colors.gray.200}",
    borderRadius: "sm",
    bg: "white",
  },
  "aud-remarks": {
    listStyle: "none",
    padding: "0",
    margin: "0",
    display: "flex",
    flexDirection: "column",
    gap: "1",
    fontSize: "sm",
    "& time": { color: "gray.600", marginInlineEnd: "2" },
  },

  // ── the hotel grid: one row per room type, one column per night ──
  "aud-grid": {
    borderCollapse: "collapse",
    fontSize: "sm",
    "& th, & td": {
      border: "1px solid {colors.gray.200}",
      paddingInline: "2",
      paddingBlock: "1",
      textAlign: "center",
      whiteSpace: "nowrap",
    },
    "& thead th": { bg: "gray.50", color: "gray.700", fontWeight: "600" },
    "& tbody th": { textAlign: "start", fontWeight: "500" },
    "& td[data-full=true]": {
      bg: "red.50",
      color: "red.800",
      fontWeight: "600",
    },
    "& td[data-used=true]": { bg: "brand.50" },
  },

  // ── subscriptions ──
  "aud-subscribers": {
    marginTop: "1",
    "& summary": { cursor: "pointer", color: "brand.700", fontSize: "sm" },
    "& ul": {
      marginTop: "2",
      paddingInlineStart: "5",
      listStyle: "disc",
      fontSize: "sm",
    },
  },

  // ── printing: the exhibitor list and the report ──
  "aud-noprint": { "@media print": { display: "none !important" } },
  "aud-print-sheet": {
    // On paper the table is the page's width (the scrolling wrapper a phone needs lets it be).
    ...printAlone({ fontSize: "10pt", color: "black", "& .ui-aud-table-wrap": { overflow: "visible" } }),
    page: "aud-a4",
    // A named page: the sheet's own paper size, whatever other pages ask for.
    "@page aud-a4": { size: "A4", margin: "12mm" } as SystemStyleObject,
    "& table": { width: "100%", borderCollapse: "collapse", fontSize: "sm" },
    "& th, & td": {
      border: "1px solid {colors.gray.300}",
      padding: "1.5",
      textAlign: "start",
      verticalAlign: "top",
    },
    "& thead": { display: "table-header-group" },
    "& th": { whiteSpace: "nowrap" },
    "& tr": { breakInside: "avoid" },
  },
  "aud-pre-line": { whiteSpace: "pre-line" },
  "aud-print-title": { fontSize: "xl", fontWeight: "700", marginBlock: "3" },
  "aud-columns": {
    gridColumn: "1 / -1",
    border: "none",
    padding: "0",
    margin: "0",
    display: "flex",
    flexWrap: "wrap",
    gap: "3",
    "& legend": { fontWeight: "500", fontSize: "sm", marginBottom: "2" },
  },
  "aud-report": {
    ...printAlone({
      display: "block",
      "& section": {
        marginBottom: "4mm",
        border: "1px solid {colors.gray.400}",
      },
    }),
    page: "aud-a4",
    display: "grid",
    gap: "4",
    md: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "& section": {
      border: "1px solid {colors.gray.200}",
      borderRadius: "md",
      padding: "4",
      bg: "white",
      breakInside: "avoid",
    },
    "& h2": { fontSize: "md", fontWeight: "600", marginBottom: "2" },
  },
  "aud-figure": { fontSize: "2xl", fontWeight: "700", color: "brand.600" },
};
