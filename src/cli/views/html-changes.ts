/**
 * The changes' list of the HTML plan (html.ts), sized for thousands of
 * changes: grouped by module, one entry per block, and paged. A block of
 * one instance is a `<section class="change">` with its reasons, price and
 * attributes; a repeated block (`count`, `for_each`) is one closed
 * `<details class="block" id="block-KEY">` with its instance count, the
 * first instance shown in full and every instance a row of a table (its
 * address, action and the values that differ between instances), in closed
 * pages of {@link INSTANCES_PER_PAGE}. A module's blocks past the first
 * {@link BLOCKS_PER_PAGE} are in closed pages too. Nothing needs a script: a
 * closed `<details>` costs the browser no layout, and opening one is a click.
 */
import type { AttributeChange, Change, PlanDocument } from '../../plan/document.js';
import { isUnknown } from '../../core/types.js';
import { changeCostSentence } from './cost.js';
import { attributeReasonNote, changeReasonSentences } from './reasons.js';
import { renderValue } from './values.js';
import { ACTION_STYLES, actionCounts, drawnAs, groupChanges, type BlockGroup, type Drawn } from './plan-groups.js';

/** Rows of one page of a repeated block's instances. */
export const INSTANCES_PER_PAGE = 100;
/** Blocks of a module shown before the rest are paged. */
export const BLOCKS_PER_PAGE = 50;
/** Columns of values that differ between instances, at most. */
const DIFFERING_COLUMNS = 4;

/** `text` with the HTML special characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The badge of a way a change is drawn (its action, or {@link Drawn}'s two more): sign and words in its colours (`.a-ACTION`, html.ts's style). */
export function actionBadge(action: Drawn, words?: string): string {
  const style = ACTION_STYLES[action];
  return `<span class="action a-${action}">${escapeHtml(`${style.sign} ${words ?? style.words}`)}</span>`;
}

/** The plan's action of each way a change is drawn (`data-action`; `data-drawn` says how it is drawn). */
const PLAN_ACTION: Readonly<Record<Drawn, Change['action']>> = {
  create: 'create',
  update: 'update',
  replace: 'replace',
  create_before_destroy: 'replace',
  delete: 'delete',
  deposed: 'delete',
  read: 'read',
  noop: 'noop',
};

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

/** The reasons, price, attributes and folded computed values of one change. */
function changeBody(change: Change, plan: PlanDocument): string {
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
  return `${reasons ? `<ul class="reasons">${reasons}</ul>` : ''}${price}${table}${computedBlock}`;
}

/** `<section class="change">` of a block of one instance. */
function changeSection(change: Change, plan: PlanDocument, key: string): string {
  const paid = change.paidOrders > 0 ? ` · ${change.paidOrders === 1 ? '1 paid order' : `${change.paidOrders} paid orders`}` : '';
  const drawn = drawnAs(change);
  return `<section class="change c-${drawn}" id="block-${escapeHtml(key)}" data-address="${escapeHtml(change.address)}" data-action="${escapeHtml(change.action)}" data-drawn="${drawn}">
<h3>${escapeHtml(change.address)} <span class="type">(${escapeHtml(change.type)}${change.id ? ` ${escapeHtml(change.id)}` : ''})</span></h3>
<p>${actionBadge(drawn)}${escapeHtml(paid)}</p>
${changeBody(change, plan)}
</section>`;
}

/** The value of `name` a change shows for it (after, else before for a delete), rendered. */
function shownValue(change: Change, name: string): string {
  const attribute = change.attributes.find((entry) => entry.name === name);
  if (!attribute) return '';
  const value = attribute.after !== undefined && change.action !== 'delete' ? attribute.after : attribute.before;
  return value === undefined ? '' : renderValue(value, attribute.sensitive);
}

/** The attributes whose shown value differs between the instances (at most {@link DIFFERING_COLUMNS}). */
function differingAttributes(changes: readonly Change[]): string[] {
  const names = [...new Set(changes.flatMap((change) => change.attributes.map((attribute) => attribute.name)))];
  return names
    .filter((name) => {
      const first = shownValue(changes[0], name);
      return changes.some((change) => shownValue(change, name) !== first);
    })
    .slice(0, DIFFERING_COLUMNS);
}

