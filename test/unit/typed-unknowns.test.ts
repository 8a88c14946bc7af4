/**
 * Unknown values of a known type (issue 39, item 4): the evaluator gives
 * function results and operator forms over unknown values their type, and
 * an unknown operand whose type can never fit is a type error before its
 * value is known; the load-time check of properties and conditions
 * (check/static-values.ts) refuses what can never become the attribute.
 */
import { expect } from 'chai';
import { parseStringExpression } from '../../src/manifest/parse/expressions.js';
import { evaluate, type ResolveRoot } from '../../src/manifest/evaluate/expressions.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { unknownTypeError } from '../../src/manifest/check/static-values.js';
import { DiagnosticError, formatDiagnostic, unknown, unknownType, type PlannedValue } from '../../src/core/types.js';

const here = { file: 'm.yaml', line: 2, column: 10 };

/** `web`: `n` an unknown number, `flag` an unknown boolean, `items` an unknown list, `text` an unknown string, `any` untyped. */
const resolve: ResolveRoot = (reference) =>
  reference.root === 'resource' && reference.name === 'web'
    ? {
        value: {
          n: unknown('web.n', 'number'),
          flag: unknown('web.flag', 'bool'),
          items: unknown('web.items', 'list'),
          text: unknown('web.text', 'string'),
          any: unknown('web.any'),
        },
      }
    : undefined;

function run(text: string): { value: PlannedValue; errors: string[] } {
  const parsed = parseStringExpression(text, here, (offset) => ({ ...here, column: here.column + offset }));
  const evaluation = evaluate(parsed.expression, resolve);
  return { value: evaluation.value, errors: [...parsed.diagnostics, ...evaluation.diagnostics].map(formatDiagnostic) };
}

/** The type of the unknown result of `text`, which must evaluate without errors. */
function typeOf(text: string): string | undefined {
  const result = run(text);
  expect(result.errors, text).to.deep.equal([]);
  expect(result.value, text).to.have.property('$unknown');
  return unknownType(result.value);
}

