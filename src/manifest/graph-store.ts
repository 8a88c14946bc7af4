/**
 * The store behind a manifest's dependency graph (graph.ts builds it):
 * nodes and edges numbered in insertion order, kept in arrays, and the
 * walks over them (order, cycles, reachability), iterative so a chain or a
 * cycle through any number of blocks cannot overflow the stack.
 */
import { Graph } from '@dagrejs/graphlib';
import type { SourceLocation } from '../core/types.js';
import type { BlockDeclaration } from './types.js';

/** Label of a graph node: the declaration behind the address. */
export interface DependencyNode {
  kind: 'resource' | 'data';
  block: BlockDeclaration;
}

/**
 * graphlib keeps nodes in plain objects and tests them with `in`, so an
 * address such as `toString`, `constructor` or `__proto__` would be taken
 * for one of Object.prototype's members. The graphlib copy of a graph
 * ({@link DependencyGraph.toGraphlib}) therefore names its nodes with the
 * addresses behind this prefix, which no member name starts with.
 */
const ID_PREFIX = '#';
const idOf = (address: string): string => `${ID_PREFIX}${address}`;

/** No edge list yet (never written to). */
const NO_EDGES: readonly number[] = [];

/**
 * The edges at one end of a node: none (`undefined`), one (its number), or
 * several (an array). A node has a handful, and an array grown by `push`
 * keeps room for 16 more (150 bytes a list, two lists a block): one edge is
 * kept as a number and short lists are copied to their exact length.
 */
type EdgeList = number | number[] | undefined;

/** `list` with `edge` added at the end (a copy while short, `push` past 8). */
function withEdge(list: EdgeList, edge: number): EdgeList {
  if (list === undefined) return edge;
  if (typeof list === 'number') return [list, edge];
  if (list.length >= 8) {
    list.push(edge);
    return list;
  }
  const longer = new Array<number>(list.length + 1);
  for (let index = 0; index < list.length; index++) longer[index] = list[index];
  longer[list.length] = edge;
  return longer;
}

/** The edge numbers of an {@link EdgeList}, as a list. */
function edgesOf(list: EdgeList): readonly number[] {
  return list === undefined ? NO_EDGES : typeof list === 'number' ? [list] : list;
}

/** How many edges an {@link EdgeList} holds. */
function edgeCount(list: EdgeList): number {
  return list === undefined ? 0 : typeof list === 'number' ? 1 : list.length;
}

/** The edge at `index` of an {@link EdgeList} (`index` below {@link edgeCount}). */
function edgeAt(list: EdgeList, index: number): number {
  return typeof list === 'number' ? list : list![index];
}

/**
 * Past this many edges on both ends, {@link DependencyGraph.findEdge} stops
 * scanning the two nodes' lists and looks the pair up in a set of every
 * edge, made then (a data source read by 100,000 blocks has 100,000
 * dependents, but each of them a handful of dependencies).
 */
const SCAN_LIMIT = 32;

/**
 * A dependency graph. Node names are addresses, node labels
 * {@link DependencyNode}s (absent in graphs made by
 * {@link graphFromDependencies}); the edge `dependency → dependent` is
 * labelled with where the dependent refers to the dependency. Any address is
 * data (nodes are kept in a `Map`).
 *
 * Nodes, edges, predecessors and successors are kept in insertion order,
 * the orders graphlib keeps, so a graphlib copy sees the same graph in the
 * same order.
 * graphlib is not the store itself: its object-keyed bookkeeping cost about
 * 60 ms to build the graph of a 5,000-resource manifest. Nor are `Map`s per
 * node (two per block, some 300 bytes): a node is a number (its place in
 * insertion order), an edge too (its place in the edge list), and each
 * node keeps the numbers of its edges each way in two small arrays.
 */
