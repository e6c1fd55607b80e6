import { Translations, type Lang, type TFunction } from "~/i18n";
import en from "~/locales/en/common.json";
import zh from "~/locales/zh/common.json";
import { getLang } from "./session.server";

const resources = { zh, en };

/**
 * One set of translations per language, shared by every request: the messages are static and
 * nothing on the server changes a set's language.
 */
const instances = new Map<Lang, Translations>();

export function instanceFor(lang: Lang): Translations {
  let instance = instances.get(lang);
  if (!instance) instances.set(lang, (instance = new Translations(lang, resources)));
  return instance;
}

export const i18n = {
  /** The spec's rule: the `isEnglish` cookie, Chinese when absent (STACK-NOTES 10). */
  getLocale: async (request: Request): Promise<Lang> => getLang(request).lang,
  /** The translation function for a request's language, or for a language given outright. */
  async getFixedT(requestOrLang: Request | Lang): Promise<TFunction> {
    const lang = typeof requestOrLang === "string" ? requestOrLang : getLang(requestOrLang).lang;
    return instanceFor(lang === "en" ? "en" : "zh").t;
  },
};
