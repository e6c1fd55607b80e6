import type { Messages } from "../i18n";

/**
 * The browser gets the translations in parts (decision 065): every page loads the base part of
 * its language; a page of an area loads that area's part too (its route says so with
 * `areaLoader`). The base part is every message outside the areas' sections, plus the messages
 * of those sections that pages outside the area use (`KEEP_IN_BASE`). `parts.test.ts` checks
 * that every route's code finds each message it names in the parts its route loads.
 */
export const AREAS = {
  attendee: ["attend", "payment", "organization", "services"],
  organiser: ["authoring", "audits", "applicants", "checkin", "manageNav"],
  forms: ["forms"],
  directory: ["replays", "orgList", "references", "microsites"],
  portal: ["portal", "home", "search"],
  admin: ["admin"],
} as const;

export type Area = keyof typeof AREAS;
export type Part = "base" | Area;
export const PARTS: readonly Part[] = ["base", ...(Object.keys(AREAS) as Area[])];

/** Messages inside the areas' sections that pages of other areas name (key prefixes). */
export const KEEP_IN_BASE: readonly string[] = ["admin.disciplines.title", "admin.home.title", "forms.menu", "home.dates", "services.links"];

const under = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}.`) || key.startsWith(`${prefix}_`);

/** The area whose part holds a message, or base. */
export function partOf(key: string): Part {
  if (KEEP_IN_BASE.some((prefix) => under(key, prefix))) return "base";
  for (const area of Object.keys(AREAS) as Area[]) if (AREAS[area].some((section) => under(key, section))) return area;
  return "base";
}

/** The messages of one part, in the same nesting. */
export function partMessages(messages: Messages, part: Part, prefix = ""): Messages {
  const out: Messages = {};
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix + name;
    if (typeof value === "string") {
      if (partOf(key) === part) out[name] = value;
    } else {
      const inner = partMessages(value, part, `${key}.`);
      if (Object.keys(inner).length) out[name] = inner;
    }
  }
  return out;
}
