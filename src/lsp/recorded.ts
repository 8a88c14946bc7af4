/**
 * What the last plan and apply recorded, read for hover: the state of the
 * workspace's local backend (`.cloudctl/state.json`, or the selected
 * workspace's) and the last saved plan (`.cloudctl/last-plan.cplan`), read
 * without the lock and never written. Each is read again only when its
 * file's modification time changed. A state elsewhere (PostgreSQL) is not
 * read from the editor.
 */
import { statSync } from 'node:fs';
import type { PlanDocument } from '../plan/document.js';
import { readPlanFile } from '../plan/files.js';
import { openLocalState, plainResources } from '../state/index.js';
import { resolveWorkspace } from '../state/workspace.js';
import type { StateDocument } from '../state/document.js';

/** The state and last saved plan of a folder, as far as they could be read. */
export interface Recorded {
  state?: StateDocument;
  plan?: PlanDocument;
  /** The workspace they belong to (`default`, or the selected one). */
  workspace: string;
}

const cache = new Map<string, { mtime: number; value: unknown }>();

/** `read(path)` again only when the file at `path` changed; `undefined` when it is absent or cannot be read. */
async function cached<T>(path: string, read: (path: string) => Promise<T>): Promise<T | undefined> {
  let mtime: number;
  try {
    mtime = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  const known = cache.get(path);
  if (known && known.mtime === mtime) return known.value as T;
  try {
    const value = await read(path);
    cache.set(path, { mtime, value });
    return value;
  } catch {
    return undefined;
  }
}

/**
 * The recorded state and plan of the workspace run from `root` (absolute):
 * the workspace `CLOUDCTL_WORKSPACE` or `cloudctl workspace select` names,
 * else `default`. Reads the state file (and its change log) without taking
 * the lock; an encrypted state's secrets need `CLOUDCTL_STATE_PASSPHRASE`
 * (without it the state is left out). Never throws.
 */
export async function recorded(root: string): Promise<Recorded> {
  let paths;
  try {
    paths = resolveWorkspace({}, { cwd: root, env: process.env });
  } catch {
    return { workspace: 'default' };
  }
  const state = await cached(paths.resolve(paths.statePath), async (path) => {
    const opened = await openLocalState(path, { env: process.env });
    try {
      const document = opened.store.document;
      return structuredClone({ ...document, resources: plainResources(document.resources) });
    } finally {
      await opened.close();
    }
  });
  const plan = await cached(paths.resolve(paths.lastPlanPath), (path) => readPlanFile(path));
  return { state, plan, workspace: paths.name };
}
