/**
 * `--target` and `--exclude`: which addresses a plan covers (the targets
 * and what they depend on, less the excluded and what depends on them), and
 * `--replace`'s addresses. Both take addresses (`web`: every instance,
 * `web[0]`: one, `cluster`: a module's resources) and glob patterns
 * (`web[*]`, `disk_*`, `cluster.*`, `module.app.*`).
 *
 * Patterns are matched by {@link addressPattern}, a small matcher over
 * address text rather than picomatch or minimatch: those read `[...]` as a
 * character class, which collides with instance keys (`web[0]`,
 * `web["eu"]`), and treat `/`, not `.`, as the separator, so every address
 * would need rewriting before and after matching anyway.
 */
import { addressSelects, canonicalAddress } from '../../core/address.js';
import { didYouMean } from '../../manifest/suggest.js';
import { buildDependencyGraph, type DependencyGraph } from '../../manifest/graph.js';
import { type Diagnostic } from '../../core/types.js';
import { type Manifest } from '../../manifest/types.js';
import { type StateDocument } from '../../state/document.js';
import { deposedOf } from '../deposed.js';

/** Which addresses a `--target` / `--exclude` plan covers. */
export interface TargetSelection {
  /** Manifest addresses (resources and `data.x`) in the plan: the targets and everything they depend on, less the excluded. */
  selected: Set<string>;
  /** Addresses only in state whose deletes the plan may plan (targeted, or not excluded). */
  orphans: Set<string>;
  /**
   * Addresses left out by `--exclude`, each with why: the pattern that
   * names it, or the excluded address it depends on (`dependency`; in a
   * destroy plan, the excluded address that depends on it).
   */
  excluded: Map<string, { pattern: string } | { dependency: string }>;
  diagnostics: Diagnostic[];
}

/** True when `text` is a glob pattern (holds `*` or `?`). */
export function isPattern(text: string): boolean {
  return text.includes('*') || text.includes('?');
}

/** Escapes `text` for a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A matcher of addresses for a glob pattern: `*` matches any run of
 * characters within one step (`disk_*` matches `disk_a` and `disk_a[0]`),
 * `[*]` any instance key (`web[*]`: `web[0]`, `web["eu"]`), `?` one
 * character, and a trailing `.*` everything under the prefix (`cluster.*`).
 * Terraform's `module.` before a module step is accepted and dropped.
 */
export function addressPattern(pattern: string): (address: string) => boolean {
  const text = pattern.trim().replace(/(^|\.)module\./g, '$1');
  let source = '';
  for (let index = 0; index < text.length; index++) {
    const rest = text.slice(index);
    if (rest === '.*') {
      source += '\\..+';
      break;
    }
    if (rest.startsWith('[*]')) {
      source += '\\[[^\\]]+\\]';
      index += 2;
    } else if (text[index] === '*') source += '[^.]*';
    else if (text[index] === '?') source += '[^.]';
    else source += escape(text[index]!);
  }
  const expression = new RegExp(`^${source}$`);
  return (address) => expression.test(address);
}

/** True when the `--target` / `--exclude` / `--replace` text `target` names `address` (see {@link selectedAddresses}). */
function names(target: string, canonical: string, match: ((address: string) => boolean) | undefined, address: string): boolean {
  const own = deposedOf(address)?.address ?? address;
  if (match) return match(own);
  return own === target || addressSelects(canonical, own);
}

/**
 * The addresses among `known` that a `--target`, `--exclude` or
 * `--replace` text names, in `known`'s order: itself, or every instance of
 * its block (`web` names `web`, `web[0]` and `web["eu"]`; see
 * `addressSelects`), or, for a glob pattern, every address it matches
 * ({@link addressPattern}). An account deposed from a named address
 * (`web (deposed 100001)`) is named with it.
 */
export function selectedAddresses(target: string, known: Iterable<string>): string[] {
  const canonical = canonicalAddress(target) ?? target;
  const match = isPattern(target) ? addressPattern(target) : undefined;
  return [...known].filter((address) => names(target, canonical, match, address));
}

/** Every address `addresses` reach by `next`, themselves included. */
function closure(addresses: Iterable<string>, next: (address: string) => Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const queue = [...addresses];
  while (queue.length > 0) {
    const address = queue.pop()!;
    if (reached.has(address)) continue;
    reached.add(address);
    for (const other of next(address)) queue.push(other);
  }
  return reached;
}

/** `--target X: no resource "X" in WHERE (did you mean ...)` / the same for `--exclude`. */
function unknownTarget(flag: string, target: string, where: string, known: string[]): Diagnostic {
  return {
    severity: 'error',
    code: 'target_unknown',
    message: `${flag} ${target}: no resource ${isPattern(target) ? 'matches ' : ''}"${target}" in ${where}${didYouMean(target, known)}`,
  };
}

