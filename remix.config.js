/**
 * Remix options and the whole URL map of the portal.
 *
 * Every page route lives under the optional language segment `:lang?` (en or zh), applied once here;
 * the language layout answers 404 for any other value. Remix matches with or without a trailing slash.
 */

import { dashboardAreas } from "./app/modules/dashboard/screens.ts";
import { productCatalogue } from "./app/modules/registry/product-catalogue.ts";

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
    route("api/captcha/challenge", "routes/api/captcha-challenge.ts");
    route("api/econ-sandbox", "routes/api/econ-sandbox.ts");
    route("api/econ-sandbox-token", "routes/api/econ-sandbox-token.ts");
    route("api/auth/user", "routes/api/auth-user.ts");
    route("api/auth/logout", "routes/api/auth-logout.ts");
    route("api/auth/save-profile", "routes/api/auth-save-profile.ts");
    route("api/auth/profile-picture", "routes/api/auth-profile-picture.ts");
    // SPEC.md section 7 names the picture upload filepond-upload; it is the same resource.
    route("api/auth/filepond-upload", "routes/api/auth-profile-picture.ts", { id: "api-filepond-upload" });
    route("api/auth/change-password", "routes/api/auth-change-password.ts");
    route("api/auth/sessions", "routes/api/auth-sessions.ts");
    route("api/auth/sessions/:handle", "routes/api/auth-sessions.ts", { id: "api-auth-session" });
    route("api/auth/webhook-secret", "routes/api/auth-webhook-secret.ts");
    route("api/usage", "routes/api/usage.ts");
    route("api/auth/webhook-test", "routes/api/auth-webhook-test.ts");
    route("api/auth/:operation", "routes/api/auth-token.ts");
    route("api/routing/data/:apiName", "routes/api/routing-data.ts");
    route("api/routing/swagger-spec", "routes/api/routing-swagger-spec.ts");
    route("api/routing/page-data", "routes/api/routing-page-data.ts");
    route("api/routing/full-development-guide", "routes/api/routing-full-guide.ts");
    route("api/releaseNotes/:set", "routes/api/release-notes.ts");
    route("api/search", "routes/api/search.ts");
    route("api/files/:fileId", "routes/api/files.ts");
    // Every product's feeds and dumps JSON API, from the product catalogue: one route module, which reads the
    // product and the resource from the address; the address is the route id.
    for (const product of productCatalogue)
      for (const path of [...Object.keys(product.api), ...Object.keys(product.adminApi)])
        route(path, "routes/api/product-api.ts", { id: path });
    route("api/corp-predefined-datasets", "routes/api/corp-predefined-datasets.ts");
    route("docs/:vendor/:set/downloads/:file", "routes/docs/download.ts");
    route("docs/code-language", "routes/docs/code-language.ts");
    // The documentation for coding assistants (llmstxt.org); docs pages as markdown are answered in the HTTP layer.
    route("llms.txt", "routes/docs/llms-txt.ts");
    route("llms-full.txt", "routes/docs/llms-full-txt.ts");
    route("zh/llms.txt", "routes/docs/llms-txt.ts", { id: "zh-llms-txt" });
    route("zh/llms-full.txt", "routes/docs/llms-full-txt.ts", { id: "zh-llms-full-txt" });
    // For search engines: what to leave alone, and every public and docs page in both languages.
    route("robots.txt", "routes/docs/robots-txt.ts");
    route("sitemap.xml", "routes/docs/sitemap-xml.ts");
    // The admin log screens' API: one module, which finds the log by the address (modules/admin/log-screen.server.ts).
    route("api/admin/incidents", "routes/api/admin-logs.ts", { id: "api-admin-incidents" });
    route("api/admin/incident-stacktrace", "routes/api/admin-logs.ts", { id: "api-admin-incident-stacktrace" });
    route("api/admin/logs/snowflake", "routes/api/admin-logs.ts", { id: "api-admin-logs-snowflake" });
    route("api/admin/logs/snowflake-stacktrace", "routes/api/admin-logs.ts", { id: "api-admin-logs-snowflake-stacktrace" });
    route("api/admin/outbox", "routes/api/admin-logs.ts", { id: "api-admin-outbox" });
    route("api/admin/token-decoder", "routes/api/admin-token-decoder.ts");
    route("api/admin/dashboard", "routes/api/admin-dashboard.ts");
    route("api/admin/api-keys", "routes/api/admin-api-keys.ts");
    route("api/admin/api-keys/:id", "routes/api/admin-api-key.ts");
    route("api/admin/users", "routes/api/admin-users.ts");
    route("api/admin/users/:id", "routes/api/admin-user.ts");
    route("api/admin/users/:id/subscriptions/:product", "routes/api/admin-user-subscription.ts");
    route("api/admin/usage", "routes/api/admin-usage.ts");
    route("api/*", "routes/api/not-found.ts");

    route(":lang?", "routes/public/language-layout.tsx", () => {
      route("", "routes/public/home.tsx", { index: true });
      route("api-products", "routes/public/api-products.tsx");
      route("api-products/:vendor/:product", "routes/public/api-product.tsx");
      route("api-products/econ/sandbox/:token", "routes/public/sandbox-access.tsx");
      route("api-products/econ/sandbox/registered", "routes/public/sandbox-registered.tsx");
      // The trial key's usage (issue 29): the page, its CSV downloads and a call's detail.
      route("api-products/econ/sandbox/usage", "routes/public/sandbox-usage.tsx");
      route("api-products/econ/sandbox/usage/calls.csv", "routes/public/sandbox-usage-csv.ts", { id: "sandbox-usage-calls-csv" });
      route("api-products/econ/sandbox/usage/days.csv", "routes/public/sandbox-usage-csv.ts", { id: "sandbox-usage-days-csv" });
      route("api-products/econ/sandbox/usage/:requestId", "routes/public/sandbox-usage-call.tsx");
      route("terms", "routes/public/legal.tsx", { id: "legal-terms" });
      route("privacy-policy", "routes/public/legal.tsx", { id: "legal-privacy" });
      route("cookie-policy", "routes/public/legal.tsx", { id: "legal-cookies" });
      route("contact", "routes/public/contact.tsx");
      route("contact/:kind", "routes/public/contact-form.tsx");
      route("contact/sent", "routes/public/contact-sent.tsx");
      route("login", "routes/public/login.tsx");
      route("login/:platform", "routes/public/login-platform.tsx");
      route("logout", "routes/public/logout.tsx");
      route("reset-password", "routes/public/reset-password.tsx");
      route("reset-password/:token", "routes/public/reset-password-token.tsx");
      route("invitation/:token", "routes/public/invitation.tsx");
      route("notification-address/:token", "routes/public/notification-address.tsx");
      route("faq", "routes/public/faq.tsx");
      route("search", "routes/public/search.tsx");

      route("docs", "routes/docs/docs-index.tsx");
      route("docs/:vendor/:set", "routes/docs/doc-set-layout.tsx", () => {
        route("", "routes/docs/doc-page.tsx", { index: true, id: "doc-page-overview" });
        route("search", "routes/docs/doc-search.tsx");
        route("*", "routes/docs/doc-page.tsx", { id: "doc-page" });
      });

      route("dashboard", "routes/dashboard/dashboard-layout.tsx", () => {
        route("", "routes/dashboard/overview.tsx", { index: true });
        route("profile", "routes/dashboard/profile.tsx");
        route("token-management", "routes/dashboard/token-management.tsx");
        route("password", "routes/dashboard/password.tsx");
        route("sessions", "routes/dashboard/sessions.tsx");
        route("delete-account", "routes/dashboard/delete-account.tsx");
        route("webhooks", "routes/dashboard/webhooks.tsx");
        // The Usage page (issue 29), its CSV downloads (resource routes) and a call's detail.
        route("usage", "routes/dashboard/usage.tsx");
        route("usage/calls.csv", "routes/dashboard/usage-csv.ts", { id: "dashboard-usage-calls-csv" });
        route("usage/days.csv", "routes/dashboard/usage-csv.ts", { id: "dashboard-usage-days-csv" });
        route("usage/:requestId", "routes/dashboard/usage-call.tsx");
        // The product areas (/dashboard/econ/feeds, …) come from the registry the side menu is built from.
        for (const area of dashboardAreas) {
          // Areas share route modules (the module reads its area from the URL), so every route gets its own id.
          const id = (name) => `dashboard-${area.segment}-${name}`;
          route(area.segment, area.layout, { id: id("layout") }, () => {
            route("", area.index, { index: true, id: id("index") });
            for (const screen of area.screens) route(screen.path, screen.file, { id: id(screen.id ?? screen.path.split("/")[0]) });
          });
        }
      });

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
