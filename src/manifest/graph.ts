/**
 * The dependency graph of a manifest: one node per resource
 * (`web`) and data source (`data.ubuntu`), an edge from each dependency to
 * its dependent (so a topological order lists dependencies first). Edges come
 * from `${...}` references in properties and from `depends_on`; variables
 * and outputs are not nodes. The graph is kept in `Map`s, and its walks
 * (order, cycles, reachability) are iterative, so a chain or a cycle through
 * any number of blocks cannot overflow the stack (graphlib's `topsort`,
 * `tarjan` and `preorder` are recursive); graphlib is kept for
 * {@link DependencyGraph.toGraphlib} copies and its `CycleException`.
 */
import { Graph, alg } from '@dagrejs/graphlib';
import { referencesOf } from './parse/expressions.js';
import { blockAddress } from '../core/address.js';
import { type Diagnostic, type SourceLocation } from '../core/types.js';
import { conditionExpressions, isSelfReference, referenceTarget, type BlockDeclaration, type Manifest, type Reference } from './types.js';
import { blocksOf } from './block-list.js';

/** Label of a graph node: the declaration behind the address. */
export interface DependencyNode {
  kind: 'resource' | 'data';
  block: BlockDeclaration;
}

/** A node of a {@link DependencyGraph}: its label and its edges each way, by the address at their other end. */
interface NodeEntry {
  label: DependencyNode | undefined;
  /** Edges into the node: dependency address → label, in the order they were added (made with the first). */
  predecessors?: Map<string, SourceLocation | undefined>;
  /** Edges out of the node: dependent address → label, in the order they were added (made with the first). */
  successors?: Map<string, SourceLocation | undefined>;
}

const NO_EDGES: ReadonlyMap<string, SourceLocation | undefined> = new Map();

/**
 * graphlib keeps nodes in plain objects and tests them with `in`, so an
 * address such as `toString`, `constructor` or `__proto__` would be taken
 * for one of Object.prototype's members. The graphlib copy of a graph
 * ({@link DependencyGraph.toGraphlib}) therefore names its nodes with the
 * addresses behind this prefix, which no member name starts with.
 */
const ID_PREFIX = '#';
const idOf = (address: string): string => `${ID_PREFIX}${address}`;

/**
 * A dependency graph. Node names are addresses, node labels
 * {@link DependencyNode}s (absent in graphs made by
 * {@link graphFromDependencies}); the edge `dependency → dependent` is
 * labelled with where the dependent refers to the dependency. Any address is
 * data (nodes are kept in `Map`s).
 *
 * Nodes, edges, predecessors and successors are kept in insertion order,
 * the orders graphlib keeps, so a graphlib copy sees the same graph in the
 * same order.
 * graphlib is not the store itself: its object-keyed bookkeeping cost about
 * 60 ms to build the graph of a 5,000-resource manifest, a `Map` a few.
 */
export class DependencyGraph {
  private readonly entries = new Map<string, NodeEntry>();
  /** Every edge, in the order it was added, as its two addresses one after the other (`from, to, from, to, …`: no object per edge). */
  private readonly edgeList: string[] = [];
  /**
   * What {@link DependencyGraph.dependenciesFirst} found (`null`: a cycle),
   * until a node or an edge is added: validation's cycle check and the plan
   * ask for the same order of the same graph.
   */
  private orderFound: string[] | null | undefined;

  /** Adds a node (or sets its label). */
  setNode(address: string, label?: DependencyNode): this {
    const entry = this.entries.get(address);
    if (entry) entry.label = label;
    else {
      this.entries.set(address, { label });
      this.orderFound = undefined;
    }
    return this;
  }

  hasNode(address: string): boolean {
    return this.entries.has(address);
  }

  /** The label of a node; `undefined` for an unknown address or a node without one. */
  node(address: string): DependencyNode | undefined {
    return this.entries.get(address)?.label;
  }

  /** Every address, in insertion order. */
  nodes(): string[] {
    return [...this.entries.keys()];
  }

  /** Adds the edge `from → to` (adding missing nodes), labelled with a location (an existing edge gets the new label). */
  setEdge(from: string, to: string, label?: SourceLocation): this {
    const source = this.entryOf(from);
    const target = this.entryOf(to);
    source.successors ??= new Map();
    target.predecessors ??= new Map();
    if (!source.successors.has(to)) this.edgeList.push(from, to);
    this.orderFound = undefined;
    source.successors.set(to, label);
    target.predecessors.set(from, label);
    return this;
  }

  hasEdge(from: string, to: string): boolean {
    return this.entries.get(from)?.successors?.has(to) ?? false;
  }

