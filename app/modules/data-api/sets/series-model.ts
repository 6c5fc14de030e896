import type { Point, SeriesRecord } from "~/modules/catalog/catalog";
import { seriesApiId } from "../ids";

/** The spec's Series model of a catalog series. */
export interface ApiSeries {
  id: string;
  name: string;
  frequency: string;
  unit: string;
  country: string;
  region: string;
  indicator: string;
  source: string;
  database: string;
  table_id: string;
  start_date: string;
  end_date: string;
  last_update: string;
  key: boolean;
  status: string;
  time_points_count?: number;
}

export function toApiSeries(record: SeriesRecord, pointCount?: number): ApiSeries {
  return {
    id: seriesApiId(record.id),
    name: record.name,
    frequency: record.frequency,
    unit: record.unit,
    country: record.country,
    region: record.region,
    indicator: record.indicator,
    source: record.source,
    database: record.database,
    table_id: record.table,
    start_date: record.startDate,
    end_date: record.endDate,
    last_update: record.lastUpdate,
    key: record.key,
    status: record.status,
    ...(pointCount === undefined ? {} : { time_points_count: pointCount }),
  };
}

export interface TimePoint {
  date: string;
  value: number | null;
  status: "active" | "revised" | "deleted";
  revision_count: number;
  previous_value: number | null;
  revised_at: string | null;
}

export interface TimePointFilter {
  /** `all` also returns the values later revisions replaced. */
  all: boolean;
  startDate?: string;
  endDate?: string;
  /** Only values published after this moment. */
  updatedAfter?: string;
}

function timePoint(vintage: Point, previous: Point | undefined, status: TimePoint["status"]): TimePoint {
  return {
    date: vintage.date,
    value: vintage.value,
    status,
    revision_count: vintage.revision,
    previous_value: previous?.value ?? null,
    revised_at: vintage.revision > 0 ? vintage.publishedAt : null,
  };
}

/**
 * The time points of one series from all its vintages (ordered by date, then revision): the latest value
 * of each date as `active`, and with `all` every earlier value as `revised`, oldest first.
 */
export function toTimePoints(vintages: readonly Point[], filter: TimePointFilter): TimePoint[] {
  const points: TimePoint[] = [];
  vintages.forEach((vintage, index) => {
    const previous = vintages[index - 1]?.date === vintage.date ? vintages[index - 1] : undefined;
    const latest = vintages[index + 1]?.date !== vintage.date;
    if (!latest && !filter.all) return;
    if (filter.startDate && vintage.date < filter.startDate) return;
    if (filter.endDate && vintage.date > filter.endDate) return;
    if (filter.updatedAfter && Date.parse(vintage.publishedAt) <= Date.parse(filter.updatedAfter)) return;
    points.push(timePoint(vintage, previous, latest ? "active" : "revised"));
  });
  return points;
}

/** How many dates a series has values for. */
export function dateCount(vintages: readonly Point[]): number {
  return new Set(vintages.map((vintage) => vintage.date)).size;
}
