/**
 * A plan as one self-contained HTML page for a reviewer, read from the
 * top: the summary, the cost and the budget, the paid orders (a table, one
 * row per block), the warnings, then the dependency graph (inline SVG: a
 * node per block, a repeated block once with its instance count and a link
 * to its entry, modules as clusters) with its legend, and the changes'
 * list (html-changes.ts: grouped by module and block, paged, so a plan of
 * 3,000 changes stays a page of well under 1 MB). Each action has its own
 * colour, shape and border (plan-groups.ts): delete and replace are not two
 * shades of red, and a `create_before_destroy` replace and the delete of
 * the account it deposed are drawn their own way too (`data-drawn`). Values known only after apply are folded in a closed
 * `<details class="computed">`. No script, no external resource: it opens
 * offline and fetches nothing. Sensitive values read `(sensitive)` (the
 * plan document never holds them).
 *
 * Marks a test (or a script) can read: a block of one instance is a
 * `<section class="change" data-address=".." data-action="..">`, a repeated
 * one a `<details class="block" data-block=".." data-instances="..">`
 * whose instances are rows `tr[data-address][data-action]`; the summary
 * line `#summary`, the cost line `#cost-summary` (with
 * `data-monthly-before`, `data-monthly-after`, `data-due-now`,
 * `data-orders`), the budget `#budget`, the paid orders `#paid-orders`
 * (rows `tr[data-block]`), the warnings `#warnings`, the legend `#legend`.
 */
import { writeFile } from 'node:fs/promises';
import type { PlanDocument } from '../../plan/document.js';
import { maskPlan } from '../../engine/events.js';
import { PRICE_UNKNOWN, budgetLine, changeCostSentence, costSummaryLine, formatMoney } from './cost.js';
import { summaryLine } from './plan.js';
import { moveAndImportBlocks } from './moved.js';
import { createStyle } from './style.js';
import { planDot, renderSvg } from './svg.js';
import { warningLines } from './warnings.js';
import { ACTION_STYLES, groupChanges, type Drawn } from './plan-groups.js';
import { actionBadge, changesList, escapeHtml } from './html-changes.js';

