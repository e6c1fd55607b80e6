import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { installChunkReloadGuard } from "./utils/chunk-reload";

installChunkReloadGuard(window);

async function hydrate() {
  const lng = document.documentElement.lang === "en" ? "en" : "zh";
  // Only the page's own language is downloaded, as its own cacheable chunk.
  const common = lng === "en" ? (await import("./locales/en/common.json")).default : (await import("./locales/zh/common.json")).default;
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    ns: [...i18nConfig.ns],
    lng,
    resources: { [lng]: { common } },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
