/**
 * The dependency graph of a manifest: one node per resource
 * (`web`) and data source (`data.ubuntu`), an edge from each dependency to
 * its dependent (so a topological order lists dependencies first). Edges come
 * from `${...}` references in properties and from `depends_on`; variables
 * and outputs are not nodes. The graph is kept in arrays of numbered nodes
 * and edges (graph-store.ts), and its walks (order, cycles, reachability)
 * are iterative, so a chain or a cycle through any number of blocks cannot
 * overflow the stack (graphlib's `topsort`, `tarjan` and `preorder` are
 * recursive); graphlib is kept for {@link DependencyGraph.toGraphlib}
 * copies and its `CycleException`.
 */
import { alg } from '@dagrejs/graphlib';
import { DependencyGraph } from './graph-store.js';
import { referencesOf } from './parse/expressions.js';
import { blockAddress } from '../core/address.js';
import { type Diagnostic, type SourceLocation } from '../core/types.js';
import { conditionExpressions, isSelfReference, referenceTarget, type BlockDeclaration, type Manifest, type Reference } from './types.js';
import { blocksOf } from './block-list.js';

export { DependencyGraph, type DependencyNode } from './graph-store.js';

/**
 * What a block depends on, in source order, each address once (first
 * occurrence wins): resources it references (`web`, `web[0]`), data sources it
 * references (`data.ubuntu`), then its `depends_on` entries. Variables are
 * not dependencies. Addresses are returned whether or not they are declared
 * (validation reports unknown ones).
 */
export function dependenciesOf(block: BlockDeclaration, locals?: Manifest['locals']): Array<{ address: string; location: SourceLocation }> {
  const found = new DependencyList(locals);
  const properties = block.properties;
  for (const name in properties) {
    const expression = properties[name];
    if (expression.kind === 'reference') found.addReference(expression.reference);
    else if (expression.kind !== 'literal') for (const reference of referencesOf(expression)) found.addReference(reference);
  }
  // A condition waits for what it reads, as Terraform's do (`self` is the block itself).
  if (block.conditions)
    for (const expression of conditionExpressions(block))
      for (const reference of referencesOf(expression)) if (!isSelfReference(reference)) found.addReference(reference);
  for (const entry of block.dependsOn) found.add(entry.address, entry.location);
  // `replace_triggered_by` waits for what it names (resolved at load: expand/lifecycle.ts).
  for (const trigger of block.lifecycle?.replaceTriggeredBy ?? [])
    for (const target of trigger.targets ?? []) found.add(target, trigger.location);
  return found.list;
}

/**
 * The list {@link dependenciesOf} builds, each address once (the first
 * location wins). The planner asks once per block: a few dependencies are
 * told apart by scanning the list, a set is made only past 16, and the
 * locals are read only when a reference names one.
 */
class DependencyList {
  readonly list: Array<{ address: string; location: SourceLocation }> = [];
  private seen: Set<string> | undefined;
  private through: ((name: string) => Reference[]) | undefined;

  constructor(private readonly locals: Manifest['locals'] | undefined) {}

  add(address: string, location: SourceLocation): void {
    if (this.seen) {
      if (this.seen.has(address)) return;
      this.seen.add(address);
    } else {
      for (const entry of this.list) if (entry.address === address) return;
      if (this.list.length >= 16) this.seen = new Set([...this.list.map((entry) => entry.address), address]);
    }
    this.list.push({ address, location });
  }

  addReference(reference: Reference): void {
    if (reference.root === 'resource' || reference.root === 'data') this.add(referenceTarget(reference), reference.location);
    else if (reference.root === 'local') {
      this.through ??= localsReader(this.locals);
      for (const behind of this.through(reference.name)) this.add(referenceTarget(behind), reference.location);
    }
  }
}

/**
 * The resource and data source references behind each local value (those
 * of its expression, and of the locals it reads, at any depth; a cycle
 * among locals, refused by validation, ends the walk), by name, memoised.
 */
