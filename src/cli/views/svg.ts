/**
 * Graphviz DOT to SVG without a system Graphviz: `@viz-js/viz` (Graphviz
 * compiled to WebAssembly), loaded on first use. Also the DOT of a plan's
 * changes, coloured by action, for the HTML plan.
 */
import type { PlanDocument } from '../../plan/document.js';

/** Fill colour of each action in a plan graph. */
export const ACTION_COLOURS: Readonly<Record<string, string>> = {
  create: '#c8f0c8',
  update: '#fbeaa5',
  replace: '#f6b8b0',
  delete: '#f6b8b0',
  read: '#c7e6f5',
  noop: '#ffffff',
};

/** A DOT double-quoted string. */
function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * The DOT text of a plan's changes: one node per address (box for
 * resources, ellipse for data sources) labelled with address, type and
 * action and filled with the action's colour, and an edge from each change
 * to what it waits for (`dependsOn`).
 */
export function planDot(plan: PlanDocument): string {
  const lines = ['digraph plan {', '  rankdir = "RL";', '  node [fontname = "sans-serif", fontsize = 10, style = filled];'];
  const present = new Set(plan.changes.map((change) => change.address));
  for (const change of plan.changes) {
    const shape = change.mode === 'data' ? 'ellipse' : 'box';
    lines.push(
      `  ${quoted(change.address)} [label = ${quoted(`${change.address}\n${change.type}\n${change.action}`)}, shape = ${shape}, fillcolor = ${quoted(ACTION_COLOURS[change.action] ?? '#ffffff')}, id = ${quoted(`node-${change.address}`)}];`,
    );
  }
  for (const change of plan.changes) {
    for (const dependency of change.dependsOn)
      if (present.has(dependency)) lines.push(`  ${quoted(change.address)} -> ${quoted(dependency)};`);
  }
  lines.push('}');
  return lines.join('\n');
}

/** Renders DOT text to an SVG document (a string). Errors: Graphviz's, for DOT it cannot parse. */
export async function renderSvg(dot: string): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  return (await instance()).renderString(dot, { format: 'svg' });
}
