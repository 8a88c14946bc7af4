/**
 * A plan as one self-contained HTML page for a reviewer, read from the
 * top: the summary, the cost and the budget, the paid orders (a table),
 * the warnings, then the dependency graph (inline SVG, nodes coloured by
 * action, boxes sized to their labels) and each change with its reasons,
 * price and attributes; values known only after apply are folded in a
 * closed `<details class="computed">`. No script, no external resource: it
 * opens offline and fetches nothing. Sensitive values read `(sensitive)`
 * (the plan document never holds them).
 *
 * Marks a test (or a script) can read: every change is an
 * `<section class="change" data-address=".." data-action="..">`, the
 * summary line `#summary`, the cost line `#cost-summary` (with
 * `data-monthly-before`, `data-monthly-after`, `data-due-now`,
 * `data-orders`), the budget `#budget`, the paid orders `#paid-orders`
 * (rows `tr[data-address]`), the warnings `#warnings`.
 */
import { writeFile } from 'node:fs/promises';
import type { AttributeChange, Change, PlanDocument } from '../../plan/document.js';
import { isUnknown } from '../../core/types.js';
import { maskPlan } from '../../engine/events.js';
import { PRICE_UNKNOWN, budgetLine, changeCostSentence, costSummaryLine, formatMoney } from './cost.js';
import { summaryLine } from './plan.js';
import { moveAndImportBlocks } from './moved.js';
import { createStyle } from './style.js';
import { changeReasonSentences, attributeReasonNote } from './reasons.js';
import { ACTION_COLOURS, planDot, renderSvg } from './svg.js';
import { renderValue } from './values.js';
import { warningLines } from './warnings.js';

/** `text` with the HTML special characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const ACTION_WORDS: Record<string, string> = {
  create: 'create',
  update: 'update in-place',
  replace: 'destroy and then create replacement',
  delete: 'destroy',
  read: 'read during apply',
  noop: 'no change',
};

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1d1d1f; max-width: 72rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
.summary { font-weight: 600; } .cost { font-weight: 600; } .budget.over { color: #a4000f; }
.graph svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
.change { border: 1px solid #ddd; border-left-width: 6px; padding: .5rem 1rem; margin: .8rem 0; }
.change h3 { font-size: 1rem; margin: .3rem 0; font-family: ui-monospace, monospace; }
.action { display: inline-block; padding: 0 .4rem; border-radius: 3px; font-size: .85rem; }
.reasons { margin: .3rem 0; padding-left: 1.2rem; } .price { margin: .3rem 0; }
table { border-collapse: collapse; font-family: ui-monospace, monospace; font-size: .85rem; }
td, th { padding: .1rem .6rem; vertical-align: top; border-top: 1px solid #eee; white-space: pre-wrap; text-align: left; }
td.number { text-align: right; } .paid th { font-weight: 600; }
details.computed { margin: .3rem 0; font-size: .85rem; } details.computed summary { cursor: pointer; color: #555; }
.warnings pre { margin: .2rem 0; white-space: pre-wrap; } .warnings { color: #7a4d00; }
.legend span { margin-right: 1rem; padding: 0 .4rem; }
`;

/** The attribute table of `attributes` (before, after, why), or '' for none. */
function attributeTable(attributes: readonly AttributeChange[]): string {
  const rows = attributes
    .map((attribute) => {
      const before = attribute.before === undefined ? '' : renderValue(attribute.before, attribute.sensitive);
      const after = attribute.after === undefined ? '' : renderValue(attribute.after, attribute.sensitive);
      const note = attributeReasonNote(attribute);
      return `<tr><td>${escapeHtml(attribute.name)}</td><td>${escapeHtml(before)}</td><td>${escapeHtml(after)}</td><td>${escapeHtml(note ?? '')}</td></tr>`;
    })
    .join('');
  return rows
    ? `<table><tr><td><b>attribute</b></td><td><b>before</b></td><td><b>after</b></td><td><b>why</b></td></tr>${rows}</table>`
    : '';
}

/**
 * The paid orders the plan places, one row per change that places any
 * (`#paid-orders`, rows `tr[data-address]`): address, type, action, orders,
 * due now and price per cycle; a sentence when there are none.
 */
function paidOrdersTable(plan: PlanDocument): string {
  const paid = plan.changes.filter((change) => change.paidOrders > 0);
  if (paid.length === 0) return '<p id="paid-orders">No paid orders.</p>';
  const currency = plan.cost?.currency ?? null;
  const rows = paid
    .map((change) => {
      const due = change.cost ? (change.cost.due_now === null ? PRICE_UNKNOWN : formatMoney(change.cost.due_now, currency)) : '';
      const price = change.cost ? changeCostSentence(change.action, change.cost, currency) : '';
      return `<tr data-address="${escapeHtml(change.address)}"><td>${escapeHtml(change.address)}</td><td>${escapeHtml(change.type)}</td><td>${escapeHtml(ACTION_WORDS[change.action] ?? change.action)}</td><td class="number">${change.paidOrders}</td><td class="number">${escapeHtml(due)}</td><td>${escapeHtml(price)}</td></tr>`;
    })
    .join('\n');
  return `<table id="paid-orders" class="paid"><tr><th>address</th><th>type</th><th>action</th><th>orders</th><th>due now</th><th>price</th></tr>\n${rows}\n</table>`;
}

