/**
 * Date and time functions (Terraform's "Date and Time Functions"):
 * formatdate, timeadd, timecmp, and `timestamp`, which the evaluator runs
 * itself (unknown until apply, as Terraform). Timestamps are RFC 3339
 * (`2026-11-29T04:00:00Z`, `2026-11-29T05:00:00+01:00`); results keep the
 * offset of the timestamp given.
 */
import { define, FunctionError, parameter, type FunctionDefinition } from './definition.js';
import { evaluatorOnly } from './types.js';

/** A moment: nanoseconds since the Unix epoch, and the offset from UTC it was written in. */
interface Moment {
  nanoseconds: bigint;
  offsetMinutes: number;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|([+-])(\d{2}):(\d{2}))$/;

/** Reads an RFC 3339 timestamp; a {@link FunctionError} naming `name` when it is not one. */
function parseTimestamp(text: string, name: string): Moment {
  const match = RFC3339.exec(text);
  const invalid = () =>
    new FunctionError(
      `${name}(): ${JSON.stringify(text)} is not an RFC 3339 timestamp (like "2026-11-29T04:00:00Z")`,
      `${name}(): the timestamp is not in RFC 3339 form (like "2026-11-29T04:00:00Z")`,
    );
  if (!match) throw invalid();
  const [, year, month, day, hour, minute, second, fraction = '', zone, sign, offsetHours, offsetMinutesText] = match;
  const fields = [year, month, day, hour, minute, second].map(Number);
  const milliseconds = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
  const check = new Date(milliseconds);
  if (check.getUTCMonth() !== fields[1] - 1 || check.getUTCDate() !== fields[2] || fields[3] > 23 || fields[4] > 59 || fields[5] > 59)
    throw invalid();
  const offsetMinutes = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutesText));
  const nanoseconds = BigInt(milliseconds - offsetMinutes * 60_000) * 1_000_000n + BigInt(fraction.padEnd(9, '0'));
  return { nanoseconds, offsetMinutes };
}

/** The calendar fields of a moment in its own offset. */
function fieldsOf(moment: Moment): Date {
  const milliseconds = Number(moment.nanoseconds / 1_000_000n - (moment.nanoseconds % 1_000_000n < 0n ? 1n : 0n));
  return new Date(milliseconds + moment.offsetMinutes * 60_000);
}

const two = (value: number): string => String(value).padStart(2, '0');

