import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Translations } from "./i18n";
import { loadMessages } from "./locales/load.client";
import { TranslationsProvider } from "./use-translation";
import { installChunkReloadGuard } from "./utils/chunk-reload";

installChunkReloadGuard(window);

async function hydrate() {
  const lang = document.documentElement.lang === "en" ? "en" : "zh";
  const translations = new Translations(lang, { [lang]: await loadMessages(lang) });
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationsProvider translations={translations}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationsProvider>,
    );
  });
}

hydrate();
