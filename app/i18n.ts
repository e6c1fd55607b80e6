/**
 * The app's translations, on the server and in the browser (decision 064).
 *
 * What the app uses of i18next, and nothing more: keys with `.` into nested messages, `{{name}}`
 * (and `{{a.b}}`) filled from the options, plurals by `count` with `_one`/`_other` suffixes
 * chosen by `Intl.PluralRules`, `defaultValue`, and Chinese when an English message is missing.
 * A key with no message comes back as itself. Values are not escaped: React escapes.
 */

export type Lang = "zh" | "en";
export const LANGS: readonly Lang[] = ["zh", "en"];
export const FALLBACK_LANG: Lang = "zh";

export type Messages = { [key: string]: string | Messages };
export type TOptions = { count?: number; defaultValue?: string; lng?: Lang } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const pluralRules = new Map<Lang, Intl.PluralRules>();
function pluralSuffix(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return `_${rules.select(count)}`;
}

function find(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function valueAt(options: TOptions, path: string): unknown {
  if (!path.includes(".")) return options[path];
  let value: unknown = options;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/**
 * A text cut at its placeholders, once: `[text, name, as written, text, name, as written, …, text]`.
 * A page fills the same few hundred messages again and again; a regular expression's replace with
 * a callback each time was ~10× the cost of joining the parts.
 */
type Template = readonly string[];
const templates = new Map<string, Template>();
/** The app's messages and default values are a few thousand texts; anything beyond starts the cache afresh. */
const MAX_TEMPLATES = 5_000;

function templateOf(text: string): Template {
  let template = templates.get(text);
  if (template) return template;
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index), match[1].trim(), match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  if (templates.size >= MAX_TEMPLATES) templates.clear();
  templates.set(text, (template = parts));
  return template;
}

/** Fills `{{name}}`; a placeholder with no option of its name stays as written. */
export function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  const parts = templateOf(text);
  let filled = parts[0];
  for (let i = 1; i < parts.length; i += 3) {
    const name = parts[i];
    const value = valueAt(options, name);
    const shown = value === undefined ? (Object.prototype.hasOwnProperty.call(options, name) ? "" : parts[i + 1]) : value === null ? "" : String(value);
    filled += shown + parts[i + 2];
  }
  return filled;
}

function mergeInto(target: Messages, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === "object" && typeof current === "object") mergeInto(current, value);
    else target[key] = typeof value === "object" ? structuredClone(value) : value;
  }
}

/**
 * Messages per language, and the language shown. In the browser the messages arrive in parts
 * (decision 065) and the language may change; React components follow through `subscribe`.
 */
export class Translations {
  language: Lang;
  /** The translation function for `language`; a new one whenever messages or language change. */
  t: TFunction;
  private readonly messages: Partial<Record<Lang, Messages>> = {};
  /** What each key found in a language's messages (a page asks for the same keys many times); emptied when they grow. */
  private readonly found: Partial<Record<Lang, Map<string, string | undefined>>> = {};
  private readonly listeners = new Set<() => void>();

  /**
   * `onMissing` hears of every key found in neither the language nor Chinese (before any
   * `defaultValue` is used).
   */
  constructor(
    language: Lang,
    messages: Partial<Record<Lang, Messages>> = {},
    private readonly onMissing?: (key: string) => void,
  ) {
    this.language = language;
    for (const lang of LANGS) if (messages[lang]) this.messages[lang] = structuredClone(messages[lang]);
    this.t = this.fixedT(language);
  }

  /** The translation function for one language, whatever the current language. */
  fixedT(lang: Lang): TFunction {
    return (key, options) => this.translate(options?.lng ?? lang, key, options);
  }

  private translate(lang: Lang, key: string, options: TOptions | undefined): string {
    if (!key) return "";
    const count = options?.count;
    for (const code of lang === FALLBACK_LANG ? [lang] : [lang, FALLBACK_LANG]) {
      const found = (typeof count === "number" ? this.lookup(code, key + pluralSuffix(code, count)) : undefined) ?? this.lookup(code, key);
      if (found !== undefined) return interpolate(found, options);
    }
    this.onMissing?.(key);
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
  }

  private lookup(lang: Lang, key: string): string | undefined {
    const known = (this.found[lang] ??= new Map());
    if (known.has(key)) return known.get(key);
    const text = find(this.messages[lang], key);
    known.set(key, text);
    return text;
  }

  has(lang: Lang): boolean {
    return this.messages[lang] !== undefined;
  }

  /** Adds messages to a language's (a deep merge); components using the translations render again. */
  add(lang: Lang, messages: Messages): void {
    const current = this.messages[lang];
    if (current) mergeInto(current, messages);
    else this.messages[lang] = structuredClone(messages);
    delete this.found[lang];
    this.changed();
  }

  changeLanguage(lang: Lang): void {
    if (lang === this.language) return;
    this.language = lang;
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.t = this.fixedT(this.language);
    for (const listener of this.listeners) listener();
  }
}
