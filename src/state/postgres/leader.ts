/**
 * The leader lock of a database workspace's watchers (`cloudctl watch`):
 * a session-level advisory lock, on its own dedicated session, under a key
 * of its own (not the state lock's), so replicas of a watcher elect one
 * leader while the state lock stays free for each cycle and for a person's
 * `apply`. A leader that dies (killed, its host gone) loses its session,
 * and the server releases the lock with it: the next follower to try takes it.
 */
import pg from 'pg';
import type { HeldLeaderLock } from '../contracts.js';
import { StateError } from '../errors.js';
import { redactUrl } from './connection.js';

/** Two 32-bit keys for `pg_try_advisory_lock(int, int)`: a class for cloudctl's watchers ("watc") and a hash of schema and workspace. */
export function leaderLockKeys(schema: string, workspace: string): [number, number] {
  let hash = 0x811c9dc5;
  for (const char of `${schema}\u0000${workspace}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return [0x77617463 | 0, hash | 0];
}

export type { HeldLeaderLock };

/**
 * Tries once to take the leader lock of `workspace` in `schema`: resolves
 * the held lock, or `null` when another session holds it.
 * @throws StateError when the database cannot be reached.
 */
export async function tryPostgresLeaderLock(url: string, schema: string, workspace: string): Promise<HeldLeaderLock | null> {
  const session = new pg.Client({ connectionString: url });
  try {
    await session.connect();
  } catch (error) {
    throw new StateError(`cannot connect to the state database ${redactUrl(url)}: ${(error as Error).message}`);
  }
  let released = false;
  let onLost: (error: Error) => void = () => undefined;
  const lost = new Promise<Error>((resolve) => (onLost = resolve));
  session.on('error', (error) => {
    if (!released) onLost(new StateError(`the watcher's leader session to ${redactUrl(url)} was lost: ${error.message}`));
  });
  session.on('end', () => {
    if (!released) onLost(new StateError(`the watcher's leader session to ${redactUrl(url)} ended`));
  });
  try {
    const { rows } = await session.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, $2) AS locked',
      leaderLockKeys(schema, workspace),
    );
    if (!rows[0]!.locked) {
      released = true;
      await session.end().catch(() => undefined);
      return null;
    }
  } catch (error) {
    released = true;
    await session.end().catch(() => undefined);
    throw new StateError(`cannot take the watcher's leader lock in ${redactUrl(url)}: ${(error as Error).message}`);
  }
  return {
    lost,
    async release() {
      if (released) return;
      released = true;
      await session.end().catch(() => undefined);
    },
  };
}
