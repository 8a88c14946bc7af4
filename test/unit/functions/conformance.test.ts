/**
 * The function cases of the expression conformance list
 * (../shared/conformance/expressions/expected.json, Terraform 1.11's
 * answers), run through the function table directly: every case whose
 * expression is a call with literal arguments (strings, numbers, lists,
 * `{ k = v }`, `var.x` from vars.yaml, nested calls) gives Terraform's value,
 * or fails where Terraform refuses it.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Value } from '../../../src/core/types.js';
import { FunctionError } from '../../../src/manifest/functions/index.js';
import { literal } from './call.js';

const folder = new URL('../../../../shared/conformance/expressions/', import.meta.url);

interface Case {
  expr: string;
  category: string;
  ok: boolean;
  value?: Value;
}

function load(): { cases: Case[]; variables: Record<string, Value> } {
  try {
    const cases = JSON.parse(readFileSync(new URL('expected.json', folder), 'utf8')) as Case[];
    const declared = parse(readFileSync(new URL('vars.yaml', folder), 'utf8')) as { variables: Record<string, { default: Value }> };
    const variables = Object.fromEntries(Object.entries(declared.variables).map(([name, { default: value }]) => [name, value]));
    return { cases, variables };
  } catch {
    return { cases: [], variables: {} };
  }
}

/** Deep equality with numbers to 1e-9 and key order ignored, as check.mjs compares. */
function same(actual: Value, expected: Value): boolean {
  if (typeof actual === 'number' && typeof expected === 'number') return Math.abs(actual - expected) <= 1e-9;
  if (Array.isArray(actual) && Array.isArray(expected))
    return actual.length === expected.length && actual.every((item, index) => same(item, expected[index]));
  if (
    actual &&
    expected &&
    typeof actual === 'object' &&
    typeof expected === 'object' &&
    !Array.isArray(actual) &&
    !Array.isArray(expected)
  ) {
    const keys = Object.keys(actual).sort();
    return JSON.stringify(keys) === JSON.stringify(Object.keys(expected).sort()) && keys.every((key) => same(actual[key], expected[key]));
  }
  return actual === expected;
}

describe('functions: the conformance list, through the table', () => {
  const { cases, variables } = load();
  const calls = cases.filter((entry) => /^[a-z0-9]+\(/.test(entry.expr));

  it('finds the conformance list and its function cases', function () {
    if (cases.length === 0) this.skip();
    expect(calls.length).to.be.greaterThan(60);
  });

  for (const entry of calls) {
    it(`${entry.expr} → ${entry.ok ? JSON.stringify(entry.value) : 'refused'}`, function () {
      let result: Value | undefined;
      try {
        result = literal(entry.expr, variables);
      } catch (error) {
        if (!(error instanceof FunctionError)) throw error;
        expect(entry.ok, `refused: ${error.message}`).to.equal(false);
        return;
      }
      if (result === undefined) this.skip(); // not a literal call (try, can, for expressions): the grammar's part
      expect(entry.ok, `gave ${JSON.stringify(result)}`).to.equal(true);
      expect(same(result, entry.value!), `gave ${JSON.stringify(result)}`).to.equal(true);
    });
  }
});
