/**
 * The state operations of the front door ({@link Engine} in engine.ts)
 * besides `state()`: rename an entry (`state mv`), show one resource (`state show`),
 * forget resources (`state rm`), repair the change log and journal
 * (`state repair`) and move the state to another backend (`state
 * migrate`). Each opens the workspace's state through src/state, which
 * alone knows the backends.
 */
import type { Attributes } from '../core/types.js';
import { maskAttributes } from '../core/mask.js';
import type { Catalogue, LoadedManifest } from '../manifest/index.js';
import { migrateState, openBackend, StateError, type MigrationReport, type RepairedFile } from '../state/index.js';
import { backendLocation, openWorkspaceState, type WorkspacePaths } from '../state/workspace.js';
import type { MoveResult } from './engine-options.js';
import type { Session } from './session.js';
import { checkSameType, destinationType, moveMigrated } from './state-move.js';

type Environment = Readonly<Record<string, string | undefined>>;

/** One resource as `state show` prints it. */
export interface ShownResource {
  address: string;
  /** Canonical type name (`cloud_lite_vm`). */
  type: string;
  id: string;
  /** Every attribute recorded; the sensitive ones masked (`(sensitive)`). */
  attributes: Attributes;
  /** The names of the sensitive attributes (of the type's table, or marked so in state). */
  sensitive: string[];
  /** The order was placed but the resource was not Active yet when last seen. */
  pendingCreate: boolean;
  /** Attributes that came only in a lost answer to the create and cannot be recovered. */
  lostAtCreate?: string[];
}

/**
 * `state show ADDRESS`: the resource at `address` (canonical text), its
 * sensitive attributes masked. No lock, no API call.
 * @throws Error when the state has no such resource (naming the state).
 */
export async function showResource(paths: WorkspacePaths, env: Environment, catalogue: Catalogue, address: string): Promise<ShownResource> {
  const state = await openWorkspaceState(paths, env);
  try {
    const resource = state.store.resource(address);
    if (!resource) throw new Error(`no resource "${address}" in ${state.backend.describe()}; 'cloudctl state list' shows what there is`);
    const type = catalogue.resource(resource.type);
    const sensitive = Object.keys(resource.attributes).filter(
      (name) => Boolean(type?.attributes[name]?.sensitive) || Boolean(resource.sensitive_attributes?.includes(name)),
    );
    return {
      address,
      type: resource.type,
      id: resource.id,
      attributes: maskAttributes(resource.attributes, new Set(sensitive)),
      sensitive,
      pendingCreate: Boolean(resource.pending_create),
      ...(resource.lost_at_create ? { lostAtCreate: resource.lost_at_create } : {}),
    };
  } finally {
    await state.close();
  }
}

/**
 * `state rm ADDRESS...`: forgets the resources at `addresses` (canonical
 * text) without deleting them, under the lock; all or none (every address
 * is checked first). Resolves with the addresses removed, in order.
 * @throws Error naming an address the state does not hold; StateLockedError.
 */
export async function removeFromState(
  paths: WorkspacePaths,
  env: Environment,
  addresses: string[],
  lockTimeoutSeconds: number,
): Promise<string[]> {
  const state = await openWorkspaceState(paths, env, {
    lock: { command: `state rm ${addresses.join(' ')}`, timeoutSeconds: lockTimeoutSeconds },
  });
  try {
    for (const address of addresses) if (!state.store.resource(address)) throw new Error(`no resource "${address}" in state`);
    for (const address of addresses) await state.store.removeResource(address);
    return addresses;
  } finally {
    await state.close();
  }
}

/**
 * `state repair`: under the lock, the backend rewrites its change log and
 * journal without their damaged lines (and a torn last line), keeping each
 * damaged original as `<file>.damaged`; the snapshot is not touched.
 * @throws StateError on a backend that keeps no such files (a database);
 *   StateLockedError; I/O errors.
 */
export async function repairState(
  paths: WorkspacePaths,
  lockTimeoutSeconds: number,
  onWarning: (message: string) => void,
): Promise<RepairedFile[]> {
  const backend = openBackend(paths.stateLocation(), { onWarning });
  try {
    if (!backend.repair) throw new StateError(`${backend.describe()} keeps no change log or journal files: there is nothing to repair`);
    const lock = await backend.lock('state repair', { timeoutSeconds: lockTimeoutSeconds });
    try {
      return await backend.repair();
    } finally {
      await lock.release();
    }
  } finally {
    await backend.close?.();
  }
}

/**
 * `state migrate --to URL|local`: moves the workspace's state, journal and
 * outputs to another backend, verified, both sides locked (src/state's
 * `migrateState`), and marks the old place as moved.
 * @throws Error on a bad URL; StateError when the target holds a state;
 *   StateLockedError; the backends' errors.
 */
export function migrateWorkspaceState(
  paths: WorkspacePaths,
  env: Environment,
  to: string,
  lockTimeoutSeconds: number,
): Promise<MigrationReport> {
  const target = backendLocation(to, paths.name, undefined, env) ?? paths.localStateLocation();
  return migrateState(paths.stateLocation(), target, { command: `state migrate --to ${target.backend}`, lockTimeoutSeconds });
}

/**
 * `Engine.moveState` (`state mv`): renames the state entry `from` to `to`
 * under the lock. An entry marked migrated moves to the type it became
 * ({@link moveMigrated}, in a session `openSession` opens: it needs the
 * API); any other is renamed in place. With `loaded`, `to`'s block must be
 * of the entry's type.
 * Errors: no such entry; `to` taken; MigrationMoveError; StateLockedError; the API's.
 */
export async function moveStateEntry(
  context: {
    paths: WorkspacePaths;
    env: Readonly<Record<string, string | undefined>>;
    catalogue: Catalogue;
    lockTimeoutSeconds: number;
    openSession: () => Promise<Session>;
  },
  from: string,
  to: string,
  loaded: LoadedManifest | undefined,
): Promise<MoveResult> {
  const peek = await openWorkspaceState(context.paths, context.env);
  const migrated = peek.store.resource(from)?.migrated !== undefined;
  await peek.close();
  if (migrated) {
    const session = await context.openSession();
    try {
      const move = { store: session.state.store, connection: session.connection, catalogue: context.catalogue };
      return { from, to, migrated: await moveMigrated(move, from, to, loaded) };
    } finally {
      await session.close();
    }
  }
  const state = await openWorkspaceState(context.paths, context.env, {
    lock: { command: `state mv ${from} ${to}`, timeoutSeconds: context.lockTimeoutSeconds },
  });
  try {
    const source = state.store.resource(from);
    if (!source) throw new Error(`no resource "${from}" in state`);
    checkSameType(from, source, to, loaded ? destinationType(loaded, to) : undefined);
    if (state.store.resource(to)) throw new Error(`"${to}" is already in state`);
    await state.store.moveResource(from, to);
    return { from, to };
  } finally {
    await state.close();
  }
}
