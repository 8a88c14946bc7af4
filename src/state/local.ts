/**
 * `LocalBackend`: state in a workspace folder on the local disk (default
 * `.cloudctl/`): `state.json` (the snapshot), `state.json.changes` (the
 * change log: JSON Lines of what changed since the snapshot, emptied when
 * the snapshot is rewritten), `state.json.backup`, `state.lock` and
 * `journal.jsonl`.
 *
 * Lock mechanism: an exclusive-create lock *file* holding the LockHolder
 * JSON, made atomic with link(2): the holder JSON is written and fsynced to a
 * unique temp file, then hard-linked to `state.lock`; link fails with EEXIST
 * when the lock exists, so exactly one run wins, and the lock never exists
 * half-written (a plain O_EXCL create followed by a write could leave an
 * empty lock behind after a crash). Where hard links are unsupported the
 * code falls back to `open(..., 'wx')`. A lock whose holder is on this host
 * with a dead pid is stale and taken over; contenders serialise that
 * takeover on a short-lived `state.lock.break` file so a fresh lock is never
 * removed by mistake. A lock from another host is never broken
 * automatically (`force-unlock <id>` is the way out).
 *
 * proper-lockfile was not used: it locks with a directory (no room for the
 * holder's pid/host/command, which the error must name), keeps it alive with
 * a timer, and declares it stale by mtime age (10 s by default) whatever its
 * host, so it would break the lock of a crashed run on another host, or of a
 * live one whose timer stalled, and then throws asynchronously
 * ("compromised") in the middle of a run.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { crc32 } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import type { StateDocument } from '../core/types.js';
import type { LockHolder, LockOptions, StateBackend, StateChangeRecord, StateLock } from './backend.js';
import { describeHolder, StateCorruptError, StateError, StateLockedError } from './errors.js';
import {
  AppendOnlyFile,
  ensureFolder,
  hasCode,
  syncFolder,
  tempPathFor,
  writeFileAtomic,
  writeNewFileDurably,
  readTextIfPresent,
} from './files.js';
import { FileJournal } from './journal.js';
import { CHECKSUM_KEY, judgeRecords, judgeTail, repairRecordsFile, sealRecord, StateDamagedError, type RepairedFile } from './records.js';
import { outputProblems, resourceProblems, stateDocumentProblems, summariseProblems } from './validate.js';

export { DEFAULT_STATE_PATH } from './location.js';

/** Options of {@link LocalBackend}. */
export interface LocalBackendOptions {
  /** The state file, e.g. `.cloudctl/state.json`; its folder is the workspace folder. */
  statePath: string;
  /** Folder a relative `statePath` is resolved against (default: the process's working directory); messages keep `statePath` as given. */
  cwd?: string;
  /**
   * Receives notices meant for the user's stderr: a stale lock taken over,
   * waiting for a lock, a lock lost while held, skipped torn journal lines.
   */
  onWarning?: (message: string) => void;
  /** How often a waiting `lock()` retries, in milliseconds (default 250). */
  lockPollIntervalMs?: number;
}

/** Sibling display path: `.cloudctl/state.json` + `state.lock` -> `.cloudctl/state.lock`. */
function sibling(displayPath: string, name: string): string {
  const folder = dirname(displayPath);
  return folder === '.' ? name : join(folder, name);
}

/**
 * `state.json` ends with a checksum member: `,\n  "crc32": "<8 hex>"\n}\n`,
 * the CRC-32 of the file's text without it (the document as
 * `JSON.stringify(document, null, 2)` wrote it). Checked on the raw text, so
 * neither writing nor reading stringifies the document again. A state
 * without one (older cloudctl, or edited by hand with it removed) is read
 * as it is; one whose member is there but not as written (reformatted by
 * hand) or does not match is damage.
 */
const SNAPSHOT_SUFFIX = /,\n {2}"crc32": "([0-9a-f]{8})"\n\}\n?$/;

/** The text of `document` as written to `state.json`, its checksum last. */
function snapshotText(document: StateDocument): string {
  const body = JSON.stringify(document, null, 2);
  return `${body.slice(0, -2)},\n  "${CHECKSUM_KEY}": "${crc32(body).toString(16).padStart(8, '0')}"\n}\n`;
}

