/**
 * YAML merge keys (`<<: *base`, `<<: [*a, *b]`) in both readers
 * (src/manifest/syntax): read as YAML 1.1 defines them (a written key wins
 * over a merged one, an earlier mapping of a merge list over a later one),
 * the keys in the order js-yaml gives them, merged values located in the
 * anchor, and today's bounds kept (aliases, nesting, recursive merges).
 */
import { expect } from 'chai';
import { load } from 'js-yaml';
import type { Diagnostic, DiagnosticError } from '../../src/core/types.js';
import { loadManifestFromSource, parseManifest } from '../../src/manifest/index.js';
import { readYamlFast } from '../../src/manifest/syntax/fast-yaml.js';
import { plainValue } from '../../src/manifest/syntax/source-tree.js';
import { MAX_ALIAS_VALUES, readYaml, treeOfDocument } from '../../src/manifest/syntax/yaml.js';
import { expectReadersAgree } from '../support/readers.js';

/** The data the position-keeping reader makes of `source`, and its diagnostics. */
function read(source: string): { data: unknown; errors: string[] } {
  const result = readYaml(source, 'm.yaml');
  const errors = result.diagnostics.map((d) => `${d.location?.line}:${d.location?.column}: ${d.message}`);
  if (errors.length > 0 || !result.document) return { data: undefined, errors };
  return { data: plainValue(treeOfDocument(result.document).root), errors };
}

