/**
 * `LocalBackend`: state in a workspace folder on the local disk (default
 * `.cloudctl/`): `state.json` (the snapshot), `state.json.changes` (the
 * change log: JSON Lines of what changed since the snapshot, emptied when
 * the snapshot is rewritten), `state.json.backup`, `state.lock` and
 * `journal.jsonl`. The pieces are beside it: the snapshot and the change
 * log in store.ts, the lock file in lock.ts, the journal in journal.ts, the
 * durable-file helpers in files.ts, the checksummed lines in records.ts,
 * the `state.json.moved` marker in moved.ts.
 */
import { unlink, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { StateDocument } from '../document.js';
import type {
  BreakLockOptions,
  BrokenLock,
  HeldLeaderLock,
  LockHolder,
  LockOptions,
  MovedMarker,
  OpenedBackend,
  StateChangeRecord,
  StateLock,
} from '../contracts.js';
import { describeHolder, StateError } from '../errors.js';
import { hasCode } from './files.js';
import { FileJournal } from './journal.js';
import { LocalLock } from './lock.js';
import { movedMarkerPath, readMovedMarker } from './migration-marker.js';
import type { RepairedFile } from './records.js';
import { LocalStore } from './store.js';
import { tryLocalWatchLock } from './watch-lock.js';

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
  /** The folder holding the other workspaces, a folder each (`.cloudctl/workspaces`; relative to `cwd`), for `workspaces()`. */
  workspacesFolder?: string;
}

