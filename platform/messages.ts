import en from "../app/locales/en/common.json";
import zh from "../app/locales/zh/common.json";

export type Lang = "zh" | "en";
const dictionaries: Record<Lang, unknown> = { zh, en };

/**
 * Looks a translation key up in the app's own locale files, so the platform's messages and
 * the forms' messages are one set of words. Unknown keys come back as themselves.
 */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  let node: unknown = dictionaries[lang];
  for (const part of key.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== "string") return key;
  return params ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? "")) : node;
}
