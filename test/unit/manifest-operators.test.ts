/**
 * Operators in `${...}` (issue 26): precedence as in HCL, each operator with
 * Terraform's meaning, unknown values propagating, type errors at the
 * operand's exact column, comprehensions, and count with a conditional
 * through the loader.
 */
import { expect } from 'chai';
import { parseStringExpression, referencesOf } from '../../src/manifest/parse/expressions.js';
import { evaluate, type ResolveRoot } from '../../src/manifest/evaluate/expressions.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { DiagnosticError, formatDiagnostic, unknown, type PlannedValue, type Value } from '../../src/core/types.js';

const here = { file: 'm.yaml', line: 2, column: 10 };
/** Locations inside the string: the string's first character is at column 10. */
const locate = (offset: number) => ({ ...here, column: here.column + offset });

const variables: Record<string, { value: Value; sensitive?: boolean }> = {
  env: { value: 'prod' },
  n: { value: 3 },
  text_number: { value: '5' },
  names: { value: ['web', 'db', 'cache'] },
  sizes: { value: { prod: 4, dev: 1 } },
  flag: { value: true },
  password: { value: 'Secret123', sensitive: true },
  empty: { value: [] },
};

const resolve: ResolveRoot = (reference) => {
  if (reference.root === 'var') return variables[reference.name];
  if (reference.root === 'resource' && reference.name === 'web') {
    return { value: { id: unknown('web.id'), status: 'Active', tags: unknown('web.tags') } };
  }
  return undefined;
};

function run(text: string): { value: PlannedValue; sensitive: boolean; errors: string[] } {
  const parsed = parseStringExpression(text, here, locate);
  const evaluation = evaluate(parsed.expression, resolve);
  return {
    value: evaluation.value,
    sensitive: evaluation.sensitive,
    errors: [...parsed.diagnostics, ...evaluation.diagnostics].map(formatDiagnostic),
  };
}

function value(text: string): PlannedValue {
  const result = run(text);
  expect(result.errors, text).to.deep.equal([]);
  return result.value;
}

describe('operators: precedence (HCL)', () => {
  const cases: Array<[string, Value]> = [
    ['${1 + 2 * 3}', 7],
    ['${(1 + 2) * 3}', 9],
    ['${10 - 4 - 3}', 3],
    ['${2 * 3 % 4}', 2],
    ['${-2 * 3}', -6],
    ['${1 + 2 < 4}', true],
    ['${1 < 2 == true}', true],
    ['${true || false && false}', true],
    ['${(true || false) && false}', false],
    ['${!false && false}', false],
    ['${1 == 1 && 2 != 3}', true],
    ['${false ? 1 : true ? 2 : 3}', 2],
    ['${true ? 1 : 2 + 10}', 1],
    ['${1 + 1 > 1 ? "big" : "small"}', 'big'],
  ];
  for (const [text, expected] of cases) it(`${text} is ${JSON.stringify(expected)}`, () => expect(value(text)).to.deep.equal(expected));
});

describe('operators: each operator', () => {
  const cases: Array<[string, Value]> = [
    ['${var.env == "prod"}', true],
    ['${var.env != "prod"}', false],
    ['${var.n == "3"}', false], // no conversion for equality, as Terraform
    ['${var.names == ["web", "db", "cache"]}', true],
    ['${var.sizes == {prod = 4, dev = 1}}', true],
    ['${null == null}', true],
    ['${var.n < 3}', false],
    ['${var.n <= 3}', true],
    ['${var.n > 2}', true],
    ['${var.n >= 4}', false],
    ['${var.flag && var.n > 1}', true],
    ['${var.flag || false}', true],
    ['${!var.flag}', false],
    ['${"true" && true}', true],
    ['${var.n + 2}', 5],
    ['${var.n - 5}', -2],
    ['${var.n * 2}', 6],
    ['${var.n / 2}', 1.5],
    ['${7 % var.n}', 1],
    ['${var.text_number + 1}', 6],
    ['${-var.n}', -3],
    ['${var.env == "prod" ? 3 : 1}', 3],
    ['${var.env == "dev" ? 3 : 1}', 1],
    ['${var.flag ? 1 : "none"}', '1'], // a number beside a string branch comes out as a string, as Terraform unifies
    ['${length(var.empty) > 0 ? var.empty[0] : "none"}', 'none'], // the branch not taken is not evaluated
    ['${var.names[var.n - 1]}', 'cache'],
    ['${var.sizes[var.env]}', 4],
    ['${[1, "a", true][1]}', 'a'],
    ['${upper(var.env) == "PROD"}', true],
    ['${length(var.names) * 2}', 6],
    ['${3}', 3],
    ['${"text"}', 'text'],
    ['n-${var.n + 1}', 'n-4'],
    ['${var.n > 2}-${var.env}', 'true-prod'],
  ];
  for (const [text, expected] of cases) it(`${text} is ${JSON.stringify(expected)}`, () => expect(value(text)).to.deep.equal(expected));

  it('keeps the type of a whole-string expression and makes text of a template', () => {
    expect(value('${var.n + 1}')).to.equal(4);
    expect(value('${var.n + 1} ')).to.equal('4 ');
    expect(value('${var.n > 1}')).to.equal(true);
  });

  it('is sensitive when an operand is, and never shows a sensitive value in an error', () => {
    expect(run('${var.password == "x"}')).to.deep.include({ value: false, sensitive: true });
    const result = run('${var.password + 1}');
    expect(result.errors).to.deep.equal(['m.yaml:2:12: the left operand of "+" must be a number, got a string']);
    expect(result.errors.join()).not.to.include('Secret123');
  });
});

