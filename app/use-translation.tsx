import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { Lang, TFunction, Translations } from "./i18n";

const TranslationsContext = createContext<Translations | null>(null);

export function TranslationsProvider({ translations, children }: { translations: Translations; children: ReactNode }) {
  return <TranslationsContext.Provider value={translations}>{children}</TranslationsContext.Provider>;
}

/** The page's translation function and language; renders again when either changes. */
export function useTranslation(): { t: TFunction; i18n: Translations & { language: Lang } } {
  const translations = useContext(TranslationsContext);
  if (!translations) throw new Error("useTranslation needs a TranslationsProvider");
  const snapshot = () => translations.t;
  const t = useSyncExternalStore(translations.subscribe, snapshot, snapshot);
  return { t, i18n: translations };
}
