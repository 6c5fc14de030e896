import { DEFAULT_THEME, mergeMantineTheme, parseThemeColor, type MantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrastRatio, tint } from "./contrast";
import { brandThemes, readableVariantColors } from "./mantine-themes";

const themes = Object.entries(brandThemes).map(([name, override]) => [name, mergeMantineTheme(DEFAULT_THEME, override)] as const);
/** A hovered table row: the darkest surface a control sits on. */
const surface = "#f1f3f5";
/** The colours the portal's components are given, besides each theme's primary colour. */
const colours = ["red", "green", "blue", "gray", "dark", "orange", "yellow", "teal", "teal.9", "red.9"];

function brand(theme: MantineTheme, shade: number): string {
  return theme.colors[theme.primaryColor]![shade]!;
}

describe("brandThemes", () => {
  it.each(themes)("%s: white text on the brand colour and on its hover, the current link's text on the brand tint", (_, theme) => {
    expect(contrastRatio("#ffffff", brand(theme, 8))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#ffffff", brand(theme, 9))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(brand(theme, 9), tint(brand(theme, 8), 0.1, "#ffffff"))).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps the brand colours of the header", () => {
    expect(themes.map(([name, theme]) => [name, brand(theme, theme.primaryShade === 8 ? 8 : 9)])).toEqual([
      ["default", "#3b5bdb"],
      ["macro", "#087f5b"],
      ["company", "#1971c2"],
      ["intelligence", "#9c36b5"],
      ["fund-flow", "#a0470c"],
    ]);
  });

  it("dims text in a grey that reads at 4.5:1 on a grey row", () => {
    for (const [, theme] of themes) expect(contrastRatio(theme.colors.gray[6], surface)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("readableVariantColors", () => {
  it.each(themes)("%s: filled controls and their hover carry white text at 4.5:1", (_, theme) => {
    for (const color of [undefined, ...colours]) {
      const { background, hover } = readableVariantColors({ color, theme, variant: "filled" });
      expect(contrastRatio("#ffffff", background), `${color} filled`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio("#ffffff", hover), `${color} hover`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio("#ffffff", hover)).toBeGreaterThan(contrastRatio("#ffffff", background));
    }
  });

  it.each(themes)("%s: light, outline and subtle text reads at 4.5:1 on its hovered tint over a grey row", (_, theme) => {
    for (const variant of ["light", "outline", "subtle", "transparent"]) {
      for (const color of [undefined, ...colours]) {
        const resolved = readableVariantColors({ color, theme, variant });
        const { value } = parseThemeColor({ color: color ?? theme.primaryColor, theme });
        expect(contrastRatio(resolved.color, tint(value, 0.12, surface)), `${color} ${variant}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("leaves other variants and colours outside the palette to Mantine", () => {
    const [, theme] = themes[0]!;
    expect(readableVariantColors({ color: "red", theme, variant: "default" }).color).toBe("var(--mantine-color-default-color)");
    expect(readableVariantColors({ color: "#123456", theme, variant: "filled" }).background).toBe("#123456");
  });
});
