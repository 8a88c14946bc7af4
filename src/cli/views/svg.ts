/**
 * Graphviz DOT to SVG without a system Graphviz: `@viz-js/viz` (Graphviz
 * compiled to WebAssembly), loaded on first use. Also the DOT of a plan's
 * changes for the HTML plan: one node per block (a repeated block once,
 * with its instance count), modules as clusters, each action in its own
 * colour, shape and border (plan-groups.ts).
 */
import type { PlanDocument } from '../../plan/document.js';
import { ACTION_STYLES, actionCounts, groupChanges, type BlockGroup } from './plan-groups.js';

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

/** The DOT node of one block: its label lines, shape, colours, border, and a link to its entry in the page (`#block-KEY`). */
function blockNode(block: BlockGroup): string {
  const style = ACTION_STYLES[block.action];
  const shape = block.mode === 'data' ? 'ellipse' : style.shape;
  const count = block.changes.length;
  const mixed = Object.keys(block.actions).length > 1;
  const label = [
    block.repeated ? `${block.label} × ${count}` : block.label,
    block.type,
    mixed ? actionCounts(block) : `${style.sign} ${style.words}`,
  ];
  const attributes = [
    `label = ${quoted(label.join('\n'))}`,
    `shape = ${shape}`,
    `width = ${labelWidthInches(label, shape === 'ellipse' ? 'ellipse' : 'box')}`,
    `fillcolor = ${quoted(style.fill)}`,
    `color = ${quoted(style.border)}`,
    `style = ${quoted(`filled,${style.line}`)}`,
    ...(block.repeated ? ['peripheries = 2'] : []),
    `id = ${quoted(`node-${block.key}`)}`,
    `URL = ${quoted(`#block-${block.key}`)}`,
    `tooltip = ${quoted(block.repeated ? `${count} instances: ${actionCounts(block)}` : block.label)}`,
  ];
  return `${quoted(block.key)} [${attributes.join(', ')}];`;
}

/**
 * The DOT text of a plan's changes: one node per block (its shape as
 * {@link ACTION_STYLES} draws its action, an ellipse for a data source; a repeated block once,
 * double-bordered, labelled with its instance count), the blocks of a
 * module in a cluster, each label at least as wide as its longest line in a
 * monospaced font, and an edge from each block to the blocks its instances
 * wait for (`dependsOn`).
 */
export function planDot(plan: PlanDocument): string {
  const lines = ['digraph plan {', '  rankdir = "RL";', `  node [fontname = "Courier", fontsize = ${LABEL_FONT_SIZE}];`];
  const modules = groupChanges(plan.changes);
  for (const module of modules) {
    const inner = module.path === '' ? '  ' : '    ';
    if (module.path !== '') {
      const instances = module.instances > 1 ? ` × ${module.instances}` : '';
      lines.push(
        `  subgraph ${quoted(`cluster_${module.path}`)} {`,
        `    label = ${quoted(`module ${module.path}${instances}`)}; style = "rounded,dashed"; color = "#777777"; fontname = "Courier"; fontsize = ${LABEL_FONT_SIZE};`,
      );
    }
    for (const block of module.blocks) lines.push(`${inner}${blockNode(block)}`);
    if (module.path !== '') lines.push('  }');
  }
  for (const module of modules)
    for (const block of module.blocks)
      for (const dependency of block.dependsOn) lines.push(`  ${quoted(block.key)} -> ${quoted(dependency)};`);
  lines.push('}');
  return lines.join('\n');
}

/** Renders DOT text to an SVG document (a string). Errors: Graphviz's, for DOT it cannot parse. */
export async function renderSvg(dot: string): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  return (await instance()).renderString(dot, { format: 'svg' });
}
