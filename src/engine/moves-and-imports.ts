/**
 * `moved:` and `import:` blocks at plan and apply time.
 *
 * Moves: before anything is refreshed or diffed, each state entry a
 * `moved:` block names is renamed (in a copy of the state: a plan writes
 * nothing), so the plan diffs it at its new address and shows a move, never
 * a destroy and a create. Apply renames it in the state store first
 * (`StateStore.moveResource`, persisted and serial-bumped like `cloudctl
 * state mv`). A move whose `from` is no longer in state (applied already) is
 * a silent no-op, as in Terraform.
 *
 * Imports: a block whose `to` the state holds with its id is satisfied
 * (a no-op, also when refresh finds the account gone: that is drift);
 * each `import:` block whose `to` is not in state yet is read by id
 * with its type's read operation (as `cloudctl import` does) and diffed as
 * if the state held it; apply reads it again and writes it into state
 * before the changes. No order is placed for an import and it costs
 * nothing.
 *
 * Implied moves: a block that gains `count` keeps its existing resource as
 * instance 0 and one that loses it keeps instance 0, with no `moved:`
 * block (as Terraform does); a module block likewise keeps the resources
 * under it (`cluster.web` → `cluster[0].web`). They are planned and
 * applied like the others, marked `implied`.
 *
 * Removed: a `removed:` block with `lifecycle: { destroy: false }` forgets
 * the state entries it names (the plan lists them, apply removes them from
 * state first, no API call); with `destroy: true` they are ordinary deletes.
 */
import { accountKey } from '../resources/accounts.js';
import { addressSelects, formatAddress, parseAddress, type AddressStep } from '../core/address.js';
import { maskAttributes } from '../core/mask.js';
import type { Catalogue } from '../manifest/catalogue.js';
import { checkMovedBlocks } from '../manifest/check/moves.js';
import type { OperationContext, ResourceType } from '../resources/attribute.js';
import type { StateStore } from '../state/store.js';
import { type Attributes, type Diagnostic } from '../core/types.js';
import { type ImportBlock, type Manifest, type MovedBlock } from '../manifest/types.js';
import { type ResourceState, type StateDocument } from '../state/document.js';
import { type ImpliedMoveCause, type PlannedForget, type PlannedImport, type PlannedMove } from '../plan/document.js';
import { mergeAttributes } from './attributes.js';
import { selectedAddresses } from './planning/targets.js';
import pLimit from 'p-limit';

/** What {@link resolveMoves} found: the state with the moves applied, the moves, and the problems. */
export interface MoveResolution {
  /** A copy of the state with every move applied (the same object when nothing moved). */
  state: StateDocument;
  /** Each moved entry once, from its address in state to its last address (chains collapsed). */
  moves: PlannedMove[];
  /** Errors at the blocks' positions; when any, nothing is moved. */
  diagnostics: Diagnostic[];
}

/** The steps of a canonical address (outermost first). */
function stepsOf(address: string): AddressStep[] | undefined {
  const parsed = parseAddress(address);
  return 'address' in parsed ? [...parsed.address.modules, parsed.address.resource] : undefined;
}

/**
 * The address `address` takes under the block `from` → `to`, or undefined
 * when the block does not move it. `from` moves the same address, and
 * every address under it: instances of a block written without key
 * (`web` → `frontend` moves `web[0]` to `frontend[0]`, when `to` has no key
 * either) and resources in a module (`cluster` → `platform` moves
 * `cluster.web` to `platform.web`).
 */
export function movedAddress(from: string, to: string, address: string): string | undefined {
  if (address === from) return to;
  if (!addressSelects(from, address)) return undefined;
  const fromSteps = stepsOf(from);
  const toSteps = stepsOf(to);
  const steps = stepsOf(address);
  if (!fromSteps || !toSteps || !steps) return undefined;
  const last = fromSteps.length - 1;
  const result = toSteps.map((step) => ({ ...step }));
  const carried = steps[last].key;
  if (fromSteps[last].key === undefined && carried !== undefined) {
    // `web` → `web[0]` is about the instance without key only.
    if (result[result.length - 1].key !== undefined) return undefined;
    result[result.length - 1].key = carried;
  }
  const rest = steps.slice(fromSteps.length);
  return formatAddress({ modules: [...result, ...rest].slice(0, -1), resource: [...result, ...rest].at(-1)! });
}