export { escapeHtml } from './html-changes.js';

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
.legend { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: center; font-size: .85rem; }
.legend span { display: inline-flex; align-items: center; gap: .3rem; }
details.block, details.page, .module { margin: .5rem 0; }
details.block { border: 1px solid #ddd; border-left-width: 6px; padding: .3rem 1rem; }
details.block > summary, details.page > summary { cursor: pointer; }
details.page > summary { color: #444; font-size: .85rem; }
.module { border: 1px dashed #777; border-radius: 6px; padding: .2rem 1rem; }
.module-title { font-family: ui-monospace, monospace; font-size: 1rem; }
table.instances td:nth-child(2) { text-align: center; font-weight: 600; }
${actionCss()}
`;

/** The CSS of each action's colours and border: badges `.a-ACTION`, entries `.c-ACTION` (delete dashed, replace bold). */
function actionCss(): string {
  return Object.entries(ACTION_STYLES)
    .map(([action, style]) => {
      const line = style.line === 'dashed' ? 'dashed' : 'solid';
      const width = style.line === 'bold' ? 3 : 1;
      return `.a-${action} { background: ${style.fill}; border: ${width}px ${line} ${style.border}; } .c-${action} { border-left-color: ${style.border}; border-left-style: ${line === 'dashed' ? 'double' : 'solid'}; }`;
    })
    .join('\n');
}

/** A small inline SVG of how the graph draws `action`: its shape, fill, border and border style. */
function legendShape(action: Drawn, repeated = false): string {
  const style = ACTION_STYLES[action];
  const stroke = `fill="${style.fill}" stroke="${style.border}" stroke-width="${style.line === 'bold' ? 2.5 : 1.2}"${style.line === 'dashed' ? ' stroke-dasharray="4 2"' : ''}`;
  const shapes: Record<typeof style.shape, string> = {
    box: `<rect x="3" y="3" width="30" height="14" ${stroke}/>`,
    hexagon: `<polygon points="3,10 9,3 27,3 33,10 27,17 9,17" ${stroke}/>`,
    octagon: `<polygon points="3,7 7,3 29,3 33,7 33,13 29,17 7,17 3,13" ${stroke}/>`,
    ellipse: `<ellipse cx="18" cy="10" rx="15" ry="7" ${stroke}/>`,
    parallelogram: `<polygon points="9,3 33,3 27,17 3,17" ${stroke}/>`,
    invtrapezium: `<polygon points="3,3 33,3 27,17 9,17" ${stroke}/>`,
  };
  const outer = repeated ? `<rect x="1" y="1" width="34" height="18" fill="none" stroke="${style.border}"/>` : '';
  return `<svg width="36" height="20" viewBox="0 0 36 20" aria-hidden="true">${outer}${shapes[style.shape]}</svg>`;
}

/** The legend of the graph and the list: each way a change is drawn (its shape and badge), a repeated block, a module. */
function legend(): string {
  const actions: Drawn[] = ['create', 'update', 'replace', 'create_before_destroy', 'delete', 'deposed', 'read'];
  const entries = actions.map((action) => `<span data-action="${action}">${legendShape(action)}${actionBadge(action)}</span>`);
  entries.push(`<span data-legend="repeated">${legendShape('create', true)}repeated block (count, for_each): one box, × instances</span>`);
  entries.push(
    `<span data-legend="module"><svg width="36" height="20" aria-hidden="true"><rect x="1" y="1" width="34" height="18" rx="4" fill="none" stroke="#777" stroke-dasharray="3 2"/></svg>module</span>`,
  );
  return `<p id="legend" class="legend">${entries.join('')}</p>`;
}

/**
 * The paid orders the plan places, one row per block whose changes place
 * any (`#paid-orders`, rows `tr[data-block]`): block, type, action,
 * instances, orders, due now and the price of one; a sentence when there are none.
 */
function paidOrdersTable(plan: PlanDocument): string {
  const blocks = groupChanges(plan.changes.filter((change) => change.paidOrders > 0)).flatMap((module) => module.blocks);
  if (blocks.length === 0) return '<p id="paid-orders">No paid orders.</p>';
  const currency = plan.cost?.currency ?? null;
  const rows = blocks
    .map((block) => {
      const dues = block.changes.map((change) => change.cost?.due_now);
      const due = dues.some((value) => value === null)
        ? PRICE_UNKNOWN
        : dues.some((value) => value !== undefined)
          ? formatMoney(
              dues.reduce<number>((sum, value) => sum + (value ?? 0), 0),
              currency,
            )
          : '';
      const first = block.changes[0];
      const price = first.cost ? `${changeCostSentence(first.action, first.cost, currency)}${block.repeated ? ' each' : ''}` : '';
      const address = block.repeated ? '' : ` data-address="${escapeHtml(first.address)}"`;
      return `<tr data-block="${escapeHtml(block.key)}"${address}><td>${escapeHtml(block.label)}</td><td>${escapeHtml(block.type)}</td><td>${actionBadge(block.action)}</td><td class="number">${block.changes.length}</td><td class="number">${block.paidOrders}</td><td class="number">${escapeHtml(due)}</td><td>${escapeHtml(price)}</td></tr>`;
    })
    .join('\n');
  return `<table id="paid-orders" class="paid"><tr><th>block</th><th>type</th><th>action</th><th>instances</th><th>orders</th><th>due now</th><th>price</th></tr>\n${rows}\n</table>`;
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
${legend()}
<div class="graph">${inline}</div>
${movesAndImports === '' ? '' : `<h2>Moves and imports</h2>\n<pre id="moves-and-imports">${escapeHtml(movesAndImports)}</pre>\n`}<h2>Changes</h2>
${changesList(masked, changes)}
</body>
</html>
`;
}

/** Writes the HTML page of `plan` to `file` (mode 0600: a plan names the infrastructure). */
export async function writePlanHtml(file: string, plan: PlanDocument): Promise<void> {
  const svg = await renderSvg(planDot(maskPlan(plan)));
  await writeFile(file, renderPlanHtml(plan, svg), { mode: 0o600 });
}
