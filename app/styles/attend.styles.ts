import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * The attendee's registration and payment screens (/attend…, /alipage). Compiled with the
 * other `*.styles.ts` into `.ui-attend-*`.
 */
export const ui: Record<string, SystemStyleObject> = {
  "attend-page": { paddingTop: "6", maxWidth: "760px" },
  "attend-conf-name": { fontSize: "lg", fontWeight: "600", color: "gray.800", marginBottom: "2" },
  "attend-strategy": { color: "brand.600", fontWeight: "600" },
  "attend-free": { color: "gray.700", marginBlock: "3" },
  "attend-fees": { marginBlock: "4", width: "100%" },
  "attend-section": { marginTop: "6" },
  "attend-fieldset": { border: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "1" },
  "attend-quote": {
    display: "grid",
    gridTemplateColumns: "max-content 1fr",
    columnGap: "4",
    rowGap: "1",
    marginBlock: "3",
    "& dt": { color: "gray.600" },
    "& dd": { margin: "0", color: "gray.800" },
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
  "attend-members": { width: "100%" },
};