/**
 * Applies the manifest's `moved:` blocks, then the implied moves of blocks
 * that gained or lost `count` ({@link impliedMoves}), to a copy of `state`.
 * An entry moves when a block's `from` selects it and its last address (a
 * chain `a` → `b`, `b` → `c` followed to the end) is not in state. Errors
 * (diagnostics at the block, nothing moved): two moves from or to one
 * address, a cycle, a `from` still declared, a `to` that is no resource of
 * the manifest, and an entry whose type is not the `to` block's.
 */
export function resolveMoves(manifest: Manifest, state: StateDocument): MoveResolution {
  const explicit = explicitMoves(manifest, state);
  if (explicit.diagnostics.length > 0) return explicit;
  const implied = impliedMoves(manifest, explicit.state);
  if (implied.length === 0) return explicit;
  const resources = Object.create(null) as StateDocument['resources'];
  const renamed = new Map(implied.map((move) => [move.from, move.to]));
  for (const [address, resource] of Object.entries(explicit.state.resources)) resources[renamed.get(address) ?? address] = resource;
  return { state: { ...explicit.state, resources }, moves: [...explicit.moves, ...implied], diagnostics: [] };
}

/**
 * The moves no `moved:` block asks for, as Terraform makes them for `count`
 * (never for `for_each`, whose keys say nothing about which instance the
 * single one was): a block that gained `count` takes the state entry
 * written without key as its instance 0 (`web` → `web[0]`), and a block
 * that lost it takes instance 0 (`web[0]` → `web`; other instances are
 * destroyed). Module blocks too, at any depth: one that gained `count`
 * takes every resource in state under its address without key
 * (`cluster.web` → `cluster[0].web`, `top.cluster.web` →
 * `top.cluster[0].web`), one that lost it those of its instance 0. A
 * declared address that is instance 0 of a block tells that block has
 * `count` (a `for_each` key is a string); one step changes per move (when
 * two blocks on one address, a module block and a block in it, both
 * gained or lost `count` in one plan, nothing is implied). Each entry moves only when its address is no
 * longer declared, its new address is declared with the entry's type and
 * not in `state`, and no `moved:` block names either address, nor the
 * module instance that changed (`cluster`, `cluster[0]`): explicit moves
 * win.
 */
export function impliedMoves(manifest: Manifest, state: StateDocument): PlannedMove[] {
  const named = new Set((manifest.moved ?? []).flatMap((block) => [block.from, block.to]));
  const moves: PlannedMove[] = [];
  const claimed = new Set<string>();
  // Nothing in state, nothing to move (a first plan).
  if (Object.keys(state.resources).length === 0) return moves;
  for (const address of Object.keys(manifest.resources)) {
    // An address the state holds already takes no entry from elsewhere (the common case: nothing changed).
    if (Object.hasOwn(state.resources, address)) continue;
    const declaration = manifest.resources[address];
    const steps = stepsOf(address);
    if (!steps) continue;
    // The resource's own step first (as before modules could gain count), then its modules, innermost first.
    for (let index = steps.length - 1; index >= 0; index--) {
      const { key } = steps[index];
      if (key !== 0 && key !== undefined) continue;
      const implied: ImpliedMoveCause = key === 0 ? 'count_added' : 'count_removed';
      const fromSteps = steps.map((step, at) => (at === index ? { name: step.name, ...(key === 0 ? {} : { key: 0 }) } : step));
      const from = formatAddress({ modules: fromSteps.slice(0, -1), resource: fromSteps.at(-1)! });
      // A module step: a `moved:` block naming the module instance (`cluster` or `cluster[0]`) wins too.
      const changed = [steps, fromSteps].map((each) => formatAddress({ modules: each.slice(0, index), resource: each[index] }));
      const entry = Object.hasOwn(state.resources, from) ? state.resources[from] : undefined;
      if (!entry || entry.type !== declaration.type || Object.hasOwn(manifest.resources, from) || claimed.has(from)) continue;
      if (Object.hasOwn(state.resources, address) || [from, address, ...changed].some((each) => named.has(each))) continue;
      claimed.add(from);
      moves.push({ from, to: address, type: entry.type, id: entry.id, implied });
      break;
    }
  }
  return moves;
}

