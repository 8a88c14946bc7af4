/**
 * The watcher's lock (`cloudctl watch`): which of the watchers of one
 * workspace acts. It is not the state lock: each watcher cycle takes the
 * state lock like any run, so a person's `apply` and a cycle never
 * interleave, while the watcher lock is held for the watcher's whole life.
 *
 * - PostgreSQL: a session advisory lock of its own (postgres/leader.ts);
 *   replicas try it every so often; the one that holds it is the leader,
 *   and when it dies its session ends and the next try of a follower wins.
 * - Local folder: `watch.lock` beside `state.lock` (the same lock-file
 *   code, local/lock.ts): a second watcher is refused, naming the first; a
 *   lock left by a dead process on this host is taken over.
 */
import type { StateLocation } from './contracts.js';
import { StateError, StateLockedError, describeHolder } from './errors.js';
import { LocalLock } from './local/lock.js';
import { tryPostgresLeaderLock, type HeldLeaderLock } from './postgres/leader.js';
import { DEFAULT_POSTGRES_SCHEMA } from './location.js';
import { dirname, resolve } from 'node:path';

export type { HeldLeaderLock } from './postgres/leader.js';

/** A second watcher on a local workspace: refused. */
export class WatcherRunningError extends StateError {
  override readonly code: string = 'watcher_running';
  constructor(message: string) {
    super(message);
    this.name = 'WatcherRunningError';
  }
}

/**
 * Tries once to take the watcher lock of the state at `location` for
 * `command`. PostgreSQL: resolves the lock, or `null` when another watcher
 * leads (try again later). Local: resolves the lock.
 * @throws WatcherRunningError (local) naming the watcher that holds it; StateError when the database cannot be reached.
 */
export async function tryWatchLock(
  location: StateLocation,
  command: string,
  onWarning: (message: string) => void = () => undefined,
): Promise<HeldLeaderLock | null> {
  if (location.backend === 'postgres')
    return tryPostgresLeaderLock(location.url, location.schema ?? DEFAULT_POSTGRES_SCHEMA, location.workspace);
  const statePath = location.cwd === undefined ? resolve(location.statePath) : resolve(location.cwd, location.statePath);
  const shown = `${dirname(location.statePath)}/watch.lock`;
  const lock = new LocalLock({
    folder: dirname(statePath),
    fileName: 'watch.lock',
    lockDisplayPath: shown,
    displayPath: location.statePath,
    onWarning,
    pollMs: 250,
  });
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