export class DependencyGraph {
  /** The number of each address (its place in {@link addresses}). */
  private readonly numbers = new Map<string, number>();
  /** Every address, in insertion order. */
  private readonly addresses: string[] = [];
  private readonly labels: Array<DependencyNode | undefined> = [];
  /** The edges into each node (edge numbers, in the order they were added: an {@link EdgeList}). */
  private readonly incoming: EdgeList[] = [];
  /** The edges out of each node (edge numbers, in the order they were added: an {@link EdgeList}). */
  private readonly outgoing: EdgeList[] = [];
  /** Each edge's two ends (node numbers) and label, by edge number (insertion order). */
  private readonly edgeFrom: number[] = [];
  private readonly edgeTo: number[] = [];
  private readonly edgeLabels: Array<SourceLocation | undefined> = [];
  /** Every edge as `from * 2^26 + to`, made when two long edge lists would have to be scanned ({@link SCAN_LIMIT}). */
  private edgeSet: Map<number, number> | undefined;
  /**
   * What {@link DependencyGraph.dependenciesFirst} found (`null`: a cycle),
   * until a node or an edge is added: validation's cycle check and the plan
   * ask for the same order of the same graph.
   */
  private orderFound: string[] | null | undefined;

  /** Adds a node (or sets its label). */
  setNode(address: string, label?: DependencyNode): this {
    const number = this.numbers.get(address);
    if (number !== undefined) this.labels[number] = label;
    else this.add(address, label);
    return this;
  }

  hasNode(address: string): boolean {
    return this.numbers.has(address);
  }

  /** The label of a node; `undefined` for an unknown address or a node without one. */
  node(address: string): DependencyNode | undefined {
    const number = this.numbers.get(address);
    return number === undefined ? undefined : this.labels[number];
  }

  /** Every address, in insertion order. */
  nodes(): string[] {
    return this.addresses.slice();
  }

  /** Adds the edge `from → to` (adding missing nodes), labelled with a location (an existing edge gets the new label). */
  setEdge(from: string, to: string, label?: SourceLocation): this {
    const source = this.numbers.get(from) ?? this.add(from, undefined);
    const target = this.numbers.get(to) ?? this.add(to, undefined);
    const known = this.findEdge(source, target);
    if (known >= 0) this.edgeLabels[known] = label;
    else this.link(source, target, label);
    return this;
  }

  /** Adds the edge `source → target` (node numbers; not in the graph yet). */
  private link(source: number, target: number, label: SourceLocation | undefined): void {
    const edge = this.edgeFrom.length;
    this.edgeFrom.push(source);
    this.edgeTo.push(target);
    this.edgeLabels.push(label);
    this.outgoing[source] = withEdge(this.outgoing[source], edge);
    this.incoming[target] = withEdge(this.incoming[target], edge);
    this.edgeSet?.set(pairKey(source, target), edge);
    this.orderFound = undefined;
  }

  /**
   * Adds the edge `from → to` labelled `label` when both nodes exist and the
   * edge does not (an edge keeps its first label); returns whether it was
   * added. What {@link buildDependencyGraph} adds each reference with: one
   * lookup of each address instead of four.
   */
  addEdgeBetweenNodes(from: string, to: string, label?: SourceLocation): boolean {
    const source = this.numbers.get(from);
    const target = this.numbers.get(to);
    if (source === undefined || target === undefined || this.findEdge(source, target) >= 0) return false;
    this.link(source, target, label);
    return true;
  }

  /** The number of the node `address` (its place in insertion order), for {@link addEdgeBetweenNumbers}; `undefined` when absent. */
  numberOf(address: string): number | undefined {
    return this.numbers.get(address);
  }

  /**
   * {@link addEdgeBetweenNodes} of two nodes given by their numbers
   * ({@link numberOf}): what {@link buildDependencyGraph} adds each
   * reference with, its block's number looked up once for all of them.
   */
  addEdgeBetweenNumbers(source: number, target: number, label?: SourceLocation): boolean {
    if (this.findEdge(source, target) >= 0) return false;
    this.link(source, target, label);
    return true;
  }

