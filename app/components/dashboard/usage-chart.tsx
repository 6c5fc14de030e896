import { Table } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/layout/table-scroll";
import { chartLayout, chartSeries, type ChartDay, type ChartSeries } from "~/modules/usage/usage-chart";

const WIDTH = 720;
const HEIGHT = 240;

/** One colour per status class, the same in the bars and the legend. */
const colours: Record<ChartSeries, string> = {
  success: "var(--mantine-color-teal-7)",
  clientErrors: "var(--mantine-color-yellow-6)",
  rateLimited: "var(--mantine-color-orange-8)",
  serverErrors: "var(--mantine-color-red-8)",
};

/**
 * Calls per day as stacked bars, drawn on the server as plain SVG (no charting code reaches the browser): each bar
 * and segment carries a <title>, and the table after it holds the same figures for screen readers and copying.
 */
export function UsageChart({ days }: { days: readonly (ChartDay & { calls: number })[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const layout = chartLayout(days, WIDTH, HEIGHT);
  const bottom = layout.plot.top + layout.plot.height;
  const label = (series: ChartSeries) => t(`usagePage.series.${series}`);
  const every = Math.max(1, Math.ceil(days.length / 6));
  return (
    <figure className="usage-chart" data-testid="usage-chart">
      {/* On a phone the chart keeps a readable size and scrolls inside its own box, as the tables do. */}
      <TableScroll minWidth={560}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} width="100%" preserveAspectRatio="xMidYMid meet">
          <title id={titleId}>{t("usagePage.chartTitle", { from: days[0]?.day ?? "", to: days.at(-1)?.day ?? "" })}</title>
          {layout.ticks.map((tick) => (
            <g key={tick.value}>
              <line
                x1={layout.plot.left}
                x2={layout.plot.left + layout.plot.width}
                y1={tick.y}
                y2={tick.y}
                stroke="var(--mantine-color-gray-4)"
              />
              <text x={layout.plot.left - 6} y={tick.y + 4} textAnchor="end" fontSize="12" fill="currentColor">
                {Number.isInteger(tick.value) ? tick.value : ""}
              </text>
            </g>
          ))}
          {layout.bars.map((bar, index) => (
            <g key={bar.day} data-day={bar.day} data-calls={bar.total}>
              <title>{t("usagePage.barTitle", { day: bar.day, calls: bar.total })}</title>
              {bar.segments.map((segment) => (
                <rect key={segment.series} x={bar.x} y={segment.y} width={bar.width} height={segment.height} fill={colours[segment.series]}>
                  <title>{`${bar.day}: ${label(segment.series)} ${segment.value}`}</title>
                </rect>
              ))}
              {index % every === 0 ? (
                <text x={bar.x + bar.width / 2} y={bottom + 16} textAnchor="middle" fontSize="12" fill="currentColor">
                  {bar.day.slice(5)}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      </TableScroll>
      <figcaption className="usage-legend">
        {chartSeries.map((series) => (
          <span key={series}>
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" fill={colours[series]} />
            </svg>{" "}
            {label(series)}
          </span>
        ))}
      </figcaption>
      <TableScroll minWidth={560} maxHeight={320}>
        <Table striped withTableBorder data-testid="usage-days">
          <Table.Caption>{t("usagePage.daysCaption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("usagePage.day")}</Table.Th>
              <Table.Th scope="col">{t("usagePage.calls")}</Table.Th>
              {chartSeries.map((series) => (
                <Table.Th key={series} scope="col">
                  {label(series)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Th scope="row" fw={500}>
                  {day.day}
                </Table.Th>
                <Table.Td>{day.calls}</Table.Td>
                {chartSeries.map((series) => (
                  <Table.Td key={series}>{day[series]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </figure>
  );
}
