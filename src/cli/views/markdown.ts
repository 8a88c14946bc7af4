/**
 * A plan as GitHub-flavoured Markdown, for a pull-request comment
 * (`plan --format markdown`, `show --format markdown`; docs/ci.md): the
 * summary first (adds, changes, destroys, imports, moves, paid orders,
 * cost, budget, warnings), then each change in a collapsible
 * `<details>` block with its reasons, price and attributes. Sensitive
 * values read `(sensitive)` (the plan is masked again on the way in);
 * values known only after apply are named in one line, not one row each.
 *
 * The whole text stays under {@link MARKDOWN_LIMIT} characters (GitHub
 * refuses comments over 65,536): the changes that do not fit are left
 * out, and a line says how many, which, and how to see the full plan.
 *
 * Escaping: text in Markdown (reasons, warnings, addresses) has the HTML
 * characters turned into entities and Markdown's punctuation
 * backslash-escaped; text inside HTML (`<summary>`) is HTML-escaped;
 * attribute values sit in fenced code blocks whose fence is longer than
 * any run of backticks they hold.
 */
import { isUnknown } from '../../core/types.js';
import type { AttributeChange, Change, PlanDocument } from '../../plan/document.js';
import { maskPlan } from '../../plan/mask.js';
import { budgetLine, changeCostSentence, costSummaryLine } from './cost.js';
import { renderDrift } from './drift.js';
import { escapeHtml } from './html.js';
import { appliedImports, moveAndImportBlocks, moveAndImportNotes } from './moved.js';
import { planCounts } from './plan.js';
import { attributeReasonNote, changeReasonSentences } from './reasons.js';
import { createStyle } from './style.js';
import { renderValue } from './values.js';
import { warningLines } from './warnings.js';

/** Most characters the Markdown of a plan has: under GitHub's 65,536 per comment, with room for a bot's own header. */
export const MARKDOWN_LIMIT = 65_000;

/** Warnings listed in the summary at most (the others are counted). */
const WARNINGS_LISTED = 20;

/** Addresses the cut line names at most (the others are counted). */
const CUT_ADDRESSES_NAMED = 10;

/** Options of {@link renderPlanMarkdown}. */
export interface MarkdownOptions {
  /** Where the full plan is, as the cut line says it (`cloudctl show .cloudctl/last-plan.cplan`). */
  fullPlan: string;
  /** Most characters of the text (default {@link MARKDOWN_LIMIT}). */
  limit?: number;
}

/**
 * `text` safe in Markdown prose, on one line: HTML characters as entities;
 * backslash-escaped: what starts emphasis, code, links, tables,
 * strikethrough or a mention (`\\ \` * [ ] | ~ @`), an underscore at a word's
 * edge (`vm_name` stays as it is: GitHub does not emphasise inside words),
 * and a leading character that would start a list, heading or quote.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r?\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*[\]|~@])/g, '\\$1')
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_')
    .replace(/^([-+#=]|\d+(?=[.)]))/, (start) => (/\d/.test(start) ? `${start}\\` : `\\${start}`));
}

/** `text` in an inline code span (backticks inside are fenced by a longer run; HTML in it is not interpreted). */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded.replace(/\r?\n/g, ' ')}${fence}`;
}

/** `lines` in a fenced code block of `language`, the fence longer than any backtick run inside. */
function fenced(language: string, lines: readonly string[]): string {
  const longest = Math.max(2, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${language}`, ...lines, fence].join('\n');
}

/** `1 paid order`, `3 paid orders`. */
function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const ACTION_WORDS: Record<string, { symbol: string; words: string }> = {
  create: { symbol: '+', words: 'create' },
  update: { symbol: '~', words: 'update in-place' },
  replace: { symbol: '-/+', words: 'destroy and then create replacement' },
  delete: { symbol: '-', words: 'destroy' },
  read: { symbol: '<=', words: 'read during apply' },
};

