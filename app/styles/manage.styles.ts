import type { SystemStyleObject } from "@chakra-ui/react";

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
  },
};
