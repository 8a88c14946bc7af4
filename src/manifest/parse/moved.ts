/**
 * Parsing the `moved:` and `import:` sections of a manifest: lists of
 * address blocks (shapes, keys, addresses, ids), with a diagnostic at the
 * position of each problem. check/moves.ts checks them against the
 * manifest's blocks once expanded; whether a move or an import applies
 * (what the state and the API hold) is decided at plan time
 * (src/engine/moves-and-imports.ts).
 *
 * ```yaml
 * moved:
 *   - from: web          # any address: web, web[0], web["eu"], cluster.web
 *     to: frontend
 * import:
 *   - to: db
 *     id: "100001"
 *     type: cloud_lite_vm  # only when `db` has no resource block yet (plan --generate-config-out)
 * ```
 */
import { isMap, isScalar, isSeq, type TreePair } from '../syntax/source-tree.js';
import { formatAddress, parseAddress } from '../../core/address.js';
import type { SourceLocation, Value } from '../../core/types.js';
import type { ImportBlock, Manifest, MovedBlock } from '../types.js';
import { describeKind } from './expressions.js';
import type { Walker } from './walker.js';

/** Keys of one `moved:` entry. */
export const MOVED_KEYS = ['from', 'to'] as const;
/** Keys of one `import:` entry. */
export const IMPORT_KEYS = ['to', 'id', 'type'] as const;

/** One entry's fields as written: value and where the value is, by key. */
type Fields = Map<string, { value: Value; at: SourceLocation }>;

/**
 * Parses `moved:` (`key` `moved`) or `import:` (`key` `import`) into
 * `manifest.moved` / `manifest.imports`, the normalised data into
 * `data[key]` and every node into the walker's source map. Entries with a
 * problem are reported and left out.
 */
export function parseAddressBlocks(
  walker: Walker,
  section: TreePair,
  key: 'moved' | 'import',
  manifest: Manifest,
  data: Record<string, unknown>,
): void {
  const sectionAt = walker.keyAt(section);
  const example = key === 'moved' ? '- { from: web, to: frontend }' : '- { to: web, id: "100001" }';
  const node = walker.deref(section.value);
  if (node === null || (isScalar(node) && node.value === null)) return;
  if (!isSeq(node)) {
    walker.error(
      `${key}: expected a list of entries such as ${example}, got ${walker.kindOf(node)}`,
      walker.valueAt(node, sectionAt),
      'wrong_kind',
    );
    return;
  }
  const allowed: readonly string[] = key === 'moved' ? MOVED_KEYS : IMPORT_KEYS;
  const plainList: unknown[] = [];
  data[key] = plainList;
  node.items.forEach((item, index) => {
    const subject = `${key}[${index}]`;
    const itemAt = walker.valueAt(item, sectionAt);
    walker.note(`/${key}/${index}`, { value: itemAt }, item);
    const entry = walker.deref(item);
    if (!isMap(entry)) {
      walker.error(`${subject}: expected a mapping such as ${example.slice(2)}, got ${walker.kindOf(entry)}`, itemAt, 'wrong_kind');
      return;
    }
    const fields: Fields = new Map();
    const plain = Object.create(null) as Record<string, Value>;
    let ok = true;
    for (const pair of entry.items as TreePair[]) {
      const name = walker.keyOf(pair, subject);
      if (name === undefined) {
        ok = false;
        continue;
      }
      const keyAt = walker.keyAt(pair);
      const valueAt = walker.valueAt(pair.value, keyAt);
      walker.note(`/${key}/${index}/${name}`, { key: keyAt, value: valueAt, written: name }, pair.value);
      if (!allowed.includes(name)) {
        walker.unknownKey(name, subject, allowed, keyAt);
        ok = false;
        continue;
      }
      const value = walker.toJS(pair.value);
      plain[name] = value;
      fields.set(name, { value, at: valueAt });
    }
    plainList.push(plain);
    for (const required of key === 'moved' ? ['from', 'to'] : ['to', 'id']) {
      if (fields.has(required)) continue;
      walker.error(`${subject}: missing "${required}"`, itemAt, 'missing_value');
      ok = false;
    }
    if (!ok) return;
    if (key === 'moved') {
      const block = movedBlock(walker, subject, fields, itemAt);
      if (block) (manifest.moved ??= []).push(block);
    } else {
      const block = importBlock(walker, subject, fields, itemAt);
      if (block) (manifest.imports ??= []).push(block);
    }
  });
}

/** The canonical text of a resource address written at `field`, or undefined (reported). Shared with removed.ts. */
export function addressField(
  walker: Walker,
  subject: string,
  name: string,
  field: { value: Value; at: SourceLocation },
): string | undefined {
  const { value, at } = field;
  if (typeof value !== 'string') {
    walker.error(
      `${subject}.${name}: expected a resource address such as "web" or "web[0]", got ${describeKind(value)}`,
      at,
      'invalid_value',
    );
    return undefined;
  }
  const parsed = parseAddress(value);
  if ('error' in parsed) {
    walker.error(`${subject}.${name}: ${parsed.error}`, at, 'invalid_value');
    return undefined;
  }
  const first = parsed.address.modules[0]?.name;
  if (first === 'data' || first === 'var') {
    walker.error(
      `${subject}.${name}: "${value}" is not a resource address (data sources and variables hold no state to move or import)`,
      at,
      'invalid_value',
    );
    return undefined;
  }
  return formatAddress(parsed.address);
}

function movedBlock(walker: Walker, subject: string, fields: Fields, location: SourceLocation): MovedBlock | undefined {
  const from = addressField(walker, subject, 'from', fields.get('from')!);
  const to = addressField(walker, subject, 'to', fields.get('to')!);
  if (from === undefined || to === undefined) return undefined;
  const toLocation = fields.get('to')!.at;
  if (from === to) {
    walker.error(`${subject}: "from" and "to" are the same address (${from})`, toLocation, 'moved_invalid');
    return undefined;
  }
  return { from, to, location, fromLocation: fields.get('from')!.at, toLocation };
}

function importBlock(walker: Walker, subject: string, fields: Fields, location: SourceLocation): ImportBlock | undefined {
  const to = addressField(walker, subject, 'to', fields.get('to')!);
  const idField = fields.get('id')!;
  let id: string | undefined;
  if (typeof idField.value === 'string' && idField.value.trim() !== '') id = idField.value.trim();
  else if (typeof idField.value === 'number' && Number.isSafeInteger(idField.value) && idField.value > 0) id = String(idField.value);
  else
    walker.error(
      `${subject}.id: expected the resource id such as "100001", got ${typeof idField.value === 'string' ? 'an empty string' : describeKind(idField.value)}`,
      idField.at,
      'invalid_value',
    );
  let type: string | undefined;
  const typeField = fields.get('type');
  if (typeField) {
    const entry = typeof typeField.value === 'string' ? walker.catalogue.lookup(typeField.value) : undefined;
    if (entry?.kind === 'resource') type = entry.type;
    else {
      walker.error(
        `${subject}.type: expected a resource type such as "cloud_lite_vm", got ${typeof typeField.value === 'string' ? JSON.stringify(typeField.value) : describeKind(typeField.value)}`,
        typeField.at,
        'unknown_type',
      );
      return undefined;
    }
  }
  if (to === undefined || id === undefined) return undefined;
  return { to, id, ...(type ? { type } : {}), location, toLocation: fields.get('to')!.at, idLocation: idField.at };
}