/** True unless `pid` certainly does not run on this host. */
function running(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sibling display path: `.cloudctl/state.json` + `state.lock` -> `.cloudctl/state.lock`. */
function sibling(displayPath: string, name: string): string {
  const folder = dirname(displayPath);
  return folder === '.' ? name : join(folder, name);
}

/**
 * State kept in a folder on the local disk. The folder (mode 0700) is created
 * on the first write or lock. `state.json` is written atomically with mode
 * 0600; before each write the previous snapshot becomes
 * `state.json.backup` (a hard link to it, else a copy; 0600, also atomic).
 */
export class LocalBackend implements OpenedBackend {
  readonly kind = 'local';
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
  /** Absolute path of the folder holding the other workspaces, when known. */
  readonly workspacesFolder: string | undefined;

  private readonly displayPath: string;
  private readonly onWarning: (message: string) => void;
  private readonly store: LocalStore;
  private readonly lockFile: LocalLock;

  constructor(options: LocalBackendOptions) {
    this.displayPath = options.statePath;
    this.statePath = options.cwd === undefined ? resolve(options.statePath) : resolve(options.cwd, options.statePath);
    this.folder = dirname(this.statePath);
    this.workspacesFolder =
      options.workspacesFolder === undefined ? undefined : resolve(options.cwd ?? process.cwd(), options.workspacesFolder);
    const onWarning = options.onWarning ?? (() => undefined);
    this.onWarning = onWarning;
    this.lockFile = new LocalLock({
      folder: this.folder,
      lockDisplayPath: sibling(this.displayPath, 'state.lock'),
      displayPath: this.displayPath,
      onWarning,
      pollMs: Math.max(1, options.lockPollIntervalMs ?? 250),
    });
    this.lockPath = this.lockFile.lockPath;
    this.store = new LocalStore({
      statePath: this.statePath,
      displayPath: this.displayPath,
      onWarning,
      checkLock: () => this.lockFile.checkHeldLock(),
    });
    this.backupPath = this.store.backupPath;
    this.changesPath = this.store.changesPath;
    this.journal = new FileJournal(join(this.folder, 'journal.jsonl'), {
      onWarning,
      displayPath: sibling(this.displayPath, 'journal.jsonl'),
    });
  }

  describe(): string {
    return this.displayPath;
  }

  /** Opens the change log's and the journal's files ahead of their first appends (see `AppendOnlyFile.open`). */
  async open(): Promise<void> {
    await Promise.all([this.store.open(), this.journal.open()]);
  }

  /** Closes the change log's and the journal's files once their appends are written (a later append opens them again). */
  async close(): Promise<void> {
    await Promise.all([this.store.close(), this.journal.close()]);
  }

  read(): Promise<StateDocument | null> {
    return this.store.read();
  }

  write(document: StateDocument): Promise<void> {
    return this.store.write(document);
  }

  appendChanges(record: StateChangeRecord): Promise<void> {
    return this.store.appendChanges(record);
  }

  changesSinceSnapshot(): number {
    return this.store.changesSinceSnapshot();
  }

  /**
   * `cloudctl state repair`: rewrites the change log and the journal without
   * their damaged lines and torn last line, keeping each damaged original as
   * `<file>.damaged`. Take the lock first. What the dropped lines recorded is
   * forgotten (the caller tells the user to check the account and import).
   * @throws on I/O errors.
   */
  async repair(): Promise<RepairedFile[]> {
    const changes = await this.store.repair();
    return [changes, await this.journal.repair()];
  }

  lock(command: string, options: LockOptions = {}): Promise<StateLock> {
    return this.lockFile.lock(command, options);
  }

  forceUnlock(id: string): Promise<void> {
    return this.lockFile.forceUnlock(id);
  }

  /** Who holds the lock now, or `null` when the state is not locked. */
  lockHolder(): Promise<LockHolder | null> {
    return this.lockFile.lockHolder();
  }

  /**
   * Removes the lock file when its id is `id`; refuses, unless `force`, a
   * holder still running on this host (two writers would risk ordering
   * twice). A holder elsewhere may still run: `holderStopped` is false.
   */
  async breakLock(id: string, options: BreakLockOptions = {}): Promise<BrokenLock> {
    const holder = await this.lockFile.lockHolder();
    if (holder === null) throw new StateError(`the state ${this.displayPath} is not locked; nothing to do`);
    if (holder.id !== id)
      throw new StateError(
        `lock id ${id} does not match the lock on ${this.displayPath} (held by ${describeHolder(holder)}); nothing removed`,
      );
    if (!options.force && holder.host === hostname() && running(holder.pid))
      throw new StateError(
        `the lock holder still runs on this host (${describeHolder(holder)}); stop it first (Ctrl-C), or pass --force if you are sure it no longer writes the state`,
      );
    await this.lockFile.forceUnlock(id);
    return { holder, holderStopped: false };
  }

  /** The watcher lock, `watch.lock` in the workspace folder: one watcher at a time (see local/watch-lock.ts). */
  tryWatchLock(command: string): Promise<HeldLeaderLock> {
    return tryLocalWatchLock(this.folder, this.displayPath, command, this.onWarning);
  }

  /** The folders of `workspacesFolder` (each a workspace), sorted; `default` is not among them. */
  async workspaces(): Promise<string[]> {
    const folder = this.workspacesFolder;
    const entries = folder === undefined ? [] : await readdir(folder, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  }

  /** Whether the workspace folder exists. */
  async workspaceExists(): Promise<boolean> {
    return (await stat(this.folder).catch(() => undefined))?.isDirectory() ?? false;
  }

  /** Creates the workspace folder (mode 0700). */
  async createWorkspace(): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
  }

  /**
   * Removes the workspace folder with everything in it (state, change log,
   * backup, journal, lock, saved plans) once its state manages nothing.
   * Refuses the folder that holds the other workspaces.
   */
  async deleteWorkspace(): Promise<void> {
    if (!this.lockFile.holds()) throw new StateError(`${this.describe()}: take the state lock before deleting the workspace`);
    if (this.holdsWorkspaces())
      throw new StateError(`${this.describe()} is the state of the default workspace, beside the others: it cannot be deleted`);
    const managed = Object.keys((await this.read())?.resources ?? {});
    if (managed.length > 0) throw new StateError(`${this.describe()} still manages ${managed.length} resources: nothing deleted`);
    await this.close();
    this.lockFile.forgetHeld();
    await rm(this.folder, { recursive: true, force: true });
  }

  /** True when the workspaces folder is inside this workspace's folder (the `default` workspace's). */
  private holdsWorkspaces(): boolean {
    if (this.workspacesFolder === undefined) return false;
    const path = relative(this.folder, this.workspacesFolder);
    return path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
  }

  /**
   * Removes the lock at once, synchronously, when it is still `holder`'s:
   * for a process about to exit (a second Ctrl-C) that cannot wait for the
   * asynchronous release. Never throws; a lock of someone else is left alone.
   */
  releaseSync(holder: LockHolder): void {
    this.lockFile.releaseSync(holder);
  }

  /** The `state.json.moved` marker `state migrate` left here, or `null`. */
  movedMarker(): Promise<MovedMarker | null> {
    return readMovedMarker(this.statePath);
  }

  async prepareMigrationTarget(lineage: string): Promise<void> {
    const marker = await readMovedMarker(this.statePath);
    if (marker === null) {
      if ((await this.read()) !== null) throw new StateError(`${this.describe()} already holds a state: refusing to overwrite it`);
      return;
    }
    if (marker.lineage !== lineage)
      throw new StateError(`${this.describe()} was moved away with lineage ${marker.lineage}, not ${lineage}: refusing to overwrite it`);
    const aside = join(this.folder, `migrated-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    await mkdir(aside, { recursive: true, mode: 0o700 });
    for (const file of [...this.stateFiles(), movedMarkerPath(this.statePath)]) {
      await rename(file, join(aside, file.slice(dirname(file).length + 1))).catch((error: unknown) => {
        if (!hasCode(error, 'ENOENT')) throw error;
      });
    }
  }

  async discardMigrationCopy(): Promise<void> {
    for (const file of this.stateFiles()) await unlink(file).catch(() => undefined);
  }

  async markMigrated(marker: MovedMarker): Promise<void> {
    await writeFile(movedMarkerPath(this.statePath), `${JSON.stringify(marker, null, 2)}\n`, { mode: 0o600 });
  }

  /** The files of this state a migration copies or sets aside: the snapshot, the change log, the backup, the journal. */
  private stateFiles(): string[] {
    return [this.statePath, this.changesPath, this.backupPath, this.journal.path];
  }
}