/** `null` when `text` (a `state.json` that parsed) has no checksum member, else whether it matches. */
function snapshotChecksumMatches(text: string, parsed: unknown): boolean | null {
  const match = SNAPSHOT_SUFFIX.exec(text.slice(-40));
  if (match === null) return typeof parsed === 'object' && parsed !== null && Object.hasOwn(parsed, CHECKSUM_KEY) ? false : null;
  const body = `${text.slice(0, text.length - 40 + match.index)}\n}`;
  return crc32(body).toString(16).padStart(8, '0') === match[1];
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
    const text = await readTextIfPresent(this.path);
    if (text === undefined) return null;
    if (text.trim() === '') throw new StateCorruptError(this.displayPath, 'the file is empty', this.backupDisplayPath);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new StateCorruptError(this.displayPath, `invalid JSON (${(error as Error).message})`, this.backupDisplayPath);
    }
    const checksum = snapshotChecksumMatches(text, parsed);
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
    const problems = stateDocumentProblems(parsed);
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

/** A lock as found on disk. `unreadable` when its content is not a LockHolder. */
interface FoundLock {
  holder: LockHolder;
  unreadable: boolean;
}

/** Lock id shown for a lock file whose content cannot be read; `force-unlock unreadable` removes it. */
export const UNREADABLE_LOCK_ID = 'unreadable';

function isHolder(value: unknown): value is LockHolder {
  if (typeof value !== 'object' || value === null) return false;
  const holder = value as Record<string, unknown>;
  return (
    typeof holder.id === 'string' &&
    typeof holder.pid === 'number' &&
    typeof holder.host === 'string' &&
    typeof holder.started_at === 'string' &&
    typeof holder.command === 'string'
  );
}

/** True unless `pid` certainly does not exist on this host (ESRCH). */
function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true; // cannot tell: assume alive
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return !hasCode(error, 'ESRCH'); // EPERM: exists, owned by someone else
  }
}

/** How often appends to the change log check that the lock is still held, in ms (a snapshot write always checks). */
const LOCK_CHECK_INTERVAL_MS = 1000;

/** Age after which a leftover `state.lock.break` (its creator crashed mid-takeover) is cleared, in ms. */
const BREAKER_STALE_MS = 10_000;

/** Error codes of a hard link the file system does not support (then a copy or an exclusive create is used instead). */
const LINK_UNSUPPORTED = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'];

/**
 * Creates `path` holding `content` only if it does not exist; false when it
 * does. The content is complete the moment the name appears: it is written
 * and fsynced to a unique temp file first, then hard-linked into place
 * (link fails with EEXIST when taken). Falls back to an O_EXCL create where
 * hard links are unsupported.
 */
async function createExclusive(path: string, content: string): Promise<boolean> {
  const temp = tempPathFor(path);
  await writeNewFileDurably(temp, content);
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false;
    if (!hasCode(error, ...LINK_UNSUPPORTED)) throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  try {
    await writeNewFileDurably(path, content);
    return true;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false;
    throw error;
  }
}

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

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * State kept in a folder on the local disk. The folder (mode 0700) is created
 * on the first write or lock. `state.json` is written atomically with mode
 * 0600; before each write the previous snapshot becomes
 * `state.json.backup` (a hard link to it, else a copy; 0600, also atomic).
 */
export class LocalBackend implements StateBackend {
  /** Absolute path of `state.json`. */
  readonly statePath: string;
  /** Absolute path of the workspace folder (dirname of `statePath`). */
  readonly folder: string;
  /** Absolute path of `state.json.backup`. */
  readonly backupPath: string;
  /** Absolute path of `state.lock`. */
  readonly lockPath: string;
  /** Absolute path of the change log, `state.json.changes`. */
  readonly changesPath: string;
  readonly journal: FileJournal;

  private readonly displayPath: string;
  private readonly lockDisplayPath: string;
  private readonly changesDisplayPath: string;
  private readonly changeLog: AppendOnlyFile;
  /** When the held lock was last checked by `appendChanges` (epoch ms; it checks at most once a second). */
  private lockCheckedAt = 0;
  /** Change-log records newer than the snapshot (see {@link changesSinceSnapshot}). */
  private recordsSinceSnapshot = 0;
  private readonly low: Low<StateDocument | null>;
  private readonly onWarning: (message: string) => void;
  private readonly pollMs: number;
  /** The lock this instance holds, if any (checked on every write). */
  private held: LockHolder | null = null;
  private lostLockReported = false;

