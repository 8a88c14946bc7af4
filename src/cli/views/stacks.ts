/**
 * How `plan --stacks` and `apply --stacks` print (docs/stacks.md): per
 * stack a heading, its plan as `plan` prints it, what waits for upstream
 * stacks and the rules' verdict; then the totals. The Markdown form (for a
 * pull request) gives each stack's verdict in a table, then each stack's
 * plan folded.
 */
import type { StackApplyResult, StackPlan, StacksApplyResult, StacksPlan } from '../../stacks/index.js';
import { verdictLine } from '../../stacks/index.js';
import { formatMoney } from '../../engine/events.js';
import { renderPlanText } from './plan.js';
import { escapeMarkdown, renderPlanMarkdown } from './markdown.js';
import type { Style } from './style.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** `waits for stack keys: app (keypair_id: known after stack keys applies)`, one line per waiting change. */
function waitingLines(stack: StackPlan): string[] {
  if (stack.waitsFor.length === 0) return [];
  const upstream = stack.waitsFor.map((name) => `stack ${name}`).join(', ');
  const lines = [
    `Values known after ${upstream} applies: ${stack.unknownVariables.map((name) => `var.${name}`).join(', ')}; this stack is planned again once ${stack.waitsFor.length === 1 ? 'it has' : 'they have'} applied.`,
  ];
  for (const change of stack.waiting)
    lines.push(
      `  ${change.address} (${change.action}) waits: ${change.attributes.length > 0 ? change.attributes.join(', ') : 'its inputs'} known after ${upstream} applies`,
    );
  return lines;
}

/** The totals line of a combined plan. */
export function stacksTotalsLine(plan: StacksPlan): string {
  const totals = plan.totals;
  const failed = plan.stacks.filter((stack) => stack.status === 'failed' || stack.status === 'blocked').length;
  const deferred = plan.stacks.filter((stack) => stack.status === 'deferred').length;
  const delta = totals.monthlyAfter - totals.monthlyBefore;
  return [
    `Totals over ${plural(totals.stacks, 'stack')}${failed > 0 ? ` (${failed} not planned)` : ''}${deferred > 0 ? ` (${deferred} deferred until upstream applies)` : ''}: ${totals.add} to add, ${totals.change} to change, ${totals.destroy} to destroy.`,
    `${plural(totals.paid, 'paid order')}; monthly cost ${formatMoney(delta, totals.currency, true)} (from ${formatMoney(totals.monthlyBefore, totals.currency)} to ${formatMoney(totals.monthlyAfter, totals.currency)}); due now ${formatMoney(totals.dueNow, totals.currency)}.${totals.partial ? ' Partial: some prices are unknown and left out.' : ''}`,
  ].join(' ');
}

/** The combined plan as text (no trailing newline). */
export function renderStacksPlan(plan: StacksPlan, style: Style): string {
  const parts: string[] = [];
  for (const stack of plan.stacks) {
    const lines = [style.bold(`=== Stack ${stack.name} (${stack.manifest})`)];
    if (stack.status === 'deferred') lines.push(style.yellow(`Deferred: ${stack.error ?? ''}`));
    else if (stack.status !== 'planned' || !stack.plan) lines.push(style.red(`Not planned: ${stack.error ?? stack.status}`));
    else {
      lines.push(renderPlanText(stack.plan, style));
      const waiting = waitingLines(stack);
      if (waiting.length > 0) lines.push('', ...waiting.map((line) => style.yellow(line)));
      for (const problem of stack.budgetProblems) lines.push(style.yellow(`Budget: ${problem}`));
      if (stack.verdict) lines.push((stack.verdict.approved ? style.green : style.yellow)(`Rules: ${verdictLine(stack.verdict)}`));
    }
    parts.push(lines.join('\n'));
  }
  const closing = [style.bold(stacksTotalsLine(plan))];
  for (const problem of plan.budgetProblems) closing.push(style.yellow(`Budget: ${problem}`));
  parts.push(closing.join('\n'));
  return parts.join('\n\n');
}

