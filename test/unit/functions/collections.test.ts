/**
 * Collection, set and type conversion functions through the table:
 * Terraform's results, sets as sorted lists without duplicates, the
 * `range` bound, and the errors.
 */
import { expect } from 'chai';
import { lookupFunction, MAX_RANGE_ITEMS } from '../../../src/manifest/functions/index.js';
import type { CallExpression } from '../../../src/manifest/types.js';
import { call, errors, failure, results } from './call.js';

describe('functions: collections', () => {
  results([
    ['alltrue', [[true, 'true']], true],
    ['alltrue', [[]], true],
    ['anytrue', [[false, null]], false],
    ['chunklist', [['a', 'b', 'c'], 2], [['a', 'b'], ['c']]],
    ['chunklist', [['a', 'b'], 0], [['a', 'b']]],
    ['coalesce', ['', 'b', 'c'], 'b'],
    ['coalesce', [null, 2, 'x'], '2'],
    ['coalescelist', [[], ['a']], ['a']],
    ['compact', [['a', '', null, 'b']], ['a', 'b']],
    ['concat', [['a'], ['b', 'c']], ['a', 'b', 'c']],
    ['contains', [['a', 'b'], 'z'], false],
    ['contains', [[{ a: 1 }], { a: 1 }], true],
    ['distinct', [['b', 'a', 'b']], ['b', 'a']],
    ['element', [['a', 'b', 'c'], 4], 'b'],
    ['element', [['a', 'b', 'c'], -1], 'c'],
    ['element', [['a', 'b', 'c'], -4], 'c'],
    ['flatten', [[['a', ['b']], [], 'c']], ['a', 'b', 'c']],
    ['index', [['a', 'b'], 'b'], 1],
    ['keys', [{ b: 1, a: 2 }], ['a', 'b']],
    ['length', ['héllo'], 5],
    ['length', ['👍🏽'], 1],
    ['length', [{ a: 1 }], 1],
    ['lookup', [{ a: 1 }, 'z', 0], 0],
    ['matchkeys', [['i-1', 'i-2', 'i-3'], ['eu', 'us', 'eu'], ['eu']], ['i-1', 'i-3']],
    ['merge', [{ a: 1, b: 2 }, null, { b: 3, c: { x: 1 } }], { a: 1, b: 3, c: { x: 1 } }],
    ['merge', [], {}],
    ['one', [[]], null],
    ['one', [['x']], 'x'],
    ['range', [3], [0, 1, 2]],
    ['range', [1, 4], [1, 2, 3]],
    ['range', [5, 0, -2], [5, 3, 1]],
    ['range', [0, 1, 0.25], [0, 0.25, 0.5, 0.75]],
    ['range', [3, 1], [3, 2]],
    ['reverse', [[1, 2, 3]], [3, 2, 1]],
    ['slice', [['a', 'b', 'c', 'd'], 1, 3], ['b', 'c']],
    ['sort', [['10', '9', '1', 'b']], ['1', '10', '9', 'b']],
    ['sort', [[3, 20]], ['20', '3']],
    ['sum', [[1, 2, 3.5]], 6.5],
    ['sum', [['1', 2]], 3],
    ['transpose', [{ a: ['1', '2'], b: ['2', '3'] }], { '1': ['a'], '2': ['a', 'b'], '3': ['b'] }],
    ['values', [{ b: 1, a: 2 }], [2, 1]],
    [
      'zipmap',
      [
        ['a', 'b'],
        [1, { x: 2 }],
      ],
      { a: 1, b: { x: 2 } },
    ],
    [
      'setintersection',
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
      ['b'],
    ],
    ['setunion', [['b'], ['c', 'a', 'b']], ['a', 'b', 'c']],
    [
      'setunion',
      [
        [3, 1],
        [2, 1],
      ],
      [1, 2, 3],
    ],
    ['setsubtract', [['c', 'a', 'b'], ['a']], ['b', 'c']],
    [
      'setproduct',
      [
        ['a', 'b'],
        [1, 2],
      ],
      [
        ['a', 1],
        ['a', 2],
        ['b', 1],
        ['b', 2],
      ],
    ],
  ]);
  errors([
    ['element', [[], 0], /the list is empty/],
    ['chunklist', [['a'], -1], /size must be 0 or more/],
    ['coalesce', [null, ''], /every argument is null or an empty string/],
    ['coalesce', [1, [1]], /no common type/],
    ['coalescelist', [[], []], /every list is empty/],
    ['index', [['a'], 'z'], /"z" is not in the list/],
    ['lookup', [{ a: 1 }, 'z'], /no key "z" in the mapping \(keys: a\), and no default/],
    ['matchkeys', [['a'], [], []], /must be the same length/],
    ['merge', [{ a: 1 }, ['x']], /argument 2 \(maps\) expects a mapping, got a list/],
    ['one', [['a', 'b']], /has 2 items; it must have 0 or 1/],
    ['range', [0, 10, 0], /step must not be 0/],
    ['range', [0, 10, -1], /step must be positive/],
    ['range', [MAX_RANGE_ITEMS + 1], /more than 1024/],
    ['slice', [['a'], 0, 2], /does not fit a list of 1 items/],
    ['sum', [[]], /the list is empty/],
    ['sum', [['x']], /cannot convert "x" to a number/],
    ['transpose', [{ a: 'x' }], /expects a list/],
    ['zipmap', [['a'], [1, 2]], /must be the same length/],
    ['setproduct', [['a']], /at least two lists/],
    ['length', [3], /expects a string or a list or a mapping, got a number/],
    ['keys', [['a']], /expects a mapping, got a list/],
  ]);
  it(`gives range() exactly ${MAX_RANGE_ITEMS} items`, () => {
    expect(call('range', MAX_RANGE_ITEMS)).to.have.length(MAX_RANGE_ITEMS);
  });
  it('refuses a setproduct larger than the bound before building it', () => {
    const big = Array.from({ length: 400 }, (_, index) => index);
    expect(failure('setproduct', big, big)).to.match(/160000 items, more than 100000/);
  });
});

