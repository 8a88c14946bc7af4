/**
 * `cloudctl graph MANIFEST`: the dependency graph in Graphviz DOT, read from
 * the manifest alone (no state, no API call). Pipe it to `dot -Tsvg`, or
 * give `--format svg` for SVG rendered in-process.
 */
import { buildDependencyGraph } from '../../manifest/graph.js';
import { conditionExpressions, referencesOf } from '../../manifest/index.js';
import { referenceTarget, type Manifest } from '../../manifest/types.js';
import { load } from '../load.js';
import type { Workspace } from '../workspace.js';
import { renderSvg } from '../views/svg.js';

/** A DOT double-quoted string. */
function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * The DOT text of a manifest's dependency graph: one node per resource
 * (box) and data source (ellipse), labelled with address and type, and an
 * edge from each dependent to what it depends on (Terraform's direction:
 * `"web" -> "key"` reads "web depends on key"). Edges only from
 * `depends_on` are dashed. Nodes and edges in declaration order.
 */
export function renderDot(manifest: Manifest): string {
  const graph = buildDependencyGraph(manifest);
  const lines = ['digraph cloudctl {', '  rankdir = "RL";', '  node [fontname = "sans-serif", fontsize = 10];'];
  for (const address of graph.nodes()) {
    const node = graph.node(address);
    if (!node) continue;
    const shape = node.kind === 'data' ? 'ellipse' : 'box';
    lines.push(`  ${quoted(address)} [label = ${quoted(`${address}\n${node.block.type}`)}, shape = ${shape}];`);
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
    for (const dependency of graph.predecessors(address) ?? []) {
      lines.push(
        `  ${quoted(address)} -> ${quoted(dependency)}${referenced.has(dependency) ? '' : ' [style = dashed, label = "depends_on"]'};`,
      );
    }
  }
  lines.push('}');
  return lines.join('\n');
}

/**
 * Runs `graph`; resolves with 0. `format` is `dot` (default) or `svg`
 * (rendered by @viz-js/viz, no system Graphviz needed).
 * Errors: DiagnosticError for a bad manifest; an Error for another format.
 */
export async function graphCommand(ws: Workspace, file: string, options: { format?: string } = {}): Promise<number> {
  const loaded = await load(ws, file);
  const format = options.format ?? 'dot';
  if (format !== 'dot' && format !== 'svg') throw new Error(`--format ${format}: expected dot or svg`);
  const dot = renderDot(loaded.manifest);
  ws.io.stdout.write(`${format === 'svg' ? await renderSvg(dot) : dot}\n`);
  return 0;
}
