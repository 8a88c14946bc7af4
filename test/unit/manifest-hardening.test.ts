/**
 * Hostile and odd manifests (issue 16, items 5 to 8): alias bombs, undefined
 * and cyclic aliases, deep nesting, names that are JavaScript built-ins,
 * non-plain YAML values and unsupported YAML versions. Each must end as
 * located `file:line:col: message` diagnostics (or load, for names that are
 * ordinary data), quickly, and never as a JavaScript error.
 */
import { expect } from 'chai';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { MAX_ALIAS_VALUES, MAX_ALIASES, MAX_MANIFEST_CHARACTERS, MAX_NESTING_DEPTH } from '../../src/manifest/syntax/yaml.js';
import { buildDependencyGraph, dependentsOf, findCycleDiagnostics, topologicalOrder } from '../../src/manifest/graph.js';
import { Scope } from '../../src/engine/scope.js';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import { renderDiagnosticReport } from '../../src/cli/views/diagnostics.js';

const VM = `    type: cloud_lite_vm
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: 1
      ssh_and_console_user: deployer
      console_password: Passw0rdXyz1
      cycle: m
`;

/** The diagnostics of loading `text` as `m.yaml` (`[]` when it loads). */
function diagnostics(text: string, env: Record<string, string> = {}): string[] {
  try {
    loadManifestFromSource(text, 'm.yaml', { env });
    return [];
  } catch (error) {
    if (!(error instanceof DiagnosticError)) throw error;
    return error.diagnostics.map(formatDiagnostic);
  }
}

/** One test per case: loading its manifest reports exactly its diagnostics (`[]`: it loads). */
function itReports(cases: Array<[title: string, manifest: string, expected: string[]]>): void {
  for (const [title, manifest, expected] of cases) it(title, () => expect(diagnostics(manifest)).to.deep.equal(expected));
}

