/**
 * The neighbours `cloudctl import --all` must not adopt from: every other
 * workspace of the workspace's backend (the other rows of a PostgreSQL
 * schema; the other workspace folders beside a local state), and the local
 * state files given with `--exclude-state`. Each is read without a lock and
 * never written; an account one of them holds is left out of the manifest
 * and listed apart ("managed by workspace prod"), so two states never end
 * up owning one account.
 */
import { stat } from 'node:fs/promises';
import { accountKey } from '../../resources/accounts.js';
import { openBackend, openState, type StateLocation } from '../../state/index.js';
import { DEFAULT_WORKSPACE, type WorkspacePaths } from '../../state/workspace.js';

/** Who holds an account: another workspace of the backend, or another state file. */
export interface Neighbour {
  /** How messages name it: `workspace prod`, `state file ../billing/.cloudctl/state.json`. */
  name: string;
  /** The workspace's name, for another workspace of the backend. */
  workspace?: string;
  /** The state file as given, for `--exclude-state`. */
  stateFile?: string;
}

/** Where each account the neighbours hold is held: by {@link accountKey}, the neighbour and its address there. */
export type NeighbourAccounts = Map<string, { neighbour: Neighbour; address: string }>;

/** The other workspaces of `paths`'s backend, as state locations (the current one left out). */
async function otherWorkspaces(paths: WorkspacePaths): Promise<Array<{ name: string; location: StateLocation }>> {
  const backend = openBackend(paths.stateLocation());
  const names = new Set<string>([DEFAULT_WORKSPACE]);
  try {
    for (const name of await backend.workspaces()) names.add(name);
  } finally {
    await backend.close?.();
  }
  names.delete(paths.name);
  return [...names].sort().map((name) => ({ name, location: paths.forWorkspace(name).stateLocation() }));
}

/**
 * Reads the neighbours of the workspace `paths` (its backend's other
 * workspaces, and `excludeStates`: local state files, relative to the
 * working directory) without locking them, and returns the accounts they hold.
 * `env`: PG* variables and the state passphrase.
 * Errors: an `--exclude-state` file that does not exist; a neighbour's
 * state that cannot be read (StateCorruptError, StateError: a wrong
 * passphrase, a database that cannot be reached), since adopting without
 * knowing what it holds could bind one account to two states.
 */
export async function neighbourAccounts(
  paths: WorkspacePaths,
  env: Readonly<Record<string, string | undefined>>,
  excludeStates: readonly string[] = [],
): Promise<NeighbourAccounts> {
  const neighbours: Array<{ neighbour: Neighbour; location: StateLocation }> = [];
  for (const { name, location } of await otherWorkspaces(paths))
    neighbours.push({ neighbour: { name: `workspace ${name}`, workspace: name }, location });
  for (const file of excludeStates) {
    const found = await stat(paths.resolve(file)).catch(() => undefined);
    if (!found?.isFile()) throw new Error(`--exclude-state ${file}: no state file there`);
    neighbours.push({
      neighbour: { name: `state file ${file}`, stateFile: file },
      location: { backend: 'local', statePath: paths.resolve(file) },
    });
  }
  const accounts: NeighbourAccounts = new Map();
  for (const { neighbour, location } of neighbours) {
    const state = await openState(location, { env });
    try {
      for (const [address, resource] of Object.entries(state.store.document.resources))
        if (!accounts.has(accountKey(resource.type, resource.id)))
          accounts.set(accountKey(resource.type, resource.id), { neighbour, address });
    } finally {
      await state.close();
    }
  }
  return accounts;
}
