import type { SystemStyleObject } from "@chakra-ui/react";
import { PHONE } from "./manage.styles";

/**
 * Check-in desk, scanner and the statistics screen (`.ui-chk-*`). Result colours carry
 * white or near-black text at ≥ 4.5:1; the big screen is dark with large type.
 */

const DARK_BG = "#0b1220";
const DARK_CARD = "#111a2e";
const DARK_TEXT = "#f1f5f9";
const DARK_MUTED = "#cbd5e1";
const DARK_LINK = "#93c5fd";
const BAR = "#38bdf8";

export const ui: Record<string, SystemStyleObject> = {
  "chk-page": { paddingBottom: "6" },
  "chk-layout": {
    display: "grid",
    gap: "6",
    gridTemplateColumns: "minmax(0, 1fr)",
    md: { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)", alignItems: "start" },
  },
  "chk-card": { bg: "white", border: "1px solid {colors.gray.200}", borderRadius: "lg", padding: "4", sm: { padding: "5" } },
  "chk-code-form": { display: "flex", flexDirection: "column", gap: "2" },
  "chk-code-input": { height: "56px", fontSize: "2xl", fontFamily: "mono", letterSpacing: "0.08em", textTransform: "uppercase" },
  "chk-big-button": { height: "56px", minWidth: "96px", fontSize: "lg", paddingInline: "5" },
  "chk-search": { display: "flex", flexDirection: "column", gap: "2", marginBottom: "3" },
  "chk-result": {
    borderRadius: "lg",
    padding: "4",
    marginBlock: "4",
    fontSize: "xl",
    fontWeight: "600",
    lineHeight: "1.4",
    "& p": { margin: "0" },
  },
  "chk-result-ok": { bg: "green.700", color: "white" },
  "chk-result-warn": { bg: "yellow.300", color: "gray.900", border: "2px solid {colors.yellow.600}" },
  "chk-result-bad": { bg: "red.700", color: "white" },
  "chk-result-idle": { bg: "gray.100", color: "gray.700", textAlign: "center" },
  "chk-result-large": { width: "100%", fontSize: "2xl", padding: "6", textAlign: "center", sm: { fontSize: "3xl" } },
  "chk-result-head": { fontSize: "sm", textTransform: "uppercase", letterSpacing: "0.06em", opacity: "0.9" },
  "chk-result-text": { wordBreak: "break-word" },
  "chk-total": { fontSize: "xl", color: "gray.700", margin: "0 0 8px" },
  "chk-total-number": { fontSize: "5xl", fontWeight: "700", color: "brand.600", lineHeight: "1" },
  "chk-table-wrap": { overflowX: "auto" },
  "chk-table": {
    width: "100%",
    borderCollapse: "collapse",
    fontSize: "sm",
    "& th, & td": { textAlign: "start", paddingBlock: "2", paddingInline: "2", borderBottom: "1px solid {colors.gray.200}", verticalAlign: "middle" },
    "& thead th": { color: "gray.600", fontWeight: "600" },
    "& tfoot th, & tfoot td": { fontWeight: "700", borderBottom: "none" },
  },
  // Below 600 px a person is a card: the name, then each column's label over its value, and the
  // button the full width of the card, in reach of a thumb at the door.
  "chk-people": {
    "@media (max-width: 599.98px)": {
      "&, & tbody, & tr, & th, & td": { display: "block", width: "100%" },
      "& thead": { display: "none" },
      "& tr": { border: "1px solid {colors.gray.200}", borderRadius: "md", padding: "3", marginBottom: "3" },
      "& th, & td": { border: "none", paddingInline: "0", paddingBlock: "1" },
      "& tbody th": { fontSize: "md", fontWeight: "700" },
      "& td[data-label]::before": { content: "attr(data-label)", display: "block", fontSize: "xs", color: "gray.600" },
      "& td .ui-button, & td .ui-button-outline": { width: "100%", minHeight: "44px" },
    },
  },
  "chk-caption": { textAlign: "start", fontWeight: "600", paddingBottom: "2", captionSide: "top" },

  // ── the scanner (a phone in one hand) ──
  "chk-scan": { maxWidth: "720px", marginInline: "auto", paddingBottom: "6" },
  "chk-camera": { display: "flex", flexDirection: "column", gap: "2", marginBlock: "4" },
  "chk-camera-bar": { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "3", "& h2": { margin: "0" } },
  "chk-video": { width: "100%", aspectRatio: "4 / 3", objectFit: "cover", bg: "black", borderRadius: "lg" },

  // ── the statistics screen: dark, large, for a wall ──
  "chk-dash": {
    minHeight: "100vh",
    bg: DARK_BG,
    color: DARK_TEXT,
    padding: "4",
    md: { padding: "8" },
    "& a": { color: DARK_LINK },
    "& .ui-manage-nav": { borderColor: "#334155", background: "none" },
    "& .ui-manage-nav a": { color: DARK_MUTED },
    "& .ui-manage-nav a[aria-current=page]": { bg: "#1d4ed8", color: "white" },
    // Paints the page around the screen dark too, whatever is left of the window below it.
    boxShadow: `0 0 0 100vmax ${DARK_BG}`,
  },
  "chk-dash-head": { display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: "4", marginBlock: "4" },
  "chk-dash-title": { fontSize: "3xl", fontWeight: "700", margin: "0", lg: { fontSize: "4xl" } },
  "chk-dash-meta": { fontSize: "lg", color: DARK_MUTED, margin: "0", "& a": { textDecoration: "underline" } },
  "chk-tiles": {
    display: "grid",
    gap: "4",
    gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
    marginBlock: "6",
    md: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
  // A tile's figure is sized to its tile (container units) and never wraps: an amount such as
  // ¥24,000.00 stays one line on a phone's two columns and on a laptop's four.
  "chk-tile": {
    bg: DARK_CARD,
    borderRadius: "xl",
    padding: "5",
    border: "1px solid #1e293b",
    containerType: "inline-size",
    minWidth: "0",
    "& p": { margin: "0" },
  },
  "chk-tile-wide": { gridColumn: "1 / -1", md: { gridColumn: "auto" } },
  "chk-tile-label": { fontSize: "lg", color: DARK_MUTED },
  "chk-tile-value": {
    fontSize: "clamp(1.75rem, 16cqi, 3.75rem)",
    fontWeight: "800",
    lineHeight: "1.1",
    fontVariantNumeric: "tabular-nums",
    whiteSpace: "nowrap",
  },
  "chk-tile-detail": { fontSize: "md", color: DARK_MUTED, marginTop: "1" },
  "chk-charts": { display: "grid", gap: "6", md: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
  "chk-chart": { bg: DARK_CARD, borderRadius: "xl", padding: "5", margin: "0", border: "1px solid #1e293b" },
  "chk-chart-title": { fontSize: "xl", fontWeight: "700", marginBottom: "3" },
  "chk-svg": { width: "100%", height: "auto", display: "block", overflow: "visible" },
  "chk-empty": { fontSize: "lg", color: DARK_MUTED, paddingBlock: "8", textAlign: "center" },
  "chk-bar": { fill: BAR },
  "chk-bar-extra": { fill: "#0e7490" },
  "chk-track": { fill: "#1e293b" },
  "chk-grid": { stroke: "#334155", strokeWidth: "1" },
  // In the drawing's units: a phone shows the 640-unit drawing at about half size, so its text is
  // drawn larger there (about 12 px on the screen) and only every other label is kept.
  "chk-axis": { fill: DARK_MUTED, fontSize: "14px", [PHONE]: { fontSize: "24px" } },
  "chk-axis-wide": { [PHONE]: { display: "none" } },
  "chk-hidden-table": { borderCollapse: "collapse" },
  "chk-rows": { listStyle: "none", margin: "0", padding: "0", display: "flex", flexDirection: "column", gap: "3" },
  "chk-row": { display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", columnGap: "3", rowGap: "1" },
  "chk-row-label": { color: DARK_TEXT, fontSize: "md", minWidth: "0", overflowWrap: "anywhere" },
  "chk-row-value": { color: DARK_MUTED, fontSize: "md", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap", marginInlineStart: "auto" },
  "chk-row-bar": { display: "block", width: "100%", height: "18px", flexBasis: "100%", borderRadius: "sm" },
};
