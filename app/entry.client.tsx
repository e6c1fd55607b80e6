import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { startingAreas, startTranslations } from "./locales/load";
import { TranslationsProvider } from "./use-translation";
import { installChunkReloadGuard } from "./utils/chunk-reload";

installChunkReloadGuard(window);

async function hydrate() {
  const lang = document.documentElement.lang === "en" ? "en" : "zh";
  // The route modules the page started with are loaded and evaluated before this module.
  const modules = (window as unknown as { __remixRouteModules?: Record<string, { clientLoader?: unknown }> }).__remixRouteModules ?? {};
  const translations = await startTranslations(lang, startingAreas(modules));
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
