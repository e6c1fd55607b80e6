import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * The attendee's registration and payment screens (/attend…, /alipage). Compiled with the
 * other `*.styles.ts` into `.ui-attend-*`.
 */
export const ui: Record<string, SystemStyleObject> = {
  "attend-page": {
    paddingTop: "6",
    maxWidth: "760px",
    // A finger's reach on a phone (44 px) for every radio and checkbox of the attendee's forms.
    "& .ui-checkbox": { minHeight: "44px", alignItems: "center", "& input": { marginTop: "0", width: "20px", height: "20px", flexShrink: "0" } },
  },
  /** A long form's submit button stays in reach at the bottom of a phone's screen. */
  "attend-submit-bar": {
    position: "sticky",
    bottom: "0",
    zIndex: "1",
    bg: "white",
    paddingBlock: "2",
    marginInline: "-1",
    paddingInline: "1",
    md: { position: "static", padding: "0", margin: "0" },
  },
  "attend-conf-name": { fontSize: "lg", fontWeight: "600", color: "gray.800", marginBottom: "2" },
  "attend-strategy": { color: "brand.600", fontWeight: "600" },
  "attend-free": { color: "gray.700", marginBlock: "3" },
  "attend-fees": { marginBlock: "4", width: "100%" },
  "attend-section": { marginTop: "6" },
  "attend-fieldset": { border: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "1" },
  "attend-quote": {
    display: "grid",
    // The value column may shrink: a long e-mail or account number wraps instead of widening the page.
    gridTemplateColumns: "minmax(auto, max-content) minmax(0, 1fr)",
    columnGap: "4",
    rowGap: "1",
    marginBlock: "3",
    "& dt": { color: "gray.600" },
    "& dd": { margin: "0", color: "gray.800", minWidth: "0", overflowWrap: "anywhere" },
  },
  "attend-amount": { fontWeight: "700", fontSize: "lg", color: "brand.600" },
  "attend-online": { marginTop: "6", flexWrap: "wrap", gap: "3" },
  "attend-list": { listStyle: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "4" },
  "attend-item": {
    display: "flex",
    flexDirection: "column",
    gap: "4",
    padding: "4",
    border: "1px solid {colors.gray.200}",
    borderRadius: "lg",
    bg: "white",
    sm: { flexDirection: "row", justifyContent: "space-between" },
  },
  "attend-item-body": { flex: "1", minWidth: "0" },
  "attend-item-title": { fontSize: "md", fontWeight: "600", margin: "0 0 4px" },
  "attend-actions": { flexWrap: "wrap", gap: "2", marginTop: "2" },
  "attend-ticket": { margin: "0", display: "flex", flexDirection: "column", alignItems: "center", gap: "1", flexShrink: "0" },
  "attend-ticket-code": { fontFamily: "mono", fontSize: "sm", letterSpacing: "0.1em", color: "gray.700" },
  "attend-saved": { listStyle: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "1" },
  "attend-members": {
    width: "100%",
    // Names, numbers and money are read whole, never one character a line.
    "& td": { overflowWrap: "normal", wordBreak: "keep-all" },
    "& td[data-nowrap]": { whiteSpace: "nowrap" },
    // Below 600 px each member is a card: a label beside each value, no sideways swipe.
    "@media (max-width: 599px)": {
      // Each cell says its column itself (its data-label), so the header row is not drawn.
      "& thead": { display: "none" },
      "& tr": { display: "block", borderBottom: "1px solid {colors.gray.200}", paddingBlock: "2" },
      "& td": {
        display: "grid",
        gridTemplateColumns: "minmax(7em, 35%) 1fr",
        columnGap: "3",
        border: "none",
        paddingBlock: "1",
        whiteSpace: "normal",
        wordBreak: "normal",
        overflowWrap: "anywhere",
      },
      "& td[data-nowrap]": { whiteSpace: "normal" },
      "& td::before": { content: "attr(data-label)", color: "gray.600" },
    },
  },
};
