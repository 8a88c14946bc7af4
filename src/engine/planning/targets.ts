/** `--target`: which addresses a targeted plan covers (the targets and what they depend on), and `--replace`'s addresses. */
import { addressSelects, canonicalAddress } from '../../core/address.js';
import { didYouMean } from '../../manifest/suggest.js';
import { buildDependencyGraph, type DependencyGraph } from '../../manifest/graph.js';
import { type Diagnostic } from '../../core/types.js';
import { type Manifest } from '../../manifest/types.js';
import { type StateDocument } from '../../state/document.js';

/** Which addresses a `--target` plan covers. */
export interface TargetSelection {
  /** Manifest addresses (resources and `data.x`) in the plan: the targets and everything they depend on. */
  selected: Set<string>;
  /** Targeted addresses that are only in state (their deletes are planned). */
  orphans: Set<string>;
  diagnostics: Diagnostic[];
}

/**
 * The addresses among `known` that a `--target` or `--replace` address
 * names: itself, or every instance of its block (`web` names `web`,
 * `web[0]` and `web["eu"]`; see `addressSelects`), in `known`'s order.
 */
export function selectedAddresses(target: string, known: Iterable<string>): string[] {
  const canonical = canonicalAddress(target) ?? target;
  return [...known].filter((address) => address === target || addressSelects(canonical, address));
}

/** Every address `address` depends on, directly or not (graph edges run dependency → dependent). */
function dependencyClosure(graph: DependencyGraph, addresses: Iterable<string>): Set<string> {
  const closure = new Set<string>();
  const queue = [...addresses];
  while (queue.length > 0) {
    const address = queue.pop()!;
    if (closure.has(address)) continue;
    closure.add(address);
    for (const dependency of graph.predecessors(address) ?? []) queue.push(dependency);
  }
  return closure;
}

/**
 * Resolves `--target` addresses (and `--replace` ones, which are targeted
 * too) against the manifest and the state. A target is a resource (`web`)
 * or a data source (`data.os`) of the manifest, or a resource only the
 * state holds (a delete). In `destroy` mode a target must be in state, and
 * every resource in state that depends on it must be targeted too (nothing
 * is destroyed that was not named).
 * `graph` is the manifest's dependency graph (`LoadedManifest.graph`; built
 * from `manifest` when not given).
 * Diagnostics: unknown targets (with a suggestion), dependents left behind.
 */
export function selectTargets(
  manifest: Manifest,
  state: StateDocument,
  targets: string[],
  mode: 'apply' | 'destroy' | 'refresh-only',
  replace: string[] = [],
  graph: DependencyGraph = buildDependencyGraph(manifest),
): TargetSelection {
  const diagnostics: Diagnostic[] = [];
  const roots = new Set<string>();
  const orphans = new Set<string>();
  const known = [...new Set([...graph.nodes(), ...Object.keys(state.resources)])];
  for (const target of targets) {
    const named = selectedAddresses(target, known);
    const inManifest = named.filter((address) => graph.hasNode(address));
    const inState = named.filter((address) => Boolean(state.resources[address]));
    if (mode === 'destroy' ? inState.length === 0 : named.length === 0) {
      const where =
        mode === 'destroy' ? `the state (${Object.keys(state.resources).sort().join(', ') || 'empty'})` : `${manifest.path} or the state`;
      diagnostics.push({
        severity: 'error',
        code: 'target_unknown',
        message: `--target ${target}: no resource "${target}" in ${where}${didYouMean(target, known)}`,
      });
      continue;
    }
    for (const address of mode === 'destroy' ? inState : named) {
      if (mode !== 'destroy' && inManifest.includes(address)) roots.add(address);
      else orphans.add(address);
    }
  }
  if (mode === 'destroy') {
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
  return { selected: dependencyClosure(graph, roots), orphans, diagnostics };
}
