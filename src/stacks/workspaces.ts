/**
 * A stack's workspace is created the first time a stacks run opens it: the
 * stacks file declares it, so a stack in a workspace of its own (every stack
 * of a PostgreSQL backend, by default) needs no `cloudctl workspace new`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULT_WORKSPACE, type WorkspacePaths } from '../state/workspace.js';
import { openBackend, openState, StateLockedError } from '../state/index.js';

/**
 * Creates workspace `ws` when it does not exist (as `cloudctl workspace new`
 * does, without selecting it): its folder on the local backend, an empty
 * state in the database. The `default` workspace always exists.
 * Errors: the database's; a lock held by another run creating it is not one.
 */
export async function ensureWorkspace(ws: WorkspacePaths, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  if (ws.name === DEFAULT_WORKSPACE) return;
  const location = ws.stateLocation();
  if (location.backend === 'local') {
    await mkdir(dirname(ws.resolve(ws.statePath)), { recursive: true, mode: 0o700 });
    return;
  }
  const database = openBackend(location);
  try {
    if ((await database.head()) !== null) return;
  } finally {
    await database.close();
  }
  try {
    const state = await openState(location, { env, lock: { command: `stacks: workspace new ${ws.name}` }, lineage: randomUUID() });
    try {
      await state.backend.write(state.store.document);
    } finally {
      await state.close();
    }
  } catch (error) {
    if (!(error instanceof StateLockedError)) throw error; // another replica is creating it
  }
}
