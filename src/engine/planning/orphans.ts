/** Deletes: of a destroy plan, and of resources the manifest no longer declares (orphans), in dependency order, with why. */
import { blockAddress, instanceAddress, parseAddress } from '../../core/address.js';
import { deleteChange } from '../diff.js';
import { deposedOf } from '../deposed.js';
import { type Manifest } from '../../manifest/types.js';
import { type StateDocument } from '../../state/document.js';
import { type Change, type ChangeReason } from '../../plan/document.js';

import type { PlanWalk } from './walk.js';

/**
 * Orders deletes so that a resource is deleted after everything that
 * depends on it (using the dependencies recorded in state). Addresses are
 * visited in sorted order, and the dependents of each in state order.
 * O(resources in state + dependencies): dependents are indexed once.
 */
export function deleteOrder(state: StateDocument, addresses: string[]): string[] {
  if (addresses.length === 0) return []; // nothing to order: the state is not walked
  const wanted = new Set(addresses);
  // dependency → the wanted resources that depend on it, in state order, each once.
  const dependents = new Map<string, string[]>();
  for (const [other, resource] of Object.entries(state.resources)) {
    if (!wanted.has(other)) continue;
    for (const dependency of new Set(resource.dependencies)) {
      const list = dependents.get(dependency);
      if (list) list.push(other);
      else dependents.set(dependency, [other]);
    }
  }
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (address: string, trail: Set<string>) => {
    if (done.has(address) || trail.has(address)) return;
    trail.add(address);
    for (const other of dependents.get(address) ?? []) visit(other, trail);
    trail.delete(address);
    done.add(address);
    order.push(address);
  };
  for (const address of [...addresses].sort()) visit(address, new Set());
  return order;
}

/**
 * Why the resource `address`, in state but not in the manifest, is
 * destroyed: its index is not below its block's `count` any more, its key
 * left `for_each`, its block changed between repeated and not, or (the
 * rest) it is not in the manifest any more; a deposed account (deposed.ts)
 * is the old half of a `create_before_destroy` replace.
 */
function orphanReason(manifest: Manifest, state: StateDocument, address: string, targeted: boolean): ChangeReason {
  const deposed = deposedOf(address);
  if (deposed) return { code: 'delete_deposed', address: deposed.address };
  const parsed = parseAddress(address);
  // An instance of a repeated module block (`cluster["us"].web`): its module's key or index is gone.
  const [outer] = 'address' in parsed ? parsed.address.modules : [];
  if (outer?.key !== undefined) {
    const repetition = manifest.repetitions?.[outer.name];
    if (repetition?.kind === 'count' && typeof outer.key === 'number')
      return { code: 'delete_because_count_index_gone', count: repetition.count };
    if (repetition?.kind === 'for_each' && typeof outer.key === 'string')
      return { code: 'delete_because_for_each_key_gone', key: outer.key };
  }
  if ('address' in parsed && parsed.address.modules.length === 0) {
    const { name, key } = parsed.address.resource;
    const repetition = manifest.repetitions?.[name];
    if (repetition?.kind === 'count' && typeof key === 'number')
      return { code: 'delete_because_count_index_gone', count: repetition.count };
    if (repetition?.kind === 'for_each' && typeof key === 'string') return { code: 'delete_because_for_each_key_gone', key };
    if (repetition || (key !== undefined && Object.hasOwn(manifest.resources, name))) {
      const to = suggestedMoveTarget(manifest, state, name, key);
      return { code: 'delete_because_repetition_changed', block: name, ...(to ? { suggested_move: { from: address, to } } : {}) };
    }
  }
  return { code: 'delete_because_not_in_manifest', targeted };
}

/**
 * Where a `moved:` block could keep the entry `name` (`key` undefined) or
 * `name[key]` that its block's switch between one instance and repeated
 * instances drops (those no implied move covers, engine/moves-and-imports.ts): the
 * single entry to the first declared instance not in state; the first
 * instance in state (address order) to the single block when it is not in
 * state. Undefined otherwise (the other instances; count ↔ for_each).
 */
function suggestedMoveTarget(manifest: Manifest, state: StateDocument, name: string, key: number | string | undefined): string | undefined {
  const free = (address: string) => Object.hasOwn(manifest.resources, address) && !Object.hasOwn(state.resources, address);
  if (key === undefined) return Object.keys(manifest.resources).find((address) => blockAddress(address) === name && free(address));
  const instances = Object.keys(state.resources)
    .filter((address) => address !== name && blockAddress(address) === name)
    .sort();
  return free(name) && instances[0] === instanceAddress(name, key) ? name : undefined;
}

/**
 * The deletes of a destroy plan: every resource in state (the targeted ones
 * with `--target`), dependents first; `prevent_destroy` is an error.
 */
export function planDestroy(walk: PlanWalk): Change[] {
  const { state, selection, diagnostics } = walk;
  const { manifest } = walk.options.loaded;
  const changes: Change[] = [];
  const addresses = Object.keys(state.resources).filter((address) => !selection || selection.orphans.has(address));
  for (const address of deleteOrder(state, addresses)) {
    const resource = state.resources[address];
    if (manifest.resources[address]?.lifecycle.preventDestroy) {
      diagnostics.push({
        severity: 'error',
        code: 'prevent_destroy',
        location: manifest.resources[address].location,
        message: `${address}: lifecycle.prevent_destroy forbids destroying it`,
      });
    }
    changes.push(deleteChange(address, resource, { code: 'delete_by_request', targeted: Boolean(selection) }));
  }
  return changes;
}

/**
 * The deletes of resources in state that the manifest no longer declares
 * (the targeted ones with `--target`), dependents first, each with why; a
 * dropped instance of a block with `prevent_destroy` is an error.
 */
export function planOrphans(walk: PlanWalk): Change[] {
  const { state, selection, diagnostics } = walk;
  const { manifest } = walk.options.loaded;
  const orphans = Object.keys(state.resources).filter(
    (address) => !manifest.resources[address] && (!selection || selection.orphans.has(address)),
  );
  for (const address of orphans) {
    const repetition = manifest.repetitions?.[blockAddress(address)];
    const guard = repetition?.preventDestroy;
    const keepIt = repetition?.kind === 'count' ? 'raise count to keep it' : 'put its key back in for_each to keep it';
    if (guard && address !== blockAddress(address))
      diagnostics.push({
        severity: 'error',
        code: 'prevent_destroy',
        location: guard,
        message: `${address}: lifecycle.prevent_destroy of ${blockAddress(address)} forbids destroying it; ${keepIt}`,
      });
  }
  return deleteOrder(state, orphans).map((address) =>
    deleteChange(address, state.resources[address], orphanReason(manifest, state, address, Boolean(selection))),
  );
}