function localsReader(locals: Manifest['locals']): (name: string) => Reference[] {
  const memo = new Map<string, Reference[]>();
  const read = (name: string, visiting: Set<string>): Reference[] => {
    const known = memo.get(name);
    if (known) return known;
    const local = locals && Object.hasOwn(locals, name) ? locals[name] : undefined;
    if (!local || visiting.has(name)) return [];
    visiting.add(name);
    const found: Reference[] = [];
    for (const reference of referencesOf(local.value)) {
      if (reference.root === 'resource' || reference.root === 'data') found.push(reference);
      else if (reference.root === 'local') found.push(...read(reference.name, visiting));
    }
    visiting.delete(name);
    memo.set(name, found);
    return found;
  };
  return (name) => read(name, new Set());
}

/**
 * Builds the graph of a manifest: data sources first, then resources, in
 * declaration order; an edge `dependency → dependent` for every dependency
 * that is declared (references to undeclared addresses are left out).
 * Self-references become self-loops (a cycle).
 */
export function buildDependencyGraph(manifest: Manifest): DependencyGraph {
  const graph = new DependencyGraph();
  const through = localsReader(manifest.locals);
  const data = blocksOf(manifest.data);
  const resources = blocksOf(manifest.resources);
  for (const block of data) graph.setNode(block.address, { kind: 'data', block });
  for (const block of resources) graph.setNode(block.address, { kind: 'resource', block });
  // The edges of `dependenciesOf(block)`, without building its list: an address met again finds its edge made (the first location wins).
  // `block` is the number of the block the edges go into.
  const addEdge = (block: number, dependency: string, location: SourceLocation) => {
    // `web[0]` in a manifest not yet expanded: the block `web`.
    const source = graph.numberOf(dependency) ?? graph.numberOf(blockAddress(dependency));
    if (source !== undefined) graph.addEdgeBetweenNumbers(source, block, location);
  };
  const addReference = (block: number, reference: Reference) => {
    if (reference.root === 'resource' || reference.root === 'data') addEdge(block, referenceTarget(reference), reference.location);
    else if (reference.root === 'local')
      for (const behind of through(reference.name)) addEdge(block, referenceTarget(behind), reference.location);
  };
  for (const blocks of [data, resources]) {
    for (const declaration of blocks) {
      const block = graph.numberOf(declaration.address)!;
      const properties = declaration.properties;
      for (const name in properties) {
        const expression = properties[name];
        if (expression.kind === 'reference') addReference(block, expression.reference);
        else if (expression.kind !== 'literal') for (const reference of referencesOf(expression)) addReference(block, reference);
      }
      if (declaration.conditions)
        for (const expression of conditionExpressions(declaration))
          for (const reference of referencesOf(expression)) if (!isSelfReference(reference)) addReference(block, reference);
      for (const entry of declaration.dependsOn) addEdge(block, entry.address, entry.location);
      for (const trigger of declaration.lifecycle?.replaceTriggeredBy ?? [])
        for (const target of trigger.targets ?? []) addEdge(block, target, trigger.location);
    }
  }
  return graph;
}

/**
 * A graph from recorded dependencies (`address → addresses it depends on`),
 * e.g. the `dependencies` of each resource in state, for ordering deletes of
 * resources no longer in the manifest. Dependencies not among the keys are
 * added as nodes too.
 */
export function graphFromDependencies(dependencies: Record<string, string[]>): DependencyGraph {
  const graph = new DependencyGraph();
  for (const address of Object.keys(dependencies)) graph.setNode(address);
  for (const [address, list] of Object.entries(dependencies)) {
    for (const dependency of list) if (!graph.hasEdge(dependency, address)) graph.setEdge(dependency, address);
  }
  return graph;
}