/** A stack's verdict cell in Markdown. */
function stackVerdict(stack: StackPlan): string {
  if (stack.status === 'deferred') return `deferred: ${escapeMarkdown((stack.error ?? '').split('\n')[0])}`;
  if (stack.status !== 'planned') return `not planned: ${escapeMarkdown((stack.error ?? stack.status).split('\n')[0])}`;
  if (!stack.verdict) return 'no rules';
  if (stack.verdict.approved) return '✅ approved by the rules';
  return `⛔ stopped: ${escapeMarkdown(stack.verdict.failed.map((failure) => `${failure.rule}: ${failure.why}`).join('; '))}`;
}

/** The combined plan as Markdown: a table of stacks and verdicts, the totals, then each stack's plan folded. */
export function renderStacksPlanMarkdown(plan: StacksPlan, fullPlan: string): string {
  const rows = plan.stacks.map((stack) => {
    const counts = stack.plan ? `${stack.plan.changes.filter((change) => change.action !== 'noop').length}` : '—';
    const verdict = stackVerdict(stack);
    const waits = stack.waitsFor.length > 0 ? `known after ${stack.waitsFor.map((name) => `stack ${name}`).join(', ')} applies` : '';
    const cost = stack.plan?.cost
      ? formatMoney(stack.plan.cost.monthly_after - stack.plan.cost.monthly_before, stack.plan.cost.currency, true)
      : '—';
    return `| ${escapeMarkdown(stack.name)} | ${counts} | ${cost} | ${verdict} | ${waits} |`;
  });
  const parts = [
    '### cloudctl plan --stacks',
    ['| Stack | Changes | Monthly cost | Verdict | Waits |', '|---|---|---|---|---|', ...rows].join('\n'),
    `**${escapeMarkdown(stacksTotalsLine(plan))}**`,
    ...plan.budgetProblems.map((problem) => `**Budget:** ${escapeMarkdown(problem)}`),
  ];
  for (const stack of plan.stacks) {
    if (!stack.plan) continue;
    const body = renderPlanMarkdown(stack.plan, { fullPlan, limit: 20_000 }).trim();
    const waiting = waitingLines(stack).map((line) => `> ${escapeMarkdown(line.trim())}`);
    parts.push(
      `<details><summary>Stack ${escapeMarkdown(stack.name)}</summary>\n\n${[...waiting, ...(waiting.length > 0 ? [''] : []), body].join('\n')}\n\n</details>`,
    );
  }
  return `${parts.join('\n\n')}\n`;
}

/** One line of an apply or destroy result. */
function resultLine(entry: StackApplyResult, style: Style): string {
  const done = entry.result
    ? ` (${plural(entry.result.done.length, 'change')} done${entry.result.failed.length > 0 ? `, ${entry.result.failed.length} failed` : ''})`
    : '';
  switch (entry.status) {
    case 'applied':
      return style.green(`stack ${entry.name}: applied${done}`);
    case 'no-changes':
      return style.green(`stack ${entry.name}: no changes`);
    case 'stopped':
      return style.yellow(`stack ${entry.name}: ${entry.verdict ? verdictLine(entry.verdict) : 'not approved'}`);
    case 'blocked':
      return style.yellow(`stack ${entry.name}: ${entry.message ?? 'blocked'}`);
    default:
      return style.red(`stack ${entry.name}: ${entry.status}${done}${entry.message ? `: ${entry.message}` : ''}`);
  }
}

/** The end of `apply --stacks` or `destroy --stacks`: one line per stack, then the verdict. */
export function renderStacksResult(result: StacksApplyResult, style: Style, verb: 'Apply' | 'Destroy'): string {
  const lines = result.stacks.map((entry) => resultLine(entry, style));
  const count = (status: StackApplyResult['status']) => result.stacks.filter((entry) => entry.status === status).length;
  const summary = `${verb} of ${plural(result.stacks.length, 'stack')}: ${count('applied')} applied, ${count('no-changes')} without changes, ${count('stopped')} stopped by the rules, ${count('failed') + count('incomplete')} failed, ${count('blocked')} blocked.`;
  lines.push((result.complete ? style.green : style.yellow)(style.bold(summary)));
  return lines.join('\n');
}