/** A billion laughs of `levels` levels of nine aliases each, under resource property `tags` (1.4 KB for 9 levels). */
function billionLaughs(levels: number): string {
  const names = 'abcdefghijklmnop';
  const lines = ['        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < levels; level++)
    lines.push(
      `        ${names[level]}: &${names[level]} [${Array(9)
        .fill(`*${names[level - 1]}`)
        .join(',')}]`,
    );
  return `resources:\n  web:\n${VM}      vm_name: web-server\n      tags:\n${lines.join('\n')}\n`;
}

describe('manifest hardening: alias bombs and size', () => {
  it('refuses a billion laughs under a resource property at once, located at the alias that passes the bound', () => {
    const text = billionLaughs(9);
    expect(text.length).to.be.below(1500);
    const started = process.hrtime.bigint();
    const found = diagnostics(text);
    const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
    expect(found).to.have.length(1);
    expect(found[0]).to.match(
      /^m\.yaml:18:16: alias "\*e" brings the values added by aliases to [\d,]+, more than the 100,000 a manifest may hold \(an alias bomb\?\)$/,
    );
    // Not a timing assertion of the machine's speed: expanding it would take minutes and gigabytes.
    expect(milliseconds).to.be.below(30_000);
  });

  it('refuses aliases of a small list whose values add up past the bound, at the alias where the total passes it', () => {
    const text = `variables:\n  x:\n    default:\n      - &l [1, 2, 3, 4]\n${'      - *l\n'.repeat(30_000)}`;
    const found = diagnostics(text);
    expect(found).to.have.length(1);
    const line = 4 + Math.floor(MAX_ALIAS_VALUES / 4) + 1;
    expect(found[0]).to.equal(
      `m.yaml:${line}:9: alias "*l" brings the values added by aliases to ${(MAX_ALIAS_VALUES + 4).toLocaleString('en-US')}, more than the 100,000 a manifest may hold (an alias bomb?)`,
    );
  });

  it('refuses more than 50,000 aliases (100,000 in 300 KB) before the parser reads them, at the first alias past the bound', () => {
    const text = `variables:\n  x: { default: &x 1 }\n  t: { default: [${Array(100_000).fill('*x').join(',')}] }\n`;
    expect(text.length).to.be.below(310_000);
    const found = diagnostics(text);
    const column = '  t: { default: ['.length + MAX_ALIASES * 3 + 1;
    expect(found).to.deep.equal([`m.yaml:3:${column}: more than 50,000 aliases: a manifest this size is an alias bomb, not a manifest`]);
    expect(MAX_ALIASES).to.equal(50_000);
  });

  it('keeps aliases that stay within the bound (values expanded, data without prototypes)', () => {
    const text =
      `variables:\n  base: { default: &tags { team: web, constructor: x } }\n  copy: { default: *tags }\nresources:\n  web:\n${VM}      vm_name: *name\n`.replace(
        '*name',
        'web-server',
      );
    const loaded = loadManifestFromSource(text, 'm.yaml', { env: {} });
    expect(loaded.variables.copy).to.deep.equal({ team: 'web', constructor: 'x' });
    expect(Object.getPrototypeOf(loaded.variables.copy)).to.equal(null);
  });

  it('refuses a manifest longer than the bound, located where it passes it', () => {
    const found = diagnostics(`# ${'x'.repeat(MAX_MANIFEST_CHARACTERS)}\n`);
    expect(found).to.deep.equal([
      `m.yaml:1:${MAX_MANIFEST_CHARACTERS + 1}: the manifest is 10,000,003 characters long; cloudctl reads manifests of at most 10,000,000 characters`,
    ]);
  });
});

describe('manifest hardening: undefined and cyclic aliases', () => {
  itReports([
    [
      'an undefined alias is an error at its position (it used to become null, then the default VM name)',
      `resources:\n  web:\n${VM}      vm_name: *nope\n`,
      ['m.yaml:11:16: undefined alias "*nope": no anchor "&nope" is written before it'],
    ],
    [
      'an alias used before its anchor is undefined',
      `variables:\n  a: { default: *later }\n  b: { default: &later 1 }\n`,
      ['m.yaml:2:17: undefined alias "*later": no anchor "&later" is written before it'],
    ],
    [
      'a self-referencing anchor is an error, not a stack overflow',
      'resources:\n  k: &k\n    type: cloud_lite_keypair\n    properties: { name: *k }\n',
      ['m.yaml:4:25: alias "*k" is part of the node it stands for: its value would never end'],
    ],
    [
      'a recursive merge is an error, not a stack overflow (YAML 1.2)',
      'resources:\n  k: &k\n    type: cloud_lite_keypair\n    <<: *k\n',
      ['m.yaml:4:9: merge key "<<: *k" merges a mapping into itself (a recursive merge): merge a mapping written outside this one'],
    ],
    [
      'a recursive merge is an error, not a stack overflow (YAML 1.1)',
      '%YAML 1.1\n---\nresources:\n  k: &k\n    type: cloud_lite_keypair\n    <<: *k\n',
      ['m.yaml:6:9: merge key "<<: *k" merges a mapping into itself (a recursive merge): merge a mapping written outside this one'],
    ],
  ]);

  it('a merge key under YAML 1.1 merges as under YAML 1.2 (the merged keys are read, `<<` is no attribute)', () => {
    const found = diagnostics(
      '%YAML 1.1\n---\nresources:\n  k:\n    type: &type cloud_lite_keypair\n    properties: &props { name: k }\n  j:\n    type: *type\n    properties: { <<: *props, name: j, colour: x }\n',
    );
    expect(found).to.deep.equal(['m.yaml:9:40: unknown attribute "colour" in resources.j (cloud_lite_keypair)']);
  });
});

describe('manifest hardening: nesting depth', () => {
  it('a 2,000-deep block mapping is one located error, not "Maximum call stack size exceeded"', () => {
    const deep = Array.from({ length: 2000 }, (_, index) => `${' '.repeat(8 + 2 * index)}n${index}:`).join('\n');
    const found = diagnostics(`resources:\n  k:\n    type: cloud_lite_keypair\n    properties:\n      name:\n${deep} 1\n`);
    expect(found).to.have.length(1);
    expect(found[0]).to.match(/^m\.yaml:\d+:\d+: the manifest nests deeper than 64 levels of mappings and lists here$/);
  });

  it('deep flow lists and maps (20,000 levels) are refused quickly', () => {
    for (const value of [`${'['.repeat(20_000)}1${']'.repeat(20_000)}`, `${'{a: '.repeat(20_000)}1${'}'.repeat(20_000)}`]) {
      const found = diagnostics(`resources:\n  web:\n${VM}      vm_name: ${value}\n`);
      expect(found).to.have.length(1);
      expect(found[0]).to.match(/^m\.yaml:11:\d+: the manifest nests deeper than 64 levels of mappings and lists here$/);
    }
  });

  it('nesting made deep by aliases is refused at the alias', () => {
    const list = `${'['.repeat(40)}1${']'.repeat(40)}`;
    const wrapped = `${'['.repeat(26)}*deep${']'.repeat(26)}`;
    const found = diagnostics(`variables:\n  a: { default: &deep ${list} }\n  b: { default: ${wrapped} }\n`);
    expect(found).to.deep.equal([
      `m.yaml:3:43: alias "*deep" nests the manifest deeper than ${MAX_NESTING_DEPTH} levels of mappings and lists`,
    ]);
  });

  it('nesting within the bound loads', () => {
    const list = `${'['.repeat(50)}1${']'.repeat(50)}`;
    expect(diagnostics(`variables:\n  a: { default: ${list} }\n`)).to.deep.equal([]);
  });
});

describe('manifest hardening: values that are not plain data, YAML versions', () => {
  itReports([
    [
      '!!omap is a located error, not "resolved.toJS is not a function"',
      `resources:\n  web:\n${VM}      vm_name: !!omap [ a: 1 ]\n`,
      ['m.yaml:11:23: "!!omap" (an ordered mapping) is not supported in a manifest: write a plain mapping'],
    ],
    [
      '!!set is a located error',
      'variables:\n  a: { default: !!set { x, y } }\n',
      ['m.yaml:2:23: "!!set" is not supported in a manifest: write a list'],
    ],
    [
      '!!pairs is a located error',
      'variables:\n  a: { default: !!pairs [ a: 1 ] }\n',
      ['m.yaml:2:25: "!!pairs" is not supported in a manifest: write a plain mapping'],
    ],
    [
      '!!binary is a located error',
      'variables:\n  a: { default: !!binary aGVsbG8= }\n',
      ['m.yaml:2:26: binary data ("!!binary") is not a manifest value: write a string'],
    ],
    [
      'a YAML 1.1 timestamp is a located error',
      '%YAML 1.1\n---\nvariables:\n  a: { default: 2001-12-14 }\n',
      ['m.yaml:4:17: a timestamp is not a manifest value: quote it to write a string'],
    ],
    [
      "a second YAML document is an error that does not name the yaml library's API",
      'resources: {}\n---\noutputs: {}\n',
      ['m.yaml:2:1: invalid YAML: a manifest is one YAML document, and a second one starts here'],
    ],
    [
      '%YAML 9.9 is refused',
      '%YAML 9.9\n---\nresources: {}\n',
      ['m.yaml:1:7: unsupported YAML version 9.9: cloudctl reads YAML 1.2 and 1.1'],
    ],
    ['%YAML 1.2 is read', '%YAML 1.2\n---\nresources: {}\n', []],
    ['%YAML 1.1 is read', '%YAML 1.1\n---\nresources: {}\n', []],
  ]);
});

describe('manifest hardening: names are data', () => {
  const builtins = ['toString', 'constructor', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

  it('resources, data sources, variables and outputs named like Object.prototype members load, plan in order and resolve', () => {
    const blocks = builtins
      .map(
        (name, index) =>
          `  ${name}:\n    type: cloud_lite_keypair\n    properties: { name: "\${var.${name}}" }\n${index > 0 ? `    depends_on: [${builtins[index - 1]}]\n` : ''}`,
      )
      .join('');
    const text = `variables:\n${builtins.map((name) => `  ${name}: { default: key-${name} }\n`).join('')}data:\n  toString: { type: cloud_lite_products }\nresources:\n${blocks}outputs:\n${builtins.map((name) => `  ${name}: \${${name}.name}\n`).join('')}`;
    const loaded = loadManifestFromSource(text, 'm.yaml', { env: {} });
    expect(Object.keys(loaded.manifest.resources)).to.deep.equal(builtins);
    expect(Object.keys(loaded.manifest.data)).to.deep.equal(['toString']);
    expect(Object.keys(loaded.manifest.outputs)).to.deep.equal(builtins);
    expect(Object.keys(loaded.variables)).to.deep.equal(builtins);
    const graph = buildDependencyGraph(loaded.manifest);
    expect(topologicalOrder(graph)).to.deep.equal(['data.toString', ...builtins]);
    expect(dependentsOf(graph, 'toString')).to.deep.equal(builtins.slice(1));
    expect(findCycleDiagnostics(loaded.manifest, graph)).to.deep.equal([]);
    const scope = new Scope(loaded, defaultCatalogue);
    const constructorBlock = loaded.manifest.resources['constructor' as string]!;
    expect(scope.inputsOf(constructorBlock).inputs.name).to.deep.equal({ value: 'key-constructor', sensitive: false });
    for (const name of builtins) scope.setResource(name, { name: `key-${name}` });
    expect(Object.entries(scope.outputs(loaded.manifest)).map(([name, output]) => [name, output.value])).to.deep.equal(
      builtins.map((name) => [name, `key-${name}`]),
    );
  });

  it('a reference to an undeclared built-in name is an unknown reference, not an empty error', () => {
    expect(diagnostics('resources:\n  k:\n    type: cloud_lite_keypair\n    properties: { name: "${constructor.name}" }\n')).to.deep.equal([
      'm.yaml:4:26: unknown reference "${constructor.name}": no resource "constructor" is declared',
    ]);
    expect(diagnostics('resources:\n  k:\n    type: cloud_lite_keypair\n    properties: { name: "${var.toString}" }\n')).to.deep.equal([
      'm.yaml:4:26: unknown reference "${var.toString}": no variable "toString" is declared',
    ]);
  });

  it('attributes named like built-ins are unknown attributes, in properties and in references', () => {
    expect(
      diagnostics(
        'resources:\n  k:\n    type: cloud_lite_keypair\n    properties: { name: k }\n  j:\n    type: cloud_lite_keypair\n    properties: { name: "${k.constructor}" }\n',
      ),
    ).to.deep.equal(['m.yaml:7:26: unknown attribute "constructor" of cloud_lite_keypair "k"']);
    expect(diagnostics('resources:\n  k:\n    type: cloud_lite_keypair\n    properties: { name: k, toString: x }\n')).to.deep.equal([
      'm.yaml:4:28: unknown attribute "toString" in resources.k (cloud_lite_keypair)',
    ]);
  });

  itReports([
    [
      'a dependency cycle through built-in names is reported as a cycle',
      'resources:\n  toString:\n    type: cloud_lite_keypair\n    properties: { name: "${constructor.name}" }\n  constructor:\n    type: cloud_lite_keypair\n    properties: { name: "${toString.name}" }\n',
      ['m.yaml:7:26: dependency cycle: toString -> constructor -> toString'],
    ],
    [
      '"__proto__" is a reserved name with a located error, never silently dropped',
      `variables:\n  __proto__: { default: 1 }\ndata:\n  __proto__: { type: cloud_lite_products }\nresources:\n  __proto__:\n    type: cloud_lite_keypair\n    properties: { name: k }\noutputs:\n  __proto__: x\n`,
      ['variable', 'data source', 'resource', 'output'].map(
        (what, index) =>
          `m.yaml:${[2, 4, 6, 10][index]}:3: invalid ${what} name "__proto__": it is reserved (state, plans and outputs are JSON objects, where "__proto__" is not an ordinary key); choose another name`,
      ),
    ],
  ]);

  it('"__proto__" as a key inside a value is kept as data', () => {
    const loaded = loadManifestFromSource('variables:\n  a: { default: { __proto__: { polluted: true }, ok: 1 } }\n', 'm.yaml', {
      env: {},
    });
    expect(Object.keys(loaded.variables.a as object)).to.deep.equal(['__proto__', 'ok']);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});

describe('manifest hardening: bad input found before any API call', () => {
  it('variable values are checked at load against the attributes they feed (the planner used to find them after refreshing)', () => {
    const text = `variables:\n  cycle: { default: x }\n  tags: { default: [a, b] }\n  pw: { default: short, sensitive: true }\nresources:\n  web:\n${VM.replace('console_password: Passw0rdXyz1', 'console_password: ${var.pw}').replace('cycle: m', 'cycle: ${var.cycle}')}      vm_name: "vm-\${var.tags}"\n`;
    expect(diagnostics(text)).to.deep.equal([
      'm.yaml:13:7: resources.web.console_password: must be at least 8 characters long, got 5',
      'm.yaml:13:7: resources.web.console_password: must contain an upper-case letter and a digit',
      'm.yaml:14:7: resources.web.cycle: must be one of m, a, q, s, b, t, p4, p5, got "x"',
      'm.yaml:15:20: var.tags: cannot interpolate a list into a string',
    ]);
  });

  it('variable references beside resource references are evaluated at load too', () => {
    const text = `variables:\n  tags: { default: [a, b] }\n  name: { default: web }\nresources:\n  key:\n    type: cloud_lite_keypair\n    properties: { name: "k-\${var.name}" }\n  web:\n${VM}      vm_name: "\${key.name}-\${var.tags}"\n      description: "\${key.name}-\${var.name.first}"\n`;
    expect(diagnostics(text)).to.deep.equal([
      'm.yaml:17:29: var.tags: cannot interpolate a list into a string',
      'm.yaml:18:33: var.name.first: cannot read field "first" of a string',
    ]);
  });

  it('values from the environment are coerced as the planner does before they are checked', () => {
    const text = `variables:\n  product: { env: PRODUCT }\nresources:\n  web:\n${VM.replace('product_id: 1547', 'product_id: ${var.product}')}      vm_name: web-server\n`;
    expect(diagnostics(text, { PRODUCT: '1547' })).to.deep.equal([]);
    expect(diagnostics(text, { PRODUCT: 'abc' })).to.deep.equal([
      'm.yaml:7:7: resources.web.product_id: expected an integer, got a string',
    ]);
  });
});

describe('manifest hardening: types of references and templates, before any API call', () => {
  const products =
    'data:\n  products: { type: cloud_lite_products }\n  os: { type: cloud_lite_os_list, properties: { product_id: 1547 } }\n';
  const vm = (lines: string) =>
    `${products}resources:\n  k: { type: cloud_lite_keypair, properties: { name: k-key } }\n  web:\n${VM}${lines}`;

  it('accepts what the planner can convert or does not know the shape of', () => {
    const text = vm(
      [
        '      description: "web-${data.products.products[0].product_id}-${k.keypair_id}"', // integers interpolated
        '      disk_size: ${data.products.products[0].options.disk}', // a mapping the catalogue does not describe
        '      power_state: ${k.name}', // a string: checked once known
        '      vm_name: ${format("vm-%s", data.products.products[0].product_id)}', // a single value for a string parameter
      ].join('\n') + '\n',
    )
      .replace('keypair_id: 1', 'keypair_id: ${k.id}') // an id (a string of digits) for an integer
      .replace('select_os: ubuntu-22.04', 'select_os: ${data.os.oss[0].name}') // a string for a string
      .replace('      product_id: 1547', '      product_id: ${length(data.products.products)}'); // a list for a list parameter, a number for an integer
    expect(diagnostics(text)).to.deep.equal([]);
  });

  it('refuses templates for integers and booleans, and lists or mappings (references, function results) where they cannot go', () => {
    const text = vm(
      [
        '      disk_size: "${data.products.products[0].product_id}0"',
        '      pay_with_credit_card: "${k.name}x"',
        '      vm_name: ${data.os.oss}',
        '      description: "os ${data.os.oss[0]}"',
        '      power_state: ${split(",", k.name)}',
      ].join('\n') + '\n',
    )
      .replace('keypair_id: 1', 'keypair_id: "${k.keypair_id}}"')
      .replace('ssh_and_console_user: deployer', 'ssh_and_console_user: ${upper(data.os.oss)}');
    expect(diagnostics(text)).to.deep.equal([
      'm.yaml:11:19: resources.web.keypair_id: expected an integer, got a string (text around ${k.keypair_id} makes a string)',
      'm.yaml:12:31: upper(): argument 1 (text) expects a string, got a list',
      'm.yaml:15:18: resources.web.disk_size: expected an integer, got a string (text around ${data.products.products[0].product_id} makes a string)',
      'm.yaml:16:29: resources.web.pay_with_credit_card: expected a boolean, got a string (text around ${k.name} makes a string)',
      'm.yaml:17:16: resources.web.vm_name: expected a string, got a list from ${data.os.oss}',
      'm.yaml:18:24: data.os.oss[0]: cannot interpolate a mapping into a string',
      'm.yaml:19:22: resources.web.power_state: expected a string, got a list from split()',
    ]);
  });
});

describe('manifest hardening: many diagnostics', () => {
  it('garbage input: checking stops at 50 errors, and the report says how many more were found', () => {
    const text = `resources:\n${Array.from({ length: 500 }, (_, index) => `  r${index}: { type: nope_${index} }\n`).join('')}`;
    let thrown: unknown;
    try {
      loadManifestFromSource(text, 'm.yaml', { env: {} });
    } catch (error) {
      thrown = error;
    }
    const error = thrown as DiagnosticError;
    expect(error.diagnostics).to.have.length(50);
    expect(error.stopped).to.deep.equal({ notDescribed: 450 });
    const lines = renderDiagnosticReport(error.diagnostics, undefined, error.stopped);
    expect(lines).to.have.length(52);
    expect(lines[49]).to.match(/^m\.yaml:51:\d+: unknown type "nope_49"/);
    expect(lines.slice(50)).to.deep.equal([
      '... and 450 more errors not described: checking stops at 50 errors',
      'at least 500 errors; nothing was changed.',
    ]);
  });

  it('no step runs after the one that reached the limit', () => {
    // 50 unknown keys stop the parse's checks: the unknown reference below them is never looked at.
    const keys = Array.from({ length: 50 }, (_, index) => `x${index}: 1\n`).join('');
    const text = `${keys}resources:\n  web: { type: cloud_lite_keypair, properties: { name: "\${nope.name}" } }\n`;
    let thrown: unknown;
    try {
      loadManifestFromSource(text, 'm.yaml', { env: {} });
    } catch (error) {
      thrown = error;
    }
    const error = thrown as DiagnosticError;
    expect(error.diagnostics.map((diagnostic) => diagnostic.code)).to.deep.equal(Array(50).fill('unknown_key'));
    expect(error.stopped).to.deep.equal({ notDescribed: 0 });
    expect(renderDiagnosticReport(error.diagnostics, undefined, error.stopped).slice(50)).to.deep.equal([
      '... checking stops at 50 errors; there may be more',
      'at least 50 errors; nothing was changed.',
    ]);
    // One fewer: the parse stays under the limit, and validation reports the reference.
    expect(diagnostics(text.replace('x49: 1\n', ''))).to.have.length(50);
    expect(diagnostics(text.replace('x49: 1\n', ''))[49]).to.match(/unknown reference "\$\{nope\.name\}"/);
  });

  it('plan errors past 50 are counted, not shown', () => {
    const lines = renderDiagnosticReport(
      Array.from({ length: 60 }, (_, index) => ({ severity: 'error' as const, message: `bad ${index}` })),
    );
    expect(lines.slice(50)).to.deep.equal(['... and 10 more errors not shown', '60 errors; nothing was changed.']);
  });

  it('a huge diagnostic line is cut', () => {
    const lines = renderDiagnosticReport([
      { severity: 'error', message: `unclosed "\${" in "${'x'.repeat(100_000)}"`, location: { file: 'm.yaml', line: 1, column: 1 } },
    ]);
    expect(lines[0]!.length).to.be.below(1100);
    expect(lines[0]).to.match(/\.\.\. \(99,\d+ more characters\)$/);
  });
});