/** js-yaml's reading of `source` (the fast reader's parser), as [key, value] lists so key order counts. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([key, item]) => [key, ordered(item)]);
  return value;
}

const VM = `resources:
  key:
    type: cloud_lite_keypair
    properties: { name: k1 }
  web:
    type: cloud_lite_vm
    properties: &vm
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      console_password: Passw0rdPassw0rd
      cycle: m
      vm_name: web-1
`;

describe('manifest: YAML merge keys', () => {
  it('a written key wins over a merged one, before or after the merge key; keys in the order js-yaml gives them', () => {
    const source = `base: &base { a: 1, b: 2, c: 3 }
merged:
  b: written-before
  <<: *base
  c: written-after
  d: 4
`;
    const { data, errors } = read(source);
    expect(errors).to.deep.equal([]);
    expect(data).to.deep.equal({ base: { a: 1, b: 2, c: 3 }, merged: { a: 1, b: 'written-before', c: 'written-after', d: 4 } });
    const merged = (data as Record<string, object>).merged;
    expect(ordered(merged)).to.deep.equal(ordered((load(source) as Record<string, unknown>).merged));
  });

  it('merges a list of mappings, an earlier one winning; inline mappings and nested merges too', () => {
    const source = `one: &one { a: 1, b: 1 }
two: &two { b: 2, c: 2, <<: *one }
three: &three { <<: *two, d: 3 }
list:
  <<: [*one, { b: inline, e: 5 }, *three]
  z: 26
`;
    const { data, errors } = read(source);
    expect(errors).to.deep.equal([]);
    const list = (data as Record<string, unknown>).list;
    expect(list).to.deep.equal({ a: 1, b: 1, e: 5, c: 2, d: 3, z: 26 });
    expect((data as Record<string, unknown>).three).to.deep.equal({ b: 2, c: 2, a: 1, d: 3 });
    expect(ordered(list)).to.deep.equal(ordered((load(source) as Record<string, unknown>).list));
    expect(ordered(data)).to.deep.equal(ordered(load(source)));
  });

  it('the fast reader leaves merge keys to the position-keeping one, and both readers make the same of them', () => {
    const manifest = `${VM}  worker:
    type: cloud_lite_vm
    properties:
      <<: *vm
      vm_name: worker-1
variables:
  base: &variable { type: string, default: m }
  cycle: { <<: *variable, description: billing cycle }
`;
    expect(readYamlFast(manifest, 'm.yaml')).to.equal(undefined);
    expectReadersAgree(manifest, 'm.yaml', { env: {} });
    const parsed = parseManifest(manifest, 'm.yaml');
    expect(parsed.diagnostics).to.deep.equal([]);
    const worker = parsed.manifest!.resources.worker!;
    expect(Object.keys(worker.properties)).to.deep.equal(Object.keys(parsed.manifest!.resources.web!.properties));
    expect(worker.properties.vm_name).to.include({ value: 'worker-1' });
    // A merged value is located where it is written: in the anchored mapping.
    expect(worker.properties.product_id!.location).to.deep.equal({ file: 'm.yaml', line: 8, column: 19 });
    expect(worker.properties.vm_name!.location).to.deep.equal({ file: 'm.yaml', line: 19, column: 16 });
    expect(parsed.manifest!.variables.cycle).to.include({ description: 'billing cycle' });
  });

  it('an error in a merged value points into the anchor, once per mapping it is merged into', () => {
    const manifest = `${VM.replace('      cycle: m\n', '      cycle: m\n      colour: blue\n')}  worker:
    type: cloud_lite_vm
    properties: { <<: *vm, vm_name: worker-1 }
`;
    let diagnostics: Diagnostic[] = [];
    try {
      loadManifestFromSource(manifest, 'm.yaml', { env: {} });
    } catch (error) {
      diagnostics = (error as DiagnosticError).diagnostics;
    }
    const unknown = diagnostics.filter((d) => d.message.includes('colour'));
    expect(unknown.map((d) => [d.location?.line, d.location?.column])).to.deep.equal([
      [14, 7],
      [14, 7],
    ]);
    expect(diagnostics.some((d) => d.message.includes('<<'))).to.equal(false);
  });

  it('refuses a recursive merge, a merge of a scalar or a list, and an empty merge, each at its line', () => {
    expect(read('a: &a\n  x: 1\n  <<: *a\n').errors).to.deep.equal([
      '3:7: merge key "<<: *a" merges a mapping into itself (a recursive merge): merge a mapping written outside this one',
    ]);
    expect(read('s: &s text\nm:\n  <<: *s\n').errors[0]).to.match(/^3:7: a merge key \("<<"\) merges mappings, and this is a scalar/);
    expect(read('m:\n  <<: [{ a: 1 }, [1, 2]]\n').errors[0]).to.match(/^2:18: a merge key \("<<"\) merges mappings, and this is a list/);
    expect(read('m:\n  <<:\n  a: 1\n').errors[0]).to.match(/^2:3: a merge key \("<<"\) needs a value/);
    expect(read('m:\n  <<: *nowhere\n').errors).to.deep.equal([
      '2:7: undefined alias "*nowhere": no anchor "&nowhere" is written before it',
    ]);
    // Through the manifest: a located error, nothing read.
    const parsed = parseManifest(`${VM}  worker:\n    type: cloud_lite_vm\n    properties: &w { <<: *w }\n`, 'm.yaml');
    expect(parsed.diagnostics.map((d) => `${d.location?.line}:${d.location?.column}`)).to.deep.equal(['17:26']);
  });

  it('keeps the alias bounds: merges that multiply values are refused as an alias bomb', () => {
    const keys = Array.from({ length: 20 }, (_, index) => `k${index}: ${index}`).join(', ');
    const lines = [`l0: &l0 { ${keys} }`];
    for (let level = 1; level < 8; level++) {
      lines.push(
        `l${level}: &l${level} { ${Array.from({ length: 10 }, (_, index) => `m${index}: *l${level - 1}`).join(', ')}, <<: *l${level - 1} }`,
      );
    }
    const { errors } = read(`${lines.join('\n')}\n`);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include(`more than the ${MAX_ALIAS_VALUES.toLocaleString('en-US')} a manifest may hold`);
  });

  it('a quoted "<<" is a plain key, not a merge', () => {
    expect(read('base: &b { a: 1 }\nm: { "<<": *b }\n').data).to.deep.equal({ base: { a: 1 }, m: { '<<': { a: 1 } } });
  });
});
