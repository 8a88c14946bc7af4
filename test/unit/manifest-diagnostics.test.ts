/**
 * Bad manifests under test/fixtures/manifests/bad: each must fail with
 * exactly these `file:line:col: message` lines, all of them at once.
 */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { catalogueOf, defaultCatalogue, type CatalogueView } from '../../src/manifest/catalogue.js';
import { loadManifest } from '../../src/manifest/index.js';
import { parseManifest } from '../../src/manifest/parse/manifest.js';
import { validateManifest } from '../../src/manifest/check/validate.js';
import { checkKeypairPools } from '../../src/manifest/check/keypair-pools.js';
import { checkValue } from '../../src/manifest/check/values.js';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import type { Attribute, CatalogueEntry } from '../../src/resources/attribute.js';

const dir = 'test/fixtures/manifests/bad';

/** The real catalogue plus a keypair type of the lite pro pool (the real one may not exist yet). */
function withLiteProKeypair(): CatalogueView {
  const liteKeypair = defaultCatalogue.lookup('cloud_lite_keypair') as CatalogueEntry;
  const fake: CatalogueEntry = {
    ...liteKeypair,
    kind: 'resource',
    type: 'cloud_lite_pro_keypair',
    token: 'cloud:index:LiteProKeypair',
    aliases: ['lite_pro_keypair'],
    keypairPool: 'lite_pro',
  } as CatalogueEntry;
  return catalogueOf([...defaultCatalogue.entries().filter((entry) => entry.type !== fake.type), fake]);
}

const expected: Record<string, string[]> = {
  'broken-yaml.yaml': [
    '5:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    '5:1: invalid YAML: Flow map in block collection must be sufficiently indented and end with a }',
  ],
  'unknown-type.yaml': ['3:11: unknown type "cloud_lite_vmm" for resources.web; did you mean "cloud_lite_vm"?'],
  'unknown-attribute.yaml': ['11:7: unknown attribute "vm_nmae" in resources.web (cloud_lite_vm); did you mean "vm_name"?'],
  'missing-required.yaml': ['4:5: resources.web (cloud_lite_vm) is missing required attribute "select_os"'],
  'wrong-type.yaml': [
    '5:19: resources.web.product_id: expected an integer, got a string',
    '11:16: resources.web.vm_name: expected a string, got a number',
  ],
  'short-vm-name.yaml': ['11:16: resources.web.vm_name: must be 6 to 16 characters long, got 5'],
  'password-without-digit.yaml': ['9:25: resources.web.console_password: must contain a digit'],
  'unknown-reference.yaml': [
    '8:19: unknown reference "${data.nope.oss[0].name}": no data source "nope" is declared',
    '13:20: unknown reference "${var.prefix}": no variable "prefix" is declared',
    '15:12: unknown attribute "ip_adress" of cloud_lite_vm "web"',
  ],
  'cycle.yaml': ['9:18: dependency cycle: a -> b -> a'],
  'both-spellings.yaml': ['11:7: resources.web: both "productId" and "product_id" are given; use one spelling'],
  'computed-set.yaml': ['11:7: "computed" attribute "status" of cloud_lite_vm cannot be set'],
  'unknown-depends-on.yaml': [
    '14:18: unknown depends_on target "deploy_kye" in resources.web: no resource "deploy_kye" is declared; did you mean "deploy_key"?',
    '14:30: unknown depends_on target "data.images" in resources.web: no data source "images" is declared',
  ],
  'keypair-pool.yaml': ['10:7: keypair_id: keypair "pro_key" is in the lite_pro pool; cloud_lite_vm needs a lite keypair'],
  'three-errors.yaml': [
    '2:3: variable "console_password" has no value: set the environment variable CLOUDCTL_TEST_UNSET_PASSWORD',
    '12:14: resources.web.cycle: must be one of m, a, q, s, b, t, p4, p5, got "x"',
    '13:16: resources.web.vm_name: must be 6 to 16 characters long, got 3',
  ],
  'bad-expression.yaml': [
    '5:18: invalid reference "${key.}": expected an attribute name after "key."',
    '7:17: unclosed "${" in "id ${key.id"',
    '8:10: empty reference "${}"',
  ],
  'skeleton.yaml': [
    '1:1: unknown top-level key "resource"; did you mean "resources"?',
    '4:3: resources.key (cloud_lite_keypair) is missing required attribute "name"',
    '6:5: unknown key "propertes" in resources.key; did you mean "properties"?',
    '7:17: resources.key.depends_on: expected a list of addresses such as [web, data.ubuntu], got a string',
    '8:3: invalid resource name "data": "data", "var" and "module" are reserved for references',
    '12:12: unknown key "defualt" in variables.cycle; did you mean "default"?',
  ],
  'ignore-changes.yaml': [
    '5:35: resources.key.lifecycle.prevent_destroy: expected a boolean, got a string',
    '5:57: resources.key.lifecycle.ignore_changes: unknown attribute "nmae" of cloud_lite_keypair; did you mean "name"?',
    '5:63: resources.key.lifecycle.ignore_changes: "keypair_id" is a computed attribute of cloud_lite_keypair; only inputs can be ignored',
  ],
  'wrong-section.yaml': [
    '2:15: data.vm: "cloud_lite_vm" is a resource type; declare it under resources:',
    '4:21: resources.products: "cloud_lite_products" is a data source type; declare it under data:',
    '5:3: resources.key (cloud_lite_keypair) is missing required attribute "name"',
  ],
};