  /** The label of the edge `from → to`. */
  edge(from: string, to: string): SourceLocation | undefined {
    return this.entries.get(from)?.successors?.get(to);
  }

  /** Every edge as `{ v: from, w: to }`, in insertion order. */
  edges(): Array<{ v: string; w: string }> {
    const edges: Array<{ v: string; w: string }> = [];
    for (let index = 0; index < this.edgeList.length; index += 2) edges.push({ v: this.edgeList[index], w: this.edgeList[index + 1] });
    return edges;
  }

  /** What `address` depends on directly; `undefined` for an unknown address. */
  predecessors(address: string): string[] | undefined {
    const entry = this.entries.get(address);
    return entry ? [...(entry.predecessors ?? NO_EDGES).keys()] : undefined;
  }

  /** What depends on `address` directly; `undefined` for an unknown address. */
  successors(address: string): string[] | undefined {
    const entry = this.entries.get(address);
    return entry ? [...(entry.successors ?? NO_EDGES).keys()] : undefined;
  }

  /**
   * The addresses in graphlib's `alg.topsort` order (a depth-first walk of
   * predecessors from each node without successors, in insertion order,
   * each node listed after its dependencies); `undefined` when the graph has
   * a cycle. Iterative, so a long chain cannot overflow the stack. Worked
   * out once per state of the graph; each call returns its own array.
   */
  dependenciesFirst(): string[] | undefined {
    if (this.orderFound === undefined) this.orderFound = this.walkDependenciesFirst() ?? null;
    return this.orderFound ? [...this.orderFound] : undefined;
  }

  /** The walk behind {@link DependencyGraph.dependenciesFirst}. */
  private walkDependenciesFirst(): string[] | undefined {
    const visited = new Set<string>();
    const onPath = new Set<string>();
    const order: string[] = [];
    for (const [sink, entry] of this.entries) {
      if ((entry.successors?.size ?? 0) > 0 || visited.has(sink)) continue;
      visited.add(sink);
      onPath.add(sink);
      const stack: Array<[string, Iterator<string>]> = [[sink, (entry.predecessors ?? NO_EDGES).keys()]];
      while (stack.length > 0) {
        const [address, rest] = stack[stack.length - 1];
        const next = rest.next();
        if (next.done) {
          stack.pop();
          onPath.delete(address);
          order.push(address);
          continue;
        }
        const dependency = next.value;
        if (onPath.has(dependency)) return undefined;
        if (visited.has(dependency)) continue;
        visited.add(dependency);
        onPath.add(dependency);
        stack.push([dependency, (this.entries.get(dependency)!.predecessors ?? NO_EDGES).keys()]);
      }
    }
    return visited.size === this.entries.size ? order : undefined;
  }

  /**
   * The strongly connected components (Tarjan's algorithm, the order
   * graphlib's `alg.tarjan` gives: nodes tried in insertion order, edges
   * followed from dependency to dependent in insertion order, a component
   * listed once its walk is done, its members in the order they leave the
   * stack). Iterative: graphlib's is recursive and overflowed the stack on a
   * cycle through about 5,000 blocks.
   */
  stronglyConnected(): string[][] {
    const index = new Map<string, number>();
    const lowlink = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const components: string[][] = [];
    const walk: Array<[string, Iterator<string>]> = [];
    const enter = (address: string) => {
      const order = index.size;
      index.set(address, order);
      lowlink.set(address, order);
      stack.push(address);
      onStack.add(address);
      walk.push([address, (this.entries.get(address)!.successors ?? NO_EDGES).keys()]);
    };
    for (const root of this.entries.keys()) {
      if (index.has(root)) continue;
      enter(root);
      while (walk.length > 0) {
        const [address, rest] = walk[walk.length - 1];
        const next = rest.next();
        if (!next.done) {
          const dependent = next.value;
          if (!index.has(dependent)) enter(dependent);
          else if (onStack.has(dependent)) lowlink.set(address, Math.min(lowlink.get(address)!, index.get(dependent)!));
          continue;
        }
        walk.pop();
        if (walk.length > 0) {
          const parent = walk[walk.length - 1][0];
          lowlink.set(parent, Math.min(lowlink.get(parent)!, lowlink.get(address)!));
        }
        if (lowlink.get(address) === index.get(address)) {
          const component: string[] = [];
          let member: string;
          do {
            member = stack.pop()!;
            onStack.delete(member);
            component.push(member);
          } while (member !== address);
          components.push(component);
        }
      }
    }
    return components;
  }

