import {
  Badge,
  colorsTuple,
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from "@mantine/core";
import type { ThemeName } from "~/modules/registry/registry";
import { readableOn, tint } from "./contrast";

/** Burnt orange for fund flows: Mantine's orange is too light for white text at AA contrast. */
const flow: MantineColorsTuple = [
  "#fff4e6",
  "#ffe8cc",
  "#ffd8a8",
  "#ffc078",
  "#ffa94d",
  "#e67e22",
  "#c8641a",
  "#b35414",
  "#a0470c",
  "#8a3b06",
];

/** Mantine's teal with the brand colour (its shade 9) at shade 8, so that shade 9 is darker, for hover and text on a tint. */
const macro = colorsTuple(DEFAULT_THEME.colors.teal.map((shade, index) => (index === 8 ? "#087f5b" : index === 9 ? "#06664a" : shade)));

/** Mantine's greys with shade 6, dimmed text and input descriptions, dark enough for 4.5:1 on a light grey row. */
const gray = colorsTuple(DEFAULT_THEME.colors.gray.map((shade, index) => (index === 6 ? "#646b72" : shade)));

/** The darkest surface controls sit on: a hovered table row (Mantine's gray 1). */
const darkestSurface = DEFAULT_THEME.colors.gray[1];

/**
 * Mantine's variant colours with every text readable at 4.5:1: a filled background dark enough for white text
 * and a hover darker still (Mantine hovers shade 9 with the lighter 8), and the text of the light, outline,
 * subtle and transparent variants dark enough on their tint over the darkest surface.
 */
export const readableVariantColors: VariantColorsResolver = (input) => {
  const color = input.color ?? input.theme.primaryColor;
  const colors = defaultVariantColorsResolver({ ...input, color });
  const parsed = parseThemeColor({ color, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  switch (input.variant) {
    case "filled": {
      if (colors.color !== "var(--mantine-color-white)") return colors;
      const background = readableOn(parsed.value, input.theme.white);
      return { ...colors, background, hover: darken(background, 0.1) };
    }
    case "light":
    case "outline":
    case "subtle":
    case "transparent":
      return { ...colors, color: readableOn(parsed.value, tint(parsed.value, 0.12, darkestSurface)) };
    default:
      return colors;
  }
};

const base = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Microsoft YaHei', sans-serif",
  colors: { flow, macro, gray },
  variantColorResolver: readableVariantColors,
  components: {
    // A status is never cut to "COM…": the badge keeps its text's width and the table grows (or scrolls) instead.
    Badge: Badge.extend({ styles: { root: { minWidth: "max-content" } } }),
    // A table wider than the screen scrolls; keyboard users reach its hidden columns by focusing the container.
  },
  focusRing: "always",
  defaultRadius: "md",
  primaryShade: 8,
} satisfies MantineThemeOverride;

/**
 * One palette per brand. Shade 8 is the brand colour, with white text above 4.5:1; shade 9 is darker, for the
 * text of the current link on the brand's tint (app.css).
 */
export const brandThemes: Record<ThemeName, MantineThemeOverride> = {
  default: createTheme({ ...base, primaryColor: "indigo" }),
  macro: createTheme({ ...base, primaryColor: "macro" }),
  company: createTheme({ ...base, primaryColor: "blue" }),
  intelligence: createTheme({ ...base, primaryColor: "grape" }),
  "fund-flow": createTheme({ ...base, primaryColor: "flow" }),
};
