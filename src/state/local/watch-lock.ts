/**
 * The local folder's watcher lock: `watch.lock` beside `state.lock` (the
 * same lock-file code, lock.ts). A second watcher is refused, naming the
 * first; a lock left by a dead process on this host is taken over.
 */
import { dirname, join } from 'node:path';
import type { HeldLeaderLock } from '../contracts.js';
import { describeHolder, StateLockedError, WatcherRunningError } from '../errors.js';
import { LocalLock } from './lock.js';

/**
 * Takes the watcher lock of the workspace folder `folder` (absolute;
 * `displayPath`: its state file as the user gave it) for `command`.
 * @throws WatcherRunningError naming the watcher that holds it.
 */
export async function tryLocalWatchLock(
  folder: string,
  displayPath: string,
  command: string,
  onWarning: (message: string) => void,
): Promise<HeldLeaderLock> {
  const shown = join(dirname(displayPath), 'watch.lock');
  const lock = new LocalLock({ folder, fileName: 'watch.lock', lockDisplayPath: shown, displayPath, onWarning, pollMs: 250 });
  try {
    const held = await lock.lock(command);
    return { release: () => held.release(), lost: new Promise<Error>(() => undefined) };
  } catch (error) {
    if (error instanceof StateLockedError)
      throw new WatcherRunningError(
        `another watcher is already watching this workspace (${describeHolder(error.holder)}; lock ${shown}): on the local backend only one watcher may run. Stop it first, or keep the state in PostgreSQL to run several replicas (docs/watch.md)`,
      );
    throw error;
  }
}
