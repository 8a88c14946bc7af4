/**
 * The language server's symbol index (src/lsp/symbols.ts) and what it
 * serves (src/lsp/navigation.ts): definitions and references with exact
 * ranges across a folder manifest, its module and its var file.
 */
import { expect } from 'chai';
import { buildSymbolIndex, type SymbolIndex } from '../../src/lsp/symbols.js';
import { definitionAt, documentOutline, referencesAt, workspaceSymbols } from '../../src/lsp/navigation.js';
import type { FileRange } from '../../src/lsp/text.js';

/** Files of a workspace, by absolute path. */
export const FILES: Record<string, string> = {
  '/ws/stack/main.yaml': [
    'variables:',
    '  cycle: { default: m }',
    '  "region": { default: eu }',
    'locals:',
    '  prefix: web-${var.cycle}',
    'resources:',
    '  key:',
    '    type: cloud_lite_keypair',
    '    properties: { name: k1 }',
    '  web:',
    '    type: cloud_lite_vm',
    '    count: 2',
    '    depends_on: [key]',
    '    properties:',
    '      product_id: ${data.products.products[0].product_id}',
    '      keypair_id: ${ key.keypair_id }',
    '      vm_name: "${local.prefix}-${count.index}-${upper(var.cycle)}"',
    '      label: |',
    '        a ${key.id}',
    '        b ${key.id}',
    '',
  ].join('\n'),
  '/ws/stack/more.yaml': [
    'data:',
    '  products: { type: cloud_lite_products }',
    'resources:',
    '  cluster:',
    '    module: ./modules/app',
    '    inputs: { name: "${web[0].id}" }',
    'outputs:',
    '  ip: ${module.cluster.ip}',
    '  ids: ${web[*].id}',
    'moved:',
    '  - from: old',
    '    to: web',
    '',
  ].join('\n'),
  '/ws/stack/modules/app/main.yaml': [
    'variables:',
    '  name: {}',
    'resources:',
    '  vm:',
    '    type: cloud_lite_vm',
    '    properties: { vm_name: "${var.name}" }',
    'outputs:',
    '  ip: ${vm.ip_address}',
    '',
  ].join('\n'),
  '/ws/stack/prod.vars.yaml': 'cycle: y\nregion: us\n',
};

/** The index of {@link FILES} (or of `files`): the folder manifest with its var file. */
export function indexOf(files: Record<string, string> = FILES): SymbolIndex {
  return buildSymbolIndex({
    manifests: [{ files: ['/ws/stack/main.yaml', '/ws/stack/more.yaml'], varFiles: ['/ws/stack/prod.vars.yaml'] }],
    read: (path) => files[path],
  });
}

/** `file:line:column-column` (1-based) of a range on one line. */
export function at(place: FileRange): string {
  const { start, end } = place.range;
  return `${place.file.replace('/ws/stack/', '')}:${start.line + 1}:${start.character + 1}-${end.character + 1}`;
}

