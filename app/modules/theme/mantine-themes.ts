import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from "@mantine/core";
import type { ThemeName } from "~/modules/registry/registry";

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

const base = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Microsoft YaHei', sans-serif",
  colors: { flow },
  focusRing: "always",
  defaultRadius: "md",
} satisfies MantineThemeOverride;

/** One palette per brand; each primary shade keeps white text above 4.5:1 contrast. */
export const brandThemes: Record<ThemeName, MantineThemeOverride> = {
  default: createTheme({ ...base, primaryColor: "indigo", primaryShade: 8 }),
  macro: createTheme({ ...base, primaryColor: "teal", primaryShade: 9 }),
  company: createTheme({ ...base, primaryColor: "blue", primaryShade: 8 }),
  intelligence: createTheme({ ...base, primaryColor: "grape", primaryShade: 8 }),
  "fund-flow": createTheme({ ...base, primaryColor: "flow", primaryShade: 8 }),
};