/** The summary: heading, counts table, cost, budget, warnings. */
function summaryBlock(plan: PlanDocument): string {
  const counts = planCounts(plan);
  const imports = appliedImports(plan).length;
  const moves = (plan.moves ?? []).length;
  const forgets = (plan.forgets ?? []).length;
  const lines = [`### cloudctl plan: ${inlineCode(plan.manifest.path)}`, ''];
  if (plan.mode === 'refresh-only') {
    const changed = new Set(plan.drift?.changed.map((entry) => entry.address) ?? []).size;
    const deleted = plan.drift?.deleted.length ?? 0;
    lines.push(
      `**Refresh-only plan: ${changed} to update in state, ${deleted} to forget.** It changes no infrastructure and places no order.`,
    );
  } else {
    const changes = plan.changes.some((change) => change.action !== 'noop') || imports + moves + forgets > 0;
    lines.push(
      changes
        ? `**Plan: ${counts.add} to add, ${counts.change} to change, ${counts.destroy} to destroy, ${imports} to import${moves > 0 ? `, ${moves} to move` : ''}${forgets > 0 ? `, ${forgets} to forget (the accounts keep running and billing)` : ''}. ${plural(counts.paid, 'paid order')}.**`
        : `**No changes.** The infrastructure matches ${escapeMarkdown(plan.manifest.path)}.`,
      '',
      '| Add | Change | Destroy | Import | Move | Read | Paid orders |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${counts.add} | ${counts.change} | ${counts.destroy} | ${imports} | ${moves} | ${counts.read} | ${counts.paid} |`,
    );
  }
  if (plan.mode === 'destroy') lines.push('', 'Mode: **destroy** (everything the state holds).');
  if (plan.cost) lines.push('', escapeMarkdown(costSummaryLine(plan.cost)));
  if (plan.cost && plan.budget)
    lines.push('', `${plan.budget.over ? '**' : ''}${escapeMarkdown(budgetLine(plan.budget, plan.cost))}${plan.budget.over ? '**' : ''}`);
  if (plan.targets && plan.targets.length > 0)
    lines.push('', `Limited to ${plan.targets.map((target) => inlineCode(`--target ${target}`)).join(' ')} and what it depends on.`);
  const warnings = plan.warnings ?? [];
  if (warnings.length > 0) {
    lines.push('', `**${plural(warnings.length, 'warning')}:**`, '');
    for (const warning of warnings.slice(0, WARNINGS_LISTED)) {
      const [first, ...rest] = warningLines(warning, plan.manifest.path);
      lines.push(
        `- ${escapeMarkdown(first.replace(/^Warning: /, ''))}${rest.length > 0 ? ` ${escapeMarkdown(rest.map((line) => line.trim()).join(' '))}` : ''}`,
      );
    }
    if (warnings.length > WARNINGS_LISTED) lines.push(`- and ${warnings.length - WARNINGS_LISTED} more (see the full plan)`);
  }
  return lines.join('\n');
}

/** The `<details>` block of drift, moves and imports, outputs (text plan lines in a code block), or '' when empty. */
function textDetails(title: string, text: string): string {
  if (text.trim() === '') return '';
  return `<details><summary>${escapeHtml(title)}</summary>\n\n${fenced('', text.replace(/\n+$/, '').split('\n'))}\n\n</details>`;
}

/** The diff lines of a change's attributes, and the names of those known only after apply. */
function attributeLines(change: Change): { lines: string[]; unknown: string[] } {
  const lines: string[] = [];
  const unknown: string[] = [];
  const shown = (attribute: AttributeChange, value: unknown) => renderValue(value, attribute.sensitive).replace(/\r?\n/g, '\\n');
  for (const attribute of change.attributes) {
    const note = attributeReasonNote(attribute);
    const why = note ? `  # ${note}` : '';
    if (attribute.before === undefined && isUnknown(attribute.after) && !note) {
      unknown.push(attribute.name);
      continue;
    }
    if (change.action === 'create' || change.action === 'read' || attribute.before === undefined) {
      lines.push(`+ ${attribute.name} = ${shown(attribute, attribute.after)}${why}`);
    } else if (change.action === 'update' && attribute.before === attribute.after && !note) {
      continue;
    } else {
      const before = shown(attribute, attribute.before);
      const after = shown(attribute, attribute.after);
      if (before === after) lines.push(`  ${attribute.name} = ${after}${why}`);
      else lines.push(`- ${attribute.name} = ${before}`, `+ ${attribute.name} = ${after}${why}`);
    }
  }
  if (change.action === 'delete' && change.id !== undefined) lines.push(`- id = ${JSON.stringify(change.id)}`);
  return { lines, unknown };
}

/** One change as a `<details>` block: the heading in `<summary>`, then reasons, price, attributes. */
function changeDetails(change: Change, notes: readonly string[], currency: string | null): string {
  const action = ACTION_WORDS[change.action] ?? { symbol: ' ', words: change.action };
  const paid = change.paidOrders > 0 ? ` · ${plural(change.paidOrders, 'paid order')}` : '';
  const summary = `<code>${escapeHtml(`${action.symbol} ${change.address}`)}</code> ${escapeHtml(action.words)} <code>${escapeHtml(change.type)}</code>${escapeHtml(paid)}`;
  const parts = [`<details><summary>${summary}</summary>`, ''];
  const reasons = [...notes, ...changeReasonSentences(change)];
  if (change.id !== undefined && change.action !== 'create') reasons.unshift(`id ${change.id}`);
  for (const reason of reasons) parts.push(`- ${escapeMarkdown(reason)}`);
  if (change.cost) parts.push(`- cost: ${escapeMarkdown(changeCostSentence(change.action, change.cost, currency))}`);
  const { lines, unknown } = attributeLines(change);
  if (lines.length > 0) parts.push('', fenced('diff', lines));
  if (unknown.length > 0) parts.push('', `Known after apply: ${unknown.map((name) => inlineCode(name)).join(', ')}`);
  parts.push('', '</details>');
  return parts.join('\n');
}