describe('operators: unknown values', () => {
  const cases: Array<[string, PlannedValue]> = [
    ['${web.id == "1"}', unknown('web.id')],
    ['${web.id + 1}', unknown('web.id')],
    ['${!web.id}', unknown('web.id')],
    ['${-web.id}', unknown('web.id')],
    ['${web.id == web.tags}', unknown('web.id, web.tags')],
    ['${web.id == "1" ? 1 : 2}', unknown('web.id')],
    ['${true && web.id}', unknown('web.id')],
    ['${false || web.id}', unknown('web.id')],
    // Decided whatever the unknown side is (Terraform 1.6+, cty's refinements): not a guess.
    ['${false && web.id}', false],
    ['${web.id && false}', false],
    ['${true || web.id}', true],
    ['${[for t in web.tags : t]}', unknown('web.tags')],
    ['${[for n in var.names : n if n == web.id]}', unknown('web.id')],
    ['${var.names[web.id]}', unknown('web.id')],
    ['${web.status == "Active" ? "up" : web.id}', 'up'],
    ['${web.status == "Pending" ? "up" : web.id}', unknown('web.id')],
    ['x-${web.id + 1}', unknown('web.id')],
  ];
  for (const [text, expected] of cases) it(`${text} is ${JSON.stringify(expected)}`, () => expect(value(text)).to.deep.equal(expected));

  it('still reports a known operand that can never fit beside an unknown one', () => {
    expect(run('${web.id + "abc"}').errors).to.deep.equal(['m.yaml:2:21: the right operand of "+" must be a number, got a string ("abc")']);
  });
});

describe('operators: type errors at the operand', () => {
  // The string starts at column 10: `${` is 10-11, the inner text from 12.
  const cases: Array<[string, string]> = [
    ['${1 + "a"}', 'm.yaml:2:16: the right operand of "+" must be a number, got a string ("a")'],
    ['${true * 2}', 'm.yaml:2:12: the left operand of "*" must be a number, got a boolean (true)'],
    ['${var.n < var.names}', 'm.yaml:2:20: the right operand of "<" must be a number, got a list'],
    ['${var.n && true}', 'm.yaml:2:12: the left operand of "&&" must be a boolean, got a number (3)'],
    ['${!var.env}', 'm.yaml:2:13: the operand of "!" must be a boolean, got a string ("prod")'],
    ['${-var.env}', 'm.yaml:2:13: the operand of "-" must be a number, got a string ("prod")'],
    ['${var.n ? 1 : 2}', 'm.yaml:2:12: the condition of "?" must be a boolean, got a number (3)'],
    ['${1 + (2 * "x")}', 'm.yaml:2:21: the right operand of "*" must be a number, got a string ("x")'],
    ['${10 % 0}', 'm.yaml:2:17: "%": cannot divide by zero'],
    ['${var.names[5]}', 'm.yaml:2:10: var.names[5]: index 5 out of range (3 items)'], // a literal index: the reference grammar's message
    ['${var.names[var.n + 2]}', 'm.yaml:2:22: index 5 out of range (3 items)'],
    ['${[for x in var.n : x]}', 'm.yaml:2:22: "for" needs a list or a mapping to iterate, got a number (3)'],
    ['${{for n in var.names : "k" => n}}', 'm.yaml:2:34: the key "k" comes twice in the result of "for"'],
    ['${[for n in var.names : "${n * 2}"]}', 'm.yaml:2:37: the left operand of "*" must be a number, got a string ("web")'],
    ['prefix ${var.n + var.env} suffix', 'm.yaml:2:27: the right operand of "+" must be a number, got a string ("prod")'],
  ];
  for (const [text, expected] of cases) {
    it(`${text}: ${expected}`, () => {
      const errors = run(text).errors;
      expect(errors.length, errors.join('\n')).to.equal(1);
      expect(errors[0].startsWith(expected) || errors[0] === expected, errors[0]).to.equal(true);
    });
  }

  it('reports syntax errors at their exact column, and keeps the reference grammar messages', () => {
    const syntax = (text: string) => parseStringExpression(text, here, locate).diagnostics.map(formatDiagnostic);
    expect(syntax('${var.n == }')).to.deep.equal(['m.yaml:2:21: invalid expression "${var.n == }": expected a value, found the end']);
    expect(syntax('${(var.n + 1}')).to.deep.equal(['m.yaml:2:22: invalid expression "${(var.n + 1}": expected ")", found the end']);
    expect(syntax('${var.n ? 1}')).to.deep.equal([
      'm.yaml:2:21: invalid expression "${var.n ? 1}": expected ":" of the conditional, found the end',
    ]);
    expect(syntax('${[for x in var.names x]}')).to.deep.equal([
      'm.yaml:2:32: invalid expression "${[for x in var.names x]}": expected ":" after the collection of "for", found "x"',
    ]);
    expect(syntax('${web.}')).to.deep.equal(['m.yaml:2:10: invalid reference "${web.}": expected an attribute name after "web."']);
    expect(syntax('${var.n + uper("a")}')).to.deep.equal(['m.yaml:2:20: unknown function "uper"; did you mean "upper"?']);
  });
});

