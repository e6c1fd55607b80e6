import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * The attendee services' screens (issue 6): hotel, travel, papers and files, the schedule
 * subscription and agenda, sponsor applications and their rooms. Compiled into `.ui-svc-*`.
 */
export const ui: Record<string, SystemStyleObject> = {
  "svc-page": { maxWidth: "880px" },
  "svc-intro": { marginBlock: "2" },
  "svc-links": { display: "flex", flexWrap: "wrap", gap: "3", marginBlock: "2", "& a[aria-current=page]": { fontWeight: "700", textDecoration: "underline" } },
  "svc-form": { marginTop: "3", paddingTop: "3", borderTop: "1px dashed {colors.gray.200}" },
  "svc-textarea": { minHeight: "120px", resize: "vertical" },
  "svc-cards": { listStyle: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "4" },
  "svc-application-lines": { listStyle: "none", margin: "0", padding: "0 4 3", display: "flex", flexDirection: "column", gap: "1", fontSize: "sm" },
  "svc-card": { padding: "4", border: "1px solid {colors.gray.200}", borderRadius: "lg", bg: "white" },
  "svc-card-title": { fontSize: "md", fontWeight: "600", margin: "0 0 4px", display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" },
  "svc-subtitle": { fontSize: "sm", fontWeight: "600", color: "gray.700", marginTop: "2" },
  "svc-gone": { fontWeight: "700", color: "red.700", marginTop: "2" },
  "svc-left": { color: "green.800", marginTop: "1" },
  "svc-stay": { display: "grid", gap: "3", sm: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
  "svc-rows": { border: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "2" },
  "svc-row": { display: "grid", gap: "3", sm: { gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))" } },
  "svc-actions": { flexWrap: "wrap", gap: "3", alignItems: "flex-start", marginTop: "2" },
  "svc-edit": { flex: "1 1 100%", "& > summary": { cursor: "pointer", width: "fit-content" } },
  "svc-file": { color: "brand.700", textDecoration: "underline", overflowWrap: "anywhere" },
  "svc-file-list": { display: "flex", flexDirection: "column", gap: "1" },
  "svc-remarks": { margin: "0", paddingLeft: "5", color: "gray.800" },
  "svc-feed": { marginBlock: "4" },
  "svc-day": { marginTop: "4" },
  "svc-branch": { marginTop: "2" },
  "svc-sessions": { listStyle: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "2" },
  "svc-session": {
    display: "flex",
    flexDirection: "column",
    gap: "2",
    padding: "3",
    border: "1px solid {colors.gray.200}",
    borderRadius: "md",
    sm: { flexDirection: "row", alignItems: "center" },
  },
  "svc-session-time": { fontFamily: "mono", color: "gray.700", flexShrink: "0", minWidth: "110px" },
  "svc-session-body": { flex: "1", minWidth: "0", display: "flex", flexDirection: "column" },
  "svc-session-speakers": { fontSize: "sm" },
  "svc-session-action": { flexShrink: "0" },
};