/** The instances of a repeated block as closed pages of table rows. */
function instancePages(block: BlockGroup): string {
  const columns = differingAttributes(block.changes);
  const head = `<tr><th>address</th><th>action</th><th>id</th>${columns.map((name) => `<th>${escapeHtml(name)}</th>`).join('')}</tr>`;
  const row = (change: Change, drawn = drawnAs(change)) =>
    `<tr data-address="${escapeHtml(change.address)}" data-action="${change.action}" data-drawn="${drawn}"><td>${escapeHtml(change.address)}</td><td class="a-${drawn}">${escapeHtml(ACTION_STYLES[drawn].sign)}</td><td>${escapeHtml(change.id ?? '')}</td>${columns.map((name) => `<td>${escapeHtml(shownValue(change, name))}</td>`).join('')}</tr>`;
  const pages: string[] = [];
  for (let start = 0; start < block.changes.length; start += INSTANCES_PER_PAGE) {
    const page = block.changes.slice(start, start + INSTANCES_PER_PAGE);
    const range = page.length === 1 ? page[0].address : `${page[0].address} … ${page[page.length - 1].address}`;
    pages.push(
      `<details class="page"><summary>${escapeHtml(range)} (${start + 1}–${start + page.length} of ${block.changes.length})</summary><table class="instances">${head}\n${page.map((change) => row(change)).join('\n')}\n</table></details>`,
    );
  }
  return pages.join('\n');
}

/** One closed `<details class="block">` for a repeated block: count, actions, its first instance in full, every instance paged. */
function repeatedBlock(block: BlockGroup, plan: PlanDocument): string {
  const first = block.changes[0];
  const paid = block.paidOrders > 0 ? ` · ${block.paidOrders === 1 ? '1 paid order' : `${block.paidOrders} paid orders`}` : '';
  return `<details class="block c-${block.action}" id="block-${escapeHtml(block.key)}" data-block="${escapeHtml(block.key)}" data-instances="${block.changes.length}" data-action="${PLAN_ACTION[block.action]}" data-drawn="${block.action}">
<summary>${actionBadge(block.action, Object.keys(block.actions).length > 1 ? 'mixed' : undefined)} <b>${escapeHtml(block.label)}</b> <span class="type">(${escapeHtml(block.type)})</span> × ${block.changes.length}: ${escapeHtml(actionCounts(block))}${escapeHtml(paid)}</summary>
<p class="first">The first instance, <code>${escapeHtml(first.address)}</code> (${escapeHtml(ACTION_STYLES[drawnAs(first)].words)}):</p>
${changeBody(first, plan)}
${instancePages(block)}
</details>`;
}

/** The changes' list: per module (the root first), each block's entry, past {@link BLOCKS_PER_PAGE} blocks in closed pages. */
export function changesList(plan: PlanDocument, changes: readonly Change[]): string {
  if (changes.length === 0) return '<p>No changes.</p>';
  const out: string[] = [];
  for (const module of groupChanges(changes)) {
    const entries = module.blocks.map((block) =>
      block.repeated ? repeatedBlock(block, plan) : changeSection(block.changes[0], plan, block.key),
    );
    const pages = [entries.slice(0, BLOCKS_PER_PAGE).join('\n')];
    for (let start = BLOCKS_PER_PAGE; start < entries.length; start += BLOCKS_PER_PAGE)
      pages.push(
        `<details class="page"><summary>blocks ${start + 1}–${Math.min(entries.length, start + BLOCKS_PER_PAGE)} of ${entries.length}</summary>\n${entries.slice(start, start + BLOCKS_PER_PAGE).join('\n')}\n</details>`,
      );
    if (module.path === '') out.push(pages.join('\n'));
    else {
      const instances = module.instances > 1 ? ` × ${module.instances} instances` : '';
      const count = module.blocks.reduce((sum, block) => sum + block.changes.length, 0);
      out.push(
        `<section class="module" data-module="${escapeHtml(module.path)}"><h3 class="module-title">module ${escapeHtml(module.path)}${instances}: ${count === 1 ? '1 change' : `${count} changes`}</h3>\n${pages.join('\n')}\n</section>`,
      );
    }
  }
  return out.join('\n');
}
