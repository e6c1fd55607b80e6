export type { EditorData, EditorPart, EditorRows, EditorView, ModuleData } from "#contract/views/authoring";

/** A stored instant as China time for `datetime-local` inputs and lists ("2027-05-10T09:00"). */
export function chinaLocal(iso: string | null | undefined) {
  if (!iso) return "";
  const date = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 16);
}

export const showMoment = (iso: string | null | undefined) => chinaLocal(iso).replace("T", " ");
