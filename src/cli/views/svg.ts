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

/** Font size of the graph's labels, in points. */
const LABEL_FONT_SIZE = 10;

/**
 * Width of one character of a label, in ems, as the browser draws it: the
 * labels are set in a monospaced font (Courier, which Graphviz measures,
 * drawn as the system's monospace: Liberation Mono and DejaVu Sans Mono are
 * 0.6 em wide), with a margin for fonts a little wider.
 */
const LABEL_CHARACTER_EMS = 0.64;

/**
 * The least width of a node labelled `lines`, in inches (Graphviz's unit):
 * the longest line as the browser draws it, plus the node's margins. Graphviz
 * sizes boxes from its own font metrics, which need not be the browser's: a
 * proportional font measured one way and drawn another cut long type names
 * (`cloud_baremetal_additional_ip_assignment`) at the box's edge.
 */
function labelWidthInches(lines: readonly string[], shape: 'box' | 'ellipse'): number {
  const characters = Math.max(...lines.map((line) => line.length));
  const text = (characters * LABEL_CHARACTER_EMS * LABEL_FONT_SIZE) / 72;
  // An ellipse holds its label's box only when it is about √2 times wider.
  return Math.round((shape === 'ellipse' ? text * 1.45 + 0.3 : text + 0.3) * 100) / 100;
}

/**
 * The DOT text of a plan's changes: one node per address (box for
 * resources, ellipse for data sources) labelled with address, type and
 * action in a monospaced font, at least as wide as its longest label line,
 * and filled with the action's colour, and an edge from each change to what
 * it waits for (`dependsOn`).
 */
export function planDot(plan: PlanDocument): string {
  const lines = ['digraph plan {', '  rankdir = "RL";', `  node [fontname = "Courier", fontsize = ${LABEL_FONT_SIZE}, style = filled];`];
  const present = new Set(plan.changes.map((change) => change.address));
  for (const change of plan.changes) {
    const shape = change.mode === 'data' ? 'ellipse' : 'box';
    const label = [change.address, change.type, change.action];
    lines.push(
      `  ${quoted(change.address)} [label = ${quoted(label.join('\n'))}, shape = ${shape}, width = ${labelWidthInches(label, shape)}, fillcolor = ${quoted(ACTION_COLOURS[change.action] ?? '#ffffff')}, id = ${quoted(`node-${change.address}`)}];`,
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
