/**
 * The local backend's store: the state document and its change log in the
 * workspace folder. `state.json` is the snapshot (written atomically, mode
 * 0600, its checksum last; the previous one kept as `state.json.backup`),
 * `state.json.changes` the change log (checksummed JSON Lines of what changed
 * since the snapshot, emptied when the snapshot is rewritten).
 */
import { link, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { Low, type Adapter } from 'lowdb';
import type { ResourceState, StateDocument } from '../document.js';
import { COMPACT_SNAPSHOT_FORMAT, compactEntry, expandEntry } from './compact.js';
import { snapshotWithUnreadResources } from './snapshot-read.js';
import { takeStateReadAhead } from './read-ahead.js';
import type { StateChangeRecord } from '../contracts.js';
import { StateCorruptError, StateError } from '../errors.js';
import { outputProblems, resourceProblems, stateDocumentProblems, summariseProblems } from '../validate.js';
import {
  AppendOnlyFile,
  ensureFolder,
  hasCode,
  LINK_UNSUPPORTED,
  syncFolder,
  tempPathFor,
  writeFileAtomic,
  readBytesIfPresent,
  readTextIfPresent,
} from './files.js';
import { CHECKSUM_KEY, judgeRecords, judgeTail, repairRecordsFile, sealRecord, StateDamagedError, type RepairedFile } from './records.js';

/**
 * `state.json` ends with a checksum member: `,\n  "crc32": "<8 hex>"\n}\n`,
 * the CRC-32 of the file's text without it (the document as
 * {@link snapshotText} wrote it). Checked on the raw text, so
 * neither writing nor reading stringifies the document again. A state
 * without one (older cloudctl, or edited by hand with it removed) is read
 * as it is; one whose member is there but not as written (reformatted by
 * hand) or does not match is damage.
 */
const SNAPSHOT_SUFFIX = /,\n {2}"crc32": "([0-9a-f]{8})"\n\}\n?$/;

/**
 * The text of `document` as written to `state.json`, its checksum last: the
 * top-level members indented as `JSON.stringify(document, null, 2)` would,
 * each resource and output on a line of its own, written without
 * indentation (a diff or grep still finds one line per resource; the file
 * of 100,000 resources is a third smaller than indented throughout), each
 * resource in its compact form (compact.ts: `raw` without the members its
 * attributes hold; the file then says `"format_version": 2`).
 */
function snapshotText(document: StateDocument): string {
  let compacted = false;
  const line = (key: string, value: unknown) => {
    if (key !== 'resources' || typeof value !== 'object' || value === null) return JSON.stringify(value);
    const entry = compactEntry(value as ResourceState);
    if (entry !== value) compacted = true;
    return JSON.stringify(entry);
  };
  const members = Object.entries(document).map(([key, value]) => {
    if ((key !== 'resources' && key !== 'outputs') || typeof value !== 'object' || value === null) return [key, value] as const;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [key, '{}'] as const;
    return [key, `{\n${entries.map(([name, entry]) => `    ${JSON.stringify(name)}: ${line(key, entry)}`).join(',\n')}\n  }`] as const;
  });
  const texts = members.map(([key, value]) => {
    if (key === 'format_version' && compacted) return `  ${JSON.stringify(key)}: ${COMPACT_SNAPSHOT_FORMAT}`;
    return `  ${JSON.stringify(key)}: ${key === 'resources' || key === 'outputs' ? (value as string) : JSON.stringify(value)}`;
  });
  const body = `{\n${texts.join(',\n')}\n}`;
  return `${body.slice(0, -2)},\n  "${CHECKSUM_KEY}": "${crc32(body).toString(16).padStart(8, '0')}"\n}\n`;
}

/**
 * `parsed` (a snapshot's document, its checksum member gone) with the
 * compacted entries of a format 2 snapshot made whole again (compact.ts),
 * as format 1; a snapshot of format 1 as it is. Returns the reason when an
 * entry cannot be made whole.
 */
