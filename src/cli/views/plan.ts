/**
 * Renders a plan the way Terraform users read one: a legend of the symbols
 * used, one block per change with before -> after per attribute and why,
 * and a summary line counting paid orders. The reasons' English comes from
 * ./reasons.ts.
 */
import { blockAddress } from '../../core/address.js';
import { diffLines } from 'diff';
import type { AttributeChange, Change, ChangeCost, PlanDocument } from '../../plan/document.js';
import { planCounts } from '../../plan/counts.js';
import { isUnknown } from '../../core/types.js';
import { budgetLine, changeCostSentence, costSummaryLine } from './cost.js';
import { renderDrift } from './drift.js';
import { attributeReasonNote, changeReasonSentences } from './reasons.js';
import type { Style } from './style.js';
import { KNOWN_AFTER_APPLY, renderValue } from './values.js';
import { renderWarnings } from './warnings.js';
import { MOVE_SYMBOLS, moveAndImportBlocks, moveAndImportCounts, moveAndImportNotes } from './moved.js';

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

/** True when the change gives reason `code` (a plan saved before reason codes existed has none). */
function gives(change: Change, code: string): boolean {
  const reasons = change.reasonCodes as Change['reasonCodes'] | undefined;
  if (reasons === undefined || reasons === null) return false;
  // A loop, not `some` with a closure: asked twice per change of a plan of 100,000.
  for (const reason of reasons) if (reason.code === code) return true;
  return false;
}

function heading(change: Change): string {
  const paid = change.paidOrders > 0 ? ` (${change.paidOrders === 1 ? 'a paid order' : `${change.paidOrders} paid orders`})` : '';
  switch (change.action) {
    case 'create':
      if (gives(change, 'create_awaiting_payment')) return `# ${change.address} is awaiting payment (no new order)`;
      return change.id ? `# ${change.address} will be created (resumed: no new order)` : `# ${change.address} will be created${paid}`;
    case 'update':
      if (gives(change, 'update_awaiting_payment')) return `# ${change.address} is awaiting payment (no new order)`;
      return `# ${change.address} will be updated in-place${paid}`;
    case 'replace':
      if (gives(change, 'replace_creates_first')) return `# ${change.address} must be replaced, create before destroy${paid}`;
      return `# ${change.address} must be replaced${paid}`;
    case 'delete':
      return `# ${change.address} will be destroyed`;
    case 'read':
      return `# ${change.address} will be read during apply`;
    default:
      return `# ${change.address}`;
  }
}

/** True for a string shown as lines: it has a line break, or the two sides are long together. */
function isLong(before: unknown, after: unknown): boolean {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return text(before).includes('\n') || text(after).includes('\n') || text(before).length + text(after).length > 120;
}

/** A multi-line string as a heredoc, each line marked. */
function heredoc(prefix: string, value: string, mark: string, reason: string): string[] {
  const lines = [`${prefix} = <<-EOT${reason}`];
  for (const line of value.replace(/\n$/, '').split('\n')) lines.push(`          ${mark}${line}`);
  lines.push('        EOT');
  return lines;
}

/**
 * Per style, per name width, per attribute name: the texts of its lines
 * that do not depend on the resource ({@link NameTexts}), the same for
 * every create of a type: made once, not once per resource (100,000
 * creates have about a million of them).
 */
const nameTexts = new WeakMap<Style, Map<number, NamesTexts>>();

/**
 * The texts of an attribute's line in a change block, each after the line
 * break that ends the line before: `unknown` the whole line of a new value
 * known only after apply, without a note (`\n      + status = (known after
 * apply)`), `created` the start of a new value's line up to its value
 * (`\n      + name   = `). Made on first need.
 */
interface NameTexts {
  unknown?: string;
  created?: string;
}

/** The {@link NameTexts} of one style and name width, by attribute name. */
type NamesTexts = Map<string, NameTexts>;

/** The {@link NamesTexts} of `style` and `width` (looked up once per change, not once per attribute). */
function namesTextsOf(style: Style, width: number): NamesTexts {
  let byWidth = nameTexts.get(style);
  if (!byWidth) nameTexts.set(style, (byWidth = new Map()));
  let byName = byWidth.get(width);
  if (!byName) byWidth.set(width, (byName = new Map()));
  return byName;
}

