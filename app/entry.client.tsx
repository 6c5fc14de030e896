import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/modules/i18n/i18n";
import { languageOfPath } from "~/modules/i18n/language";

async function hydrate() {
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng: languageOfPath(window.location.pathname) });
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

void hydrate();