/** The plan's warnings as a list (`#warnings`), or '' when there are none. */
function warningsList(plan: PlanDocument): string {
  const warnings = plan.warnings ?? [];
  if (warnings.length === 0) return '';
  const items = warnings
    .map((warning) => `<li><pre>${escapeHtml(warningLines(warning, plan.manifest.path).join('\n'))}</pre></li>`)
    .join('\n');
  return `<h2>Warnings</h2>\n<ul id="warnings" class="warnings">\n${items}\n</ul>\n`;
}

function changeSection(change: Change, plan: PlanDocument): string {
  const colour = ACTION_COLOURS[change.action] ?? '#ffffff';
  const reasons = changeReasonSentences(change)
    .map((reason) => `<li>${escapeHtml(reason)}</li>`)
    .join('');
  const price = change.cost
    ? `<p class="price">Cost: ${escapeHtml(changeCostSentence(change.action, change.cost, plan.cost?.currency ?? null))}</p>`
    : '';
  const shown = change.attributes.filter((attribute) => change.action !== 'update' || attribute.before !== attribute.after);
  // Values known only after apply say nothing to review: folded, one click away.
  const folded = (attribute: AttributeChange) => isUnknown(attribute.after) && attributeReasonNote(attribute) === undefined;
  const table = attributeTable(shown.filter((attribute) => !folded(attribute)));
  const computed = shown.filter(folded);
  const computedBlock =
    computed.length === 0
      ? ''
      : `<details class="computed"><summary>${computed.length === 1 ? '1 value' : `${computed.length} values`} known after apply: ${escapeHtml(computed.map((attribute) => attribute.name).join(', '))}</summary>${attributeTable(computed)}</details>`;
  const paid = change.paidOrders > 0 ? ` · ${change.paidOrders === 1 ? '1 paid order' : `${change.paidOrders} paid orders`}` : '';
  return `<section class="change" data-address="${escapeHtml(change.address)}" data-action="${escapeHtml(change.action)}" style="border-left-color: ${colour}">
<h3>${escapeHtml(change.address)} <span class="type">(${escapeHtml(change.type)}${change.id ? ` ${escapeHtml(change.id)}` : ''})</span></h3>
<p><span class="action" style="background: ${colour}">${escapeHtml(ACTION_WORDS[change.action] ?? change.action)}</span>${escapeHtml(paid)}</p>
${reasons ? `<ul class="reasons">${reasons}</ul>` : ''}${price}${table}${computedBlock}
</section>`;
}

/**
 * The page of `plan` (masked again on the way in). `svg` is the graph
 * (from {@link planDot} through {@link renderSvg}); its XML prologue is dropped.
 */
export function renderPlanHtml(plan: PlanDocument, svg: string): string {
  const masked = maskPlan(plan);
  const inline = svg.replace(/^<\?xml[^>]*>\s*/, '').replace(/<!DOCTYPE[^>]*>\s*/, '');
  const cost = masked.cost;
  const costLine = cost
    ? `<p id="cost-summary" class="cost" data-currency="${escapeHtml(cost.currency ?? '')}" data-monthly-before="${cost.monthly_before}" data-monthly-after="${cost.monthly_after}" data-due-now="${cost.due_now}" data-orders="${cost.orders}" data-partial="${cost.partial}">${escapeHtml(costSummaryLine(cost))}</p>`
    : '';
  const budget =
    masked.budget && cost
      ? `<p id="budget" class="budget${masked.budget.over ? ' over' : ''}" data-over="${masked.budget.over}" data-allowed="${masked.budget.allowed}">${escapeHtml(budgetLine(masked.budget, cost))}</p>`
      : '';
  const changes = masked.changes.filter((change) => change.action !== 'noop');
  const movesAndImports = moveAndImportBlocks(masked, createStyle(false)).join('\n').trim();
  const legend = Object.entries(ACTION_WORDS)
    .filter(([action]) => action !== 'noop')
    .map(([action, words]) => `<span style="background: ${ACTION_COLOURS[action]}">${escapeHtml(words)}</span>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>cloudctl plan: ${escapeHtml(masked.manifest.path)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>cloudctl plan of ${escapeHtml(masked.manifest.path)}</h1>
<p class="meta">Made ${escapeHtml(masked.created_at)} against state serial ${masked.serial} (lineage ${escapeHtml(masked.lineage)}); mode ${escapeHtml(masked.mode)}.</p>
<p id="summary" class="summary">${escapeHtml(changes.length === 0 && movesAndImports === '' ? 'No changes.' : summaryLine(masked))}</p>
${costLine}
${budget}
<h2>Paid orders</h2>
${paidOrdersTable(masked)}
${warningsList(masked)}<h2>Dependency graph</h2>
<p class="legend">${legend}</p>
<div class="graph">${inline}</div>
${movesAndImports === '' ? '' : `<h2>Moves and imports</h2>\n<pre id="moves-and-imports">${escapeHtml(movesAndImports)}</pre>\n`}<h2>Changes</h2>
${changes.map((change) => changeSection(change, masked)).join('\n') || '<p>No changes.</p>'}
</body>
</html>
`;
}

/** Writes the HTML page of `plan` to `file` (mode 0600: a plan names the infrastructure). */
export async function writePlanHtml(file: string, plan: PlanDocument): Promise<void> {
  const svg = await renderSvg(planDot(maskPlan(plan)));
  await writeFile(file, renderPlanHtml(plan, svg), { mode: 0o600 });
}
