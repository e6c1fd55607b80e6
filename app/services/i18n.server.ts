import { RemixI18Next } from "remix-i18next/server";
import en from "~/locales/en/common.json";
import zh from "~/locales/zh/common.json";
import { i18nConfig } from "~/i18n";
import { getLang } from "./session.server";

export const resources = { zh: { common: zh }, en: { common: en } };

/** remix-i18next with the spec's own rule: the `isEnglish` cookie, Chinese when absent (STACK-NOTES 10). */
export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18nConfig.supportedLngs],
    fallbackLanguage: i18nConfig.fallbackLng,
    order: ["custom"],
    findLocale: async (request) => getLang(request).lang,
  },
  i18next: { ...i18nConfig, supportedLngs: [...i18nConfig.supportedLngs], ns: [...i18nConfig.ns], resources },
});