  /**
   * Every address reachable from `start` along edges (dependency to
   * dependent), `start` first, in graphlib's `alg.preorder` order
   * (depth-first, edges in insertion order). Iterative, like
   * {@link DependencyGraph.stronglyConnected}. `[]` for an unknown address.
   */
  preorder(start: string): string[] {
    if (!this.entries.has(start)) return [];
    const visited = new Set<string>([start]);
    const walk: Array<Iterator<string>> = [(this.entries.get(start)!.successors ?? NO_EDGES).keys()];
    while (walk.length > 0) {
      const next = walk[walk.length - 1].next();
      if (next.done) {
        walk.pop();
        continue;
      }
      if (visited.has(next.value)) continue;
      visited.add(next.value);
      walk.push((this.entries.get(next.value)!.successors ?? NO_EDGES).keys());
    }
    return [...visited];
  }

  /** A graphlib copy of the graph (node ids from {@link idOf}), for its algorithms; nodes and edges in insertion order. */
  toGraphlib(): Graph<string, DependencyNode | undefined, SourceLocation | undefined> {
    const graph = new Graph<string, DependencyNode | undefined, SourceLocation | undefined>({ directed: true });
    for (const [address, entry] of this.entries) graph.setNode(idOf(address), entry.label);
    for (const { v, w } of this.edges()) graph.setEdge(idOf(v), idOf(w), this.edge(v, w));
    return graph;
  }

  private entryOf(address: string): NodeEntry {
    let entry = this.entries.get(address);
    if (!entry) {
      entry = { label: undefined };
      this.entries.set(address, entry);
    }
    return entry;
  }
}

/**
 * What a block depends on, in source order, each address once (first
 * occurrence wins): resources it references (`web`, `web[0]`), data sources it
 * references (`data.ubuntu`), then its `depends_on` entries. Variables are
 * not dependencies. Addresses are returned whether or not they are declared
 * (validation reports unknown ones).
 */
export function dependenciesOf(block: BlockDeclaration, locals?: Manifest['locals']): Array<{ address: string; location: SourceLocation }> {
  const seen = new Set<string>();
  const through = localsReader(locals);
  const result: Array<{ address: string; location: SourceLocation }> = [];
  const add = (address: string, location: SourceLocation) => {
    if (seen.has(address)) return;
    seen.add(address);
    result.push({ address, location });
  };
  const addReference = (reference: Reference) => {
    if (reference.root === 'resource' || reference.root === 'data') add(referenceTarget(reference), reference.location);
    else if (reference.root === 'local') for (const behind of through(reference.name)) add(referenceTarget(behind), reference.location);
  };
  for (const expression of Object.values(block.properties)) {
    if (expression.kind === 'reference') addReference(expression.reference);
    else if (expression.kind !== 'literal') for (const reference of referencesOf(expression)) addReference(reference);
  }
  // A condition waits for what it reads, as Terraform's do (`self` is the block itself).
  for (const expression of conditionExpressions(block))
    for (const reference of referencesOf(expression)) if (!isSelfReference(reference)) addReference(reference);
  for (const entry of block.dependsOn) add(entry.address, entry.location);
  // `replace_triggered_by` waits for what it names (resolved at load: expand/lifecycle.ts).
  for (const trigger of block.lifecycle?.replaceTriggeredBy ?? [])
    for (const target of trigger.targets ?? []) add(target, trigger.location);
  return result;
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
  const addEdge = (block: BlockDeclaration, dependency: string, location: SourceLocation) => {
    // `web[0]` in a manifest not yet expanded: the block `web`.
    const address = graph.hasNode(dependency) ? dependency : blockAddress(dependency);
    if (graph.hasNode(address) && !graph.hasEdge(address, block.address)) graph.setEdge(address, block.address, location);
  };
  const addReference = (block: BlockDeclaration, reference: Reference) => {
    if (reference.root === 'resource' || reference.root === 'data') addEdge(block, referenceTarget(reference), reference.location);
    else if (reference.root === 'local')
      for (const behind of through(reference.name)) addEdge(block, referenceTarget(behind), reference.location);
  };
  for (const blocks of [data, resources]) {
    for (const block of blocks) {
      for (const expression of Object.values(block.properties)) {
        if (expression.kind === 'reference') addReference(block, expression.reference);
        else if (expression.kind !== 'literal') for (const reference of referencesOf(expression)) addReference(block, reference);
      }
      for (const expression of conditionExpressions(block))
        for (const reference of referencesOf(expression)) if (!isSelfReference(reference)) addReference(block, reference);
      for (const entry of block.dependsOn) addEdge(block, entry.address, entry.location);
      for (const trigger of block.lifecycle?.replaceTriggeredBy ?? [])
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