/**
 * Addresses with every dependency before its dependents (creates and
 * updates run in this order). Errors: throws graphlib's `CycleException`
 * when the graph has a cycle; validate the manifest first
 * ({@link findCycleDiagnostics}).
 */
export function topologicalOrder(graph: DependencyGraph): string[] {
  const order = graph.dependenciesFirst();
  // Not graphlib's `alg.topsort`: it is recursive, and a long cycle overflowed the stack before it found the cycle.
  if (!order) throw new alg.CycleException();
  return order;
}

/** Addresses with every dependent before its dependencies (deletes run in this order). Throws like {@link topologicalOrder}. */
export function reverseTopologicalOrder(graph: DependencyGraph): string[] {
  return topologicalOrder(graph).reverse();
}

/** Every address that depends on `address`, directly or not (not `address` itself), e.g. what a replace touches. */
export function dependentsOf(graph: DependencyGraph, address: string): string[] {
  return graph.preorder(address).slice(1);
}

/**
 * One diagnostic per dependency cycle (strongly connected component with
 * more than one node, or a self-reference):
 * `dependency cycle: a -> b -> a`, read "a depends on b, which depends on a".
 * The cycle starts at its first declared address (data sources, then
 * resources, in declaration order) and follows the shortest way back; the
 * diagnostic is located at the reference (or `depends_on` entry) that closes
 * it, i.e. where the last address refers to the first.
 */
export function findCycleDiagnostics(manifest: Manifest, graph: DependencyGraph = buildDependencyGraph(manifest)): Diagnostic[] {
  if (graph.dependenciesFirst()) return []; // no cycle: the common case, without graphlib
  const diagnostics: Diagnostic[] = [];
  const order = graph.nodes();
  const cycles = graph.stronglyConnected().filter((component) => component.length > 1 || graph.hasEdge(component[0], component[0]));
  for (const component of cycles) {
    const members = new Set(component);
    const start = order.find((node) => members.has(node)) ?? component[0];
    let path: string[];
    let closer: string;
    if (graph.hasEdge(start, start)) {
      path = [start, start];
      closer = start;
    } else {
      // "depends on" direction: dependent → dependency, restricted to the component.
      const dependsOn = new DependencyGraph();
      for (const node of order) if (members.has(node)) dependsOn.setNode(node);
      for (const edge of graph.edges()) {
        if (members.has(edge.v) && members.has(edge.w)) dependsOn.setEdge(edge.w, edge.v);
      }
      // The shortest way from `start` to every member (breadth first: every step counts one).
      const distances = new Map<string, { distance: number; predecessor: string | undefined }>([
        [start, { distance: 0, predecessor: undefined }],
      ]);
      const queue = [start];
      for (let head = 0; head < queue.length; head++) {
        const node = queue[head];
        const distance = distances.get(node)!.distance + 1;
        for (const next of dependsOn.successors(node) ?? []) {
          if (distances.has(next)) continue;
          distances.set(next, { distance, predecessor: node });
          queue.push(next);
        }
      }
      const candidates = (dependsOn.predecessors(start) ?? []).filter((node) => Number.isFinite(distances.get(node)?.distance));
      closer = candidates.reduce(
        (best, node) => (distances.get(node)!.distance < distances.get(best)!.distance ? node : best),
        candidates[0],
      );
      path = [];
      for (let node: string | undefined = closer; node !== undefined && node !== start; node = distances.get(node)?.predecessor)
        path.unshift(node);
      path.unshift(start);
      path.push(start);
    }
    const location = graph.edge(start, closer) ?? graph.node(closer)?.block.location;
    diagnostics.push({
      severity: 'error',
      code: 'cycle',
      message: `dependency cycle: ${path.join(' -> ')}`,
      ...(location ? { location } : {}),
    });
  }
  return diagnostics.sort(
    (a, b) => (a.location?.line ?? 0) - (b.location?.line ?? 0) || (a.location?.column ?? 0) - (b.location?.column ?? 0),
  );
}
