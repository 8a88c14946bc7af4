/**
 * Parsing the `removed:` section (Terraform 1.7's `removed` blocks): a list
 * of `{ from: ADDRESS, lifecycle: { destroy: BOOLEAN } }`. `destroy: false`
 * forgets what state holds at `from` (a resource, every instance of a
 * block, every resource of a module) without deleting the accounts;
 * `destroy: true` (the default) is the ordinary delete of an address the
 * manifest no longer declares. check/moves.ts checks that `from` is no
 * longer declared; the plan decides what it forgets
 * (src/engine/moves-and-imports.ts `removedForgets`).
 *
 * ```yaml
 * removed:
 *   - from: web            # web, web[0], cluster, cluster.web
 *     lifecycle: { destroy: false }
 * ```
 */
import { isMap, isScalar, isSeq, type TreePair } from '../syntax/source-tree.js';
import type { Manifest } from '../types.js';
import { describeKind } from './expressions.js';
import { addressField } from './moved.js';
import { record, type Walker } from './walker.js';

/** Keys of one `removed:` entry. */
export const REMOVED_KEYS = ['from', 'lifecycle'] as const;
/** Keys of a `removed:` entry's `lifecycle:`. */
export const REMOVED_LIFECYCLE_KEYS = ['destroy'] as const;

/**
 * Parses `removed:` into `manifest.removed`, the normalised data into
 * `data.removed` and every node into the walker's source map. Entries with
 * a problem are reported (at `file:line:col`) and left out.
 */
export function parseRemovedBlocks(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  const sectionAt = walker.keyAt(section);
  const example = '- { from: web, lifecycle: { destroy: false } }';
  const node = walker.deref(section.value);
  if (node === null || (isScalar(node) && node.value === null)) return;
  if (!isSeq(node)) {
    walker.error(
      `removed: expected a list of entries such as ${example}, got ${walker.kindOf(node)}`,
      walker.valueAt(node, sectionAt),
      'wrong_kind',
    );
    return;
  }
  const plainList: unknown[] = [];
  data.removed = plainList;
  node.items.forEach((item, index) => {
    const subject = `removed[${index}]`;
    const itemAt = walker.valueAt(item, sectionAt);
    walker.note(`/removed/${index}`, { value: itemAt }, item);
    const entry = walker.deref(item);
    if (!isMap(entry)) {
      walker.error(`${subject}: expected a mapping such as ${example.slice(2)}, got ${walker.kindOf(entry)}`, itemAt, 'wrong_kind');
      return;
    }
    const plain = record<unknown>();
    plainList.push(plain);
    let from: string | undefined;
    let fromLocation = itemAt;
    let destroy = true;
    let ok = true;
    for (const pair of entry.items as TreePair[]) {
      const name = walker.keyOf(pair, subject);
      if (name === undefined) {
        ok = false;
        continue;
      }
      const keyAt = walker.keyAt(pair);
      const valueAt = walker.valueAt(pair.value, keyAt);
      walker.note(`/removed/${index}/${name}`, { key: keyAt, value: valueAt, written: name }, pair.value);
      if (name === 'from') {
        const value = walker.toJS(pair.value);
        plain.from = value;
        fromLocation = valueAt;
        from = addressField(walker, subject, 'from', { value, at: valueAt });
        if (from === undefined) ok = false;
      } else if (name === 'lifecycle') {
        const parsed = removedLifecycle(walker, pair, `${subject}.lifecycle`, index);
        if (parsed === undefined) ok = false;
        else {
          destroy = parsed;
          plain.lifecycle = { destroy };
        }
      } else {
        walker.unknownKey(name, subject, REMOVED_KEYS, keyAt);
        ok = false;
      }
    }
    if (!plain.from && ok) {
      walker.error(`${subject}: missing "from"`, itemAt, 'missing_value');
      ok = false;
    }
    if (ok && from !== undefined) (manifest.removed ??= []).push({ from, destroy, location: itemAt, fromLocation });
  });
}

/** The `destroy` of a `removed:` entry's `lifecycle:` (true when not given), or undefined when reported. */
function removedLifecycle(walker: Walker, field: TreePair, subject: string, index: number): boolean | undefined {
  const pairs = walker.pairsOf(field.value, subject, walker.keyAt(field), 'a mapping such as { destroy: false }');
  if (!pairs) return undefined;
  let destroy = true;
  for (const pair of pairs) {
    const name = walker.keyOf(pair, subject);
    if (name === undefined) return undefined;
    const keyAt = walker.keyAt(pair);
    const valueAt = walker.valueAt(pair.value, keyAt);
    walker.note(`/removed/${index}/lifecycle/${name}`, { key: keyAt, value: valueAt, written: name }, pair.value);
    if (name !== 'destroy') {
      walker.unknownKey(name, subject, REMOVED_LIFECYCLE_KEYS, keyAt);
      return undefined;
    }
    const value = walker.toJS(pair.value);
    if (typeof value !== 'boolean') {
      walker.error(`${subject}.destroy: expected true or false, got ${describeKind(value)}`, valueAt, 'wrong_kind');
      return undefined;
    }
    destroy = value;
  }
  return destroy;
}
