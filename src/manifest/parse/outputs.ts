/** Parsing the `outputs:` section (value, sensitive, description) and the `locals:` section (named values). */
import type { LocalDeclaration, Manifest, OutputDeclaration } from '../types.js';
import { describeKind } from './expressions.js';
import { isMap, isScalar, type TreePair } from '../syntax/source-tree.js';
import { type Walker, record } from './walker.js';
import { checkName } from './sections.js';

/** Keys of the long form of an output. */
export const OUTPUT_KEYS = ['value', 'sensitive', 'description'] as const;

export function parseOutputs(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  const pairs = walker.pairsOf(section.value, 'outputs', walker.keyAt(section));
  if (!pairs) return;
  const normalised = record<unknown>();
  data.outputs = normalised;
  for (const pair of pairs) {
    const name = walker.keyOf(pair, 'outputs');
    if (name === undefined) continue;
    const at = walker.keyAt(pair);
    const subject = `outputs.${name}`;
    walker.note(['outputs', name], { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
    if (!checkName(walker, name, 'output', at)) continue;
    const node = walker.deref(pair.value);
    const longForm =
      isMap(node) &&
      (node.items as TreePair[]).some((item) => {
        const key = walker.deref(item.key);
        return isScalar(key) && key.value === 'value';
      });
    const declaration: OutputDeclaration = { name, value: { kind: 'literal', value: null, location: at }, sensitive: false, location: at };
    if (!longForm) {
      if (node === null || (isScalar(node) && node.value === null)) {
        walker.error(`${subject}: expected a value such as "\${web.id}", got null`, walker.valueAt(node, at), 'missing_value');
        continue;
      }
      declaration.value = walker.expression(node, at);
      normalised[name] = walker.toJS(node);
      manifest.outputs[name] = declaration;
      continue;
    }
    let ok = true;
    const plain = record<unknown>();
    for (const field of (node as { items: TreePair[] }).items) {
      const key = walker.keyOf(field, subject);
      if (key === undefined) continue;
      const keyAt = walker.keyAt(field);
      const valueAt = walker.valueAt(field.value, keyAt);
      walker.note(['outputs', name, key], { key: keyAt, value: valueAt, written: key }, field.value);
      const value = walker.toJS(field.value);
      if (key === 'value') {
        declaration.value = walker.expression(field.value, keyAt);
      } else if (key === 'sensitive') {
        if (typeof value !== 'boolean') {
          walker.error(`${subject}.sensitive: expected a boolean, got ${describeKind(value)}`, valueAt, 'wrong_kind');
          ok = false;
          continue;
        }
        declaration.sensitive = value;
      } else if (key === 'description') {
        if (typeof value !== 'string') {
          walker.error(`${subject}.description: expected a string, got ${describeKind(value)}`, valueAt, 'wrong_kind');
          ok = false;
          continue;
        }
      } else {
        walker.unknownKey(key, subject, OUTPUT_KEYS, keyAt);
        ok = false;
        continue;
      }
      plain[key] = value;
    }
    normalised[name] = plain;
    if (ok) manifest.outputs[name] = declaration;
  }
}

/**
 * The `locals:` section: `NAME: VALUE` pairs, each value any manifest
 * value (`${...}` expressions included), read as `local.NAME`.
 */
export function parseLocals(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  const pairs = walker.pairsOf(section.value, 'locals', walker.keyAt(section));
  if (!pairs) return;
  const normalised = record<unknown>();
  data.locals = normalised;
  const locals = record<LocalDeclaration>();
  manifest.locals = locals;
  for (const pair of pairs) {
    const name = walker.keyOf(pair, 'locals');
    if (name === undefined) continue;
    const at = walker.keyAt(pair);
    walker.note(['locals', name], { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
    if (!checkName(walker, name, 'local value', at)) continue;
    locals[name] = { name, value: walker.expression(pair.value, at), location: at };
    normalised[name] = walker.toJS(pair.value);
  }
}
