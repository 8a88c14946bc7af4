/**
 * The workspace operations of the front door ({@link Engine} in engine.ts):
 * list, create, select and delete workspaces, and break a workspace's lock
 * (`cloudctl force-unlock`). What differs between the local folder and
 * PostgreSQL is the backend contract's (`OpenedBackend` in
 * src/state/contracts.ts: `workspaces`, `createWorkspace`,
 * `deleteWorkspace`, `breakLock`); the selection is a local file
 * (`.cloudctl/environment`), so each operator chooses their own.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openBackend, StateError, type Backend, type BreakLockOptions, type BrokenLock } from '../state/index.js';
import { checkWorkspaceName, DEFAULT_WORKSPACE, type WorkspacePaths } from '../state/workspace.js';

/** The workspaces of a backend, and which one is current. */
export interface WorkspaceList {
  /** Every workspace, `default` always among them, sorted. */
  names: string[];
  /** The engine's workspace. */
  current: string;
}

/** Runs `work` on the backend of `paths`'s state (no manifest `backend` block), closing it after. */
async function withBackend<T>(paths: WorkspacePaths, work: (backend: Backend) => Promise<T>): Promise<T> {
  const backend = openBackend(paths.stateLocation());
  try {
    return await work(backend);
  } finally {
    await backend.close?.();
  }
}

/** The workspaces of `paths`'s backend (`default` always among them) and the current one. Errors: the backend's (a database unreachable). */
export async function listWorkspaces(paths: WorkspacePaths): Promise<WorkspaceList> {
  const names = new Set([DEFAULT_WORKSPACE, ...(await withBackend(paths, (backend) => backend.workspaces()))]);
  return { names: [...names].sort(), current: paths.name };
}

/** Makes `name` the selected workspace of this folder (`.cloudctl/environment`). */
async function writeSelection(paths: WorkspacePaths, name: string): Promise<void> {
  const folder = paths.resolve(paths.baseFolder);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(join(folder, 'environment'), `${name}\n`, { mode: 0o600 });
}

/**
 * `workspace new NAME`: creates an empty workspace (the backend's
 * `createWorkspace`) and selects it.
 * @throws Error when NAME is invalid or exists; the backend's errors.
 */
export async function createWorkspace(paths: WorkspacePaths, name: string): Promise<void> {
  checkWorkspaceName(name);
  if ((await listWorkspaces(paths)).names.includes(name))
    throw new Error(`workspace "${name}" already exists; 'cloudctl workspace select ${name}' switches to it`);
  await withBackend(paths.forWorkspace(name), (backend) => backend.createWorkspace());
  await writeSelection(paths, name);
}

/**
 * `workspace select NAME`: makes NAME the current workspace of this folder.
 * @throws Error when NAME is invalid or does not exist.
 */
export async function selectWorkspace(paths: WorkspacePaths, name: string): Promise<void> {
  checkWorkspaceName(name);
  if (!(await listWorkspaces(paths)).names.includes(name))
    throw new Error(`workspace "${name}" does not exist; 'cloudctl workspace new ${name}' creates it`);
  await writeSelection(paths, name);
}

/**
 * `workspace delete NAME`: under NAME's lock, deletes its state, journal and
 * saved plans (the backend's `deleteWorkspace`, which refuses a state that
 * still manages resources as well).
 * @throws Error for `default`, the current workspace, or one that does not
 *   exist; StateError when it still manages resources (destroy them first);
 *   StateLockedError.
 */
export async function deleteWorkspace(paths: WorkspacePaths, name: string, lockTimeoutSeconds: number): Promise<void> {
  checkWorkspaceName(name);
  if (name === DEFAULT_WORKSPACE) throw new Error('the default workspace cannot be deleted');
  if (name === paths.name)
    throw new Error(`workspace "${name}" is the current one; select another first ('cloudctl workspace select default')`);
  if (!(await listWorkspaces(paths)).names.includes(name)) throw new Error(`workspace "${name}" does not exist`);
  await withBackend(paths.forWorkspace(name), async (backend) => {
    const lock = await backend.lock(`workspace delete ${name}`, { timeoutSeconds: lockTimeoutSeconds });
    try {
      const managed = Object.keys((await backend.read())?.resources ?? {});
      if (managed.length > 0)
        throw new StateError(
          `workspace "${name}" still manages ${managed.length} resource${managed.length === 1 ? '' : 's'} (${managed.slice(0, 5).join(', ')}${managed.length > 5 ? ', ...' : ''}): destroy them first ('cloudctl destroy MANIFEST --workspace ${name}'), or forget them with 'cloudctl state rm'`,
        );
      await backend.deleteWorkspace();
    } finally {
      await lock.release();
    }
  });
}

/**
 * `force-unlock ID`: removes the workspace's state lock when its id is ID,
 * with the backend's holder check (`breakLock`: the local folder refuses a
 * holder still running on this host unless `force`; a database ends the
 * holder's session). Resolves with who held it.
 * @throws StateError when not locked, the id differs, or the holder still runs here.
 */
export function forceUnlock(paths: WorkspacePaths, id: string, options: BreakLockOptions = {}): Promise<BrokenLock> {
  return withBackend(paths, (backend) => backend.breakLock(id, options));
}