/** The {@link NameTexts} of the attribute `name` among `byName` (of one style and `width`). */
function textsOf(byName: NamesTexts, name: string): NameTexts {
  let texts = byName.get(name);
  if (texts === undefined) byName.set(name, (texts = {}));
  return texts;
}

/** The line of a new value of `name` known only after apply, without a note (its {@link NameTexts} `unknown`). */
function unknownText(texts: NameTexts, name: string, width: number, style: Style): string {
  return (texts.unknown ??= `\n      ${style.green('+')} ${name.padEnd(width)} = ${KNOWN_AFTER_APPLY}`);
}

/** The start of the line of a new value of `name`, up to the value (its {@link NameTexts} `created`). */
function createdText(texts: NameTexts, name: string, width: number, style: Style): string {
  return (texts.created ??= `\n      ${style.green('+')} ${name.padEnd(width)} = `);
}

/**
 * The attribute lines of new resources (creates, reads) of one type whose
 * attributes have the same names in the same order, at one name width,
 * each without a note and either known only after apply or a value on one
 * line: `valued` tells which have a value; `texts[k]` is the text between
 * the value before and the `k`-th value (the lines known after apply, then
 * `\n      + name = `), the last one the text after the last value. So a
 * block is a few pieces (its values and the texts between them), the same
 * texts for every resource of the shape, not a piece per line.
 */
interface NewAttributesShape {
  width: number;
  names: string[];
  valued: boolean[];
  texts: string[];
}

/** Per style, by resource type, the {@link NewAttributesShape}s met, at most {@link SHAPES_KEPT_PER_TYPE}. */
const newAttributesShapes = new WeakMap<Style, Map<string, NewAttributesShape[]>>();
const SHAPES_KEPT_PER_TYPE = 4;

/** How a new attribute is written: its `unknown` line, its `created` text and a value on one line (`valued`), or else (undefined). */
function newAttributeKind(attribute: AttributeChange): 'unknown' | 'valued' | undefined {
  if (attributeReasonNote(attribute) !== undefined) return undefined;
  if (isUnknown(attribute.after)) return 'unknown';
  if (!attribute.sensitive && typeof attribute.after === 'string' && attribute.after.includes('\n')) return undefined; // a heredoc
  return 'valued';
}

/** True when `attributes` at `width` are of `shape`. */
function ofShape(shape: NewAttributesShape, attributes: readonly AttributeChange[], width: number): boolean {
  if (shape.width !== width || shape.names.length !== attributes.length) return false;
  for (let index = 0; index < attributes.length; index++) {
    const attribute = attributes[index]!;
    if (attribute.name !== shape.names[index] || newAttributeKind(attribute) !== (shape.valued[index] ? 'valued' : 'unknown')) return false;
  }
  return true;
}

/** The {@link NewAttributesShape} of `attributes` at `width`, or undefined when one of them is written otherwise (a note, a heredoc). */
function newAttributesShape(attributes: readonly AttributeChange[], width: number, style: Style): NewAttributesShape | undefined {
  const byName = namesTextsOf(style, width);
  const shape: NewAttributesShape = { width, names: [], valued: [], texts: [] };
  let text = '';
  for (const attribute of attributes) {
    const kind = newAttributeKind(attribute);
    if (kind === undefined) return undefined;
    const texts = textsOf(byName, attribute.name);
    shape.names.push(attribute.name);
    shape.valued.push(kind === 'valued');
    if (kind === 'unknown') text += unknownText(texts, attribute.name, width, style);
    else {
      shape.texts.push(text + createdText(texts, attribute.name, width, style));
      text = '';
    }
  }
  shape.texts.push(text);
  return shape;
}

/**
 * Adds the attribute lines of a new resource to `parts` through the
 * {@link NewAttributesShape} of its type they are of (made when it is
 * new and fewer than {@link SHAPES_KEPT_PER_TYPE} are kept); false, adding
 * nothing, when there is none (the lines are then made one by one).
 */