describe('unit: unknown values of a known type (issue 39, item 4)', () => {
  it('the type is not serialised: a saved plan keeps the plain marker', () => {
    const marker = unknown('web.n', 'number');
    expect(unknownType(marker)).to.equal('number');
    expect(JSON.stringify(marker)).to.equal('{"$unknown":"web.n"}');
    expect(unknownType(JSON.parse(JSON.stringify(marker)))).to.equal(undefined);
  });

  it('operators and calls over unknown values give their result type', () => {
    expect(typeOf('${web.n + 1}')).to.equal('number');
    expect(typeOf('${web.n > 1}')).to.equal('bool');
    expect(typeOf('${web.any == 1}')).to.equal('bool');
    expect(typeOf('${!web.flag}')).to.equal('bool');
    expect(typeOf('${web.flag && true}')).to.equal('bool');
    expect(typeOf('${upper(web.any)}')).to.equal('string');
    expect(typeOf('${length(web.items)}')).to.equal('number');
    expect(typeOf('${can(web.any)}')).to.equal('bool');
    expect(typeOf('id-${web.n}')).to.equal('string');
    expect(typeOf('${[for x in web.items : x]}')).to.equal('list');
    expect(typeOf('${{for x in web.items : x => 1}}')).to.equal('map');
    expect(typeOf('${web.items[*].id}')).to.equal('list');
    expect(typeOf('${lookup({}, web.any, 1)}')).to.equal(undefined); // the table says `any`
  });

  it("a conditional over an unknown condition has its branches' type (a string beside a number is a string)", () => {
    expect(typeOf('${web.flag ? 1 : 2}')).to.equal('number');
    expect(typeOf('${web.flag ? "a" : 1}')).to.equal('string');
    expect(typeOf('${web.flag ? null : web.n}')).to.equal('number');
    expect(typeOf('${web.flag ? [] : {}}')).to.equal(undefined);
    expect(typeOf('${web.flag ? web.any : 1}')).to.equal(undefined);
  });

  it('an unknown operand whose type can never fit is an error at its column', () => {
    expect(run('${web.n ? 1 : 2}').errors).to.deep.equal(['m.yaml:2:12: the condition of "?" must be a boolean, got a number']);
    expect(run('${!web.items}').errors).to.deep.equal(['m.yaml:2:13: the operand of "!" must be a boolean, got a list']);
    expect(run('${-web.flag}').errors).to.deep.equal(['m.yaml:2:13: the operand of "-" must be a number, got a boolean']);
    expect(run('${web.n && true}').errors).to.deep.equal(['m.yaml:2:12: the left operand of "&&" must be a boolean, got a number']);
    expect(run('${1 + web.flag}').errors).to.deep.equal(['m.yaml:2:16: the right operand of "+" must be a number, got a boolean']);
    expect(run('${web.n[0]}').errors).to.deep.equal(['m.yaml:2:10: web.n[0]: cannot index a number']);
    expect(run('${web.flag.x}').errors).to.deep.equal(['m.yaml:2:10: web.flag.x: cannot read field "x" of a boolean']);
    expect(run('${[web.n][0][1]}').errors).to.deep.equal(['m.yaml:2:12: cannot index a number']);
    expect(run('${[for x in web.n : x]}').errors).to.deep.equal(['m.yaml:2:22: "for" needs a list or a mapping to iterate, got a number']);
    expect(run('${[for x in [1] : x if web.n]}').errors).to.deep.equal(['m.yaml:2:33: the "if" of "for" must be a boolean, got a number']);
  });

  it('an unknown string passes where a number or a boolean is wanted (it may hold "3" or "true"), as does an untyped one', () => {
    expect(run('${web.text ? 1 : 2}').errors).to.deep.equal([]);
    expect(run('${web.text + 1}').errors).to.deep.equal([]);
    expect(run('${web.any ? 1 : 2}').errors).to.deep.equal([]);
    expect(run('${!web.any}').errors).to.deep.equal([]);
  });

  it('a property: what the attribute can never take is refused, with the conversion to use for a string', () => {
    const call = parseStringExpression('${upper(web.any)}', here).expression;
    const integer = { type: 'int64' as const, mode: 'required' as const, description: '' };
    const text = { type: 'string' as const, mode: 'required' as const, description: '' };
    expect(unknownTypeError('resources.vm', 'keypair_id', integer, call, unknown('web.any', 'string'))?.message).to.equal(
      'resources.vm.keypair_id: expected an integer, got a string from upper() (convert it with tonumber())',
    );
    expect(unknownTypeError('resources.vm', 'vm_name', text, call, unknown('web.any', 'number'))).to.equal(undefined);
    expect(unknownTypeError('resources.vm', 'vm_name', text, call, unknown('web.any', 'bool'))?.message).to.equal(
      'resources.vm.vm_name: expected a string, got a boolean from upper()',
    );
    expect(unknownTypeError('resources.vm', 'keypair_id', integer, call, unknown('web.any'))).to.equal(undefined);
  });

  it('at load: attributes are unknowns of their catalogue type, so conditions and properties are checked before any request', () => {
    const errors = (property: string, condition = 'true') => {
      const source = `resources:
  key: { type: cloud_lite_keypair, properties: { name: key-a } }
  vm:
    type: cloud_lite_vm
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: '${property}'
      ssh_and_console_user: deployer
      console_password: Passw0rdXyz1
      cycle: m
    lifecycle:
      precondition: { condition: '${condition}', message: no }
`;
      try {
        loadManifestFromSource(source, 'm.yaml', { env: {} });
      } catch (error) {
        if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic);
        throw error;
      }
      return [];
    };
    expect(errors('${key.keypair_id}')).to.deep.equal([]);
    expect(errors('${key.keypair_id + 1}')).to.deep.equal([]);
    expect(errors('${key.keypair_id == 0 ? 1 : 2}')).to.deep.equal([]);
    expect(errors('${key.keypair_id ? 1 : 2}')).to.deep.equal(['m.yaml:8:22: the condition of "?" must be a boolean, got a number']);
    expect(errors('${lower(key.name)}')).to.deep.equal([
      'm.yaml:8:22: resources.vm.keypair_id: expected an integer, got a string from lower() (convert it with tonumber())',
    ]);
    expect(errors('${key.keypair_id}', '${key.keypair_id * 2}')).to.deep.equal([
      "m.yaml:13:37: vm: the precondition's condition must be true or false, got a number",
    ]);
  });
});
