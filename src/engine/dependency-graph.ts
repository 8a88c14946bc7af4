/**
 * What `cloudctl graph` draws: a manifest's dependency graph as plain data
 * (the front door's `Engine.graph`), read from the manifest alone (no
 * state, no API call). The CLI renders it as Graphviz DOT or SVG.
 */
import { buildDependencyGraph } from '../manifest/graph.js';
import { conditionExpressions, referencesOf } from '../manifest/index.js';
import { referenceTarget, type Manifest } from '../manifest/types.js';

/** A resource or data source of the graph. */
export interface GraphNode {
  /** `web`, `data.images`, `cluster.web[0]`. */
  address: string;
  /** Its type, e.g. `cloud_lite_vm`. */
  type: string;
  kind: 'resource' | 'data';
}

/** `from` depends on `to` (Terraform's direction). */
export interface GraphEdge {
  from: string;
  to: string;
  /** True when only `depends_on` makes it (no expression refers to `to`). */
  dependsOnOnly: boolean;
}

/** A manifest's dependency graph, nodes and edges in declaration order. */
export interface DependencyGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The dependency graph of `manifest` (see {@link DependencyGraph}). */
export function dependencyGraph(manifest: Manifest): DependencyGraph {
  const graph = buildDependencyGraph(manifest);
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (const address of graph.nodes()) {
    const node = graph.node(address);
    if (node) nodes.push({ address, type: node.block.type, kind: node.kind === 'data' ? 'data' : 'resource' });
  }
  for (const address of graph.nodes()) {
    const block = graph.node(address)?.block;
    if (!block) continue;
    const referenced = new Set<string>();
    for (const expression of [...Object.values(block.properties), ...conditionExpressions(block)]) {
      for (const reference of referencesOf(expression)) {
        if (reference.root === 'resource' || reference.root === 'data') referenced.add(referenceTarget(reference));
      }
    }
    for (const dependency of graph.predecessors(address) ?? [])
      edges.push({ from: address, to: dependency, dependsOnOnly: !referenced.has(dependency) });
  }
  return { nodes, edges };
}
