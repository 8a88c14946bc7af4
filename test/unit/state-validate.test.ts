/**
 * The state document's shape check (src/state/validate.ts): what it
 * reports, field by field, must not change when it is made faster (a valid
 * state is checked without building a path per value; the paths are built
 * only for a value that is not JSON).
 */
import { expect } from 'chai';
import { stateDocumentProblems } from '../../src/state/index.js';

/** A state holding one resource `web` with `attributes`, and `outputs`. */
function documentWith(attributes: unknown, outputs: Record<string, unknown> = {}): unknown {
  return {
    format_version: 1,
    lineage: '842103b6-98e5-4954-9d43-d496834babbe',
    serial: 3,
    resources: { web: { type: 'cloud_lite_vm', id: '7', attributes, dependencies: [] } },
    outputs,
  };
}

describe('state: stateDocumentProblems', () => {
  it('finds nothing wrong in JSON values at any depth', () => {
    const attributes = {
      name: 'web',
      size: 60,
      on: false,
      gone: null,
      list: [1, 'two', [3, { four: 4 }], null],
      nested: { deeper: { deepest: ['x', { y: -1.5 }] } },
      empty: { list: [], record: {} },
      bare: Object.assign(Object.create(null) as Record<string, unknown>, { kept: 'yes' }),
    };
    expect(stateDocumentProblems(documentWith(attributes, { ip: { value: [{ a: 1 }], sensitive: false } }))).to.deep.equal([]);
  });

  const cases: Array<{ what: string; attributes: unknown; problem: string }> = [
    { what: 'a top-level number that is not finite', attributes: { size: Number.NaN }, problem: 'resources.web.attributes.size' },
    { what: 'an undefined list item', attributes: { list: [1, undefined] }, problem: 'resources.web.attributes.list[1]' },
    {
      what: 'a value deep in lists and records',
      attributes: { a: { b: [{ c: 1 }, { d: [0, Number.POSITIVE_INFINITY] }] } },
      problem: 'resources.web.attributes.a.b[1].d[1]',
    },
    { what: 'a function', attributes: { ok: 'yes', hook: () => 1 }, problem: 'resources.web.attributes.hook' },
    { what: 'the first of two bad values', attributes: { x: [undefined], y: Number.NaN }, problem: 'resources.web.attributes.x[0]' },
  ];
  for (const { what, attributes, problem } of cases) {
    it(`names the path of ${what}`, () => {
      expect(stateDocumentProblems(documentWith(attributes))).to.deep.equal([`${problem} is not a JSON value`]);
    });
  }

  it('names the path of a bad output value', () => {
    expect(stateDocumentProblems(documentWith({}, { ip: { value: { list: [1, Number.NaN] }, sensitive: false } }))).to.deep.equal([
      'outputs.ip.value.list[1] is not a JSON value',
    ]);
  });

  it('reports every other field problem beside a bad value', () => {
    const document = documentWith({ size: Number.NaN }) as { resources: { web: Record<string, unknown> } };
    document.resources.web.id = 7;
    expect(stateDocumentProblems(document)).to.deep.equal([
      'resources.web.id must be a string',
      'resources.web.attributes.size is not a JSON value',
    ]);
  });
});
