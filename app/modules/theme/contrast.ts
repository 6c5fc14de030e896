import { darken, luminance, toRgba } from "@mantine/core";

/** WCAG 2.1 minimum contrast for normal text (1.4.3). */
const textContrast = 4.5;

/** The WCAG contrast ratio of two opaque colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function hex(channel: number): string {
  return Math.round(channel).toString(16).padStart(2, "0");
}

/** The opaque colour a translucent `color` shows over `surface`, as a tint such as Mantine's light variant paints it. */
export function tint(color: string, opacity: number, surface: string): string {
  const top = toRgba(color);
  const bottom = toRgba(surface);
  const mix = (a: number, b: number) => a * opacity + b * (1 - opacity);
  return `#${hex(mix(top.r, bottom.r))}${hex(mix(top.g, bottom.g))}${hex(mix(top.b, bottom.b))}`;
}

const readableShades = new Map<string, string>();

/**
 * `color` itself when it reaches `minimum` contrast on `background`, otherwise the least darkened shade of it that
 * does. Every button and badge of a render asks, for the theme's few colours: answers are kept.
 */
export function readableOn(color: string, background: string, minimum = textContrast): string {
  const key = `${color} ${background} ${minimum}`;
  let readable = readableShades.get(key);
  if (readable === undefined) {
    readable = color;
    for (let amount = 0.05; contrastRatio(readable, background) < minimum && amount <= 1; amount += 0.05) {
      readable = darken(color, amount);
    }
    if (readableShades.size < 1000) readableShades.set(key, readable);
  }
  return readable;
}
