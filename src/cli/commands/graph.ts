/**
 * `cloudctl graph MANIFEST`: the dependency graph in Graphviz DOT, read from
 * the manifest alone (no state, no API call). Pipe it to `dot -Tsvg`, or
 * give `--format svg` for SVG rendered in-process.
 */
import type { DependencyGraph } from '../../engine/engine.js';
import { openEngine, variableOptions } from '../run.js';
import type { Workspace } from '../workspace.js';
import { renderSvg } from '../views/svg.js';

/** A DOT double-quoted string. */
function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * The DOT text of a manifest's dependency graph (the engine's `graph`):
 * one node per resource (box) and data source (ellipse), labelled with
 * address and type, and an edge from each dependent to what it depends on
 * (Terraform's direction: `"web" -> "key"` reads "web depends on key").
 * Edges only from `depends_on` are dashed. Nodes and edges in declaration order.
 */
export function renderDot(graph: DependencyGraph): string {
  const lines = ['digraph cloudctl {', '  rankdir = "RL";', '  node [fontname = "sans-serif", fontsize = 10];'];
  for (const node of graph.nodes) {
    const shape = node.kind === 'data' ? 'ellipse' : 'box';
    lines.push(`  ${quoted(node.address)} [label = ${quoted(`${node.address}\n${node.type}`)}, shape = ${shape}];`);
  }
  for (const edge of graph.edges)
    lines.push(`  ${quoted(edge.from)} -> ${quoted(edge.to)}${edge.dependsOnOnly ? ' [style = dashed, label = "depends_on"]' : ''};`);
  lines.push('}');
  return lines.join('\n');
}

/**
 * Runs `graph`; resolves with 0. `format` is `dot` (default) or `svg`
 * (rendered by @viz-js/viz, no system Graphviz needed).
 * Errors: DiagnosticError for a bad manifest; an Error for another format.
 */
export async function graphCommand(ws: Workspace, file: string, options: { format?: string } = {}): Promise<number> {
  const format = options.format ?? 'dot';
  if (format !== 'dot' && format !== 'svg') throw new Error(`--format ${format}: expected dot or svg`);
  const engine = await openEngine(ws);
  const graph = await engine.graph(file, variableOptions(ws)).finally(() => engine.close());
  const dot = renderDot(graph);
  ws.io.stdout.write(`${format === 'svg' ? await renderSvg(dot) : dot}\n`);
  return 0;
}
