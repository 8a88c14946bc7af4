/**
 * What the section parsers share: names (`checkName`), the settings
 * sections' reader (provider, backend, budget: `readSettings`) and
 * `depends_on` (resource, data and module blocks).
 */
import { snakeCase } from '../../resources/attribute.js';
import type { SourceLocation } from '../../core/types.js';
import type { BlockDeclaration } from '../types.js';
import { describeKind } from './expressions.js';
import { isScalar, isSeq, type TreePair } from '../syntax/source-tree.js';
import { type Walker, record } from './walker.js';

/** Names of resources, data sources, variables and outputs. */
export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * Reads one option of a settings section: checks `value` (reporting any
 * problem at `valueAt`), stores it in the section's `config` and returns
 * what the normalised document keeps; `undefined` when it is invalid.
 */
export type OptionReader<C> = (walker: Walker, value: unknown, valueAt: SourceLocation, config: C) => unknown;

/**
 * Reads a settings section (`budget:`, `backend:`, `provider:`): a mapping
 * of options, each read by its reader in `readers` under `keyOf` its
 * written key (`snakeCase` unless given). The section's config holds its
 * location and what the readers store; `data[name]` (the normalised
 * document) what they return; an unknown key is reported naming `keys`.
 */
export function readSettings<C extends { location?: SourceLocation }>(
  walker: Walker,
  section: TreePair,
  name: 'budget' | 'backend' | 'provider',
  data: Record<string, unknown>,
  keys: readonly string[],
  readers: Record<string, OptionReader<C>>,
  keyOf: (written: string) => string = snakeCase,
): C {
  const keyAt = walker.keyAt(section);
  const config = { location: keyAt } as C;
  const pairs = walker.pairsOf(section.value, name, keyAt);
  if (!pairs) return config;
  const normalised = record<unknown>();
  data[name] = normalised;
  for (const pair of pairs) {
    const written = walker.keyOf(pair, name);
    if (written === undefined) continue;
    const key = keyOf(written);
    const at = walker.keyAt(pair);
    const valueAt = walker.valueAt(pair.value, at);
    walker.note([name, key], { key: at, value: valueAt, written }, pair.value);
    const value = walker.toJS(pair.value);
    const reader = Object.hasOwn(readers, key) ? readers[key] : undefined;
    if (!reader) {
      walker.unknownKey(written, name, keys, at);
      continue;
    }
    const kept = reader(walker, value, valueAt, config);
    if (kept !== undefined) normalised[key] = kept;
  }
  return config;
}

/** How a value a setting refuses is quoted in the message: a string in quotes, a number as is, else its kind. */
export function describeGiven(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'number' ? String(value) : describeKind(value);
}

/** Checks a declaration name; reports and resolves false when it is not usable. */
export function checkName(walker: Walker, name: string, what: string, at: SourceLocation): boolean {
  if (!NAME_PATTERN.test(name)) {
    walker.error(`invalid ${what} name "${name}": use letters, digits, "_" and "-", starting with a letter or "_"`, at, 'invalid_name');
    return false;
  }
  if (name === '__proto__') {
    walker.error(
      `invalid ${what} name "__proto__": it is reserved (state, plans and outputs are JSON objects, where "__proto__" is not an ordinary key); choose another name`,
      at,
    );
    return false;
  }
  return true;
}

/**
 * A `depends_on` list: the valid entries (resource names, `data.name`) and
 * the plain data; `undefined` when empty or not a list (reported).
 */
export function parseDependsOn(
  walker: Walker,
  field: TreePair,
  subject: string,
  base: Array<string | number>,
  valueAt: SourceLocation,
): { entries: BlockDeclaration['dependsOn']; data: unknown[] } | undefined {
  const node = walker.deref(field.value);
  if (node === null || (isScalar(node) && node.value === null)) return undefined;
  if (!isSeq(node)) {
    walker.error(
      `${subject}.depends_on: expected a list of addresses such as [web, data.ubuntu], got ${walker.kindOf(node)}`,
      valueAt,
      'wrong_kind',
    );
    return undefined;
  }
  const entries: BlockDeclaration['dependsOn'] = [];
  const plain: unknown[] = [];
  node.items.forEach((item, index) => {
    const value = walker.toJS(item);
    const itemAt = walker.valueAt(item, valueAt);
    walker.note([...base, 'depends_on', index], { value: itemAt }, item);
    plain.push(value);
    if (typeof value !== 'string' || !/^(data\.)?[A-Za-z_][A-Za-z0-9_-]*$/.test(value)) {
      const shown = typeof value === 'string' ? `"${value}"` : describeKind(value);
      walker.error(
        `${subject}.depends_on: ${shown} is not an address; write a resource name such as "web" or a data source as "data.ubuntu"`,
        itemAt,
        'invalid_value',
      );
      return;
    }
    entries.push({ address: value, location: itemAt });
  });
  return { entries, data: plain };
}