  hasEdge(from: string, to: string): boolean {
    const source = this.numbers.get(from);
    const target = this.numbers.get(to);
    return source !== undefined && target !== undefined && this.findEdge(source, target) >= 0;
  }

  /** The label of the edge `from → to`. */
  edge(from: string, to: string): SourceLocation | undefined {
    const source = this.numbers.get(from);
    const target = this.numbers.get(to);
    if (source === undefined || target === undefined) return undefined;
    const edge = this.findEdge(source, target);
    return edge >= 0 ? this.edgeLabels[edge] : undefined;
  }

  /** Every edge as `{ v: from, w: to }`, in insertion order. */
  edges(): Array<{ v: string; w: string }> {
    const edges: Array<{ v: string; w: string }> = [];
    for (let edge = 0; edge < this.edgeFrom.length; edge++)
      edges.push({ v: this.addresses[this.edgeFrom[edge]], w: this.addresses[this.edgeTo[edge]] });
    return edges;
  }

  /** What `address` depends on directly; `undefined` for an unknown address. */
  predecessors(address: string): string[] | undefined {
    const number = this.numbers.get(address);
    if (number === undefined) return undefined;
    const edges = edgesOf(this.incoming[number]);
    const found = new Array<string>(edges.length);
    for (let index = 0; index < edges.length; index++) found[index] = this.addresses[this.edgeFrom[edges[index]]];
    return found;
  }

