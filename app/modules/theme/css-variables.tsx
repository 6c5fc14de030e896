import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from "@mantine/core";
import type { ThemeName } from "~/modules/registry/registry";
import { brandThemes } from "./mantine-themes";

type Variables = ConvertCSSVariablesInput["variables"];

const defaults = defaultCssVariablesResolver(DEFAULT_THEME);

/** The entries of `variables` whose value differs from Mantine's default theme, as MantineProvider leaves them. */
function changed(variables: Variables, defaultVariables: Variables): Variables {
  return Object.fromEntries(
    Object.entries(variables).filter(([name, value]) => defaultVariables[name as keyof Variables] !== value),
  ) as Variables;
}

const stylesheets = new Map<ThemeName, string>();

/**
 * The `:root` stylesheet MantineProvider writes for a brand theme, built once per theme. MantineProvider
 * rebuilds it from the theme on every render, a twentieth of a signed-in page's server time (issue 17), so the
 * root renders the provider with `withCssVariables={false}` and this in its place.
 */
function brandCssVariables(theme: ThemeName): string {
  let css = stylesheets.get(theme);
  if (css === undefined) {
    const variables = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, brandThemes[theme]));
    css = convertCssVariables({
      variables: changed(variables.variables, defaults.variables),
      light: changed(variables.light, defaults.light),
      dark: changed(variables.dark, defaults.dark),
    });
    stylesheets.set(theme, css);
  }
  return css;
}

/** MantineProvider's own `<style>` element for a brand theme, in the same place and with the same attributes. */
export function BrandCssVariables({ theme }: { theme: ThemeName }) {
  const css = brandCssVariables(theme);
  return css ? <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