async function diagnosticsOf(file: string, catalogue?: CatalogueView): Promise<string[]> {
  try {
    await loadManifest(`${dir}/${file}`, { env: {}, catalogue });
  } catch (error) {
    if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  return [];
}

describe('manifest diagnostics (bad fixtures)', () => {
  it('has an expectation for every bad fixture', () => {
    expect(
      readdirSync(dir)
        .filter((name) => name.endsWith('.yaml'))
        .sort(),
    ).to.deep.equal(Object.keys(expected).sort());
  });

  for (const [file, lines] of Object.entries(expected)) {
    it(`${file}: ${lines.length} exact diagnostic${lines.length === 1 ? '' : 's'}`, async () => {
      const catalogue = file === 'keypair-pool.yaml' ? withLiteProKeypair() : undefined;
      expect(await diagnosticsOf(file, catalogue)).to.deep.equal(lines.map((line) => `${dir}/${file}:${line}`));
    });
  }

  it('reports a keypair of the right pool as fine', () => {
    const source = [
      'resources:',
      '  k: { type: cloud_lite_keypair, properties: { name: k } }',
      '  p: { type: cloud_lite_pro_keypair, properties: { name: p } }',
      '  web:',
      '    type: cloud_lite_vm',
      '    properties: { keypair_id: "${k.id}" }',
      '  other:',
      '    type: cloud_lite_vm',
      '    properties: { keypair_id: "${p.id}" }',
    ].join('\n');
    const catalogue = withLiteProKeypair();
    const { manifest } = parseManifest(source, 'pools.yaml', { catalogue });
    expect(checkKeypairPools(manifest, catalogue).map(formatDiagnostic)).to.deep.equal([
      'pools.yaml:9:19: keypair_id: keypair "p" is in the lite_pro pool; cloud_lite_vm needs a lite keypair',
    ]);
  });

  it('says "did you mean" in the spelling style the user wrote', async () => {
    const source = 'resources:\n  web:\n    type: lite_vm\n    properties: { vmNmae: abcdefg }\n';
    const error = await loadManifest('camel.yaml', { env: {}, source }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(DiagnosticError);
    expect((error as DiagnosticError).diagnostics.map(formatDiagnostic)).to.include(
      'camel.yaml:4:19: unknown attribute "vmNmae" in resources.web (cloud_lite_vm); did you mean "vmName"?',
    );
  });

  it('tells where a reference path leaves the shape of its target, naming the path as written up to there', () => {
    const source = [
      'data:',
      '  products: { type: cloud_lite_products }',
      '  os: { type: cloud_lite_os_list, properties: { product_id: "${data.products.products[0].product_id}" } }',
      'resources:',
      '  key: { type: lite_keypair, properties: { name: deploy } }',
      '  web:',
      '    type: lite_vm',
      '    properties:',
      '      product_id: ${data.products.products.product_id}',
      '      select_os: ${data.os.oss[0].name.first}',
      '      vm_name: ${data.products.products[0][1]}',
      '      cycle: ${data.products.products[0].nope}',
      '      ssh_and_console_user: ${key.keypair_id.x}',
      '      console_password: ${key.nope}',
    ].join('\n');
    const { manifest, sourceMap } = parseManifest(source, 'r.yaml');
    expect(validateManifest(manifest, sourceMap).map(formatDiagnostic)).to.deep.equal([
      'r.yaml:8:5: resources.web (cloud_lite_vm) is missing required attribute "keypair_id"',
      'r.yaml:9:19: invalid reference "${data.products.products.product_id}": data.products.products is a list; use an index such as data.products.products[0]',
      'r.yaml:10:18: invalid reference "${data.os.oss[0].name.first}": data.os.oss[0].name is a string and has no field "first"',
      'r.yaml:11:16: invalid reference "${data.products.products[0][1]}": data.products.products[0] is a mapping; use a field name instead of [1]',
      'r.yaml:12:14: invalid reference "${data.products.products[0].nope}": data.products.products[0] has no field "nope"',
      'r.yaml:13:29: invalid reference "${key.keypair_id.x}": key.keypair_id is an integer and has no field "x"',
      'r.yaml:14:25: unknown attribute "nope" of cloud_lite_keypair "key"',
    ]);
  });

  it('names a file it cannot read', async () => {
    const error = await loadManifest(`${dir}/does-not-exist.yaml`).catch((caught: unknown) => caught);
    expect((error as DiagnosticError).message).to.equal(`cannot read manifest "${dir}/does-not-exist.yaml": no such file`);
  });
});

describe('checkValue', () => {
  const at = { file: 'm.yaml', line: 1, column: 1 };
  const vm = defaultCatalogue.lookup('cloud_lite_vm') as CatalogueEntry;
  const check = (name: string, value: unknown, sensitive = false) =>
    checkValue(name, vm.attributes[name], value as never, at, 'resources.web', sensitive).map((diagnostic) => diagnostic.message);

  it('checks lengths, patterns, required contents and enums', () => {
    expect(check('vm_name', 'web-server-01')).to.deep.equal([]);
    expect(check('vm_name', 'web')).to.deep.equal(['resources.web.vm_name: must be 6 to 16 characters long, got 3']);
    expect(check('vm_name', 'web server')).to.deep.equal([
      'resources.web.vm_name: must contain only letters, digits, hyphens and periods, got "web server"',
    ]);
    expect(check('console_password', 'Secret 123')).to.deep.equal(['resources.web.console_password: must contain only letters and digits']);
    expect(check('console_password', 'abc')).to.deep.equal([
      'resources.web.console_password: must be at least 8 characters long, got 3',
      'resources.web.console_password: must contain an upper-case letter and a digit',
    ]);
    expect(check('cycle', 'x')).to.deep.equal(['resources.web.cycle: must be one of m, a, q, s, b, t, p4, p5, got "x"']);
    expect(check('cycle', 'x', true)).to.deep.equal(['resources.web.cycle: must be one of m, a, q, s, b, t, p4, p5']);
  });

  it('checks types, integers and limits', () => {
    expect(check('product_id', 1.5)).to.deep.equal(['resources.web.product_id: expected an integer, got 1.5']);
    expect(check('pay_with_credit_card', 'yes')).to.deep.equal(['resources.web.pay_with_credit_card: expected a boolean, got a string']);
    expect(check('disk_size', 0)).to.deep.equal(['resources.web.disk_size: must be at least 1 GB, got 0']);
    expect(check('select_os', null)).to.deep.equal(['resources.web.select_os: expected a string, got null']);
    expect(check('vm_name', null)).to.deep.equal([]);
    expect(check('vm_name', { $unknown: 'x.y' })).to.deep.equal([]);
  });

  it('checks the fields of blocks', () => {
    expect(check('timeouts', { create: '30m' })).to.deep.equal([]);
    expect(check('timeouts', { craete: '30m', delete: 'soon' })).to.deep.equal([
      'resources.web.timeouts: unknown field "craete"; did you mean "create"?',
      'resources.web.timeouts.delete: must be a duration such as 90s, 20m or 1h, got "soon"',
    ]);
  });

  it('knows one-sided limits', () => {
    const max: Attribute = { type: 'string', mode: 'optional', description: '', constraints: { maxLength: 4 } };
    expect(checkValue('x', max, 'abcdef', at, 'data.d').map((diagnostic) => diagnostic.message)).to.deep.equal([
      'data.d.x: must be at most 4 characters long, got 6',
    ]);
    const range: Attribute = { type: 'int64', mode: 'optional', description: '', constraints: { minimum: 1, maximum: 9 } };
    expect(checkValue('n', range, 10, at, 'data.d').map((diagnostic) => diagnostic.message)).to.deep.equal([
      'data.d.n: must be between 1 and 9, got 10',
    ]);
  });
});
