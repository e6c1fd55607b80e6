import type { SystemStyleObject } from "@chakra-ui/react";

/** The platform administrators' home page screen (app/routes/admin.home.tsx). */
export const ui: Record<string, SystemStyleObject> = {
  "home-admin-nav": { display: "flex", flexWrap: "wrap", gap: "2", listStyle: "none", padding: "0", margin: "0" },
  "home-admin-rows": { display: "grid", gap: "3", listStyle: "none", padding: "0", margin: "0" },
  "home-admin-row": {
    display: "flex",
    flexDirection: "column",
    gap: "2",
    paddingBlock: "3",
    borderBottom: "1px solid {colors.gray.200}",
    "& > details > summary": { cursor: "pointer", color: "blue.700", fontSize: "sm", minHeight: "44px", display: "flex", alignItems: "center" },
  },
  "home-admin-row-head": { display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: "3" },
  "home-admin-row-text": { display: "flex", flexDirection: "column", gap: "1", flex: "1 1 14rem", minWidth: "0", overflowWrap: "anywhere" },
  // A banner's picture beside its row: the banners' proportions (1152×360), whatever the file's.
  // A short name (a city) kept on one line: 哈尔滨 never ends one line with 哈尔.
  "home-admin-keep": { whiteSpace: "nowrap" },
  "home-admin-thumb": {
    width: "192px",
    maxWidth: "100%",
    height: "60px",
    objectFit: "cover",
    borderRadius: "sm",
    border: "1px solid {colors.gray.200}",
    bg: "gray.50",
    flexShrink: "0",
  },
  "home-admin-image": {
    border: "1px solid {colors.gray.200}",
    borderRadius: "md",
    padding: "3",
    display: "flex",
    flexDirection: "column",
    gap: "3",
    minWidth: "0",
  },
  "home-admin-choices": { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(9.5rem, 1fr))", gap: "2", marginTop: "2" },
  "home-admin-choice": {
    display: "flex",
    alignItems: "center",
    gap: "2",
    minHeight: "44px",
    padding: "1",
    border: "1px solid {colors.gray.200}",
    borderRadius: "md",
    cursor: "pointer",
    fontSize: "sm",
    "&:has(input:checked)": { borderColor: "blue.600", bg: "blue.50" },
    "& img": { width: "96px", height: "30px", objectFit: "cover", borderRadius: "sm", flexShrink: "0" },
  },
  // Forms no wider than a line is long to read, on a laptop too.
  "home-admin-form": { maxWidth: "40rem" },
  "home-admin-subtitle": { fontSize: "md", fontWeight: "600", margin: "0" },
  "home-admin-preview": { display: "flex", flexDirection: "column", gap: "3", "& h3": { fontSize: "md", fontWeight: "600", margin: "0" } },
  "home-admin-preview-list": {
    margin: "0",
    paddingInlineStart: "6",
    display: "grid",
    gap: "2",
    listStyle: "decimal",
    "& a": { color: "blue.700", textDecoration: "underline" },
  },
};
