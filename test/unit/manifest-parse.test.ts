/**
 * Good manifests: normalisation (types, attribute spellings), expressions
 * and their locations, outputs, provider, variables from env and defaults.
 */
import { expect } from 'chai';
import { loadManifest, loadManifestFromSource } from '../../src/manifest/index.js';
import { parseManifest } from '../../src/manifest/parse/manifest.js';
import { resolveVariables } from '../../src/manifest/expand/variables.js';
import { type DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import { type Expression, type Reference } from '../../src/manifest/types.js';

const full = 'test/fixtures/manifests/good/full.yaml';
const env = { CONSOLE_PASSWORD: 'Secret123' };

function at(line: number, column: number) {
  return { file: full, line, column };
}

describe('parseManifest / loadManifest (good manifests)', () => {
  it('loads the full example without diagnostics', async () => {
    const loaded = await loadManifest(full, { env });
    expect(loaded.warnings).to.deep.equal([]);
    expect(Object.keys(loaded.manifest.resources)).to.deep.equal(['deploy_key', 'web', 'worker']);
    expect(Object.keys(loaded.manifest.data)).to.deep.equal(['products', 'ubuntu']);
    expect(loaded.manifest.path).to.equal(full);
  });

  it('normalises type aliases and Pulumi tokens to canonical names', async () => {
    const { manifest } = await loadManifest(full, { env });
    expect(manifest.resources.web.type).to.equal('cloud_lite_vm'); // cloud:index:LiteVm
    expect(manifest.resources.worker.type).to.equal('cloud_lite_vm'); // lite_vm
    expect(manifest.data.ubuntu.type).to.equal('cloud_lite_os_list'); // lite_os_list
    expect(manifest.data.ubuntu.address).to.equal('data.ubuntu');
  });

  it('normalises camelCase attribute names and keeps the key positions', async () => {
    const { manifest } = await loadManifest(full, { env });
    const web = manifest.resources.web;
    expect(Object.keys(web.properties)).to.deep.equal([
      'product_id',
      'select_os',
      'keypair_id',
      'ssh_and_console_user',
      'console_password',
      'cycle',
      'vm_name',
      'disk_size',
      'timeouts',
    ]);
    expect(web.propertyLocations.product_id).to.deep.equal(at(17, 7));
    expect(web.propertyLocations.keypair_id).to.deep.equal(at(19, 7));
    expect(web.location).to.deep.equal(at(14, 3));
  });

  it('parses exact references (keeping their type) with the value position', async () => {
    const { manifest } = await loadManifest(full, { env });
    const productId = manifest.resources.web.properties.product_id as Extract<Expression, { kind: 'reference' }>;
    expect(productId.kind).to.equal('reference');
    expect(productId.location).to.deep.equal(at(17, 18));
    const reference: Reference = productId.reference;
    expect(reference).to.deep.equal({
      text: 'data.products.products[0].product_id',
      root: 'data',
      name: 'products',
      path: ['products', 0, 'product_id'],
      location: at(17, 18),
    });
    const quoted = manifest.data.ubuntu.properties.product_id as Extract<Expression, { kind: 'reference' }>;
    expect(quoted.location).to.deep.equal(at(11, 31)); // the opening quote
    expect(quoted.reference.location).to.deep.equal(at(11, 32)); // the ${
  });

  it('parses templates with each reference at its ${', async () => {
    const { manifest } = await loadManifest(full, { env });
    const name = manifest.resources.web.properties.vm_name as Extract<Expression, { kind: 'template' }>;
    expect(name.kind).to.equal('template');
    expect(name.location).to.deep.equal(at(23, 16));
    expect(
      name.parts.map((part) => (typeof part === 'string' ? part : `<${(part as Reference).text}@${part.location.column}>`)),
    ).to.deep.equal(['web-', '<var.cycle@21>', '-01']);
    const summary = manifest.outputs.summary.value as Extract<Expression, { kind: 'template' }>;
    expect(summary.parts.filter((part) => typeof part !== 'string').map((part) => (part as Reference).location.column)).to.deep.equal([
      17, 30,
    ]);
  });

  it('points references in multi-line scalars at the value start', () => {
    const source = 'outputs:\n  text: |\n    id ${web.id}\n    and ${web.id}\n';
    const { manifest, diagnostics } = parseManifest(source, 'm.yaml');
    expect(diagnostics).to.deep.equal([]);
    const text = manifest.outputs.text.value as Extract<Expression, { kind: 'template' }>;
    expect(text.parts.filter((part) => typeof part !== 'string').map((part) => (part as Reference).location)).to.deep.equal([
      { file: 'm.yaml', line: 2, column: 9 },
      { file: 'm.yaml', line: 2, column: 9 },
    ]);
  });

  it('keeps literals, lists and mappings without references as literals', async () => {
    const { manifest } = await loadManifest(full, { env });
    expect(manifest.resources.web.properties.timeouts).to.deep.include({ kind: 'literal', value: { create: '30m' } });
    expect(manifest.resources.worker.properties.product_id).to.deep.include({ kind: 'literal', value: 101 });
    const { manifest: other } = parseManifest('outputs:\n  list: ["${a.id}", 2]\n  plain: "$${not.a.reference}"\n', 'm.yaml');
    expect(other.outputs.list.value.kind).to.equal('list');
    expect(other.outputs.plain.value).to.deep.include({ kind: 'literal', value: '${not.a.reference}' });
  });

  it('reads depends_on, lifecycle, outputs and provider', async () => {
    const { manifest } = await loadManifest(full, { env });
    expect(manifest.resources.web.dependsOn).to.deep.equal([{ address: 'deploy_key', location: at(26, 18) }]);
    expect(manifest.resources.web.lifecycle).to.deep.equal({ preventDestroy: true, ignoreChanges: ['description'] });
    expect(manifest.resources.worker.lifecycle).to.deep.equal({ preventDestroy: false, ignoreChanges: [] });
    expect(manifest.outputs.secret_out.sensitive).to.equal(true);
    expect(manifest.outputs.web_id.sensitive).to.equal(false);
    expect(manifest.outputs.secret_out.value.kind).to.equal('reference');
    expect(manifest.provider).to.deep.equal({ baseUrl: 'http://127.0.0.1:4010/v1', pollIntervalSeconds: 2, location: at(2, 1) });
  });

  it('accepts ignore_changes: all and camelCase block keys', () => {
    const source =
      'resources:\n  k:\n    type: lite_keypair\n    properties: { name: k }\n    dependsOn: []\n    lifecycle: { preventDestroy: true, ignoreChanges: all }\n';
    const loaded = loadManifestFromSource(source, 'm.yaml', { env: {} });
    expect(loaded.manifest.resources.k.lifecycle).to.deep.equal({ preventDestroy: true, ignoreChanges: 'all' });
  });

  it("resolves variables: env wins, then default, with coercion to the default's type", async () => {
    const loaded = await loadManifest(full, { env: { ...env, DISK_SIZE: '120' } });
    expect(loaded.variables).to.deep.equal({ console_password: 'Secret123', cycle: 'm', disk: 120 });
    expect([...loaded.sensitiveVariables]).to.deep.equal(['console_password']);
    const defaults = await loadManifest(full, { env });
    expect(defaults.variables.disk).to.equal(80);
  });

  it('reports variables without a value or with an unparsable env value', () => {
    const source = [
      'variables:',
      '  a: { env: A_VALUE }',
      '  b: {}',
      '  n: { env: N_VALUE, default: 3 }',
      '  flag: { env: FLAG, default: false }',
      '  secret: { env: SECRET_N, default: 1, sensitive: true }',
    ].join('\n');
    const { manifest } = parseManifest(source, 'v.yaml');
    const result = resolveVariables(manifest, { N_VALUE: 'abc', FLAG: 'TRUE', SECRET_N: 'x' });
    expect(result.values).to.deep.equal({ flag: true });
    expect(result.diagnostics.map(formatDiagnostic)).to.deep.equal([
      'v.yaml:2:3: variable "a" has no value: set the environment variable A_VALUE',
      'v.yaml:3:3: variable "b" has no value: give it with --var b=VALUE, a var file, CLOUDCTL_VAR_b, an env or a default',
      'v.yaml:4:3: variable "n" expects a number like its default 3: environment variable N_VALUE is "abc"',
      'v.yaml:6:3: variable "secret" expects a number: environment variable SECRET_N does not parse',
    ]);
  });

  it('re-loads a stored manifest source under its original path', () => {
    const source = 'resources:\n  k: { type: cloud_lite_keypair, properties: { name: 12 } }\n';
    try {
      loadManifestFromSource(source, 'saved/manifest.yaml', { env: {} });
      expect.fail('should throw');
    } catch (error) {
      expect((error as DiagnosticError).diagnostics.map(formatDiagnostic)).to.deep.equal([
        'saved/manifest.yaml:2:54: resources.k.name: expected a string, got a number',
      ]);
    }
  });

  it('reports an empty manifest and a manifest that is not a mapping', () => {
    expect(parseManifest('', 'e.yaml').diagnostics.map(formatDiagnostic)).to.deep.equal([
      'e.yaml:1:1: the manifest is empty: expected a mapping with provider, variables, locals, data, resources, outputs, budget, backend, moved, import, removed',
    ]);
    expect(parseManifest('- a\n', 'l.yaml').diagnostics.map(formatDiagnostic)).to.deep.equal([
      'l.yaml:1:1: the manifest must be a mapping with provider, variables, locals, data, resources, outputs, budget, backend, moved, import, removed, got a list',
    ]);
  });

  it('reports duplicate keys as YAML errors', () => {
    expect(parseManifest('resources: {}\nresources: {}\n', 'd.yaml').diagnostics.map(formatDiagnostic)).to.deep.equal([
      'd.yaml:2:1: invalid YAML: Map keys must be unique',
    ]);
  });

  it('reports bad provider settings', () => {
    const { diagnostics } = parseManifest('provider: { base_url: "ftp://x", poll_interval: soon, token: x }\n', 'p.yaml');
    expect(diagnostics.map(formatDiagnostic)).to.deep.equal([
      'p.yaml:1:23: provider.base_url: expected an http or https URL, got "ftp://x"',
      'p.yaml:1:49: provider.poll_interval: expected a positive number of seconds or a duration such as "2s", got "soon"',
      'p.yaml:1:55: unknown key "token" in provider; expected one of base_url, poll_interval',
    ]);
  });
});

describe('the backend block', () => {
  const parse = (block: string) => parseManifest(`backend:\n${block}\nresources: {}\n`, 'b.yaml');
  it('reads a PostgreSQL URL without password and a schema', () => {
    const { manifest, diagnostics } = parse('  url: postgres://ops@db.internal:5432/infra\n  schema: team_state');
    expect(diagnostics).to.deep.equal([]);
    expect(manifest.backend).to.include({ url: 'postgres://ops@db.internal:5432/infra', schema: 'team_state' });
  });
  it('refuses a password in the URL, at its position, without printing it', () => {
    const { diagnostics } = parse('  url: postgres://ops:hunter2@db.internal/infra');
    expect(diagnostics.map((diagnostic) => [diagnostic.location?.line, diagnostic.message])).to.deep.equal([
      [2, 'backend.url: the manifest holds no secret: leave the password out of the URL and set PGPASSWORD'],
    ]);
  });
  it('refuses another scheme and unknown keys', () => {
    const { diagnostics } = parse('  url: mysql://x/y\n  password: x');
    expect(diagnostics.map((diagnostic) => diagnostic.message).join('\n'))
      .to.match(/expected postgres:\/\//)
      .and.match(/password/);
  });
});