  /** What depends on `address` directly; `undefined` for an unknown address. */
  successors(address: string): string[] | undefined {
    const number = this.numbers.get(address);
    if (number === undefined) return undefined;
    const edges = edgesOf(this.outgoing[number]);
    const found = new Array<string>(edges.length);
    for (let index = 0; index < edges.length; index++) found[index] = this.addresses[this.edgeTo[edges[index]]];
    return found;
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

  /** The walk behind {@link DependencyGraph.dependenciesFirst}: node numbers on a stack, each with the place reached in its list. */
  private walkDependenciesFirst(): string[] | undefined {
    const count = this.addresses.length;
    // 0: not met; 1: on the path being walked; 2: listed.
    const state = new Uint8Array(count);
    const order: string[] = [];
    const stack: number[] = [];
    const next: number[] = [];
    let visited = 0;
    for (let sink = 0; sink < count; sink++) {
      if (this.outgoing[sink] !== undefined || state[sink] !== 0) continue;
      state[sink] = 1;
      visited++;
      stack.push(sink);
      next.push(0);
      while (stack.length > 0) {
        const top = stack.length - 1;
        const node = stack[top];
        const edges = this.incoming[node];
        if (next[top] >= edgeCount(edges)) {
          stack.pop();
          next.pop();
          state[node] = 2;
          order.push(this.addresses[node]);
          continue;
        }
        const dependency = this.edgeFrom[edgeAt(edges, next[top]++)];
        if (state[dependency] === 1) return undefined;
        if (state[dependency] === 2) continue;
        state[dependency] = 1;
        visited++;
        stack.push(dependency);
        next.push(0);
      }
    }
    return visited === count ? order : undefined;
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
    const count = this.addresses.length;
    const index = new Int32Array(count).fill(-1);
    const lowlink = new Int32Array(count);
    const onStack = new Uint8Array(count);
    const stack: number[] = [];
    const components: string[][] = [];
    const walk: number[] = [];
    const next: number[] = [];
    let entered = 0;
    const enter = (node: number) => {
      index[node] = lowlink[node] = entered++;
      stack.push(node);
      onStack[node] = 1;
      walk.push(node);
      next.push(0);
    };
    for (let root = 0; root < count; root++) {
      if (index[root] >= 0) continue;
      enter(root);
      while (walk.length > 0) {
        const top = walk.length - 1;
        const node = walk[top];
        const edges = this.outgoing[node];
        if (next[top] < edgeCount(edges)) {
          const dependent = this.edgeTo[edgeAt(edges, next[top]++)];
          if (index[dependent] < 0) enter(dependent);
          else if (onStack[dependent]) lowlink[node] = Math.min(lowlink[node], index[dependent]);
          continue;
        }
        walk.pop();
        next.pop();
        if (walk.length > 0) {
          const parent = walk[walk.length - 1];
          lowlink[parent] = Math.min(lowlink[parent], lowlink[node]);
        }
        if (lowlink[node] === index[node]) {
          const component: string[] = [];
          let member: number;
          do {
            member = stack.pop()!;
            onStack[member] = 0;
            component.push(this.addresses[member]);
          } while (member !== node);
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
    const first = this.numbers.get(start);
    if (first === undefined) return [];
    const visited = new Uint8Array(this.addresses.length);
    visited[first] = 1;
    const found = [start];
    const walk = [first];
    const next = [0];
    while (walk.length > 0) {
      const top = walk.length - 1;
      const edges = this.outgoing[walk[top]];
      if (next[top] >= edgeCount(edges)) {
        walk.pop();
        next.pop();
        continue;
      }
      const dependent = this.edgeTo[edgeAt(edges, next[top]++)];
      if (visited[dependent]) continue;
      visited[dependent] = 1;
      found.push(this.addresses[dependent]);
      walk.push(dependent);
      next.push(0);
    }
    return found;
  }

  /** A graphlib copy of the graph (node ids from {@link idOf}), for its algorithms; nodes and edges in insertion order. */
  toGraphlib(): Graph<string, DependencyNode | undefined, SourceLocation | undefined> {
    const graph = new Graph<string, DependencyNode | undefined, SourceLocation | undefined>({ directed: true });
    for (let node = 0; node < this.addresses.length; node++) graph.setNode(idOf(this.addresses[node]), this.labels[node]);
    for (let edge = 0; edge < this.edgeFrom.length; edge++)
      graph.setEdge(idOf(this.addresses[this.edgeFrom[edge]]), idOf(this.addresses[this.edgeTo[edge]]), this.edgeLabels[edge]);
    return graph;
  }

  /** Adds a node not yet in the graph; returns its number. */
  private add(address: string, label: DependencyNode | undefined): number {
    const number = this.addresses.length;
    this.numbers.set(address, number);
    this.addresses.push(address);
    this.labels.push(label);
    this.incoming.push(undefined);
    this.outgoing.push(undefined);
    this.orderFound = undefined;
    return number;
  }

  /** The number of the edge `source → target` (node numbers), or -1: the shorter of the two lists scanned, or the set of every edge. */
  private findEdge(source: number, target: number): number {
    const out = this.outgoing[source];
    const into = this.incoming[target];
    const outCount = edgeCount(out);
    const intoCount = edgeCount(into);
    if (outCount === 0 || intoCount === 0) return -1;
    if (outCount <= SCAN_LIMIT || intoCount <= SCAN_LIMIT) {
      if (outCount <= intoCount) {
        for (let index = 0; index < outCount; index++) if (this.edgeTo[edgeAt(out, index)] === target) return edgeAt(out, index);
      } else {
        for (let index = 0; index < intoCount; index++) if (this.edgeFrom[edgeAt(into, index)] === source) return edgeAt(into, index);
      }
      return -1;
    }
    if (!this.edgeSet) {
      this.edgeSet = new Map();
      for (let edge = 0; edge < this.edgeFrom.length; edge++) this.edgeSet.set(pairKey(this.edgeFrom[edge], this.edgeTo[edge]), edge);
    }
    return this.edgeSet.get(pairKey(source, target)) ?? -1;
  }
}

/** One number for the pair of node numbers `source → target` (exact below 2^26 nodes, far more than a manifest's cap allows). */
function pairKey(source: number, target: number): number {
  return source * 67_108_864 + target;
}
