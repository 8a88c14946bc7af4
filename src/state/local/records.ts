/**
 * Checksummed JSON Lines, the format of the change log (`state.json.changes`)
 * and the journal (`journal.jsonl`): each record is one line of JSON whose
 * last member is `"crc32":"<8 hex digits>"`, the CRC-32 of the line's text
 * without that member (the record as `JSON.stringify` wrote it). So damage
 * is told from truncation:
 *
 * - a crash can only cut the *last* line short (appends are whole lines, and
 *   a method resolves only once its line is on disk, so a cut line was never
 *   confirmed): an unterminated last line that is not a complete record is a
 *   torn write, skipped with a notice; the next append removes it;
 * - a complete line that does not parse, fails its checksum or is not a valid
 *   record, anywhere (the unterminated last line included when it holds a
 *   complete record), is damage: {@link StateDamagedError}, and nothing runs.
 *
 * Records written by an older cloudctl have no checksum: they are read as
 * they are when they parse and are valid (so existing workspaces keep
 * working, and a line repaired by hand is accepted once its `crc32` member is
 * removed); any record that carries a `crc32` member must match it.
 */
import type { RepairedFile } from '../contracts.js';
import { crc32 } from 'node:zlib';
import { StateCorruptError } from '../errors.js';
import { writeFileAtomic, readTextIfPresent } from './files.js';

/** Name of the checksum member of a record. */
export const CHECKSUM_KEY = 'crc32';

/** Length of the checksum member as written at the end of a line: `,"crc32":"0123abcd"}`. */
const SUFFIX_LENGTH = 20;

/** The checksum at the end of `line` when it ends with the checksum member, else `null` (a fixed-length look at the tail). */
function trailingChecksum(line: string): string | null {
  if (line.length < SUFFIX_LENGTH + 1 || line.slice(-SUFFIX_LENGTH, -10) !== ',"crc32":"' || !line.endsWith('"}')) return null;
  const value = line.slice(-10, -2);
  return /^[0-9a-f]{8}$/.test(value) ? value : null;
}

function checksumOf(text: string): string {
  return crc32(text).toString(16).padStart(8, '0');
}

/**
 * One line (without its newline) holding `record` and its checksum.
 * `record` must be a non-empty plain object.
 */
export function sealRecord(record: object): string {
  const body = JSON.stringify(record);
  return `${body.slice(0, -1)},"${CHECKSUM_KEY}":"${checksumOf(body)}"}`;
}

/** A line of a checksummed file found damaged. */
export interface DamagedLine {
  /** 1-based line number (0: the last line, number unknown). */
  line: number;
  /** What is wrong, e.g. `its checksum does not match`. */
  reason: string;
  /** What the record seems to be about (an address, a kind), when it still parses; never a value. */
  about?: string;
}

/** How {@link readRecords} judged a file. */
export interface RecordsRead<T> {
  /** Valid records with their 1-based line numbers, in file order. */
  records: Array<{ line: number; value: T }>;
  /** Damaged lines (empty when the file is sound). */
  damaged: DamagedLine[];
  /** The 1-based number of an unterminated last line cut short by a crash, if any. */
  torn?: number;
}

/**
 * Checks one complete line: `null` when it is blank, else the record or
 * why it is damaged. `problem` says why a parsed value is not a valid record
 * (`null`: valid).
 */
