/**
 * The watcher's lock (`cloudctl watch`): which of the watchers of one
 * workspace acts. It is not the state lock: each watcher cycle takes the
 * state lock like any run, so a person's `apply` and a cycle never
 * interleave, while the watcher lock is held for the watcher's whole life.
 * Each backend says how (`OpenedBackend.tryWatchLock`): PostgreSQL's
 * replicas elect a leader (postgres/leader.ts), the local folder lets one
 * watcher run (local/watch-lock.ts).
 */
import { openBackend } from './backends.js';
import type { HeldLeaderLock, StateLocation } from './contracts.js';

export type { HeldLeaderLock } from './contracts.js';
export { WatcherRunningError } from './errors.js';

/**
 * Tries once to take the watcher lock of the state at `location` for
 * `command`: resolves the lock, or `null` when another watcher leads (try
 * again later).
 * @throws WatcherRunningError where only one watcher may run, naming it; StateError when the database cannot be reached.
 */
export async function tryWatchLock(
  location: StateLocation,
  command: string,
  onWarning: (message: string) => void = () => undefined,
): Promise<HeldLeaderLock | null> {
  const backend = openBackend(location, { onWarning });
  try {
    return await backend.tryWatchLock(command);
  } finally {
    await backend.close?.();
  }
}
