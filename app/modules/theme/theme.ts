import { findFamilyForPath, type ThemeName } from "~/modules/registry/registry";
import { splitLanguagePrefix } from "~/modules/i18n/language";

/** The header brand theme is chosen from the path (SPEC.md section 2). */
export function themeForPath(pathname: string): ThemeName {
  return findFamilyForPath(splitLanguagePrefix(pathname).path)?.theme ?? "default";
}