function expandSnapshot(parsed: Record<string, unknown>): string | null {
  if (parsed.format_version !== COMPACT_SNAPSHOT_FORMAT) return null;
  const resources = parsed.resources;
  if (typeof resources === 'object' && resources !== null) {
    for (const [address, entry] of Object.entries(resources as Record<string, unknown>)) {
      if (typeof entry !== 'object' || entry === null) continue; // validation says what is wrong
      const problem = expandEntry(entry as Record<string, unknown>);
      if (problem !== null) return `resources.${address}: ${problem}`;
    }
  }
  parsed.format_version = 1;
  return null;
}

/** The end of the checksummed text: the body is the file up to its checksum member, closed by this. */
const BODY_CLOSING = Buffer.from('\n}');

/**
 * `null` when `bytes` (a `state.json` that parsed as `parsed`) has no
 * checksum member, else whether it matches. The CRC-32 is taken of the
 * file's bytes as read (the body's UTF-8, as {@link snapshotText} wrote
 * it): no copy of a text of 100 MB is made to check it.
 */
function snapshotChecksumMatches(bytes: Buffer, parsed: unknown): boolean | null {
  const tailStart = Math.max(0, bytes.length - 40);
  // One byte a character: the suffix is ASCII, so its index is its offset in the file.
  const match = SNAPSHOT_SUFFIX.exec(bytes.subarray(tailStart).toString('latin1'));
  if (match === null) return typeof parsed === 'object' && parsed !== null && Object.hasOwn(parsed, CHECKSUM_KEY) ? false : null;
  const body = crc32(BODY_CLOSING, crc32(bytes.subarray(0, tailStart + match.index)));
  return body.toString(16).padStart(8, '0') === match[1];
}

/**
 * lowdb adapter for the state file: parses, checks the checksum (when
 * there is one) and validates on read (a bad file raises StateCorruptError
 * naming the path and the backup), and writes through
 * {@link writeFileAtomic} (unique temp file created 0600, fsync, rename,
 * fsync of the folder). lowdb's own JSONFile (steno) was not used for writes:
 * it creates its temp file with the default mode (0644 under the usual
 * umask, so the state, which holds server attributes, would end up
 * world-readable) and never fsyncs, so a power cut after the rename could
 * leave an empty state.json on some file systems.
 */
class StateFileAdapter implements Adapter<StateDocument | null> {
  constructor(
    private readonly path: string,
    private readonly displayPath: string,
    private readonly backupDisplayPath: string,
  ) {}

  async read(): Promise<StateDocument | null> {
    // The bytes read ahead of the lock (read-ahead.ts) when the file is still the one read, else read now.
    const bytes = (await takeStateReadAhead(this.path)) ?? (await readBytesIfPresent(this.path));
    if (bytes === undefined) return null;
    return (snapshotChecksumMatches(bytes, undefined) === true && this.readUnparsed(bytes)) || this.readParsed(bytes);
  }