/** {@link resolveMoves} for the manifest's `moved:` blocks alone. */
function explicitMoves(manifest: Manifest, state: StateDocument): MoveResolution {
  const blocks = manifest.moved ?? [];
  if (blocks.length === 0) return { state, moves: [], diagnostics: [] };
  const diagnostics = checkMovedBlocks(manifest);
  if (diagnostics.length > 0) return { state, moves: [], diagnostics };
  const targets = new Map<string, { to: string; block: MovedBlock }>();
  for (const address of Object.keys(state.resources).sort()) {
    let current = address;
    let first: MovedBlock | undefined;
    for (let hops = 0; hops <= blocks.length; hops++) {
      const block =
        blocks.find((candidate) => candidate.from === current) ??
        blocks.find((candidate) => movedAddress(candidate.from, candidate.to, current) !== undefined);
      const next = block ? movedAddress(block.from, block.to, current) : undefined;
      if (!block || next === undefined) break;
      first ??= block;
      current = next;
      // A step onto an address the state holds: this entry does not move (that one may).
      if (Object.hasOwn(state.resources, current)) break;
    }
    if (first && current !== address) targets.set(address, { to: current, block: first });
  }
  const resources = Object.create(null) as StateDocument['resources'];
  const moves: PlannedMove[] = [];
  const claimed = new Set<string>();
  for (const [address, resource] of Object.entries(state.resources)) {
    const target = targets.get(address);
    // `to` already in state: the move does not apply (the entry at `from` stays, and is destroyed if nothing declares it).
    if (!target || Object.hasOwn(state.resources, target.to) || claimed.has(target.to)) {
      resources[address] = resource;
      continue;
    }
    const block = Object.hasOwn(manifest.resources, target.to) ? manifest.resources[target.to] : undefined;
    if (!block) {
      diagnostics.push({
        severity: 'error',
        code: 'moved_invalid',
        location: target.block.location,
        message: `moved: ${address} would move to ${target.to}, which is not a resource of ${manifest.path}`,
      });
    } else if (block.type !== resource.type) {
      diagnostics.push({
        severity: 'error',
        code: 'moved_type_mismatch',
        location: target.block.location,
        message: `moved: ${address} is a ${resource.type} in state, but ${target.to} is a ${block.type}; a move cannot change the type`,
      });
    }
    claimed.add(target.to);
    resources[target.to] = resource;
    moves.push({ from: address, to: target.to, type: resource.type, id: resource.id });
  }
  if (diagnostics.length > 0) return { state, moves: [], diagnostics };
  if (moves.length === 0) return { state, moves, diagnostics };
  return { state: { ...state, resources }, moves, diagnostics };
}

/**
 * The state entries the manifest's `removed:` blocks with `destroy: false`
 * forget: each address in `state` the block's `from` names (itself, every
 * instance of a block, every resource of a module) that the manifest does
 * not declare (loading refused a `from` still declared). With `targets`,
 * only the entries a target selects; never one `exclude` names. Blocks with `destroy: true` forget
 * nothing: their addresses are ordinary deletes.
 */