/** The changed outputs as text lines (`+ name = value`, `~ name = before -> after`). */
function outputLines(plan: PlanDocument): string {
  const lines: string[] = [];
  for (const [name, output] of Object.entries(plan.outputs)) {
    if (output.action === 'noop') continue;
    const after = renderValue(output.value, output.sensitive);
    if (output.action === 'update' && output.before !== undefined)
      lines.push(`~ ${name} = ${renderValue(output.before, output.sensitive)} -> ${after}`);
    else lines.push(`+ ${name} = ${after}`);
  }
  return lines.join('\n');
}

/**
 * The Markdown of `plan` (masked again on the way in), at most
 * `options.limit` characters (default {@link MARKDOWN_LIMIT}): the summary,
 * then drift, moves and imports, each change and the outputs in
 * `<details>` blocks. Changes that do not fit are left out (in plan order:
 * the first ones are kept), and a line at the end names them and says
 * where the full plan is (`options.fullPlan`). Never throws.
 */
export function renderPlanMarkdown(plan: PlanDocument, options: MarkdownOptions): string {
  const limit = options.limit ?? MARKDOWN_LIMIT;
  const masked = maskPlan(plan);
  const plain = createStyle(false);
  const head = [summaryBlock(masked)];
  const drift = textDetails('Changed outside cloudctl (drift)', renderDrift(masked.drift, plain));
  if (drift) head.push(drift);
  const moved = textDetails('Moves and imports', moveAndImportBlocks(masked, plain).join('\n'));
  if (moved) head.push(moved);
  const tail: string[] = [];
  const outputs = textDetails('Changes to outputs', outputLines(masked));
  if (outputs) tail.push(outputs);
  const changes = masked.mode === 'refresh-only' ? [] : masked.changes.filter((change) => change.action !== 'noop');
  const notesOf = moveAndImportNotes(masked);
  const currency = masked.cost?.currency ?? null;
  const join = (parts: readonly string[]) => `${parts.join('\n\n')}\n`;
  const cutLine = (kept: number) => {
    const left = changes.slice(kept, kept + CUT_ADDRESSES_NAMED).map((change) => inlineCode(change.address));
    const count = changes.length - kept;
    const more = count > CUT_ADDRESSES_NAMED ? ` and ${count - CUT_ADDRESSES_NAMED} more` : '';
    const what =
      count === 0
        ? 'the changes to outputs are not shown here'
        : `${plural(count, 'change')} of ${changes.length} not shown here (${left.join(', ')}${more})${tail.length > 0 ? ', and the outputs' : ''}`;
    return `**Cut to stay under ${limit.toLocaleString('en-US')} characters:** ${what}. The full plan: ${inlineCode(options.fullPlan)}.`;
  };
  // Blocks are rendered one by one and only while they fit: a plan of thousands of changes is not rendered whole to be cut.
  const parts = [...head, ...(changes.length > 0 ? ['#### Changes'] : [])];
  let length = join(parts).length;
  let kept = 0;
  for (const change of changes) {
    const block = changeDetails(change, notesOf(change), currency);
    const last = kept + 1 === changes.length;
    // With this block: the rest must fit after it (the outputs after the last block, else the cut line).
    const after = last ? tail.reduce((sum, part) => sum + part.length + 2, 0) : cutLine(kept + 1).length + 2;
    if (length + block.length + 2 + after > limit) break;
    parts.push(block);
    length += block.length + 2;
    kept++;
  }
  if (kept === changes.length && length + tail.reduce((sum, part) => sum + part.length + 2, 0) <= limit) return join([...parts, ...tail]);
  parts.push(cutLine(kept));
  const text = join(parts);
  // The summary alone past the limit (thousands of warnings are capped, so only a huge manifest path): cut it hard.
  if (text.length <= limit) return text;
  const note = `\n\n**Cut here to stay under ${limit.toLocaleString('en-US')} characters.** The full plan: ${inlineCode(options.fullPlan.slice(0, 200))}.\n`;
  return `${text.slice(0, Math.max(0, limit - note.length))}${note}`;
}

/** How `plan` and `show` print a plan. */
export type PlanOutputFormat = 'text' | 'json' | 'markdown';

/**
 * The format of `plan`/`show` from their options: `--format`, or `json`
 * for `--json`, else `text`.
 * @throws Error when `--json` is given with another `--format`.
 */
export function planOutputFormat(options: { json?: boolean; format?: string }): PlanOutputFormat {
  const format = (options.format ?? (options.json ? 'json' : 'text')) as PlanOutputFormat;
  if (options.json && format !== 'json') throw new Error(`--json and --format ${format} ask for two formats: give one`);
  return format;
}