  constructor(options: LocalBackendOptions) {
    this.displayPath = options.statePath;
    this.statePath = options.cwd === undefined ? resolve(options.statePath) : resolve(options.cwd, options.statePath);
    this.folder = dirname(this.statePath);
    this.backupPath = `${this.statePath}.backup`;
    this.lockPath = join(this.folder, 'state.lock');
    this.lockDisplayPath = sibling(this.displayPath, 'state.lock');
    this.changesPath = `${this.statePath}.changes`;
    this.changesDisplayPath = `${this.displayPath}.changes`;
    this.changeLog = new AppendOnlyFile(this.changesPath, {
      judge: (tail) => judgeTail(tail, changeRecordProblem),
      refuse: () => new StateDamagedError(this.changesDisplayPath, [{ line: 0, reason: 'it holds a damaged record' }], LOST_CHANGE_RECORD),
    });
    this.onWarning = options.onWarning ?? (() => undefined);
    this.pollMs = Math.max(1, options.lockPollIntervalMs ?? 250);
    this.low = new Low<StateDocument | null>(new StateFileAdapter(this.statePath, this.displayPath, `${this.displayPath}.backup`), null);
    this.journal = new FileJournal(join(this.folder, 'journal.jsonl'), {
      onWarning: this.onWarning,
      displayPath: sibling(this.displayPath, 'journal.jsonl'),
    });
  }

  describe(): string {
    return this.displayPath;
  }

  /** Opens the change log's and the journal's files ahead of their first appends (see {@link AppendOnlyFile.open}). */
  async open(): Promise<void> {
    await Promise.all([this.changeLog.open(), this.journal.open()]);
  }

  /** Closes the change log's and the journal's files once their appends are written (a later append opens them again). */
  async close(): Promise<void> {
    await Promise.all([this.changeLog.close(), this.journal.close()]);
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
   * `cloudctl state repair`: rewrites the change log and the journal without
   * their damaged lines and torn last line, keeping each damaged original as
   * `<file>.damaged`. Take the lock first. What the dropped lines recorded is
   * forgotten (the caller tells the user to check the account and import).
   * @throws on I/O errors.
   */
  async repair(): Promise<RepairedFile[]> {
    const changes = await this.changeLog.exclusive(() =>
      repairRecordsFile(this.changesPath, this.changesDisplayPath, changeRecordProblem, describeChangeRecord),
    );
    return [changes, await this.journal.repair()];
  }

  async lock(command: string, options: LockOptions = {}): Promise<StateLock> {
    const timeoutMs = Math.max(0, (options.timeoutSeconds ?? 0) * 1000);
    const start = Date.now();
    const id = randomUUID();
    await ensureFolder(this.folder);
    let announced = false;
    for (;;) {
      const holder: LockHolder = { id, pid: process.pid, host: hostname(), started_at: new Date().toISOString(), command };
      const found = await this.tryAcquire(holder);
      if (found === null) {
        this.held = holder;
        this.lostLockReported = false;
        return { holder, release: () => this.release(holder) };
      }
      if (await this.breakIfStale(found)) continue;
      const elapsed = Date.now() - start;
      if (elapsed >= timeoutMs) throw new StateLockedError(found.holder, this.lockDisplayPath, timeoutMs > 0 ? elapsed / 1000 : 0);
      if (!announced) {
        announced = true;
        this.onWarning(`state is locked by ${describeHolder(found.holder)}; waiting up to ${timeoutMs / 1000}s`);
      }
      await sleep(Math.min(this.pollMs, timeoutMs - elapsed));
    }
  }

  async forceUnlock(id: string): Promise<void> {
    const found = await this.readLock();
    if (found === null) throw new StateError(`state is not locked (no ${this.lockDisplayPath})`);
    if (found.holder.id !== id) {
      throw new StateError(
        `lock id ${id} does not match the lock on ${this.lockDisplayPath} (its id is ${found.holder.id}); nothing removed`,
      );
    }
    const removed = await this.removeLockIf(found.holder.id);
    if (!removed) throw new StateError(`the lock on ${this.lockDisplayPath} changed while removing it; nothing removed, look again`);
    if (this.held?.id === id) this.held = null;
  }

  /** Who holds the lock now, or `null` when the state is not locked. */
  async lockHolder(): Promise<LockHolder | null> {
    return (await this.readLock())?.holder ?? null;
  }

  /** Creates the lock atomically. `null` on success, otherwise the lock found. */
  private async tryAcquire(holder: LockHolder): Promise<FoundLock | null> {
    for (;;) {
      if (await createExclusive(this.lockPath, `${JSON.stringify(holder)}\n`)) return null;
      const found = await this.readLock();
      if (found !== null) return found;
      // removed between our attempt and the read: try again at once
    }
  }

  private async readLock(): Promise<FoundLock | null> {
    const text = await readTextIfPresent(this.lockPath);
    if (text === undefined) return null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (isHolder(parsed)) return { holder: parsed, unreadable: false };
    } catch {
      // fall through
    }
    return {
      holder: {
        id: UNREADABLE_LOCK_ID,
        pid: 0,
        host: 'unknown',
        started_at: 'unknown',
        command: `(unreadable lock file ${this.lockDisplayPath})`,
      },
      unreadable: true,
    };
  }