function judgeLine<T>(
  text: string,
  problem: (value: unknown) => string | null,
  describe?: (value: unknown) => string | undefined,
): { value: T } | { reason: string; about?: string } | null {
  if (text.trim() === '') return null;
  const stored = trailingChecksum(text);
  // With a checksum member at its end, the record is the text before it (parsed as such: nothing to delete afterwards).
  const body = stored === null ? text : `${text.slice(0, -SUFFIX_LENGTH)}}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { reason: 'it is not valid JSON' };
  }
  const about = describe?.(parsed);
  const withAbout = (reason: string) => (about === undefined ? { reason } : { reason, about });
  const mismatch =
    stored === null
      ? typeof parsed === 'object' && parsed !== null && Object.hasOwn(parsed, CHECKSUM_KEY) // a checksum member, but not as written
      : checksumOf(body) !== stored;
  if (mismatch) return withAbout('its checksum does not match (the record changed after it was written)');
  const bad = problem(parsed);
  if (bad !== null) return withAbout(`it is not a valid record (${bad})`);
  return { value: parsed as T };
}

/**
 * Splits `text` (a checksummed JSON Lines file) into valid records, damaged
 * lines and a torn last line (see the module comment). Never throws.
 */
export function judgeRecords<T>(
  text: string,
  problem: (value: unknown) => string | null,
  describe?: (value: unknown) => string | undefined,
): RecordsRead<T> {
  const lines = text.split('\n');
  const result: RecordsRead<T> = { records: [], damaged: [] };
  lines.forEach((line, index) => {
    const number = index + 1;
    const last = index === lines.length - 1; // after the final newline: '' when the file ends with one
    const judged = judgeLine<T>(line, problem, describe);
    if (judged === null) return;
    if ('value' in judged) result.records.push({ line: number, value: judged.value });
    else if (last && !completeRecord(line)) result.torn = number;
    else
      result.damaged.push({
        line: number,
        reason: last ? `${judged.reason}, and it holds a whole record, so it was not cut short by a crash` : judged.reason,
        ...(judged.about !== undefined ? { about: judged.about } : {}),
      });
  });
  return result;
}

/**
 * True when an unterminated line holds a whole checksummed record (maybe
 * followed by other bytes): a write cut short by a crash is a strict prefix
 * of one line, so it cannot.
 */
function completeRecord(line: string): boolean {
  for (const match of line.matchAll(/,"crc32":"([0-9a-f]{8})"\}/g)) {
    if (checksumOf(`${line.slice(0, match.index)}}`) === match[1]) return true;
  }
  return false;
}

/**
 * Damage found in a change log or journal: a record that is not the torn
 * last line of a crash. The message names the file and lines and the ways
 * to recover; nothing was run.
 */
export class StateDamagedError extends StateCorruptError {
  override readonly code: string = 'state_damaged';
  constructor(
    /** The file as shown to the user, e.g. `.cloudctl/journal.jsonl`. */
    path: string,
    readonly damaged: DamagedLine[],
    /** What a lost record of this file means, e.g. `the order it recorded`. */
    what: string,
  ) {
    const shown = damaged
      .slice(0, 5)
      .map(
        (entry) => `${entry.line > 0 ? `line ${entry.line}` : 'its last line'}: ${entry.reason}${entry.about ? ` (${entry.about})` : ''}`,
      );
    if (damaged.length > 5) shown.push(`and ${damaged.length - 5} more damaged lines`);
    super(path, shown.join('; '));
    this.message =
      `${path} is damaged: ${shown.join('; ')}. A crash only ever cuts the last line short, so this is damage to the file, ` +
      `not an interrupted write; cloudctl stops here, before any API call, rather than guess (a lost record could order a resource twice). ` +
      `To recover: put back an undamaged copy of ${path} if you have one, or repair the line by hand (delete its "crc32" member once it is right); ` +
      `or run 'cloudctl state repair', which keeps the file as ${path}.damaged and drops the damaged lines: ${what} is then forgotten, ` +
      `so check the account and 'cloudctl import' anything it made`;
    this.name = 'StateDamagedError';
  }
}

export type { RepairedFile };

/**
 * Rewrites the checksummed file at `path` without its damaged lines and
 * torn last line (valid lines are kept byte for byte), after copying the
 * original to `<path>.damaged`. No-op when the file is missing or sound.
 * @throws on I/O errors.
 */
export async function repairRecordsFile(
  path: string,
  displayPath: string,
  problem: (value: unknown) => string | null,
  describe?: (value: unknown) => string | undefined,
): Promise<RepairedFile> {
  const text = await readTextIfPresent(path);
  if (text === undefined) return { path: displayPath, dropped: [] };
  const judged = judgeRecords(text, problem, describe);
  if (judged.damaged.length === 0 && judged.torn === undefined) return { path: displayPath, dropped: [] };
  await writeFileAtomic(`${path}.damaged`, text);
  const lines = text.split('\n');
  const keep = judged.records.map((record) => `${lines[record.line - 1]!}\n`);
  await writeFileAtomic(path, keep.join(''));
  return {
    path: displayPath,
    dropped: judged.damaged,
    ...(judged.torn !== undefined ? { torn: judged.torn } : {}),
    keptAs: `${displayPath}.damaged`,
  };
}

/**
 * How the append-only writer treats an unterminated last line found before
 * appending: `torn` (remove it: a crash cut it short), `complete` (a whole
 * record lacking only its newline: end it), `damaged` (refuse to append).
 */
export function judgeTail(tail: string, problem: (value: unknown) => string | null): 'torn' | 'complete' | 'damaged' {
  const judged = judgeLine(tail, problem);
  if (judged === null) return 'torn';
  if ('value' in judged) return 'complete';
  return completeRecord(tail) ? 'damaged' : 'torn';
}
