import "@mantine/core/styles.css";
import "~/styles/app.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { DeferredScripts } from "~/components/hydration/deferred-scripts";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { Notifications } from "~/components/notifications/notifications";
import { getOptionalUser } from "~/modules/auth/session.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageAlternates } from "~/modules/docs/crawling";
import { env, publicOrigin } from "~/modules/env/env.server";
import { useNonce } from "~/modules/http/nonce";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { defersHydration } from "~/modules/hydration/deferred-hydration";
import { languageOfPath, languageTags } from "~/modules/i18n/language";
import { BrandCssVariables } from "~/modules/theme/css-variables";
import { brandThemes } from "~/modules/theme/mantine-themes";
import { themeForPath } from "~/modules/theme/theme";
import { readToast } from "~/modules/toast/toast.server";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * The title of every page whose route has no meta of its own, the 404 and error pages among them: those name
 * themselves ("Page not found | …") in the page's language, from the titles the loader translated.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error || !data) return pageMeta(undefined, undefined);
  const { notFound, failed, siteName } = data.errorTitles;
  return pageMeta(isRouteErrorResponse(error) && error.status === 404 ? notFound : failed, siteName);
};

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, user, t] = await Promise.all([readToast(request), getOptionalUser(request), getFixedT(request)]);
  const account = user ? { name: `${user.firstName} ${user.lastName}`.trim() || user.username, hasPicture: user.hasPicture } : null;
  const errorTitles = { notFound: t("errors.notFoundTitle"), failed: t("errors.genericTitle"), siteName: t("meta.siteName") };
  return data(
    { toast, account, year: new Date().getFullYear(), statusUrl: env.STATUS_URL, origin: publicOrigin(), errorTitles },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { pathname, search } = useLocation();
  const language = languageOfPath(pathname);
  const theme = themeForPath(pathname);
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const matches = useMatches();
  // A client-side navigation across /en and /zh switches the browser's i18next, which loads the other language.
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang={languageTags[language]} dir="ltr" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={t("meta.description")} />
        <Meta />
        <Links />
        {rootData
          ? pageAlternates(rootData.origin, `${pathname}${search}`).map((alternate) => (
              <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
            ))
          : null}
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
      </head>
      <body data-theme={theme}>
        <MantineProvider theme={brandThemes[theme]} defaultColorScheme="light" withCssVariables={false}>
          <BrandCssVariables theme={theme} />
          <a className="skip-link" href="#main">
            {t("nav.skipToContent")}
          </a>
          <SiteHeader theme={theme} account={rootData?.account ?? null} />
          <main id="main" className="site-main">
            {children}
          </main>
          <SiteFooter year={rootData?.year ?? new Date().getFullYear()} statusUrl={rootData?.statusUrl} />
          <Notifications toast={rootData?.toast ?? null} />
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        {defersHydration(matches) ? <DeferredScripts nonce={nonce} /> : <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
