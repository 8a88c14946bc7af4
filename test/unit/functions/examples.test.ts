/**
 * Every example in docs/functions.md is true: each table entry's
 * `${call} → result` is run through the table and compared (entries whose
 * example needs a file, the clock or the evaluator are skipped by name).
 */
import { expect } from 'chai';
import { FUNCTIONS } from '../../../src/manifest/functions/index.js';
import { literal } from './call.js';

const NOT_LITERAL = new Set(['file', 'timestamp', 'try', 'can']);

describe('functions: the examples of docs/functions.md', () => {
  for (const definition of FUNCTIONS.filter((entry) => !NOT_LITERAL.has(entry.name))) {
    it(definition.example, () => {
      const match = /^\$\{(.*)\} → (.*)$/.exec(definition.example);
      expect(match, 'an example reads ${call} → result').to.not.equal(null);
      const [, expression, result] = match!;
      const expected = literal(result, {});
      expect(expected, `the result ${result} reads as a literal`).to.not.equal(undefined);
      expect(literal(expression, {})).to.deep.equal(expected);
    });
  }
});
