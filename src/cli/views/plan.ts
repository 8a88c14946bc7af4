/**
 * Renders a plan the way Terraform users read one: a legend of the symbols
 * used, one block per change with before -> after per attribute and why,
 * and a summary line counting paid orders.
 */
import { diffLines } from 'diff';
import type { AttributeChange, Change, PlanDocument } from '../../engine/types.js';
import { isUnknown } from '../../engine/types.js';
import type { Style } from './style.js';
import { renderValue } from './values.js';

const SYMBOLS: Record<string, { symbol: string; legend: string }> = {
  create: { symbol: '+', legend: 'create' },
  update: { symbol: '~', legend: 'update in-place' },
  replace: { symbol: '-/+', legend: 'destroy and then create replacement' },
  delete: { symbol: '-', legend: 'destroy' },
  read: { symbol: '<=', legend: 'read (data resources)' },
};

function colorOf(style: Style, action: string): (text: string) => string {
  if (action === 'create') return style.green;
  if (action === 'update') return style.yellow;
  if (action === 'delete' || action === 'replace') return style.red;
  return style.cyan;
}

function heading(change: Change): string {
  const paid = change.paidOrders > 0 ? ` (${change.paidOrders === 1 ? 'a paid order' : `${change.paidOrders} paid orders`})` : '';
  switch (change.action) {
    case 'create': return `# ${change.address} will be created${paid}`;
    case 'update': return `# ${change.address} will be updated in-place${paid}`;
    case 'replace': return `# ${change.address} must be replaced${paid}`;
    case 'delete': return `# ${change.address} will be destroyed`;
    case 'read': return `# ${change.address} will be read during apply`;
    default: return `# ${change.address}`;
  }
}

function attributeLine(attribute: AttributeChange, action: string, width: number, style: Style): string[] {
  const name = attribute.name.padEnd(width);
  const reason = attribute.reason ? style.dim(`  # ${attribute.reason}`) : '';
  const after = renderValue(attribute.after, attribute.sensitive);
  if (action === 'create' || (action === 'replace' && attribute.before === undefined)) {
    return [`      ${style.green('+')} ${name} = ${after}${reason}`];
  }
  const before = renderValue(attribute.before, attribute.sensitive);
  const long = !attribute.sensitive && typeof attribute.before === 'string' && typeof attribute.after === 'string'
    && (attribute.before.includes('\n') || attribute.after.includes('\n') || attribute.before.length + attribute.after.length > 120);
  if (long && !isUnknown(attribute.after)) {
    const lines = [`      ${style.yellow('~')} ${name} = <<-EOT${reason}`];
    for (const part of diffLines(String(attribute.before), String(attribute.after))) {
      const mark = part.added ? style.green('+ ') : part.removed ? style.red('- ') : '  ';
      for (const line of part.value.replace(/\n$/, '').split('\n')) lines.push(`          ${mark}${line}`);
    }
    lines.push('        EOT');
    return lines;
  }
  if (before === after && !attribute.reason) return [`        ${name} = ${after}`];
  return [`      ${style.yellow('~')} ${name} = ${before} -> ${after}${reason}`];
}

/** Summary counts of a plan. */
export function planCounts(plan: PlanDocument): { add: number; change: number; destroy: number; paid: number; read: number } {
  const counts = { add: 0, change: 0, destroy: 0, paid: 0, read: 0 };
  for (const change of plan.changes) {
    if (change.action === 'create') counts.add += 1;
    if (change.action === 'update') counts.change += 1;
    if (change.action === 'delete') counts.destroy += 1;
    if (change.action === 'replace') { counts.add += 1; counts.destroy += 1; }
    if (change.action === 'read') counts.read += 1;
    counts.paid += change.paidOrders;
  }
  return counts;
}

/** The summary line: `Plan: 2 to add, 1 to change, 0 to destroy. 3 paid orders.` */
export function summaryLine(plan: PlanDocument): string {
  const counts = planCounts(plan);
  const paid = counts.paid === 1 ? '1 paid order' : `${counts.paid} paid orders`;
  return `Plan: ${counts.add} to add, ${counts.change} to change, ${counts.destroy} to destroy. ${paid}.`;
}

/** The whole plan as text (no trailing newline). */
export function renderPlan(plan: PlanDocument, style: Style): string {
  const changes = plan.changes.filter((change) => change.action !== 'noop');
  if (changes.length === 0) {
    return `${style.green('No changes.')} The infrastructure matches ${plan.manifest.path}.`;
  }
  const lines: string[] = [];
  const used = [...new Set(changes.map((change) => change.action))];
  lines.push('Resource actions are indicated with the following symbols:');
  for (const action of ['create', 'update', 'replace', 'delete', 'read']) {
    if (used.includes(action as Change['action'])) lines.push(`  ${colorOf(style, action)(SYMBOLS[action].symbol.padStart(3))} ${SYMBOLS[action].legend}`);
  }
  lines.push('', 'cloudctl will perform the following actions:', '');
  for (const change of changes) {
    const paint = colorOf(style, change.action);
    lines.push(`  ${style.bold(heading(change))}`);
    for (const reason of change.reasons) lines.push(`  ${style.dim(`#   ${reason}`)}`);
    const kind = change.mode === 'data' ? 'data' : 'resource';
    lines.push(`${paint(SYMBOLS[change.action].symbol.padStart(3))} ${kind} "${change.type}" "${change.address.replace(/^data\./, '')}" {`);
    if (change.action === 'delete') {
      lines.push(`      ${style.red('-')} id = ${JSON.stringify(change.id ?? '')}`);
    } else {
      const shown = change.action === 'update' ? change.attributes : change.attributes;
      const width = Math.max(0, ...shown.map((attribute) => attribute.name.length));
      for (const attribute of shown) lines.push(...attributeLine(attribute, change.action, width, style));
      if (change.action === 'update' && change.id) lines.push(`        ${'id'.padEnd(width)} = ${JSON.stringify(change.id)}`);
    }
    lines.push('    }', '');
  }
  lines.push(style.bold(summaryLine(plan)));
  const outputs = Object.entries(plan.outputs);
  if (outputs.length > 0 && changes.length > 0) {
    lines.push('', 'Changes to outputs:');
    for (const [name, output] of outputs) lines.push(`  ${name} = ${renderValue(output.value, output.sensitive)}`);
  }
  return lines.join('\n');
}