function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${two(Math.floor(absolute / 60))}${colon ? ':' : ''}${two(absolute % 60)}`;
}

/** Go's time.RFC3339 layout: seconds, no fraction, `Z` for a zero offset. */
function rfc3339(moment: Moment): string {
  const date = fieldsOf(moment);
  const zone = moment.offsetMinutes === 0 ? 'Z' : offsetText(moment.offsetMinutes, true);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}${zone}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The `formatdate` sequences: a letter repeated a number of times. */
function sequence(token: string, date: Date, offsetMinutes: number): string | undefined {
  const hour12 = date.getUTCHours() % 12 === 0 ? 12 : date.getUTCHours() % 12;
  const table: Record<string, () => string> = {
    YYYY: () => String(date.getUTCFullYear()).padStart(4, '0'),
    YY: () => two(date.getUTCFullYear() % 100),
    MMMM: () => MONTHS[date.getUTCMonth()],
    MMM: () => MONTHS[date.getUTCMonth()].slice(0, 3),
    MM: () => two(date.getUTCMonth() + 1),
    M: () => String(date.getUTCMonth() + 1),
    DD: () => two(date.getUTCDate()),
    D: () => String(date.getUTCDate()),
    EEEE: () => DAYS[date.getUTCDay()],
    EEE: () => DAYS[date.getUTCDay()].slice(0, 3),
    hh: () => two(date.getUTCHours()),
    h: () => String(date.getUTCHours()),
    HH: () => two(hour12),
    H: () => String(hour12),
    AA: () => (date.getUTCHours() < 12 ? 'AM' : 'PM'),
    aa: () => (date.getUTCHours() < 12 ? 'am' : 'pm'),
    mm: () => two(date.getUTCMinutes()),
    m: () => String(date.getUTCMinutes()),
    ss: () => two(date.getUTCSeconds()),
    s: () => String(date.getUTCSeconds()),
    ZZZZZ: () => offsetText(offsetMinutes, true),
    ZZZZ: () => offsetText(offsetMinutes, false),
    ZZZ: () => (offsetMinutes === 0 ? 'UTC' : offsetText(offsetMinutes, false)),
    Z: () => (offsetMinutes === 0 ? 'Z' : offsetText(offsetMinutes, true)),
  };
  return table[token]?.();
}

/** `formatdate`: the sequences above, `'literal text'` (`''` for a quote), other non-letters as they are. */
function formatDate(spec: string, timestamp: string): string {
  const moment = parseTimestamp(timestamp, 'formatdate');
  const date = fieldsOf(moment);
  let output = '';
  for (let index = 0; index < spec.length;) {
    const char = spec[index];
    if (char === "'") {
      if (spec[index + 1] === "'") {
        output += "'";
        index += 2;
        continue;
      }
      const close = spec.indexOf("'", index + 1);
      if (close < 0)
        throw new FunctionError(
          `formatdate(): unterminated quoted literal in the format ${JSON.stringify(spec)}`,
          'formatdate(): unterminated quoted literal in the format',
        );
      output += spec.slice(index + 1, close);
      index = close + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(char)) {
      output += char;
      index++;
      continue;
    }
    let end = index;
    while (spec[end] === char) end++;
    const token = spec.slice(index, end);
    const value = sequence(token, date, moment.offsetMinutes);
    if (value === undefined) throw new FunctionError(`formatdate(): invalid date format sequence "${token}" (quote literal letters: 'at')`);
    output += value;
    index = end;
  }
  return output;
}

const UNITS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** Go's time.ParseDuration (`"1h30m"`, `"-10m"`, `"1.5s"`, `"0"`), in nanoseconds. */
function parseDuration(text: string): bigint {
  const invalid = () =>
    new FunctionError(
      `timeadd(): ${JSON.stringify(text)} is not a duration (like "1h30m", "-10m", "45s"; units ns us ms s m h)`,
      'timeadd(): the duration is not in Go form (like "1h30m", "-10m", "45s")',
    );
  const match = /^([-+]?)(.*)$/.exec(text)!;
  const body = match[2];
  if (body === '0') return 0n;
  if (body === '' || !/^(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.test(body)) throw invalid();
  let total = 0;
  for (const [, amount, unit] of body.matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(amount) * UNITS[unit];
  const nanoseconds = BigInt(Math.round(total));
  return match[1] === '-' ? -nanoseconds : nanoseconds;
}

const timestampParameter = parameter('timestamp', 'string');

/** The date and time functions, in the order of the docs. */
export const DATE_FUNCTIONS: FunctionDefinition[] = [
  define('date', {
    name: 'formatdate',
    parameters: [parameter('format', 'string'), timestampParameter],
    result: 'string',
    description:
      "An RFC 3339 timestamp written in a format of sequences: `YYYY YY MMMM MMM MM M DD D EEEE EEE hh h HH H AA aa mm m ss s ZZZZZ ZZZZ ZZZ Z`, `'quoted text'`; other letters are an error.",
    example: '${formatdate("DD MMM YYYY hh:mm ZZZ", "2026-11-29T04:05:00Z")} → "29 Nov 2026 04:05 UTC"',
    run: ([spec, timestamp]) => formatDate(spec as string, timestamp as string),
  }),
  define('date', {
    name: 'timeadd',
    parameters: [timestampParameter, parameter('duration', 'string')],
    result: 'string',
    description:
      'The RFC 3339 timestamp plus a duration (`"1h30m"`, `"-10m"`; units ns us ms s m h), in the same offset, without fractional seconds.',
    example: '${timeadd("2026-11-29T00:00:00Z", "36h")} → "2026-11-30T12:00:00Z"',
    run: ([timestamp, duration]) => {
      const moment = parseTimestamp(timestamp as string, 'timeadd');
      return rfc3339({ ...moment, nanoseconds: moment.nanoseconds + parseDuration(duration as string) });
    },
  }),
  define('date', {
    name: 'timecmp',
    parameters: [parameter('timestamp_a', 'string'), parameter('timestamp_b', 'string')],
    result: 'number',
    description: 'Compares two RFC 3339 timestamps as moments: -1 when the first is earlier, 0 when the same, 1 when later.',
    example: '${timecmp("2026-11-29T05:00:00+01:00", "2026-11-29T04:00:00Z")} → 0',
    run: ([a, b]) => {
      const difference = parseTimestamp(a as string, 'timecmp').nanoseconds - parseTimestamp(b as string, 'timecmp').nanoseconds;
      return difference < 0n ? -1 : difference > 0n ? 1 : 0;
    },
  }),
  {
    name: 'timestamp',
    family: 'date',
    special: 'timestamp',
    parameters: [],
    result: 'string',
    description: 'The current date and time as an RFC 3339 timestamp in UTC; known only at apply (unknown in a plan), as Terraform.',
    example: '${timestamp()} → "2026-11-29T04:00:00Z" (at apply)',
    implementation: evaluatorOnly('timestamp'),
  },
];