describe('functions: type conversion', () => {
  results([
    ['tobool', ['true'], true],
    ['tobool', [null], null],
    ['tonumber', ['42'], 42],
    ['tonumber', ['-1.5e2'], -150],
    ['tostring', [12], '12'],
    ['tostring', [1e21], '1000000000000000000000'],
    ['tostring', [1e-7], '0.0000001'],
    ['tostring', [true], 'true'],
    ['tolist', [['a', 1, true]], ['a', '1', 'true']],
    ['tomap', [{ a: 'x', b: 1 }], { a: 'x', b: '1' }],
    ['toset', [['b', 'a', 'b']], ['a', 'b']],
    ['toset', [[2, 10, 2]], [2, 10]],
    ['toset', [['b', 1]], ['1', 'b']],
  ]);
  errors([
    ['tobool', ['yes'], /cannot convert "yes" to a boolean/],
    ['tonumber', ['x'], /cannot convert "x" to a number/],
    ['tonumber', [[1]], /cannot convert a list to a number/],
    ['tostring', [['a']], /a list or mapping cannot be converted/],
    ['tolist', [[1, true]], /no common type/],
    ['tolist', [{ a: 1 }], /expects a list, got a mapping/],
  ]);
  it('marks try, can and timestamp for the evaluator, whose implementation is never called', () => {
    for (const [name, special] of [
      ['try', 'try'],
      ['can', 'can'],
      ['timestamp', 'timestamp'],
    ] as const) {
      const definition = lookupFunction(name)!;
      expect(definition.special).to.equal(special);
      expect(() => definition.implementation([], { kind: 'call' } as unknown as CallExpression)).to.throw(/internal error/);
    }
  });
});
