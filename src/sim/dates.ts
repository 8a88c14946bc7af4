/**
 * Dates as the API writes them (`2026-11-27`, `2026-11-27 08:31:08`, ISO 8601) and calendar months, from epoch milliseconds.
 */

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` (UTC) of an epoch-milliseconds time. */
export function ymd(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) of an epoch-milliseconds time. */
export function ymdhms(ms: number): string {
  const d = new Date(ms);
  return `${ymd(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** ISO 8601 of an epoch-milliseconds time. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Adds calendar months (UTC) to an epoch-milliseconds time. */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}