describe('lsp symbol index', () => {
  const index = indexOf();

  it('finds every declaration with the range of its name', () => {
    const ids = [...index.symbols.keys()].map((id) => id.replace('/ws/stack/', ''));
    expect(ids).to.have.members([
      '*.yaml#variable.cycle',
      '*.yaml#variable.region',
      '*.yaml#local.prefix',
      '*.yaml#resource.key',
      '*.yaml#resource.web',
      '*.yaml#data.products',
      '*.yaml#module.cluster',
      '*.yaml#output.ip',
      '*.yaml#output.ids',
      'modules/app/main.yaml#variable.name',
      'modules/app/main.yaml#resource.vm',
      'modules/app/main.yaml#output.ip',
    ]);
    const region = index.lookup('/ws/stack/*.yaml', 'variable', 'region')!;
    expect(at(region.definition)).to.equal('main.yaml:3:4-10'); // the quote excluded
    expect(index.lookup('/ws/stack/*.yaml', 'resource', 'web')!.repeated).to.equal(true);
  });

  it('finds references in templates, operators, block scalars, depends_on, moved and module inputs, at the name', () => {
    const references = (kind: Parameters<SymbolIndex['lookup']>[1], name: string, scope = '/ws/stack/*.yaml') =>
      index.lookup(scope, kind, name)!.references.map((entry) => `${at(entry)}/${entry.role}`);
    expect(references('resource', 'key')).to.deep.equal([
      'main.yaml:13:18-21/reference',
      'main.yaml:16:22-25/reference',
      'main.yaml:19:13-16/reference',
      'main.yaml:20:13-16/reference',
    ]);
    expect(references('variable', 'cycle')).to.deep.equal([
      'main.yaml:5:21-26/reference',
      'main.yaml:17:60-65/reference',
      'prod.vars.yaml:1:1-6/var_file',
    ]);
    expect(references('resource', 'web')).to.deep.equal([
      'more.yaml:6:24-27/reference',
      'more.yaml:9:10-13/reference',
      'more.yaml:12:9-12/moved_to',
    ]);
    expect(references('data', 'products')).to.deep.equal(['main.yaml:15:26-34/reference']);
    expect(references('local', 'prefix')).to.deep.equal(['main.yaml:17:25-31/reference']);
    expect(references('module', 'cluster')).to.deep.equal(['more.yaml:8:16-23/reference']);
    expect(references('output', 'ip', '/ws/stack/modules/app/main.yaml')).to.deep.equal(['more.yaml:8:24-26/reference']);
    expect(references('variable', 'name', '/ws/stack/modules/app/main.yaml')).to.deep.equal([
      'modules/app/main.yaml:6:35-39/reference',
      'more.yaml:6:15-19/input',
    ]);
  });

  it('answers go to definition and find references from any occurrence', () => {
    const definition = definitionAt(index, '/ws/stack/main.yaml', { line: 15, character: 23 }); // inside `key` of ${ key.keypair_id }
    expect(definition && at(definition)).to.equal('main.yaml:7:3-6');
    const fromOutput = definitionAt(index, '/ws/stack/more.yaml', { line: 7, character: 24 }); // `ip` of module.cluster.ip
    expect(fromOutput && at(fromOutput)).to.equal('modules/app/main.yaml:8:3-5');
    const places = referencesAt(index, '/ws/stack/main.yaml', { line: 6, character: 3 }, true).map(at);
    expect(places[0]).to.equal('main.yaml:7:3-6');
    expect(places).to.have.length(5);
    expect(definitionAt(index, '/ws/stack/main.yaml', { line: 10, character: 10 })).to.equal(undefined); // a type name: no symbol
  });

  it('lists a file outline and searches the workspace symbols', () => {
    const outline = documentOutline(index, '/ws/stack/main.yaml');
    expect(outline.map((entry) => entry.name)).to.deep.equal(['var.cycle', 'var.region', 'local.prefix', 'key', 'web']);
    const web = outline.find((entry) => entry.name === 'web')!;
    expect(web.detail).to.equal('cloud_lite_vm');
    expect(web.range.start.line).to.equal(9);
    expect(web.range.end.line).to.be.greaterThan(18);
    const found = workspaceSymbols(index, 'ip').map((entry) => `${entry.name}@${entry.container.replace('/ws/stack/', '')}`);
    expect(found).to.deep.equal(['output.ip@*.yaml', 'output.ip@modules/app/main.yaml']);
    // Letters in order match too, after the names holding the query as written.
    expect(workspaceSymbols(index, 'vcy').map((entry) => entry.name)).to.deep.equal(['var.cycle']);
    expect(workspaceSymbols(index, '')).to.have.length(index.symbols.size);
  });

  it('indexes a manifest with errors as far as it parses, and skips files it cannot read', () => {
    const broken = buildSymbolIndex({
      manifests: [{ files: ['/ws/a.yaml'] }, { files: ['/ws/missing.yaml'] }],
      read: (path) =>
        path === '/ws/a.yaml'
          ? 'resources:\n  web:\n    type: cloud_lite_vm\n    properties: { label: "${nope.id}" }\n  bad: [\n'
          : undefined,
    });
    expect([...broken.scopes.keys()]).to.deep.equal(['/ws/a.yaml']);
  });
});
