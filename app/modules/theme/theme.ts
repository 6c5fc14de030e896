import { findFamilyForPath, type ThemeName } from "~/modules/registry/registry";
import { splitLanguagePrefix } from "~/modules/i18n/language";

/** The header brand theme is chosen from the path (SPEC.md section 2). */
export function themeForPath(pathname: string): ThemeName {
  return findFamilyForPath(splitLanguagePrefix(pathname).path)?.theme ?? "default";
}

/** Docs and dashboard switch to the narrow layout below 1520 px, everything else below 991 px. */
export function narrowLayoutLimit(pathname: string): number {
  const { path } = splitLanguagePrefix(pathname);
  return /^\/(docs|dashboard)(\/|$)/.test(path) ? 1520 : 991;
}