/**
 * Resolves `--target` and `--exclude` addresses or patterns (and
 * `--replace` ones, which are targeted too) against the manifest and the
 * state. A target is a resource (`web`) or a data source (`data.os`) of the
 * manifest, or a resource only the state holds (a delete). In `destroy`
 * mode a target must be in state, and every resource in state that depends
 * on it must be targeted too (nothing is destroyed that was not named).
 * Without targets every address is in. Excluded: what `exclude` names and,
 * as OpenTofu does, what cannot go without it: in a plan, everything that
 * depends on it (the graph's dependents, and state entries recording it as
 * a dependency); in a destroy, everything it depends on (kept, it still
 * needs them).
 * `graph` is the manifest's dependency graph (`LoadedManifest.graph`; built
 * from `manifest` when not given).
 * Diagnostics: unknown targets or excludes (with a suggestion), dependents
 * left behind.
 */
export function selectTargets(
  manifest: Manifest,
  state: StateDocument,
  targets: string[],
  mode: 'apply' | 'destroy' | 'refresh-only',
  replace: string[] = [],
  graph: DependencyGraph = buildDependencyGraph(manifest),
  exclude: string[] = [],
): TargetSelection {
  const diagnostics: Diagnostic[] = [];
  const roots = new Set<string>();
  const orphans = new Set<string>();
  const inState = Object.keys(state.resources);
  const known = [...new Set([...graph.nodes(), ...inState])];
  const where = (destroying: boolean) =>
    destroying ? `the state (${[...inState].sort().join(', ') || 'empty'})` : `${manifest.path} or the state`;
  for (const target of targets) {
    const named = selectedAddresses(target, known);
    const held = named.filter((address) => Boolean(state.resources[address]));
    if (mode === 'destroy' ? held.length === 0 : named.length === 0) {
      diagnostics.push(unknownTarget('--target', target, where(mode === 'destroy'), known));
      continue;
    }
    for (const address of mode === 'destroy' ? held : named) {
      if (mode !== 'destroy' && graph.hasNode(address)) roots.add(address);
      else orphans.add(address);
    }
  }
  if (targets.length === 0) {
    if (mode !== 'destroy') for (const node of graph.nodes()) roots.add(node);
    for (const address of inState) if (mode === 'destroy' || !graph.hasNode(address)) orphans.add(address);
  }
  const excluded = excludedAddresses(state, graph, exclude, mode, known, diagnostics);
  for (const address of excluded.keys()) orphans.delete(address);
  if (mode === 'destroy' && targets.length > 0) {
    for (const target of orphans) {
      const left = Object.entries(state.resources)
        .filter(([other, resource]) => !orphans.has(other) && resource.dependencies.includes(target))
        .map(([other]) => other)
        .sort();
      if (left.length > 0) {
        diagnostics.push({
          severity: 'error',
          code: 'target_dependents_left',
          message: `--target ${target}: ${left.join(', ')} ${left.length === 1 ? 'depends' : 'depend'} on it and would be left behind; add ${left.map((other) => `--target ${other}`).join(' ')} to destroy ${left.length === 1 ? 'it' : 'them'} too`,
        });
      }
    }
  }
  for (const address of replace) if (graph.hasNode(address)) roots.add(address);
  const selected = closure(roots, (address) => graph.predecessors(address) ?? []);
  for (const address of excluded.keys()) selected.delete(address);
  return { selected, orphans, excluded, diagnostics };
}

/** The addresses `--exclude` leaves out, with why (see {@link TargetSelection.excluded}); unknown excludes are reported. */
function excludedAddresses(
  state: StateDocument,
  graph: DependencyGraph,
  exclude: string[],
  mode: 'apply' | 'destroy' | 'refresh-only',
  known: string[],
  diagnostics: Diagnostic[],
): TargetSelection['excluded'] {
  const excluded: TargetSelection['excluded'] = new Map();
  if (exclude.length === 0) return excluded;
  for (const pattern of exclude) {
    const named = selectedAddresses(pattern, known);
    if (named.length === 0)
      diagnostics.push(unknownTarget('--exclude', pattern, `${mode === 'destroy' ? 'the state' : 'the manifest or the state'}`, known));
    for (const address of named) if (!excluded.has(address)) excluded.set(address, { pattern });
  }
  // What cannot go without them: dependents in a plan (graph and state), dependencies in a destroy.
  const dependents = new Map<string, string[]>();
  for (const [address, resource] of Object.entries(state.resources))
    for (const dependency of resource.dependencies) dependents.set(dependency, [...(dependents.get(dependency) ?? []), address]);
  const next = (address: string): string[] =>
    mode === 'destroy'
      ? (state.resources[address]?.dependencies ?? [])
      : [...(graph.hasNode(address) ? (graph.successors(address) ?? []) : []), ...(dependents.get(address) ?? [])];
  const queue = [...excluded.keys()];
  while (queue.length > 0) {
    const address = queue.shift()!;
    for (const other of next(address)) {
      if (excluded.has(other)) continue;
      excluded.set(other, { dependency: address });
      queue.push(other);
    }
  }
  return excluded;
}
