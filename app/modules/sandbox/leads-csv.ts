/**
 * CSV for the sandbox leads export (RFC 4180: CRLF line ends, a field with a comma, quote or line break quoted,
 * its quotes doubled). A spreadsheet runs a cell starting with = + - or @ as a formula, so such a cell gets a
 * leading apostrophe: a prospect's name must never become a formula on a salesperson's machine.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
