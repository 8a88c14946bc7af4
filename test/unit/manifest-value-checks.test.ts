/**
 * `checkValue`'s shortcut for plainly valid literals (src/manifest/check/values.ts
 * `plainlyValid`) against the full check (`valueProblems`): the same
 * diagnostics for every attribute of the catalogue (nested fields
 * included) and values of every kind, in and out of bounds.
 */
import { expect } from 'chai';
import { checkValue, defaultCatalogue } from '../../src/manifest/index.js';
import { valueProblems } from '../../src/manifest/check/values.js';
import type { Attribute } from '../../src/resources/attribute.js';
import type { SourceLocation, Value } from '../../src/core/types.js';

/** Every attribute of `attributes`, by name, its fields' too (`name.field`). */
function allAttributes(attributes: Record<string, Attribute>, prefix = ''): Array<[string, Attribute]> {
  return Object.entries(attributes).flatMap(([name, attribute]): Array<[string, Attribute]> => [
    [`${prefix}${name}`, attribute],
    ...(attribute.fields ? allAttributes(attribute.fields, `${prefix}${name}.`) : []),
  ]);
}

/** Values near an attribute's bounds and of every kind. */
function samples(attribute: Attribute): Value[] {
  const constraints = attribute.constraints ?? {};
  const numbers = [constraints.minimum, constraints.maximum]
    .filter((bound): bound is number => bound !== undefined)
    .flatMap((bound) => [bound - 1, bound, bound + 1]);
  const lengths = [constraints.minLength, constraints.maxLength]
    .filter((bound): bound is number => bound !== undefined)
    .flatMap((bound) => [bound - 1, bound, bound + 1].filter((length) => length >= 0));
  return [
    null,
    true,
    false,
    0,
    1,
    -1,
    60,
    1.5,
    2 ** 53,
    '',
    'a',
    'web-01',
    'Passw0rd-1',
    'a b',
    'm',
    'p4',
    'ünïcödé',
    '😀😀😀😀😀😀',
    ...(constraints.enum ?? []),
    ...numbers,
    ...lengths.flatMap((length) => ['a'.repeat(length), 'A1-'.repeat(length).slice(0, length)]),
    [],
    ['x'],
    {},
    { a: 1 },
  ];
}

describe('manifest: the shortcut of checkValue for plainly valid literals', () => {
  it('reports exactly what the full check reports, for every attribute of the catalogue and values of every kind', () => {
    const location: SourceLocation = { file: 'values.yaml', line: 3, column: 7 };
    let compared = 0;
    let valid = 0;
    for (const entry of defaultCatalogue.entries()) {
      for (const [name, attribute] of allAttributes(entry.attributes)) {
        for (const value of samples(attribute)) {
          for (const sensitive of [false, true]) {
            const found = checkValue(name, attribute, value, location, `resources.x`, sensitive);
            expect(found, `${entry.type}.${name} = ${JSON.stringify(value)}`).to.deep.equal(
              valueProblems(name, attribute, value, location, `resources.x`, sensitive),
            );
            compared++;
            if (found.length === 0) valid++;
          }
        }
      }
    }
    expect(compared).to.be.greaterThan(5000);
    expect(valid).to.be.greaterThan(500);
  });
});