export function removedForgets(manifest: Manifest, state: StateDocument, targets: string[] = [], exclude: string[] = []): PlannedForget[] {
  const forgets: PlannedForget[] = [];
  const blocks = (manifest.removed ?? []).filter((block) => !block.destroy);
  if (blocks.length === 0) return forgets;
  for (const [address, resource] of Object.entries(state.resources)) {
    if (Object.hasOwn(manifest.resources, address)) continue;
    if (!blocks.some((block) => block.from === address || addressSelects(block.from, address))) continue;
    if (targets.length > 0 && !targets.some((target) => selectedAddresses(target, [address]).length > 0)) continue;
    if (exclude.some((pattern) => selectedAddresses(pattern, [address]).length > 0)) continue;
    forgets.push({ address, type: resource.type, id: resource.id });
  }
  return forgets.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

/** What {@link readImports} found. */
export interface ImportResolution {
  /** The imports to show and apply (generated ones included). */
  imports: PlannedImport[];
  /** The resources read, by address, to diff as if the state held them (generated ones left out). */
  resources: Record<string, ResourceState>;
  diagnostics: Diagnostic[];
}

/** Options of {@link readImports}. */
export interface ImportOptions {
  /** `plan --generate-config-out FILE`: imports whose `to` has no resource block are read for FILE instead of failing. */
  generateConfigOut?: string;
  /** Gives a context for the reads. */
  contextFor(address: string): OperationContext;
  /** `--target` addresses or patterns: when any, only the imports they select are read (and made). */
  targets?: string[];
  /** `--exclude` addresses or patterns: the imports they name are not read (nor made). */
  exclude?: string[];
  /** Reads in flight at once (default 10): an `import --all` manifest has an import block per account. */
  parallelism?: number;
  /**
   * The state's resources as recorded, before refresh (after moves): an
   * import block whose `to` is recorded there with its id is satisfied even
   * when refresh found the account gone (that is drift, not an import).
   */
  recorded?: StateDocument['resources'];
}

/** Settles `read` at once (a rejection kept as a value, never unhandled while earlier reads are awaited). */
function settled<T>(read: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return read.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/**
 * The type an import block reads with, or a diagnostic: a `to` with no
 * resource block is an error unless `generateConfigOut` (the load checked
 * the rest: manifest/check/moves.ts `checkImportBlocks`).
 */
function importType(
  manifest: Manifest,
  catalogue: Catalogue,
  block: ImportBlock,
  generateConfigOut: string | undefined,
): { type: ResourceType; generated: boolean } | Diagnostic {
  const declared = Object.hasOwn(manifest.resources, block.to) ? manifest.resources[block.to] : undefined;
  const fail = (message: string): Diagnostic => ({ severity: 'error', code: 'import_invalid', location: block.toLocation, message });
  if (!declared && generateConfigOut === undefined)
    return fail(
      `import: ${block.to} is not a resource of ${manifest.path}; add its block, or run 'cloudctl plan --generate-config-out FILE' to have it written`,
    );
  const type = catalogue.resource(declared?.type ?? block.type ?? '');
  if (!type) return fail(`import: ${block.to}: unknown resource type ${declared?.type ?? block.type}`);
  return { type, generated: !declared };
}

/**
 * The errors {@link readImports} would report before reading anything: an
 * import whose `to` has no resource block, without `generateConfigOut`.
 * What `plan` and `apply` check before they lock the state or call the API.
 */
export function undeclaredImports(manifest: Manifest, catalogue: Catalogue, generateConfigOut: string | undefined): Diagnostic[] {
  return (manifest.imports ?? [])
    .map((block) => importType(manifest, catalogue, block, generateConfigOut))
    .filter((found): found is Diagnostic => 'severity' in found);
}

/**
 * Reads the resources of the manifest's `import:` blocks whose `to` is not
 * in `state` (after moves). Import blocks are declarations, idempotent as
 * in Terraform: a `to` already in state (or in `options.recorded`, the
 * state before refresh) with the same id is satisfied and does nothing, no
 * read and no error, so an account deleted since is ordinary drift. Endpoint: each type's read (GET of the resource by id).
 * Diagnostics (nothing is imported then): `import_not_found` (at the id) for
 * an id the API does not have, `import_conflict` for a `to` in state with
 * another id, an id managed at another address or two blocks for one
 * address, `import_invalid` for a `to` that is no resource of the manifest
 * (unless `generateConfigOut`) or an id the type does not read.
 * Errors: the API's, for reads that fail otherwise than "not found".
 */
export async function readImports(
  manifest: Manifest,
  catalogue: Catalogue,
  state: StateDocument,
  options: ImportOptions,
): Promise<ImportResolution> {
  const result: ImportResolution = { imports: [], resources: Object.create(null) as Record<string, ResourceState>, diagnostics: [] };
  const targets = options.targets ?? [];
  const limit = pLimit(Math.max(1, options.parallelism ?? 10));
  // The blocks are checked in order, their reads run in parallel, and what was read is handled in block order.
  const reads: Array<{
    block: ImportBlock;
    type: ResourceType;
    id: string;
    generated: boolean;
    read: Promise<{ value: Attributes | null } | { error: unknown }>;
  }> = [];
  for (const block of manifest.imports ?? []) {
    if (targets.length > 0 && !targets.some((target) => selectedAddresses(target, [block.to]).length > 0)) continue;
    if ((options.exclude ?? []).some((pattern) => selectedAddresses(pattern, [block.to]).length > 0)) continue;
    const conflict = (message: string, location = block.location) =>
      result.diagnostics.push({ severity: 'error', code: 'import_conflict', location, message });
    const found = importType(manifest, catalogue, block, options.generateConfigOut);
    if ('severity' in found) {
      result.diagnostics.push(found);
      continue;
    }
    const { type, generated } = found;
    let id: string;
    try {
      id = type.parseImportId ? type.parseImportId(block.id) : block.id;
    } catch (error) {
      result.diagnostics.push({
        severity: 'error',
        code: 'import_invalid',
        location: block.idLocation,
        message: `import: ${(error as Error).message}`,
      });
      continue;
    }
    // The address in state (or recorded before refresh found it gone): the block is a declaration already satisfied.
    const recorded = options.recorded && Object.hasOwn(options.recorded, block.to) ? options.recorded[block.to] : undefined;
    const existing = Object.hasOwn(state.resources, block.to) ? state.resources[block.to] : recorded;
    if (existing) {
      if (existing.id !== id)
        conflict(
          `import: ${block.to} is already in state as ${existing.type} ${existing.id}, not ${id}; remove the import block, or 'cloudctl state rm ${block.to}' first`,
          block.idLocation,
        );
      continue;
    }
    const other = Object.entries(state.resources).find(
      ([, resource]) => accountKey(resource.type, resource.id) === accountKey(type.type, id),
    );
    if (other) {
      conflict(
        `import: ${type.type} ${id} is already managed as ${other[0]} (${other[1].type}); one account is managed at one address only`,
        block.idLocation,
      );
      continue;
    }
    reads.push({ block, type, id, generated, read: settled(limit(() => type.read(options.contextFor(block.to), id, undefined))) });
  }
  for (const { block, type, id, generated, read: reading } of reads) {
    const outcome = await reading;
    if ('error' in outcome) throw outcome.error;
    const read = outcome.value;
    if (read === null) {
      result.diagnostics.push({
        severity: 'error',
        code: 'import_not_found',
        location: block.idLocation,
        message: `import: ${type.type} ${id} was not found (404, absent or Terminated), so it cannot be imported as ${block.to}`,
      });
      continue;
    }
    const attributes = mergeAttributes(type, undefined, read);
    const sensitive = (name: string) => Boolean(type.attributes[name]?.sensitive);
    result.imports.push({
      address: block.to,
      type: type.type,
      id,
      attributes: maskAttributes(attributes, sensitive),
      ...(generated ? { generated_config: options.generateConfigOut } : {}),
    });
    if (!generated) result.resources[block.to] = { type: type.type, id, attributes, dependencies: [] };
  }
  if (result.diagnostics.length > 0)
    return { imports: [], resources: Object.create(null) as Record<string, ResourceState>, diagnostics: result.diagnostics };
  return result;
}

/**
 * Applies a plan's moves and imports to the state, before its changes:
 * each move renames its entry (`StateStore.moveResource`: persisted with a
 * serial bump, as `cloudctl state mv`) unless `from` is gone from state
 * already or `to` is taken (then nothing happens); each import (but those
 * whose config was only generated) reads its resource again by id and
 * records it (no order); each forget (a `removed:` block with `destroy:
 * false`) removes its entry from state when it still holds that id (no
 * API call). Endpoint: each imported type's read.
 * Errors: an Error when an imported resource is gone since the plan; the
 * state store's. Resolves with what was done (the addresses moved to, and
 * imported), in order.
 */
export async function applyMovesAndImports(
  plan: { moves?: PlannedMove[]; imports?: PlannedImport[]; forgets?: PlannedForget[] },
  store: StateStore,
  catalogue: Catalogue,
  contextFor: (address: string) => OperationContext,
  parallelism = 10,
): Promise<Array<{ address: string; action: 'move' | 'import' | 'forget' }>> {
  const done: Array<{ address: string; action: 'move' | 'import' | 'forget' }> = [];
  for (const move of plan.moves ?? []) {
    if (!store.resource(move.from) || store.resource(move.to)) continue;
    await store.moveResource(move.from, move.to);
    done.push({ address: move.to, action: 'move' });
  }
  // Forgotten: the state entry goes (persisted, serial bumped, as `state rm`); no API call, the account keeps running.
  for (const forget of plan.forgets ?? []) {
    if (store.resource(forget.address)?.id !== forget.id) continue;
    await store.removeResource(forget.address);
    done.push({ address: forget.address, action: 'forget' });
  }
  // Read in parallel, recorded in plan order: the first one gone stops the recording there, as one at a time would.
  const limit = pLimit(Math.max(1, parallelism));
  const reads = [];
  for (const entry of plan.imports ?? []) {
    if (entry.generated_config !== undefined || store.resource(entry.address)) continue;
    const type = catalogue.resource(entry.type);
    if (!type) throw new Error(`import ${entry.address}: unknown resource type ${entry.type}`);
    reads.push({ entry, type, read: settled(limit(() => type.read(contextFor(entry.address), entry.id, undefined))) });
  }
  for (const { entry, type, read: reading } of reads) {
    const outcome = await reading;
    if ('error' in outcome) throw outcome.error;
    const read = outcome.value;
    if (read === null)
      throw new Error(`import ${entry.address}: ${entry.type} ${entry.id} was not found any more; run 'cloudctl plan' again`);
    await store.setResource(entry.address, {
      type: entry.type,
      id: entry.id,
      attributes: mergeAttributes(type, undefined, read),
      dependencies: [],
    });
    done.push({ address: entry.address, action: 'import' });
  }
  return done;
}
