import { Link, useLocation, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";
import { isExternalHref, localizePath, splitLanguagePrefix } from "~/modules/i18n/language";

export type AppLinkProps = Omit<LinkProps, "to"> & { to: string };

/**
 * Internal links carry the current language prefix; external http(s) links open in a new tab.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, ...props }, ref) {
  const { pathname } = useLocation();
  if (isExternalHref(to)) {
    const { prefetch: _prefetch, reloadDocument: _reload, replace: _replace, state: _state, children, ...anchorProps } = props;
    return (
      <a ref={ref} href={to} target="_blank" rel="noopener noreferrer" {...anchorProps}>
        {children}
      </a>
    );
  }
  return <Link ref={ref} to={localizePath(to, splitLanguagePrefix(pathname).prefix)} {...props} />;
});

/** The current page's language prefix, for code that builds URLs itself (form actions, redirects). */
export function useLocalizePath(): (path: string) => string {
  const { pathname } = useLocation();
  const prefix = splitLanguagePrefix(pathname).prefix;
  return (path) => localizePath(path, prefix);
}
