import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "~/i18n";
import en from "~/locales/en/common.json";
import zh from "~/locales/zh/common.json";
import { getLang, type Lang } from "./session.server";

export const resources = { zh: { common: zh }, en: { common: en } };

/** remix-i18next with the spec's own rule: the `isEnglish` cookie, Chinese when absent (STACK-NOTES 10). */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    order: ["custom"],
    findLocale: async (request) => getLang(request).lang,
  },
  i18next: { ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], resources },
});

/**
 * One initialised i18next instance per language, shared by every request: the resources are
 * static and nothing changes an instance's language, so building two new instances per
 * request (the library's default) was pure cost (docs/benchmarks.md).
 */
const instances = new Map<Lang, Promise<I18n>>();

export function instanceFor(lang: Lang): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], lng: lang, resources })
      .then(() => created);
    instances.set(lang, instance);
  }
  return instance;
}

export const i18n = {
  getLocale: (request: Request) => detector.getLocale(request) as Promise<Lang>,
  /** The translation function for a request's language, or for a language given outright. */
  async getFixedT(requestOrLang: Request | Lang): Promise<TFunction> {
    const lang = typeof requestOrLang === "string" ? requestOrLang : await detector.getLocale(requestOrLang);
    const instance = await instanceFor(lang === "en" ? "en" : "zh");
    return instance.getFixedT(lang === "en" ? "en" : "zh", "common");
  },
};
