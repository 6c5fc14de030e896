/**
 * Remix options and the whole URL map of the portal.
 *
 * Every page route lives under the optional language segment `:lang?` (en or zh), applied once here;
 * the language layout answers 404 for any other value. Remix matches with or without a trailing slash.
 */

/** @type {import('@remix-run/dev').AppConfig['future']} */
export const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
};

/** @param {import('@remix-run/dev/dist/config/routes').DefineRoutesFunction} defineRoutes */
export function routes(defineRoutes) {
  return defineRoutes((route) => {
    // Resource routes: no language prefix, no document.
    route("healthz", "routes/api/healthz.ts");
    route("api/form/:kind", "routes/api/form.ts");

    route(":lang?", "routes/public/language-layout.tsx", () => {
      route("", "routes/public/home.tsx", { index: true });
      route("api-products", "routes/public/api-products.tsx");
      route("api-products/:vendor/:product", "routes/public/api-product.tsx");
      route("terms", "routes/public/legal.tsx", { id: "legal-terms" });
      route("privacy-policy", "routes/public/legal.tsx", { id: "legal-privacy" });
      route("cookie-policy", "routes/public/legal.tsx", { id: "legal-cookies" });
      route("contact", "routes/public/contact.tsx");
      route("contact/:kind", "routes/public/contact-form.tsx");
      route("__test/crash", "routes/public/test-crash.tsx");
      route("*", "routes/public/not-found.tsx");
    });
  });
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "app",
  ignoredRouteFiles: ["**/*"],
  future,
  routes,
};
