/**
 * count and for_each (issue 12): the reference grammar for instances,
 * expansion into instance blocks, and the diagnostics of every misuse at
 * its exact position.
 */
import { expect } from 'chai';
import { parseReference } from '../../src/manifest/parse/expressions.js';
import { loadManifestFromSource, type LoadedManifest } from '../../src/manifest/index.js';
import { rewriteReferences } from '../../src/manifest/expand/repetition.js';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import { type Expression } from '../../src/manifest/types.js';

const at = { file: 'm.yaml', line: 1, column: 1 };

/** A lite keypair block under `resources:` with extra lines (indented four spaces). */
const keypair = (name: string, lines: string) => `  ${name}:\n    type: cloud_lite_keypair\n${lines}`;

function load(source: string, env: Record<string, string> = {}): LoadedManifest {
  return loadManifestFromSource(source, 'm.yaml', { env });
}

/** The error lines (`file:line:col: message`) of loading `source`. */
function errors(source: string): string[] {
  try {
    load(source);
  } catch (error) {
    if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  throw new Error('expected the manifest to be refused');
}

/** An expression's value when it is a literal, else its kind and reference texts. */
function shape(expression: Expression): unknown {
  if (expression.kind === 'literal') return expression.value;
  if (expression.kind === 'reference') return `\${${expression.reference.text}}`;
  if (expression.kind === 'list') return expression.items.map(shape);
  return expression.kind;
}

describe('repetition: references to instances', () => {
  const cases: Array<[string, object]> = [
    ['web[0].id', { root: 'resource', name: 'web', key: 0, path: ['id'] }],
    ['web["eu"].id', { root: 'resource', name: 'web', key: 'eu', path: ['id'] }],
    ["web['eu'].disks[1]", { root: 'resource', name: 'web', key: 'eu', path: ['disks', 1] }],
    ['data.img[0].oss[2].name', { root: 'data', name: 'img', key: 0, path: ['oss', 2, 'name'] }],
    ['web[*].id', { root: 'resource', name: 'web', splat: true, path: ['id'] }],
    ['count.index', { root: 'count', name: 'index', path: [] }],
    ['each.key', { root: 'each', name: 'key', path: [] }],
    ['each.value.size', { root: 'each', name: 'value', path: ['size'] }],
    ['count.id', { root: 'resource', name: 'count', path: ['id'] }],
    ['each.id', { root: 'resource', name: 'each', path: ['id'] }],
  ];
  for (const [text, expected] of cases) {
    it(`reads \${${text}}`, () => {
      const parsed = parseReference(text, at);
      expect(parsed).to.have.property('reference');
      expect((parsed as { reference: object }).reference).to.deep.include(expected);
    });
  }

  it('refuses a bad instance key', () => {
    expect(parseReference('web[x].id', at)).to.deep.equal({
      error: 'invalid reference "${web[x].id}": expected a whole number or a quoted key inside "[ ]" after "web"',
    });
    // An instance as a value (issue 33): its attributes are a mapping.
    expect(parseReference('web[0]', at)).to.deep.include({
      reference: { text: 'web[0]', root: 'resource', name: 'web', key: 0, path: [], location: at },
    });
  });
});

describe('repetition: expansion', () => {
  const source = `variables:
  sizes: { default: { eu: { disk: 40 }, us: { disk: 60 } } }
  keys: { default: 2 }
data:
  products: { type: cloud_lite_products, count: 2 }
resources:
${keypair('key', '    count: ${var.keys}\n    properties: { name: "key-${count.index}" }\n')}${keypair('named', '    for_each: ${var.sizes}\n    properties: { name: "${each.key}-${each.value.disk}" }\n    depends_on: [key]\n')}${keypair('listed', '    for_each: [b, a]\n    properties: { name: "${each.value}" }\n')}${keypair('plain', `    properties: { name: '\${named["eu"].name}' }\n`)}outputs:
  names: \${named[*].name}
  first: \${key[0].id}
  products: \${data.products[1].products}
`;

  it('turns each repeated block into instance blocks in place, in key order', () => {
    const { manifest } = load(source);
    expect(Object.keys(manifest.resources)).to.deep.equal([
      'key[0]',
      'key[1]',
      'named["eu"]',
      'named["us"]',
      'listed["a"]',
      'listed["b"]',
      'plain',
    ]);
    expect(Object.keys(manifest.data)).to.deep.equal(['products[0]', 'products[1]']);
    expect(manifest.data['products[1]']).to.deep.include({ address: 'data.products[1]', instance: { block: 'products', key: 1 } });
    expect(manifest.resources['named["us"]']).to.deep.include({
      address: 'named["us"]',
      name: 'named["us"]',
      instance: { block: 'named', key: 'us' },
    });
    expect(manifest.resources['named["us"]'].count).to.equal(undefined);
    expect(manifest.repetitions).to.deep.equal({
      'data.products': { kind: 'count', count: 2 },
      key: { kind: 'count', count: 2 },
      named: { kind: 'for_each', keys: ['eu', 'us'] },
      listed: { kind: 'for_each', keys: ['a', 'b'] },
    });
  });

  it('substitutes count.index, each.key and each.value in every expression of the block', () => {
    const { manifest } = load(source);
    expect(shape(manifest.resources['key[1]'].properties.name)).to.equal('key-1');
    expect(shape(manifest.resources['named["us"]'].properties.name)).to.equal('us-60');
    expect(shape(manifest.resources['listed["b"]'].properties.name)).to.equal('b');
    expect(shape(manifest.resources.plain.properties.name)).to.equal('${named["eu"].name}');
  });

  it('makes a splat a list of every instance, and depends_on a repeated block every instance', () => {
    const { manifest, graph } = load(source);
    expect(shape(manifest.outputs.names.value)).to.deep.equal(['${named["eu"].name}', '${named["us"].name}']);
    expect(manifest.resources['named["eu"]'].dependsOn.map((entry) => entry.address)).to.deep.equal(['key[0]', 'key[1]']);
    expect(graph.predecessors('plain')).to.deep.equal(['named["eu"]']);
    expect(graph.predecessors('named["us"]')?.sort()).to.deep.equal(['key[0]', 'key[1]']);
  });

  it('leaves a manifest without repetition as it was', () => {
    const { manifest } = load(`resources:\n${keypair('key', '    properties: { name: k }\n')}outputs:\n  all: \${key[*].id}\n`);
    expect(Object.keys(manifest.resources)).to.deep.equal(['key']);
    expect(manifest.resources.key.address).to.equal('key');
    expect(shape(manifest.outputs.all.value)).to.deep.equal(['${key.id}']);
  });

  it('substitutes inside function calls, and a splat is a list argument', () => {
    const text = `resources:\n${keypair('key', `    for_each: [eu, us]\n    properties: { name: '\${format("key-%s", upper(each.key))}' }\n`)}outputs:\n  ids: '\${join(",", key[*].name)}'\n`;
    const { manifest } = load(text);
    const name = manifest.resources['key["us"]'].properties.name;
    expect(name.kind === 'call' && name.arguments[1].kind === 'call' && shape(name.arguments[1].arguments[0])).to.equal('us');
    const ids = manifest.outputs.ids.value;
    expect(ids.kind === 'call' && shape(ids.arguments[1])).to.deep.equal(['${key["eu"].name}', '${key["us"].name}']);
  });

  it('takes count from the environment through a variable; count 0 makes no instance', () => {
    const text = `variables:\n  n: { env: N, default: 1 }\nresources:\n${keypair('key', '    count: ${var.n}\n    properties: { name: "k${count.index}" }\n')}`;
    expect(Object.keys(load(text, { N: '3' }).manifest.resources)).to.deep.equal(['key[0]', 'key[1]', 'key[2]']);
    expect(Object.keys(load(text, { N: '0' }).manifest.resources)).to.deep.equal([]);
  });

  it('rewrites references of any expression with a replacer, sharing what it does not change', () => {
    const expression: Expression = {
      kind: 'list',
      location: at,
      items: [
        { kind: 'literal', value: 'x', location: at },
        { kind: 'template', parts: ['n-', { text: 'count.index', root: 'count', name: 'index', path: [], location: at }], location: at },
      ],
    };
    const diagnostics: never[] = [];
    const rewritten = rewriteReferences(
      expression,
      (reference) => (reference.root === 'count' ? { kind: 'literal', value: 7, location: at } : undefined),
      diagnostics,
    );
    expect(shape(rewritten)).to.deep.equal(['x', 'n-7']);
    expect(rewritten.kind === 'list' && rewritten.items[0]).to.equal(expression.items[0]);
    expect(rewriteReferences(expression, () => undefined, diagnostics)).to.equal(expression);
  });
});

describe('repetition: diagnostics at the value or reference', () => {
  const cases: Array<[string, string, string]> = [
    [
      'count and for_each both',
      keypair('key', '    count: 2\n    for_each: [a]\n    properties: { name: k }\n'),
      'm.yaml:5:5: resources.key: "count" and "for_each" cannot both be given; use one',
    ],
    [
      'a negative count',
      keypair('key', '    count: -1\n    properties: { name: k }\n'),
      'm.yaml:4:12: resources.key.count: expected a whole number of 0 or more, got -1',
    ],
    [
      'a fractional count',
      keypair('key', '    count: 1.5\n    properties: { name: k }\n'),
      'm.yaml:4:12: resources.key.count: expected a whole number of 0 or more, got 1.5',
    ],
    [
      'for_each of numbers',
      keypair('key', '    for_each: [1, 2]\n    properties: { name: k }\n'),
      'm.yaml:4:15: resources.key.for_each: expected a list of strings or a mapping, got a list holding a number 1',
    ],
    [
      'duplicate keys',
      keypair('key', '    for_each: [a, b, a]\n    properties: { name: k }\n'),
      'm.yaml:4:15: resources.key.for_each: the key "a" is given twice; each instance needs its own key',
    ],
    [
      'for_each of a string',
      keypair('key', '    for_each: abc\n    properties: { name: k }\n'),
      'm.yaml:4:15: resources.key.for_each: expected a list of strings or a mapping, got a string',
    ],
    [
      'for_each from a resource',
      `${keypair('a', '    properties: { name: a }\n')}${keypair('key', '    for_each: "${a.name}"\n    properties: { name: k }\n')}`,
      'm.yaml:7:16: for_each keys must be known at plan time: "${a.name}" is known only once a is read or created; use literals or variables',
    ],
    [
      'count from a data source',
      `${keypair('key', '    count: ${data.p[0].products}\n    properties: { name: k }\n')}data:\n  p: { type: cloud_lite_products, count: 1 }\n`,
      'm.yaml:4:12: count must be known at plan time: "${data.p[0].products}" is known only once data.p is read or created; use literals or variables',
    ],
    [
      'a repeated block referred to without an instance',
      `${keypair('a', '    count: 2\n    properties: { name: a }\n')}${keypair('b', '    properties: { name: "x-${a.name}" }\n')}`,
      'm.yaml:8:28: "${a.name}": a has count; refer to one instance as "${a[0].name}" or to all of them as "${a[*].name}"',
    ],
    [
      'an index out of range',
      `${keypair('a', '    count: 2\n    properties: { name: a }\n')}${keypair('b', '    properties: { name: "${a[5].name}" }\n')}`,
      'm.yaml:8:26: "${a[5].name}": a has no instance [5] (count is 2)',
    ],
    [
      'a key not in for_each',
      `${keypair('a', '    for_each: [eu]\n    properties: { name: a }\n')}${keypair('b', '    properties: { name: "${a[\'us\'].name}" }\n')}`,
      'm.yaml:8:26: "${a[\'us\'].name}": a has no instance ["us"] (for_each keys: "eu")',
    ],
    [
      'an instance of a block that is not repeated',
      `${keypair('a', '    properties: { name: a }\n')}${keypair('b', '    properties: { name: "${a[0].name}" }\n')}`,
      'm.yaml:7:26: "${a[0].name}": a has neither count nor for_each; write "${a.name}"',
    ],
    [
      'a key on a counted block',
      `${keypair('a', '    count: 1\n    properties: { name: a }\n')}${keypair('b', `    properties: { name: '\${a["x"].name}' }\n`)}`,
      'm.yaml:8:26: "${a["x"].name}": a has count, so its instances take a whole number index like [0]',
    ],
    [
      'count.index outside a counted block',
      keypair('a', '    for_each: [x]\n    properties: { name: "n-${count.index}" }\n'),
      'm.yaml:5:28: "${count.index}" is only available inside a block with count: a has no count',
    ],
    [
      'each.key in an output',
      `${keypair('a', '    properties: { name: a }\n')}outputs:\n  k: \${each.key}\n`,
      'm.yaml:6:6: "${each.key}" is only available inside a block with for_each: outputs are not repeated',
    ],
    [
      'a splat inside a longer text',
      `${keypair('a', '    count: 1\n    properties: { name: a }\n')}${keypair('b', '    properties: { name: "x-${a[*].name}" }\n')}`,
      'm.yaml:8:28: "${a[*].name}": cannot interpolate a list into a string',
    ],
    [
      'a missing field of each.value',
      keypair('a', '    for_each: { eu: { size: 1 } }\n    properties: { name: "${each.value.disk}" }\n'),
      'm.yaml:5:26: each.value.disk: a mapping has no field "disk" (for_each key "eu")',
    ],
  ];
  for (const [title, resources, expected] of cases) {
    it(title, () => {
      expect(errors(`resources:\n${resources}`)).to.deep.equal([expected]);
    });
  }

  it('a property value made by substitution, checked before any API call, once per property', () => {
    const vm = `  web:
    type: cloud_lite_vm
    for_each: [a, b]
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: 1
      ssh_and_console_user: deployer
      console_password: Passw0rdPassw0rd
      cycle: m
      vm_name: "\${each.key}"
`;
    expect(errors(`resources:\n${vm}`)).to.deep.equal(['m.yaml:12:7: resources.web["a"].vm_name: must be 6 to 16 characters long, got 1']);
  });

  it('a sensitive for_each', () => {
    const source = `variables:\n  s: { default: [a], sensitive: true }\nresources:\n${keypair('a', '    for_each: ${var.s}\n    properties: { name: a }\n')}`;
    expect(errors(source)).to.deep.equal([
      'm.yaml:6:15: resources.a.for_each: cannot use a sensitive value: its keys would be shown in every address',
    ]);
  });
});
