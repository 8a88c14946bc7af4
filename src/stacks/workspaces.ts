/**
 * A stack's workspace is created the first time a stacks run opens it: the
 * stacks file declares it, so a stack in a workspace of its own (every stack
 * of a PostgreSQL backend, by default) needs no `cloudctl workspace new`.
 */
import { DEFAULT_WORKSPACE, type WorkspacePaths } from '../state/workspace.js';
import { openBackend, StateLockedError } from '../state/index.js';

/**
 * Creates workspace `ws` when it does not exist (as `cloudctl workspace new`
 * does, without selecting it; the backend's `createWorkspace`). The
 * `default` workspace always exists.
 * Errors: the backend's; a lock held by another run creating it is not one.
 */
export async function ensureWorkspace(ws: WorkspacePaths): Promise<void> {
  if (ws.name === DEFAULT_WORKSPACE) return;
  const backend = openBackend(ws.stateLocation());
  try {
    await backend.createWorkspace();
  } catch (error) {
    if (!(error instanceof StateLockedError)) throw error; // another replica is creating it
  } finally {
    await backend.close?.();
  }
}
