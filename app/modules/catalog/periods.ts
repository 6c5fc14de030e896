import type { SeriesFrequency } from "./catalog";

/**
 * Periods of a frequency as consecutive integers, each named by its end date: days since 1970-01-01,
 * weeks ending on Fridays, months, quarters and years.
 */

const DAY_MS = 86_400_000;
/** 1970-01-02 was a Friday: week 0 ends on day 1. */
const FIRST_FRIDAY = 1;

function daysOf(date: string): number {
  return Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

function dateOfDays(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

function monthEnd(year: number, monthIndex: number): string {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).toISOString().slice(0, 10);
}

/** The period that contains `date` (for weeks: the one ending on the Friday on or after it). */
export function periodIndex(frequency: SeriesFrequency, date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  switch (frequency) {
    case "daily":
      return daysOf(date);
    case "weekly":
      return Math.ceil((daysOf(date) - FIRST_FRIDAY) / 7);
    case "monthly":
      return year * 12 + month;
    case "quarterly":
      return year * 4 + Math.floor(month / 3);
    case "annual":
      return year;
  }
}

export function periodDate(frequency: SeriesFrequency, index: number): string {
  switch (frequency) {
    case "daily":
      return dateOfDays(index);
    case "weekly":
      return dateOfDays(FIRST_FRIDAY + index * 7);
    case "monthly":
      return monthEnd(Math.floor(index / 12), index % 12);
    case "quarterly":
      return monthEnd(Math.floor(index / 4), (index % 4) * 3 + 2);
    case "annual":
      return `${index}-12-31`;
  }
}

/** The period after the one ending on `date`. */
export function nextPeriodDate(frequency: SeriesFrequency, date: string): string {
  return periodDate(frequency, periodIndex(frequency, date) + 1);
}

export const periodsPerYear: Readonly<Record<SeriesFrequency, number>> = {
  daily: 365,
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  annual: 1,
};

/** Days between the end of a period and the first publication of its value. */
const publicationLagDays: Readonly<Record<SeriesFrequency, number>> = {
  daily: 1,
  weekly: 3,
  monthly: 25,
  quarterly: 50,
  annual: 100,
};

/** When the first value of the period ending on `date` is published: 08:00 UTC after the lag. */
export function firstPublication(frequency: SeriesFrequency, date: string): string {
  return new Date((daysOf(date) + publicationLagDays[frequency]) * DAY_MS + 8 * 3_600_000).toISOString();
}

/** The last period whose first value is published at or before `moment`. */
export function lastPublishedPeriod(frequency: SeriesFrequency, moment: string): number {
  let index = periodIndex(frequency, moment.slice(0, 10));
  while (firstPublication(frequency, periodDate(frequency, index)) > moment) index--;
  return index;
}