function newAttributeLines(parts: string[], change: Change, width: number, style: Style): boolean {
  const { attributes } = change;
  let byType = newAttributesShapes.get(style);
  if (!byType) newAttributesShapes.set(style, (byType = new Map()));
  let shapes = byType.get(change.type);
  let shape = shapes?.find((each) => ofShape(each, attributes, width));
  if (shape === undefined) {
    if (shapes !== undefined && shapes.length >= SHAPES_KEPT_PER_TYPE) return false;
    shape = newAttributesShape(attributes, width, style);
    if (shape === undefined) return false;
    if (!shapes) byType.set(change.type, (shapes = []));
    shapes.push(shape);
  }
  let value = 0;
  for (let index = 0; index < attributes.length; index++) {
    if (!shape.valued[index]) continue;
    const attribute = attributes[index]!;
    parts.push(shape.texts[value++]!, renderValue(attribute.after, attribute.sensitive));
  }
  if (shape.texts[value] !== '') parts.push(shape.texts[value]!);
  return true;
}

/**
 * Per style, the line of a reason sentence (`\n  #   not in state: places a
 * paid order`, after the line break before it) by sentence: most changes of
 * a plan give one of a few sentences. At most {@link NOTE_LINES_KEPT} kept per style.
 */
const noteLines = new WeakMap<Style, Map<string, string>>();
const NOTE_LINES_KEPT = 1024;

function noteLine(style: Style, sentence: string): string {
  let lines = noteLines.get(style);
  if (!lines) noteLines.set(style, (lines = new Map()));
  let line = lines.get(sentence);
  if (line === undefined) {
    line = `\n  ${style.dim(`#   ${sentence}`)}`;
    if (lines.size < NOTE_LINES_KEPT) lines.set(sentence, line);
  }
  return line;
}

/**
 * Adds the lines of one attribute of a change to `parts`, each after a
 * line break (pushed in place, in pieces: a plan of thousands of creates
 * has hundreds of thousands of lines, most of them made of a text of the
 * attribute's name and a value); `byName`: the {@link NamesTexts} of
 * `style` and `width`.
 */
function attributeLines(
  parts: string[],
  attribute: AttributeChange,
  action: string,
  width: number,
  style: Style,
  byName: NamesTexts,
): void {
  const note = attributeReasonNote(attribute);
  const anew = action === 'create' || action === 'read' || (action === 'replace' && attribute.before === undefined);
  if (anew && note === undefined && isUnknown(attribute.after)) {
    parts.push(unknownText(textsOf(byName, attribute.name), attribute.name, width, style));
    return;
  }
  const reason = note ? style.dim(`  # ${note}`) : '';
  const after = renderValue(attribute.after, attribute.sensitive);
  if (anew) {
    if (!attribute.sensitive && typeof attribute.after === 'string' && attribute.after.includes('\n')) {
      for (const line of heredoc(`      ${style.green('+')} ${attribute.name.padEnd(width)}`, attribute.after, '', reason))
        parts.push(`\n${line}`);
      return;
    }
    parts.push(createdText(textsOf(byName, attribute.name), attribute.name, width, style), after);
    if (reason !== '') parts.push(reason);
    return;
  }
  const name = attribute.name.padEnd(width);
  const before = renderValue(attribute.before, attribute.sensitive);
  const long =
    !attribute.sensitive &&
    typeof attribute.before === 'string' &&
    typeof attribute.after === 'string' &&
    isLong(attribute.before, attribute.after);
  if (long && !isUnknown(attribute.after)) {
    parts.push(`\n      ${style.yellow('~')} ${name} = <<-EOT${reason}`);
    for (const part of diffLines(String(attribute.before), String(attribute.after))) {
      const mark = part.added ? style.green('+ ') : part.removed ? style.red('- ') : '  ';
      for (const line of part.value.replace(/\n$/, '').split('\n')) parts.push(`\n          ${mark}${line}`);
    }
    parts.push('\n        EOT');
    return;
  }
  if (before === after && !note) parts.push(`\n        ${name} = ${after}`);
  else parts.push(`\n      ${style.yellow('~')} ${name} = ${before} -> ${after}${reason}`);
}

/** The cost line last made for a type (and what it was made of): the next change of the type most often costs the same. */
interface CostLine {
  action: string;
  cost: ChangeCost;
  currency: string | null;
  line: string;
}

/** Per style, by resource type, the {@link CostLine} last made. */
const costLines = new WeakMap<Style, Map<string, CostLine>>();

