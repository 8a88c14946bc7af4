/**
 * The simulator's data file, written in proportion to what changed: the
 * data file `FILE` is a snapshot (the whole {@link SimData} as JSON, written
 * atomically), `FILE.log` an append-only log of what changed since, one JSON
 * line a flush ({@link LogLine}: the accounts that changed, whole; keypairs
 * added or removed; the assignments when they changed; the ledger entries
 * and requests appended; the counters). Loading reads the snapshot and
 * replays the lines of its generation; a torn last line (a crash in the
 * middle of an append) is ignored. When the log outgrows the snapshot (and
 * 4 MB), the snapshot is written again (its generation one more) and the log
 * emptied: lines of an older generation, left by a crash between the two,
 * are skipped on load. Each flush therefore writes what it changed, and the
 * compactions add a constant per byte logged.
 */
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AnyAccount, Assignment, Keypair, SimData } from './data-types.js';
import type { LedgerEntry, RequestLogEntry } from './types.js';

/** One line of the log: what one flush changed. */
export interface LogLine {
  /** The snapshot generation the line follows. */
  g: number;
  counters?: SimData['counters'];
  /** Accounts changed or added, whole. */
  accounts?: AnyAccount[];
  /** Keypairs added. */
  keypairs?: Keypair[];
  /** Ids of keypairs removed. */
  removedKeypairs?: number[];
  /** The assignments, whole, when they changed. */
  assignments?: Assignment[];
  ledger?: LedgerEntry[];
  requests?: RequestLogEntry[];
}

/** Path of the log of the data file `file`. */
export function logPathOf(file: string): string {
  return `${file}.log`;
}

/** The least log size (bytes) that makes a compaction. */
const MIN_COMPACTION_BYTES = 4 * 1024 * 1024;

/** Applies one log line to `data` (in place). */
export function replayLine(data: SimData, line: LogLine): void {
  if (line.counters) data.counters = { ...data.counters, ...line.counters };
  for (const account of line.accounts ?? []) data.accounts[account.id] = account;
  if (line.keypairs) data.keypairs.push(...line.keypairs);
  if (line.removedKeypairs) {
    const removed = new Set(line.removedKeypairs);
    data.keypairs = data.keypairs.filter((keypair) => !removed.has(keypair.id));
  }
  if (line.assignments) data.assignments = line.assignments;
  if (line.ledger) data.ledger.push(...line.ledger);
  if (line.requests) data.requests.push(...line.requests);
}

/**
 * Replays the log of `file` onto `data` (read from the snapshot, of
 * generation `data.generation ?? 0`). Returns whether the log ended with a
 * torn line (ignored, as is any line of another generation). A missing log
 * is an empty one.
 */
export function replayLog(file: string, data: SimData): { torn: boolean } {
  const log = logPathOf(file);
  if (!existsSync(log)) return { torn: false };
  const text = readFileSync(log, 'utf8');
  const generation = data.generation ?? 0;
  // Every whole line ends with a line break: what follows the last one is a line torn by a crash, ignored.
  const lines = text.split('\n');
  const torn = lines.pop() !== '';
  for (const [index, text] of lines.entries()) {
    if (text === '') continue;
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      throw new Error(`${log}: line ${index + 1} is damaged; remove the log to start again from the snapshot`);
    }
    if (line.g === generation) replayLine(data, line);
  }
  return { torn };
}

/**
 * The writer of a data file and its log (see the module doc). Not safe for
 * two processes at once (nor is the simulator).
 */
export class DataLog {
  private logBytes: number;
  private snapshotBytes: number;

  /** `file`: the data file; its log is `FILE.log`. */
  constructor(readonly file: string) {
    this.snapshotBytes = existsSync(file) ? statSync(file).size : 0;
    const log = logPathOf(file);
    this.logBytes = existsSync(log) ? statSync(log).size : 0;
  }

  /** Whether the snapshot exists (a fresh cloud writes one first). */
  hasSnapshot(): boolean {
    return existsSync(this.file);
  }

  /** Appends one line. Throws on I/O errors. */
  append(line: LogLine): void {
    const text = `${JSON.stringify(line)}\n`;
    appendFileSync(logPathOf(this.file), text, { mode: 0o600 });
    this.logBytes += Buffer.byteLength(text);
  }

  /** Whether the log has outgrown the snapshot (and 4 MB): time to {@link compact}. */
  wantsCompaction(): boolean {
    return this.logBytes > Math.max(MIN_COMPACTION_BYTES, this.snapshotBytes);
  }

  /**
   * Writes the whole of `data` as the new snapshot, of the next generation
   * (set on `data`), then empties the log. A crash between the two leaves
   * lines of the older generation, which loading skips.
   */
  compact(data: SimData, writeAtomic: (file: string, text: string) => void): void {
    data.generation = (data.generation ?? 0) + 1;
    const text = JSON.stringify(data);
    writeAtomic(this.file, text);
    this.snapshotBytes = Buffer.byteLength(text);
    writeFileSync(logPathOf(this.file), '', { mode: 0o600 });
    this.logBytes = 0;
  }
}