  /**
   * The document of a snapshot whose checksum matches (the text cloudctl
   * wrote, validated before it was written), its resources parsed on first
   * use (snapshot-read.ts), each checked then as {@link readParsed} checks
   * them all; the rest checked now. Undefined when the file is not laid out
   * one resource a line (then {@link readParsed} reads it).
   * @throws StateCorruptError as {@link readParsed}; an entry that does not
   *   read back throws it when first used.
   */
  private readUnparsed(bytes: Buffer): StateDocument | undefined {
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = snapshotWithUnreadResources(bytes, (text, address) => this.entry(text, address, compacted));
    } catch {
      return undefined; // not as written: parsed whole, which says what is wrong
    }
    if (parsed === undefined) return undefined;
    const compacted = parsed.format_version === COMPACT_SNAPSHOT_FORMAT;
    const { [CHECKSUM_KEY]: _checksum, ...document } = parsed;
    if (compacted) document.format_version = 1;
    // Its entries are checked as they are read: the rest is checked here.
    const problems = stateDocumentProblems({ ...document, resources: {} }, { parsedJson: true });
    if (problems.length > 0) throw new StateCorruptError(this.displayPath, summariseProblems(problems), this.backupDisplayPath);
    return document as unknown as StateDocument;
  }

  /** One resource entry of an unparsed snapshot, parsed, made whole (`compacted`: of format 2) and checked. @throws StateCorruptError. */
  private entry(text: string, address: string, compacted: boolean): ResourceState {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new StateCorruptError(
        this.displayPath,
        `invalid JSON at resources.${address} (${(error as Error).message})`,
        this.backupDisplayPath,
      );
    }
    const unexpanded = compacted && typeof entry === 'object' && entry !== null ? expandEntry(entry) : null;
    if (unexpanded !== null) throw new StateCorruptError(this.displayPath, `resources.${address}: ${unexpanded}`, this.backupDisplayPath);
    const problems = resourceProblems(address, entry, { parsedJson: true });
    if (problems.length > 0) throw new StateCorruptError(this.displayPath, summariseProblems(problems), this.backupDisplayPath);
    return entry as unknown as ResourceState;
  }

  /** The document of the snapshot `bytes`, parsed whole, its checksum (when it has one) and its shape checked. @throws StateCorruptError. */
  private readParsed(bytes: Buffer): StateDocument {
    const text = bytes.toString('utf8');
    if (text.trim() === '') throw new StateCorruptError(this.displayPath, 'the file is empty', this.backupDisplayPath);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new StateCorruptError(this.displayPath, `invalid JSON (${(error as Error).message})`, this.backupDisplayPath);
    }
    const checksum = snapshotChecksumMatches(bytes, parsed);
    if (checksum !== null) {
      if (!checksum) {
        throw new StateCorruptError(
          this.displayPath,
          `its checksum does not match: it changed after cloudctl wrote it (damage; once a fix by hand is right, delete its "${CHECKSUM_KEY}" member)`,
          this.backupDisplayPath,
        );
      }
      const { [CHECKSUM_KEY]: _checksum, ...document } = parsed as Record<string, unknown>;
      parsed = document;
    }
    const unexpanded = typeof parsed === 'object' && parsed !== null ? expandSnapshot(parsed as Record<string, unknown>) : null;
    if (unexpanded !== null) throw new StateCorruptError(this.displayPath, unexpanded, this.backupDisplayPath);
    // Parsed from JSON: every value is a JSON value already; the shape is what is checked.
    const problems = stateDocumentProblems(parsed, { parsedJson: true });
    if (problems.length > 0) throw new StateCorruptError(this.displayPath, summariseProblems(problems), this.backupDisplayPath);
    return parsed as StateDocument;
  }

  async write(document: StateDocument | null): Promise<void> {
    if (document === null) return;
    await writeFileAtomic(this.path, snapshotText(document));
  }
}

/** Why `value` is not a {@link StateChangeRecord}, or `null` when it is one (the changed values are checked later, on the whole document). */
function changeRecordProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a change record';
  const record = value as Partial<StateChangeRecord>;
  if (typeof record.lineage !== 'string' || record.lineage === '') return 'lineage must be a non-empty string';
  if (typeof record.serial !== 'number' || !Number.isSafeInteger(record.serial) || record.serial < 1)
    return 'serial must be a whole number >= 1';
  if (!Array.isArray(record.changes)) return 'changes must be a list';
  for (const change of record.changes as unknown[]) {
    const item = change as Record<string, unknown> | null;
    if (typeof item !== 'object' || item === null) return 'a change must be an object';
    if (item.op === 'set' || item.op === 'remove') {
      if (typeof item.address !== 'string' || item.address === '') return `a ${item.op} change needs an address`;
      if (item.op === 'set' && (typeof item.resource !== 'object' || item.resource === null))
        return `the set change of ${item.address} has no resource`;
    } else if (item.op === 'outputs') {
      if (typeof item.outputs !== 'object' || item.outputs === null) return 'an outputs change needs outputs';
    } else return `unknown change ${JSON.stringify(item.op)}`;
  }
  return null;
}

/** What a change-log line is about, for the damage message: the addresses it changed (never values). */
function describeChangeRecord(value: unknown): string | undefined {
  const changes = (value as Partial<StateChangeRecord> | null)?.changes;
  if (!Array.isArray(changes)) return undefined;
  const addresses = changes
    .map((change) => (change as { address?: unknown }).address)
    .filter((address): address is string => typeof address === 'string');
  return addresses.length > 0 ? `it changed ${addresses.join(', ')}` : undefined;
}

/** What a dropped change-log line means, for {@link StateDamagedError}. */
const LOST_CHANGE_RECORD = 'the state change it recorded (e.g. a resource ordered)';

