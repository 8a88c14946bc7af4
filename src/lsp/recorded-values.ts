/**
 * Recorded values in words, for hover: what a reference read at the last
 * apply (the state) or plan (data sources, variables), and a block's price
 * in the last saved plan or the state. Sensitive values are masked: the
 * catalogue's sensitive attributes, the state's `sensitive_attributes`,
 * secret keys anywhere ({@link maskSecrets}), sensitive variables (a plan
 * keeps only the others).
 */
import { MASK, maskSecrets } from '../core/mask.js';
import type { Value } from '../core/types.js';
import { CYCLE_WORDS, monthly } from '../engine/events.js';
import type { CatalogueEntry } from '../resources/attribute.js';
import type { Recorded } from './recorded.js';

/** Longest value shown, in characters. */
const SHOWN_CHARACTERS = 400;

/** `value` as JSON, cut to {@link SHOWN_CHARACTERS}. */
function shown(value: unknown): string {
  const text = value === MASK ? MASK : JSON.stringify(value);
  return text.length <= SHOWN_CHARACTERS ? text : `${text.slice(0, SHOWN_CHARACTERS)}...`;
}

/** One step of a reference: its name and the indexes written after it (`web[0]` → `web`, `[0]`). */
function split(step: string): { name: string; indexes: string } {
  const at = step.indexOf('[');
  return at < 0 ? { name: step, indexes: '' } : { name: step.slice(0, at), indexes: step.slice(at) };
}

/** The value at `path` (names and `[n]` / `["key"]` indexes) inside `value`; `undefined` when absent. */
function dig(value: unknown, path: string[]): unknown {
  let current = value;
  for (const step of path) {
    const { name, indexes } = split(step);
    if (name) current = (current as Record<string, unknown> | undefined)?.[name];
    for (const match of indexes.matchAll(/\[\s*("([^"]*)"|\d+)\s*\]/g)) {
      current = (current as Record<string, unknown> | undefined)?.[match[2] ?? Number(match[1])];
    }
    if (current === undefined || current === null) return current;
  }
  return current;
}

/**
 * What the reference written as `steps` (`['web[0]', 'id']`, `['data', 'os',
 * 'oss']`, `['var', 'cycle']`) had at the last apply or plan, as a sentence,
 * or `undefined` when nothing recorded it. `entry`: the type of the block
 * it reads (for its sensitive attributes).
 */
export function recordedValue(steps: string[], entry: CatalogueEntry | undefined, history: Recorded): string | undefined {
  const [head, second] = steps;
  const sensitive = (name: string | undefined, extra: readonly string[] = []) =>
    name !== undefined && (entry?.attributes[name]?.sensitive === true || extra.includes(name));
  if (head === 'workspace') return `Value in this workspace: \`${shown(history.workspace)}\``;
  if (head === 'var' && second) {
    const variables = history.plan?.variables;
    if (!variables) return undefined;
    if (!(second in variables)) return `At the last plan: \`${MASK}\` (a sensitive variable, or not used)`;
    return `At the last plan: \`${shown(maskSecrets(dig(variables, steps.slice(1))))}\``;
  }
  if (head === 'data' && second) {
    const results = history.plan?.data_sources?.[`data.${second}`];
    if (!results) return undefined;
    const attribute = split(steps[2] ?? '').name;
    const value = sensitive(attribute) ? MASK : maskSecrets(dig(results, steps.slice(2)));
    return value === undefined ? undefined : `Read at the last plan: \`${shown(value)}\``;
  }
  if (['local', 'each', 'count', 'self', 'module', 'stack'].includes(head)) return undefined;
  const address = head;
  const resource = history.state?.resources[address];
  if (!resource || steps.length < 2) return undefined;
  const attribute = split(second).name;
  const attributes = { id: resource.id, ...resource.attributes };
  const value = sensitive(attribute, resource.sensitive_attributes) ? MASK : maskSecrets(dig(attributes, steps.slice(1)));
  if (value === undefined) return undefined;
  return `At the last apply (state serial ${history.state!.serial}): \`${shown(value as Value)}\``;
}

/** An amount with its currency and cycle in words: `150,000 IDR per month`. */
function amountWords(amount: number, cycle: string, currency: string | null | undefined): string {
  const per = CYCLE_WORDS[cycle] ?? (cycle ? `per cycle ${cycle}` : 'per cycle');
  const money = `${amount.toLocaleString('en-US')}${currency ? ` ${currency}` : ''}`;
  const month = cycle && cycle !== 'm' ? monthly(amount, cycle) : null;
  return `${money} ${per}${month !== null ? ` (${month.toLocaleString('en-US')}${currency ? ` ${currency}` : ''} a month)` : ''}`;
}

/**
 * The price of the resource block `name` as a sentence: the last saved
 * plan's figure for its change (or for its instances, `name[0]`, ...), else
 * the state's `recurring_amount`; `undefined` when neither has it.
 */
export function blockPrice(name: string, history: Recorded): string | undefined {
  const instance = (address: string) => address === name || address.startsWith(`${name}[`);
  const plan = history.plan;
  const changes = plan?.changes.filter((change) => change.mode === 'resource' && instance(change.address) && change.cost) ?? [];
  const priced = changes.filter((change) => change.cost!.after !== null);
  if (priced.length > 0) {
    const prices = priced.map(
      (change) => `${change.address}: ${amountWords(change.cost!.after!, change.cost!.cycle, plan!.cost?.currency)}`,
    );
    return `Price at the last saved plan: ${prices.join('; ')}`;
  }
  const recordedPrices = Object.entries(history.state?.resources ?? {})
    .filter(([address, resource]) => instance(address) && typeof resource.attributes.recurring_amount === 'number')
    .map(([address, resource]) => {
      const cycle = typeof resource.attributes.cycle === 'string' ? resource.attributes.cycle : '';
      return `${address}: ${amountWords(resource.attributes.recurring_amount as number, cycle, plan?.cost?.currency)}`;
    });
  return recordedPrices.length > 0 ? `Price in the state: ${recordedPrices.join('; ')}` : undefined;
}
