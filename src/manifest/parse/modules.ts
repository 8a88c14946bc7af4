/** Parsing a module block of `resources:` (module, inputs, depends_on, count, for_each); expand/modules.ts instantiates it. */
import type { SourceLocation } from '../../core/types.js';
import type { ModuleDeclaration } from '../types.js';
import { describeKind } from './expressions.js';
import { isMap, isScalar, type TreePair } from '../syntax/source-tree.js';
import { type Walker, jsonPointer, record } from './walker.js';
import { parseDependsOn } from './sections.js';

/** Keys of a module block (an entry under `resources:` with `module:`). */
export const MODULE_KEYS = ['module', 'inputs', 'depends_on', 'count', 'for_each'] as const;

/** Whether a `resources:` entry is a module block (a mapping with a `module` key). */
export function isModuleBlock(walker: Walker, pair: TreePair): boolean {
  const node = walker.deref(pair.value);
  return (
    isMap(node) &&
    (node.items as TreePair[]).some((item) => {
      const key = walker.deref(item.key);
      return isScalar(key) && key.value === 'module';
    })
  );
}

/**
 * A module block (`module: ./web.yaml`, `inputs:`, `depends_on:`): its path
 * must be a non-empty string; inputs are expressions of the manifest naming
 * the module. The module file itself is read when the manifest is loaded
 * (src/manifest/expand/modules.ts). Recorded in the source map at
 * `/resources/<name>` (so `depends_on: [<name>]` finds it) but not in the
 * normalised data the schema checks.
 */
export function parseModuleBlock(walker: Walker, pair: TreePair, name: string, at: SourceLocation): ModuleDeclaration | undefined {
  const subject = `resources.${name}`;
  const base = ['resources', name];
  walker.note(base, { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
  const module: ModuleDeclaration = {
    address: name,
    name,
    source: '',
    sourceLocation: at,
    inputs: record(),
    inputLocations: record(),
    dependsOn: [],
    location: at,
  };
  let ok = true;
  for (const field of walker.pairsOf(pair.value, subject, at) ?? []) {
    const written = walker.keyOf(field, subject);
    if (written === undefined) continue;
    const keyAt = walker.keyAt(field);
    const valueAt = walker.valueAt(field.value, keyAt);
    if (written === 'module') {
      const value = walker.toJS(field.value);
      module.sourceLocation = valueAt;
      if (typeof value !== 'string' || value.trim() === '') {
        walker.error(
          `${subject}.module: expected a path such as "./modules/web.yaml", got ${describeKind(value)}`,
          valueAt,
          'invalid_value',
        );
        ok = false;
      } else module.source = value;
    } else if (written === 'inputs') {
      for (const input of walker.pairsOf(field.value, `${subject}.inputs`, keyAt) ?? []) {
        const inputName = walker.keyOf(input, `${subject}.inputs`);
        if (inputName === undefined) continue;
        const inputAt = walker.keyAt(input);
        module.inputs[inputName] = walker.expression(input.value, inputAt);
        module.inputLocations[inputName] = inputAt;
        walker.note(
          jsonPointer([...base, 'inputs', inputName]),
          { key: inputAt, value: module.inputs[inputName].location, written: inputName },
          input.value,
        );
      }
    } else if (written === 'depends_on' || written === 'dependsOn') {
      module.dependsOn = parseDependsOn(walker, field, subject, base, valueAt)?.entries ?? [];
    } else if (written === 'count' || written === 'for_each' || written === 'forEach') {
      // Expanded into module instances (cluster[0], cluster["eu"]) when loading (src/manifest/expand/module-repetition.ts).
      if (module.count || module.forEach) {
        walker.error(`${subject}: "count" and "for_each" cannot both be given; use one`, keyAt, 'repetition_invalid');
        continue;
      }
      const expression = walker.expression(field.value, keyAt);
      if (written === 'count') module.count = expression;
      else module.forEach = expression;
    } else {
      walker.unknownKey(written, `${subject} (a module block)`, MODULE_KEYS, keyAt);
    }
  }
  return ok ? module : undefined;
}
