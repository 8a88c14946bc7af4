/**
 * The local backend's writer lock: the file `state.lock` in the workspace
 * folder, holding the LockHolder JSON.
 *
 * An exclusive-create lock *file*, made atomic with link(2): the holder JSON is written and fsynced to a
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
import { join } from 'node:path';
import type { LockHolder, LockOptions, StateLock } from '../contracts.js';
import { describeHolder, StateError, StateLockedError } from '../errors.js';
import { ensureFolder, hasCode, LINK_UNSUPPORTED, tempPathFor, writeNewFileDurably, readTextIfPresent } from './files.js';

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

/** Age after which a leftover `state.lock.break` (its creator crashed mid-takeover) is cleared, in ms. */
const BREAKER_STALE_MS = 10_000;

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

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Options of {@link LocalLock}. */
export interface LocalLockOptions {
  /** Absolute path of the workspace folder; the lock is `state.lock` in it (or `fileName`). */
  folder: string;
  /** The lock file's name in `folder` (default `state.lock`; a watcher's lock is `watch.lock`). */
  fileName?: string;
  /** The lock file as shown in messages, e.g. `.cloudctl/state.lock`. */
  lockDisplayPath: string;
  /** The state file as shown in messages (a write after the lock was lost names it). */
  displayPath: string;
  /** Receives notices: a stale lock taken over, waiting for a lock, a lock lost while held. */
  onWarning: (message: string) => void;
  /** How often a waiting `lock()` retries, in milliseconds. */
  pollMs: number;
}

/** The lock file of one local state (see the module comment). */
export class LocalLock {
  /** Absolute path of `state.lock`. */
  readonly lockPath: string;
  private readonly folder: string;
  private readonly lockDisplayPath: string;
  private readonly displayPath: string;
  private readonly onWarning: (message: string) => void;
  private readonly pollMs: number;
  /** The lock this instance holds, if any (checked on every write). */
  private held: LockHolder | null = null;
  private lostLockReported = false;

  constructor(options: LocalLockOptions) {
    this.folder = options.folder;
    this.lockPath = join(this.folder, options.fileName ?? 'state.lock');
    this.lockDisplayPath = options.lockDisplayPath;
    this.displayPath = options.displayPath;
    this.onWarning = options.onWarning;
    this.pollMs = options.pollMs;
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

  /** Whether this instance holds the lock (taken with {@link lock}, not released). */
  holds(): boolean {
    return this.held !== null;
  }

  /** Counts the held lock as released without touching its file (removed with the workspace's folder): its release then does nothing. */
  forgetHeld(): void {
    if (this.held === null) return;
    this.releasedIds.add(this.held.id);
    this.held = null;
  }

  /** Ids of locks of this instance already released (release is idempotent). */
  private readonly releasedIds = new Set<string>();

  /** Warns (once per lock) when the lock this instance took is no longer there (before a write of the state). */
  async checkHeldLock(): Promise<void> {
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
