/**
 * Query bounds (catalog criteria, incident filters) take dates (`2025-05-01`) or timestamps; stored values are
 * ISO timestamps. A date bound covers its whole day. A value that is neither is returned as given (callers validate their input).
 */
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function toIso(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

export function startOf(value: string): string {
  return datePattern.test(value) ? `${value}T00:00:00.000Z` : toIso(value);
}

export function endOf(value: string): string {
  return datePattern.test(value) ? `${value}T23:59:59.999Z` : toIso(value);
}
