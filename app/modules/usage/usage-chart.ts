/**
 * The calls-per-day chart's geometry, pure so it is tested apart from its SVG (components/dashboard/usage-chart.tsx):
 * a scale rounded up to a readable top, its grid lines, and for each day a bar stacked from the bottom in the order
 * success, client errors, 429, server errors.
 */

export const chartSeries = ["success", "clientErrors", "rateLimited", "serverErrors"] as const;
export type ChartSeries = (typeof chartSeries)[number];

export type ChartDay = { day: string } & Record<ChartSeries, number>;

export interface ChartSegment {
  series: ChartSeries;
  value: number;
  y: number;
  height: number;
}

export interface ChartBar {
  day: string;
  total: number;
  x: number;
  width: number;
  segments: ChartSegment[];
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The plot area inside the axis labels. */
  plot: { left: number; top: number; width: number; height: number };
  top: number;
  ticks: { value: number; y: number }[];
  bars: ChartBar[];
}

/** The smallest 1, 2 or 5 times a power of ten at or above the value: 0 -> 1, 7 -> 10, 130 -> 200. */
export function niceTop(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
}

const MARGIN = { left: 48, right: 8, top: 8, bottom: 24 };
const TICKS = 4;

export function chartLayout(days: readonly ChartDay[], width: number, height: number): ChartLayout {
  const plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: width - MARGIN.left - MARGIN.right,
    height: height - MARGIN.top - MARGIN.bottom,
  };
  const totals = days.map((day) => chartSeries.reduce((sum, series) => sum + day[series], 0));
  const top = niceTop(Math.max(0, ...totals));
  const scale = (value: number) => (value / top) * plot.height;
  const slot = days.length > 0 ? plot.width / days.length : 0;
  const barWidth = Math.max(1, slot * 0.7);
  const ticks = Array.from({ length: TICKS + 1 }, (_, index) => {
    const value = (top / TICKS) * index;
    return { value, y: plot.top + plot.height - scale(value) };
  });
  const bars = days.map((day, index) => {
    let base = plot.top + plot.height;
    const segments = chartSeries.flatMap((series) => {
      const value = day[series];
      if (value <= 0) return [];
      const segmentHeight = scale(value);
      base -= segmentHeight;
      return [{ series, value, y: base, height: segmentHeight }];
    });
    return { day: day.day, total: totals[index]!, x: plot.left + index * slot + (slot - barWidth) / 2, width: barWidth, segments };
  });
  return { width, height, plot, top, ticks, bars };
}