/** True when `a` and `b` give the same cost sentence: every member {@link changeCostSentence} reads is the same. */
function sameCost(a: ChangeCost, b: ChangeCost): boolean {
  // Object.is: a -0 (written `-Rp 0`?) or a NaN is told apart as the sentence would.
  return (
    Object.is(a.cycle, b.cycle) &&
    Object.is(a.before, b.before) &&
    Object.is(a.after, b.after) &&
    Object.is(a.due_now, b.due_now) &&
    Object.is(a.before_cycle, b.before_cycle) &&
    Object.is(a.unknown_reason, b.unknown_reason)
  );
}

/**
 * The cost line of a change (`\n  #   cost: Rp 75.000 per month, due now
 * Rp 75.000`, after the line break before it), made again only when it
 * differs from the last one of the change's type (100,000 creates of three
 * types have three).
 */
function costLine(style: Style, action: string, type: string, cost: ChangeCost, currency: string | null): string {
  let byType = costLines.get(style);
  if (!byType) costLines.set(style, (byType = new Map()));
  const last = byType.get(type);
  if (last !== undefined && last.action === action && last.currency === currency && sameCost(last.cost, cost)) return last.line;
  const line = `\n  ${style.dim(`#   cost: ${changeCostSentence(action, cost, currency)}`)}`;
  byType.set(type, { action, cost: { ...cost }, currency, line });
  return line;
}

/** An address of one step without a key (`web`): its own block name as it is. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** The block name a change's heading shows: its address without the instance key (and without `data.`). */
function shownBlockName(address: string): string {
  // Most addresses are a plain name, which blockAddress gives back as it is (parsed, then written again).
  if (PLAIN_NAME.test(address)) return address;
  return blockAddress(address).replace(/^data\./, '');
}

/**
 * Adds the block of one change to `parts`, in pieces whose concatenation is
 * the block after a line break (each line after its line break, the block
 * ending with a blank line): heading, reason and cost notes, then
 * `+ resource "TYPE" "NAME" {` with its attributes. `notes`: the move and
 * import notes of the change. The pieces are joined once per chunk of the
 * plan's text ({@link planPieces}), not once per change.
 */