/**
 * Makes the snapshot at `path` the backup at `backup` as it is, without
 * copying it: a hard link under a temp name, renamed over the backup (the
 * rename is made durable by the folder flush of the snapshot write that
 * follows; until then the old backup stays). Resolves true when done or
 * when there is no snapshot yet, false where hard links are unsupported
 * (then copy it). @throws other I/O errors.
 */
async function linkBackup(path: string, backup: string): Promise<boolean> {
  const temp = tempPathFor(backup);
  try {
    await link(path, temp);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return true;
    if (hasCode(error, ...LINK_UNSUPPORTED)) return false;
    throw error;
  }
  try {
    await rename(temp, backup);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return true;
}

/** How often appends to the change log check that the lock is still held, in ms (a snapshot write always checks). */
const LOCK_CHECK_INTERVAL_MS = 1000;

/** Options of {@link LocalStore}. */
export interface LocalStoreOptions {
  /** Absolute path of `state.json`. */
  statePath: string;
  /** `state.json` as shown in messages (as the user gave it). */
  displayPath: string;
  /** Receives notices: skipped torn lines, records of another lineage. */
  onWarning: (message: string) => void;
  /** Warns when the lock this run took is gone (the lock's check); called before every snapshot write and, at most once a second, before appends. */
  checkLock: () => Promise<void>;
}

/** The snapshot and the change log of a local state (see the module comment). */
export class LocalStore {
  /** Absolute path of `state.json.backup`. */
  readonly backupPath: string;
  /** Absolute path of the change log, `state.json.changes`. */
  readonly changesPath: string;
  private readonly statePath: string;
  private readonly folder: string;
  private readonly displayPath: string;
  private readonly changesDisplayPath: string;
  private readonly changeLog: AppendOnlyFile;
  /** When the held lock was last checked by `appendChanges` (epoch ms; it checks at most once a second). */
  private lockCheckedAt = 0;
  /** Change-log records newer than the snapshot (see {@link changesSinceSnapshot}). */
  private recordsSinceSnapshot = 0;
  private readonly low: Low<StateDocument | null>;
  private readonly onWarning: (message: string) => void;
  private readonly checkHeldLock: () => Promise<void>;

  constructor(options: LocalStoreOptions) {
    this.statePath = options.statePath;
    this.folder = dirname(this.statePath);
    this.displayPath = options.displayPath;
    this.backupPath = `${this.statePath}.backup`;
    this.changesPath = `${this.statePath}.changes`;
    this.changesDisplayPath = `${this.displayPath}.changes`;
    this.changeLog = new AppendOnlyFile(this.changesPath, {
      judge: (tail) => judgeTail(tail, changeRecordProblem),
      refuse: () => new StateDamagedError(this.changesDisplayPath, [{ line: 0, reason: 'it holds a damaged record' }], LOST_CHANGE_RECORD),
    });
    this.onWarning = options.onWarning;
    this.checkHeldLock = options.checkLock;
    this.low = new Low<StateDocument | null>(new StateFileAdapter(this.statePath, this.displayPath, `${this.displayPath}.backup`), null);
  }

  /** Opens the change log's file ahead of its first append (see {@link AppendOnlyFile.open}). */
  open(): Promise<void> {
    return this.changeLog.open();
  }

  /** Closes the change log's file once its appends are written (a later append opens it again). */
  close(): Promise<void> {
    return this.changeLog.close();
  }

  async read(): Promise<StateDocument | null> {
    await this.changeLog.close();
    this.low.data = null;
    await this.low.read();
    return this.replayChanges(this.low.data);
  }

  async write(document: StateDocument): Promise<void> {
    const problems = stateDocumentProblems(document);
    if (problems.length > 0) {
      throw new StateError(`refusing to write an invalid state document to ${this.displayPath}: ${summariseProblems(problems)}`);
    }
    await ensureFolder(this.folder);
    await this.checkHeldLock();
    await this.changeLog.exclusive(async () => {
      if (!(await linkBackup(this.statePath, this.backupPath))) {
        const previous = await readTextIfPresent(this.statePath);
        if (previous !== undefined) await writeFileAtomic(this.backupPath, previous);
      }
      this.low.data = document;
      await this.low.write();
      // The snapshot now holds every change: empty the log (a crash before this
      // leaves records whose serials the snapshot already has; replay skips them).
      try {
        await unlink(this.changesPath);
        await syncFolder(this.folder);
      } catch (error) {
        if (!hasCode(error, 'ENOENT')) throw error;
      }
      this.recordsSinceSnapshot = 0;
    });
  }

  async appendChanges(record: StateChangeRecord): Promise<void> {
    const problems: string[] = [];
    for (const change of record.changes) {
      if (change.op === 'set') problems.push(...resourceProblems(change.address, change.resource));
      else if (change.op === 'outputs')
        for (const [name, output] of Object.entries(change.outputs)) problems.push(...outputProblems(name, output));
    }
    if (problems.length > 0)
      throw new StateError(`refusing to record an invalid state change in ${this.changesDisplayPath}: ${summariseProblems(problems)}`);
    if (Date.now() - this.lockCheckedAt >= LOCK_CHECK_INTERVAL_MS) {
      this.lockCheckedAt = Date.now();
      await this.checkHeldLock();
    }
    await this.changeLog.append(`${sealRecord(record)}\n`);
    this.recordsSinceSnapshot += 1;
  }

  changesSinceSnapshot(): number {
    return this.recordsSinceSnapshot;
  }

  /**
   * Applies the change log's records newer than `snapshot` to it, in file
   * order; a new state (no snapshot) starts from the first record's lineage.
   * An unterminated last line that is not a whole record (cut short by a
   * crash: its append never resolved) is skipped with a warning; records of
   * another lineage are ignored with a warning.
   * @throws StateDamagedError (naming the change log and line) when a line
   *   is damaged: bad JSON, a checksum that does not match, not a valid
   *   change, anywhere but a torn last line (records.ts);
   *   StateCorruptError when the result is not a valid document.
   */
  private async replayChanges(snapshot: StateDocument | null): Promise<StateDocument | null> {
    this.recordsSinceSnapshot = 0;
    const text = await readTextIfPresent(this.changesPath);
    if (text === undefined) return snapshot;
    let document = snapshot;
    const judged = judgeRecords<StateChangeRecord>(text, changeRecordProblem, describeChangeRecord);
    if (judged.damaged.length > 0) throw new StateDamagedError(this.changesDisplayPath, judged.damaged, LOST_CHANGE_RECORD);
    if (judged.torn !== undefined) {
      this.onWarning(
        `state change log ${this.changesDisplayPath}: skipped its last line (${judged.torn}), a write cut short by a crash (that change was never confirmed)`,
      );
    }
    for (const { line, value: record } of judged.records) {
      document ??= { format_version: 1, lineage: record.lineage, serial: 0, resources: {}, outputs: {} };
      if (record.lineage !== document.lineage) {
        this.onWarning(
          `state change log ${this.changesDisplayPath}: line ${line} belongs to another state (lineage ${record.lineage}); ignored`,
        );
        continue;
      }
      if (record.serial <= document.serial) continue; // already in the snapshot
      for (const change of record.changes) {
        if (change.op === 'set') document.resources[change.address] = change.resource;
        else if (change.op === 'remove') delete document.resources[change.address];
        else document.outputs = change.outputs;
      }
      document.serial = record.serial;
      if (record.encryption !== undefined) (document as StateDocument & { encryption?: unknown }).encryption = record.encryption;
      this.recordsSinceSnapshot += 1;
    }
    if (this.recordsSinceSnapshot > 0 && document !== null) {
      const problems = stateDocumentProblems(document);
      if (problems.length > 0)
        throw new StateCorruptError(this.changesDisplayPath, `replayed on ${this.displayPath}: ${summariseProblems(problems)}`);
    }
    return document;
  }

  /**
   * Rewrites the change log without its damaged lines and torn last line,
   * keeping a damaged original as `state.json.changes.damaged` (part of
   * `cloudctl state repair`). @throws on I/O errors.
   */
  repair(): Promise<RepairedFile> {
    return this.changeLog.exclusive(() =>
      repairRecordsFile(this.changesPath, this.changesDisplayPath, changeRecordProblem, describeChangeRecord),
    );
  }
}
