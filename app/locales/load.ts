import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { type Lang, type Messages, Translations } from "../i18n";
import { type Area, AREAS, type Part, partOf } from "./parts";

/**
 * How the browser gets its messages (decision 065): the base part of the page's language before
 * hydrating, and an area's part before the first page of that area renders. On the server every
 * message is there already; nothing here runs there.
 */
const chunks: Record<Lang, Record<Part, () => Promise<{ default: Messages }>>> = {
  zh: {
    base: () => import("virtual:locale/zh/base"),
    attendee: () => import("virtual:locale/zh/attendee"),
    organiser: () => import("virtual:locale/zh/organiser"),
    forms: () => import("virtual:locale/zh/forms"),
    directory: () => import("virtual:locale/zh/directory"),
    portal: () => import("virtual:locale/zh/portal"),
    admin: () => import("virtual:locale/zh/admin"),
  },
  en: {
    base: () => import("virtual:locale/en/base"),
    attendee: () => import("virtual:locale/en/attendee"),
    organiser: () => import("virtual:locale/en/organiser"),
    forms: () => import("virtual:locale/en/forms"),
    directory: () => import("virtual:locale/en/directory"),
    portal: () => import("virtual:locale/en/portal"),
    admin: () => import("virtual:locale/en/admin"),
  },
};

let live: Translations | undefined;
const areas = new Set<Area>();
const loading = new Map<string, Promise<void>>();

function loadPart(translations: Translations, lang: Lang, part: Part): Promise<void> {
  const key = `${lang}/${part}`;
  let done = loading.get(key);
  if (!done) {
    done = chunks[lang][part]().then(({ default: messages }) => translations.add(lang, messages));
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** A message the page names from an area whose part it never loaded: a route lacks its `areaLoader`. */
function reportMissing(key: string) {
  const part = partOf(key);
  if (part !== "base" && !areas.has(part)) console.error(`translation part "${part}" not loaded for "${key}"`);
}

/** The translations to hydrate with: the base part and the given areas of the page's language. */
export async function startTranslations(lang: Lang, needed: Iterable<Area>): Promise<Translations> {
  const translations = new Translations(lang, {}, reportMissing);
  live = translations;
  await Promise.all([loadPart(translations, lang, "base"), ...[...needed].map((area) => ensureArea(area))]);
  return translations;
}

async function ensureArea(area: Area): Promise<void> {
  if (!live) return;
  const translations = live;
  areas.add(area);
  const langs = (["zh", "en"] as const).filter((lang) => lang === translations.language || translations.has(lang));
  await Promise.all(langs.map((lang) => loadPart(translations, lang, area)));
}

/** Switches to another language once its base part and the parts of the areas seen are there. */
export async function switchLanguage(translations: Translations, lang: Lang): Promise<void> {
  await Promise.all([loadPart(translations, lang, "base"), ...[...areas].map((area) => loadPart(translations, lang, area))]);
  translations.changeLanguage(lang);
}

type AreaClientLoader = ((args: ClientLoaderFunctionArgs) => Promise<unknown>) & { areas: readonly Area[] };

/**
 * A route's `clientLoader` that loads its areas' messages alongside its data, so a navigation to
 * it renders with them; `areas` tells `entry.client` what to load before hydrating. For routes
 * with a server loader (every route of an area has one).
 */
export function areaLoader(needed: readonly Area[]): AreaClientLoader {
  const clientLoader = async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), ...needed.map((area) => ensureArea(area))]);
    return data;
  };
  return Object.assign(clientLoader, { areas: needed });
}

/** The areas of the route modules the page started with (entry.client, before hydrating). */
export function startingAreas(modules: Record<string, { clientLoader?: unknown } | undefined>): Set<Area> {
  const needed = new Set<Area>();
  for (const module of Object.values(modules)) {
    const loader = module?.clientLoader as Partial<AreaClientLoader> | undefined;
    for (const area of loader?.areas ?? []) if (area in AREAS) needed.add(area);
  }
  return needed;
}
