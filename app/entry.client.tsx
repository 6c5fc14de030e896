import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/modules/i18n/i18n";
import { languageOfPath } from "~/modules/i18n/language";
import { localeBackend } from "~/modules/i18n/locale-backend";
import { startServiceWorker } from "~/modules/offline/service-worker.client";

async function hydrate() {
  // zh.ts holds every key en.ts holds (the compiler checks), so a page needs no fallback language's strings.
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({ ...i18nOptions, fallbackLng: false, lng: languageOfPath(window.location.pathname) });
  document.documentElement.classList.add("js");
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

startServiceWorker();
void hydrate();