  /**
   * Takes a stale lock away: its holder is on this host and its pid is gone.
   * Contenders serialise on a short-lived `state.lock.break` file (created
   * atomically like the lock, held for a few milliseconds), and the lock is
   * removed only when it is still the one judged stale, so a fresh lock of
   * another contender is never removed. True when the caller should try again.
   */
  private async breakIfStale(found: FoundLock): Promise<boolean> {
    const { holder } = found;
    if (found.unreadable || holder.host !== hostname() || processAlive(holder.pid)) return false;
    const breaker = `${this.lockPath}.break`;
    const content = `${JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() })}\n`;
    if (!(await createExclusive(breaker, content))) {
      // another contender is breaking it; a breaker left by a crash (older than 10 s) is cleared
      const age = await stat(breaker).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > BREAKER_STALE_MS) await unlink(breaker).catch(() => undefined);
      await sleep(5);
      return true;
    }
    try {
      const current = await this.readLock();
      if (current?.holder.id !== holder.id) return true; // someone else took it over already
      await unlink(this.lockPath);
      this.onWarning(
        `took over a stale state lock: pid ${holder.pid} on host ${holder.host} (${holder.command}, since ${holder.started_at}, ` +
          `lock id ${holder.id}) no longer runs; its run may have been interrupted`,
      );
      return true;
    } finally {
      await unlink(breaker).catch(() => undefined);
    }
  }

  /**
   * Removes the lock when its id is `id`; returns whether it did. The lock is
   * renamed aside first so the check and the removal act on the same file.
   */
  private async removeLockIf(id: string): Promise<boolean> {
    const aside = tempPathFor(`${this.lockPath}.removed`);
    try {
      await rename(this.lockPath, aside);
    } catch (error) {
      if (hasCode(error, 'ENOENT')) return false;
      throw error;
    }
    let content = '';
    try {
      content = await readFile(aside, 'utf8');
    } catch {
      // treat as not matching
    }
    let matches = false;
    try {
      const parsed: unknown = JSON.parse(content);
      matches = isHolder(parsed) ? parsed.id === id : id === UNREADABLE_LOCK_ID;
    } catch {
      matches = id === UNREADABLE_LOCK_ID;
    }
    if (!matches) {
      try {
        await link(aside, this.lockPath); // put it back
      } catch (error) {
        if (hasCode(error, 'EEXIST'))
          this.onWarning(`state lock ${this.lockDisplayPath} changed hands concurrently; two runs may hold it, stop one`);
        else if (hasCode(error, ...LINK_UNSUPPORTED))
          await rename(aside, this.lockPath); // no hard links here
        else if (!hasCode(error, 'ENOENT')) throw error;
      }
    }
    await unlink(aside).catch(() => undefined);
    return matches;
  }

  private async release(holder: LockHolder): Promise<void> {
    if (this.releasedIds.has(holder.id)) return;
    this.releasedIds.add(holder.id);
    if (this.held?.id === holder.id) this.held = null;
    const found = await this.readLock();
    if (found?.holder.id === holder.id && (await this.removeLockIf(holder.id))) return;
    const now = found?.holder.id === holder.id ? await this.readLock() : found;
    this.onWarning(
      now === null
        ? `state lock ${this.lockDisplayPath} was already gone at release (force-unlocked?)`
        : `state lock ${this.lockDisplayPath} is now held by ${describeHolder(now.holder)}; left in place`,
    );
  }

  /**
   * Removes the lock at once, synchronously, when it is still `holder`'s:
   * for a process about to exit (a second Ctrl-C) that cannot wait for the
   * asynchronous release. Never throws; a lock of someone else is left alone.
   */
  releaseSync(holder: LockHolder): void {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.lockPath, 'utf8'));
      if (isHolder(parsed) && parsed.id === holder.id) unlinkSync(this.lockPath);
    } catch {
      // gone already, or unreadable: leave it (a dead holder's lock is taken over as stale)
    }
    if (this.held?.id === holder.id) this.held = null;
    this.releasedIds.add(holder.id);
  }

  /** Ids of locks of this instance already released (release is idempotent). */
  private readonly releasedIds = new Set<string>();

  /** Warns (once per lock) when the lock this instance took is no longer there. */
  private async checkHeldLock(): Promise<void> {
    if (this.held === null || this.lostLockReported) return;
    const found = await this.readLock();
    if (found?.holder.id === this.held.id) return;
    this.lostLockReported = true;
    this.onWarning(
      `state lock ${this.lockDisplayPath} is no longer held by this run (` +
        (found === null ? 'it was removed' : `now held by ${describeHolder(found.holder)}`) +
        `); writing ${this.displayPath} anyway so nothing ordered is forgotten`,
    );
  }
}