function changeBlock(parts: string[], change: Change, notes: readonly string[], currency: string | null, style: Style): void {
  parts.push(`\n  ${style.bold(heading(change))}`);
  for (const reason of notes) parts.push(`\n  ${style.dim(`#   ${reason}`)}`);
  for (const reason of changeReasonSentences(change)) parts.push(noteLine(style, reason));
  if (change.cost) parts.push(costLine(style, change.action, change.type, change.cost, currency));
  const kind = change.mode === 'data' ? 'data' : 'resource';
  parts.push(
    `\n${colorOf(style, change.action)((gives(change, 'replace_creates_first') ? '+/-' : SYMBOLS[change.action].symbol).padStart(3))} ${kind} "${change.type}" "${shownBlockName(change.address)}" {`,
  );
  if (change.action === 'delete') {
    parts.push(`\n      ${style.red('-')} id = ${JSON.stringify(change.id ?? '')}`);
  } else {
    let width = change.action === 'update' && change.id ? 2 : 0;
    for (const attribute of change.attributes) width = Math.max(width, attribute.name.length);
    if (change.action === 'update' && change.id) parts.push(`\n        ${'id'.padEnd(width)} = ${JSON.stringify(change.id)}`);
    const anew = change.action === 'create' || change.action === 'read';
    if (!anew || !newAttributeLines(parts, change, width, style)) {
      const byName = namesTextsOf(style, width);
      for (const attribute of change.attributes) attributeLines(parts, attribute, change.action, width, style, byName);
    }
  }
  parts.push('\n    }\n');
}

/**
 * About how many characters of change blocks {@link planPieces} gathers
 * before it joins them into a chunk: 64 Ki, so that each write's buffer
 * (`writeChunks`, cli/io.ts) is small enough for the allocator to use the
 * same memory again instead of mapping new pages every time.
 */
const CHUNK_CHARACTERS = 64 * 1024;

/** Summary counts of a plan (the plan package's `planCounts`). */
export { planCounts };

/** The summary line: `Plan: 2 to add, 1 to change, 0 to destroy. 3 paid orders.` */
export function summaryLine(plan: PlanDocument): string {
  const counts = planCounts(plan);
  const paid = counts.paid === 1 ? '1 paid order' : `${counts.paid} paid orders`;
  const extra = moveAndImportCounts(plan);
  return `Plan: ${extra.imports}${counts.add} to add, ${counts.change} to change, ${counts.destroy} to destroy${extra.moves}. ${paid}.`;
}

/** `+ name = value` for a new output, `~ name = before -> after` for a changed one; unchanged ones are left out. */
function outputLines(plan: PlanDocument, style: Style): string[] {
  const lines: string[] = [];
  for (const [name, output] of Object.entries(plan.outputs)) {
    const after = renderValue(output.value, output.sensitive);
    if (output.action === 'noop') continue;
    if (output.action === 'update' && output.before !== undefined)
      lines.push(`  ${style.yellow('~')} ${name} = ${renderValue(output.before, output.sensitive)} -> ${after}`);
    else lines.push(`  ${style.green('+')} ${name} = ${after}`);
  }
  return lines;
}

/** The note printed under a `--target` plan. */
function targetNote(plan: PlanDocument, style: Style): string[] {
  const lines = excludeNote(plan, style);
  if (!plan.targets || plan.targets.length === 0) return lines;
  return [
    ...lines,
    '',
    style.yellow(
      `Note: the plan is limited to ${plan.targets.map((target) => `--target ${target}`).join(' ')} and what ${plan.targets.length === 1 ? 'it depends' : 'they depend'} on;`,
    ),
    style.yellow('other differences between the manifest and the state are not shown. Plan without --target to see them.'),
  ];
}

/**
 * The `--exclude` note: what was left out, the addresses the patterns name
 * first, then those excluded with them (each with the address it goes with).
 */
function excludeNote(plan: PlanDocument, style: Style): string[] {
  if (!plan.exclude || plan.exclude.length === 0) return [];
  const excluded = plan.excluded ?? [];
  const named = excluded.filter((entry) => entry.pattern !== undefined).map((entry) => entry.address);
  const withThem = excluded.filter((entry) => entry.dependency !== undefined);
  const lines = [
    '',
    style.yellow(
      `Note: ${plan.exclude.map((pattern) => `--exclude ${pattern}`).join(' ')} left out ${named.join(', ') || 'nothing'}${withThem.length > 0 ? ',' : '.'}`,
    ),
  ];
  if (withThem.length > 0) {
    const verb = plan.mode === 'destroy' ? 'needed by' : 'depends on';
    lines.push(
      style.yellow(
        `and with them what cannot go without them: ${withThem.map((entry) => `${entry.address} (${verb} ${entry.dependency})`).join(', ')}.`,
      ),
    );
  }
  lines.push(style.yellow('Their differences between the manifest and the state are not shown. Plan without --exclude to see them.'));
  return lines;
}

/** A refresh-only plan: what recording the drift does. */
function renderRefreshOnly(plan: PlanDocument, style: Style): string {
  const changed = new Set(plan.drift?.changed.map((entry) => entry.address) ?? []).size;
  const deleted = plan.drift?.deleted.length ?? 0;
  if (changed + deleted === 0) {
    return [
      `${style.green('No changes.')} Nothing changed outside cloudctl: the state matches the infrastructure.`,
      ...targetNote(plan, style),
    ].join('\n');
  }
  return [
    'This is a refresh-only plan: applying it records the changes above in the state',
    '(and forgets what was deleted outside cloudctl). It changes no infrastructure and places no order.',
    '',
    style.bold(`Refresh: ${changed} to update in state, ${deleted} to forget.`),
    ...targetNote(plan, style),
  ].join('\n');
}

/** The whole plan as text (no trailing newline). Drift is rendered separately ({@link renderDrift}). */
export function renderPlan(plan: PlanDocument, style: Style): string {
  return [...planPieces(plan, style)].join('');
}

/**
 * {@link renderPlan}'s text in pieces whose concatenation is the text: the
 * head, the change blocks (each after a line break) in chunks of about
 * 64 KiB, the tail. What {@link renderPlanTextChunks} streams, so that a
 * plan of 100,000 changes is never one string of tens of megabytes.
 */
function* planPieces(plan: PlanDocument, style: Style): Generator<string> {
  if (plan.mode === 'refresh-only') {
    yield renderRefreshOnly(plan, style);
    return;
  }
  // The actions of the plan's changes, its quiet `noop`s left out (one pass, no array of them).
  const used = new Set<string>();
  for (const change of plan.changes) if (change.action !== 'noop') used.add(change.action);
  const blocks = moveAndImportBlocks(plan, style);
  if (used.size === 0 && blocks.length === 0) {
    const why = plan.mode === 'destroy' ? 'The state holds nothing to destroy.' : `The infrastructure matches ${plan.manifest.path}.`;
    yield [`${style.green('No changes.')} ${why}`, ...targetNote(plan, style)].join('\n');
    return;
  }
  const lines: string[] = [];
  lines.push('Resource actions are indicated with the following symbols:');
  for (const action of ['create', 'update', 'replace', 'delete', 'read']) {
    if (used.has(action)) lines.push(`  ${colorOf(style, action)(SYMBOLS[action].symbol.padStart(3))} ${SYMBOLS[action].legend}`);
  }
  if ((plan.imports ?? []).length > 0) lines.push(`  ${style.cyan(MOVE_SYMBOLS.import.symbol.padStart(3))} ${MOVE_SYMBOLS.import.legend}`);
  if ((plan.moves ?? []).length > 0) lines.push(`  ${style.cyan(MOVE_SYMBOLS.move.symbol.padStart(3))} ${MOVE_SYMBOLS.move.legend}`);
  if ((plan.forgets ?? []).length > 0)
    lines.push(`  ${style.yellow(MOVE_SYMBOLS.forget.symbol.padStart(3))} ${MOVE_SYMBOLS.forget.legend}`);
  lines.push('', 'cloudctl will perform the following actions:', '', ...blocks);
  yield lines.join('\n');
  const notesOf = moveAndImportNotes(plan);
  const currency = plan.cost?.currency ?? null;
  // The blocks' pieces joined once per chunk, in one array used again: its pieces die young instead of living (and
  // being copied by the collector) until the end, and no string is made per change or line only to be copied again.
  const parts: string[] = [];
  let length = 0;
  for (const change of plan.changes) {
    if (change.action === 'noop') continue;
    const from = parts.length;
    changeBlock(parts, change, notesOf(change), currency, style);
    for (let index = from; index < parts.length; index++) length += parts[index]!.length;
    if (length >= CHUNK_CHARACTERS) {
      yield parts.join('');
      parts.length = 0;
      length = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
  const tail: string[] = [style.bold(summaryLine(plan))];
  if (plan.cost && (plan.cost.monthly_before > 0 || plan.cost.monthly_after > 0 || plan.cost.orders > 0 || plan.cost.partial))
    tail.push(style.bold(costSummaryLine(plan.cost)));
  if (plan.cost && plan.budget) tail.push((plan.budget.over ? style.yellow : style.dim)(budgetLine(plan.budget, plan.cost)));
  const outputs = outputLines(plan, style);
  if (outputs.length > 0) tail.push('', 'Changes to outputs:', ...outputs);
  tail.push(...targetNote(plan, style));
  yield `\n${tail.join('\n')}`;
}

/** What `plan` and `show` print: the drift refresh found (if any), the plan, then its warnings (if any), blank-line separated. */
export function renderPlanText(plan: PlanDocument, style: Style): string {
  return [...renderPlanTextChunks(plan, style)].join('');
}

/**
 * {@link renderPlanText} in chunks whose concatenation is the text (of
 * about 64 KiB, see {@link planPieces}): what `plan` writes, with
 * `writeChunks` (cli/io.ts), to keep its memory flat whatever the number
 * of changes.
 */
export function* renderPlanTextChunks(plan: PlanDocument, style: Style): Generator<string> {
  const drift = renderDrift(plan.drift, style);
  const warnings = renderWarnings(plan.warnings, style, plan.manifest.path);
  let written = drift !== '';
  if (written) yield drift;
  let started = false;
  for (const piece of planPieces(plan, style)) {
    if (piece === '') continue;
    if (!started && written) yield '\n\n';
    started = true;
    written = true;
    yield piece;
  }
  if (warnings !== '') {
    if (written) yield '\n\n';
    yield warnings;
  }
}
