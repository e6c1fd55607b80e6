import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * Standalone forms (/form/*, /search/form, /manage/formSign): building, answering, answers.
 * Compiled with the other `*.styles.ts` into `.ui-frm-*`.
 */
export const ui: Record<string, SystemStyleObject> = {
  "frm-page": { paddingTop: "6", display: "flex", flexDirection: "column", gap: "4" },
  "frm-description": { color: "gray.700", margin: "0", whiteSpace: "pre-wrap" },
  "frm-terms": { display: "flex", flexWrap: "wrap", gap: "4", margin: "0" },
  "frm-answer": { maxWidth: "720px" },
  "frm-preview-banner": { borderInlineStartWidth: "4px", borderColor: "orange.400" },
  "frm-columns": { display: "grid", gap: "6", md: { gridTemplateColumns: "1fr 1fr", alignItems: "start" } },
  "frm-template": { alignItems: "flex-start", gap: "3", "& p": { margin: "1 0 0" } },
  "frm-badge-gap": { marginInlineStart: "2" },
  "frm-status": { flexWrap: "wrap", gap: "3", alignItems: "center" },
  "frm-fields": { paddingInlineStart: "5" },
  "frm-field": { paddingBlock: "2", borderBottomWidth: "1px", borderColor: "gray.100" },
  "frm-condition": { fontSize: "sm" },
  "frm-edit-details": {
    marginTop: "1",
    "& > summary": { cursor: "pointer", color: "brand.600", fontSize: "sm", width: "fit-content" },
    "&[open] > summary": { marginBottom: "2" },
  },
  "frm-filters": {
    display: "grid",
    gap: "3",
    alignItems: "end",
    sm: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    md: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
  "frm-filter-actions": { flexWrap: "wrap", gap: "3", gridColumn: "1 / -1", alignItems: "center" },
  "frm-one": { borderInlineStartWidth: "4px", borderColor: "brand.500" },
  "frm-answer-list": {
    display: "grid",
    gap: "2",
    margin: "0",
    "& > div": { display: "grid", gap: "1", sm: { gridTemplateColumns: "minmax(8rem, 1fr) 3fr" } },
    "& dt": { color: "gray.600", fontWeight: "600" },
    "& dd": { margin: "0", color: "gray.800" },
  },
  // The answers table scrolls sideways on a phone rather than squeezing a column to one character.
  "frm-answers": { "& th": { whiteSpace: "nowrap" }, "& td": { minWidth: "6rem" } },
  // A form's title may be long: the short columns (state, answers) keep their headings whole.
  "frm-table": { "& th": { whiteSpace: "nowrap" } },
  "frm-answer-text": { whiteSpace: "pre-wrap", wordBreak: "break-word" },
  "frm-search": { maxWidth: "560px" },
  "frm-results": { listStyle: "none", padding: "0", margin: "0", display: "flex", flexDirection: "column", gap: "3" },
  "frm-result": {
    display: "flex",
    flexDirection: "column",
    gap: "3",
    sm: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start" },
    "& p": { margin: "1 0 0" },
  },
  "frm-result-title": { fontSize: "md", fontWeight: "600", margin: "0" },
  "frm-result-side": { display: "flex", alignItems: "center", gap: "3", flexShrink: "0" },
};
