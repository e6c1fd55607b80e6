import type { SystemStyleObject } from "@chakra-ui/react";

/** Below this width a list's rows become cards (issue 14): a phone held upright. */
export const PHONE = "@media (max-width: 599.98px)";

/** Shared by the organiser's operation pages (issue 7 and the forms in the manage area). */
export const ui: Record<string, SystemStyleObject> = {
  "manage-nav": {
    display: "flex",
    flexWrap: "wrap",
    gap: "2",
    marginBlock: "3",
    paddingBottom: "2",
    borderBottomWidth: "1px",
    borderColor: "gray.200",
    fontSize: "sm",
    "& a": { paddingInline: "2", paddingBlock: "1", borderRadius: "sm", color: "gray.700" },
    "& a[aria-current=page]": { background: "brand.500", color: "white" },
    "& a:hover": { textDecoration: "underline" },
    // On a phone the thirteen pages would wrap onto five lines above every page: one line that
    // scrolls sideways instead, with a shadow at the edge that has more (drawn only while there
    // is more to scroll to), and the links tall enough to tap.
    [PHONE]: {
      flexWrap: "nowrap",
      overflowX: "auto",
      overscrollBehaviorX: "contain",
      scrollbarWidth: "none",
      gap: "1",
      paddingBottom: "0",
      background:
        "linear-gradient(to right, white 30%, rgba(255,255,255,0)) left / 2rem 100% no-repeat local, " +
        "linear-gradient(to left, white 30%, rgba(255,255,255,0)) right / 2rem 100% no-repeat local, " +
        "radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.18), rgba(0,0,0,0)) left / .75rem 100% no-repeat scroll, " +
        "radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.18), rgba(0,0,0,0)) right / .75rem 100% no-repeat scroll",
      "& a": { flexShrink: 0, whiteSpace: "nowrap", display: "inline-flex", alignItems: "center", minHeight: "11" },
    },
  },

  // ── organiser lists: the table first (issue 14) ──
  /**
   * A list table whose rows become cards on a phone: the same markup, each cell showing its
   * column's name from `data-label` (the header row is not shown there).
   */
  "list-cards": {
    [PHONE]: {
      display: "block",
      "& thead": { display: "none" },
      "& tbody, & tr": { display: "block" },
      "& tbody tr": { borderWidth: "1px", borderColor: "gray.200", borderRadius: "md", padding: "3", marginBottom: "3", background: "white" },
      "& tbody td, & tbody th": {
        display: "grid",
        gridTemplateColumns: "minmax(5.5rem, 32%) minmax(0, 1fr)",
        columnGap: "3",
        alignItems: "start",
        paddingInline: "0",
        paddingBlock: "1",
        borderBottomWidth: "0",
        textAlign: "start",
        overflowWrap: "anywhere",
      },
      "& tbody [data-label]::before": { content: "attr(data-label)", fontWeight: "600", color: "gray.600", fontSize: "sm" },
      "& tbody td:empty": { display: "none" },
      // Nothing in a card is wider than the card: badges and buttons wrap their words too.
      "& tbody td *": { maxWidth: "100%" },
      "& tbody td .ui-badge, & tbody td button, & tbody td .ui-button": { whiteSpace: "normal", height: "auto" },
    },
  },
  /**
   * What stands in for the header row of a card table on a phone (its "select all"); hidden where the table is a
   * table. The class twice: it outweighs `.ui-checkbox` (display: flex), which comes later in the sheet.
   */
  "list-cards-only": {
    "&&": { display: "none" },
    [PHONE]: { "&&": { display: "flex", marginBlock: "2" } },
    // Its controls need scripts: in the page from the start (nothing moves when it hydrates), hidden where scripts are off.
    "@media (scripting: none)": { "&&": { display: "none" } },
  },
  /** One row of the filters that matter most, the rest behind "more filters". */
  "list-filters": {
    display: "flex",
    flexWrap: "wrap",
    gap: "3",
    alignItems: "flex-end",
    marginBlock: "3",
    "& > .ui-field": { flex: "1 1 10rem", minWidth: "0", marginBottom: "0" },
  },
  "list-filter-actions": { display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap", minHeight: "10" },
  "list-more": {
    flexBasis: "100%",
    gridColumn: "1 / -1",
    "& > summary": { cursor: "pointer", color: "brand.700", fontSize: "sm", width: "fit-content" },
    "& > div": { display: "grid", gap: "3", gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))", paddingTop: "3", alignItems: "end" },
  },
  /** The bulk actions, kept in reach at the bottom of the window while the table is in view. */
  "list-bulk": {
    display: "flex",
    flexWrap: "wrap",
    gap: "3",
    alignItems: "flex-end",
    position: "sticky",
    bottom: "0",
    zIndex: "1",
    marginBlock: "3",
    padding: "3",
    borderWidth: "1px",
    borderColor: "brand.200",
    borderRadius: "md",
    background: "brand.50",
    boxShadow: "sm",
    "&[hidden]": { display: "none" },
    // Idle (nothing ticked) where scripts run: hidden from the first paint, not only once hydrated.
    "@media (scripting: enabled)": { "&[data-idle]": { display: "none" } },
    "& > .ui-field": { flex: "1 1 10rem", minWidth: "0", marginBottom: "0" },
  },
  "list-bulk-count": { fontWeight: "600", flexBasis: "100%" },
};
