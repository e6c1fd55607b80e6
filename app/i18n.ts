/** Shared by the server's and the browser's i18next instances. */
export const i18nConfig = {
  supportedLngs: ["zh", "en"],
  fallbackLng: "zh",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
} as const;