describe('operators: comprehensions', () => {
  const cases: Array<[string, Value]> = [
    ['${[for name in var.names : upper(name)]}', ['WEB', 'DB', 'CACHE']],
    ['${[for name in var.names : name if name != "db"]}', ['web', 'cache']],
    ['${[for i, name in var.names : "${i}" if i > 0]}', ['1', '2']],
    ['${[for i, name in var.names : "${name}-${i + 1}"]}', ['web-1', 'db-2', 'cache-3']],
    ['${{for name in var.names : "k-${name}" => "$${name}"}}', { 'k-web': '${name}', 'k-db': '${name}', 'k-cache': '${name}' }],
    ['${[for i, name in var.names : i * 10]}', [0, 10, 20]],
    ['${[for key, size in var.sizes : key]}', ['dev', 'prod']], // a mapping in key order, as Terraform
    ['${{for name in var.names : name => length(name)}}', { web: 3, db: 2, cache: 5 }],
    ['${{for key, size in var.sizes : upper(key) => size * 2 if size > 1}}', { PROD: 8 }],
    [
      '${[for outer in [1, 2] : [for inner in [10, 20] : outer * inner]]}',
      [
        [10, 20],
        [20, 40],
      ],
    ],
    ['${length([for n in var.names : n if length(n) > 2])}', 2],
    ['${[for x in var.empty : x]}', []],
  ];
  for (const [text, expected] of cases) it(`${text}`, () => expect(value(text)).to.deep.equal(expected));

  it('does not take the names it binds for references', () => {
    const parsed = parseStringExpression('${[for web in var.names : web if web != data.x.y]}', here, locate);
    expect(referencesOf(parsed.expression).map((reference) => reference.text)).to.deep.equal(['var.names', 'data.x.y']);
  });
});

describe('operators: in a manifest', () => {
  const manifest = (count: string) => `variables:
  env: { default: dev }
resources:
  key:
    type: cloud_lite_keypair
    count: ${count}
    properties:
      name: 'key-\${count.index + 1}-\${var.env == "prod" ? "p" : "d"}'
`;

  it('expands count from a conditional, evaluated at expansion with the variables', () => {
    const dev = loadManifestFromSource(manifest(`'\${var.env == "prod" ? 3 : 1}'`), 'm.yaml', { env: {} });
    expect(Object.keys(dev.manifest.resources)).to.deep.equal(['key[0]']);
    const prod = loadManifestFromSource(manifest(`'\${var.env == "prod" ? 3 : 1}'`), 'm.yaml', { env: { CLOUDCTL_VAR_env: 'prod' } });
    expect(Object.keys(prod.manifest.resources)).to.deep.equal(['key[0]', 'key[1]', 'key[2]']);
    const name = evaluate(prod.manifest.resources['key[2]'].properties.name, () => ({ value: 'prod' }));
    expect(name.value).to.equal('key-3-p');
  });

  it('reports a count that comes out as no whole number, and a type error inside count at its column', () => {
    const errors = (count: string) => {
      try {
        loadManifestFromSource(manifest(count), 'm.yaml', { env: {} });
      } catch (error) {
        if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic);
        throw error;
      }
      return [];
    };
    expect(errors(`'\${var.env == "dev" ? 1.5 : 1}'`)).to.deep.equal([
      'm.yaml:6:15: resources.key.count: expected a whole number of 0 or more, got 1.5',
    ]);
    expect(errors(`'\${var.env + 1}'`)).to.deep.equal(['m.yaml:6:15: the left operand of "+" must be a number, got a string ("dev")']);
  });

  it('tells to quote a value whose expression holds ": " (YAML reads it as a mapping)', () => {
    try {
      loadManifestFromSource(manifest('${var.env == "prod" ? 3 : 1}'), 'm.yaml', { env: {} });
      expect.fail('expected a YAML error');
    } catch (error) {
      if (!(error instanceof DiagnosticError)) throw error;
      expect(error.diagnostics.map(formatDiagnostic).join('\n')).to.match(/quote/);
    }
  });
});
