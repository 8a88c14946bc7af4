/**
 * Rename in the language server (src/lsp/rename.ts): every place edited,
 * and a `moved:` entry added when the state holds the old address, so the
 * edited manifest still loads and plans a move.
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadManifest } from '../../src/manifest/index.js';
import { buildSymbolIndex, type SymbolIndex } from '../../src/lsp/symbols.js';
import { renameSymbol, RenameRefusedError, type RenameResult } from '../../src/lsp/rename.js';
import { applyEdits } from '../support/text-edits.js';
import { tempFolder } from '../temp-folders.js';
import { LSP_STACK } from '../fixtures/lsp-stack.js';

const ROOT = '/ws/main.yaml';
const MODULE = '/ws/modules/app/main.yaml';
/** {@link LSP_STACK} at `/ws/`. */
const FILES: Record<string, string> = Object.fromEntries(Object.entries(LSP_STACK).map(([path, text]) => [`/ws/${path}`, text]));

/** The files after a rename. */
function edited(result: RenameResult, files: Record<string, string> = FILES): Record<string, string> {
  const out = { ...files };
  for (const [file, edits] of result.edits) out[file] = applyEdits(out[file], edits);
  return out;
}

/** Writes the files under a temp folder and loads `main.yaml` as `cloudctl validate` would (throws its errors); its resource addresses. */
async function loads(files: Record<string, string>): Promise<string[]> {
  const folder = await tempFolder('lsp-rename-');
  for (const [path, text] of Object.entries(files)) {
    const target = join(folder, path.replace('/ws/', ''));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  const loaded = await loadManifest('main.yaml', { cwd: folder, env: {} });
  return Object.keys(loaded.manifest.resources).sort();
}

describe('lsp rename', () => {
  const index: SymbolIndex = buildSymbolIndex({
    manifests: [{ files: [ROOT], varFiles: ['/ws/prod.vars.yaml'] }],
    read: (path) => FILES[path],
  });
  const symbol = (scope: string, kind: Parameters<SymbolIndex['lookup']>[1], name: string) => index.lookup(scope, kind, name)!;

  it('loads as written', async () => {
    expect(await loads(FILES)).to.deep.equal(['cluster.app_key', 'key', 'web[0]', 'web[1]']);
  });

  it('renames a block everywhere without a moved entry when the state does not hold it', async () => {
    const result = renameSymbol(index, symbol(ROOT, 'resource', 'key'), 'ssh_key', new Map());
    expect(result.moves).to.deep.equal([]);
    const files = edited(result);
    expect(files[ROOT]).to.include('  ssh_key:\n').and.include('depends_on: [ssh_key]').and.include('keypair_id: ${ssh_key.keypair_id}');
    expect(files[ROOT]).not.to.match(/\bkey[.:]/);
    expect(await loads(files)).to.include('ssh_key');
  });

  it('adds moved: { from, to } for a counted block the state holds, the whole block moved, its old moved entry chained', async () => {
    const state = new Map([[ROOT, new Set(['web[0]', 'web[1]', 'key'])]]);
    const result = renameSymbol(index, symbol(ROOT, 'resource', 'web'), 'frontend', state);
    expect(result.moves).to.deep.equal([{ file: ROOT, from: 'web', to: 'frontend' }]);
    const files = edited(result);
    expect(files[ROOT]).to.include('moved:\n  - from: old\n    to: web\n  - from: web\n    to: frontend\n');
    expect(files[ROOT]).to.include('  frontend:\n').and.include('ids: ${frontend[*].id}');
    expect(await loads(files))
      .to.include('frontend[0]')
      .and.include('frontend[1]');
  });

  it('follows the moved entry to the new name when the state does not hold the old one', async () => {
    const files = edited(renameSymbol(index, symbol(ROOT, 'resource', 'web'), 'frontend', new Map([[ROOT, new Set(['old[0]'])]])));
    expect(files[ROOT]).to.include('moved:\n  - from: old\n    to: frontend\n').and.not.include('from: web');
    expect(await loads(files)).to.include('frontend[0]');
  });

  it('moves a module block, and a block inside a module under each module instance the state holds', async () => {
    const state = new Map([[ROOT, new Set(['cluster.app_key'])]]);
    const module = renameSymbol(index, symbol(ROOT, 'module', 'cluster'), 'app', state);
    expect(module.moves.map(({ from, to }) => `${from}->${to}`)).to.deep.equal(['cluster->app']);
    expect(edited(module)[ROOT]).to.include('key_id: ${module.app.key_id}').and.include('  app:\n    module: ./modules/app');
    expect(await loads(edited(module))).to.include('app.app_key');
    const inner = renameSymbol(index, symbol(MODULE, 'resource', 'app_key'), 'server_key', state);
    expect(inner.moves.map(({ from, to }) => `${from}->${to}`)).to.deep.equal(['cluster.app_key->cluster.server_key']);
    const files = edited(inner);
    expect(files[MODULE]).to.include('  server_key:\n').and.include('key_id: ${server_key.keypair_id}');
    expect(files[ROOT]).to.include('  - from: cluster.app_key\n    to: cluster.server_key\n');
    expect(await loads(files)).to.include('cluster.server_key');
  });

  it('renames a variable with its module inputs and var file keys, a local and a module output', async () => {
    const variable = edited(renameSymbol(index, symbol(ROOT, 'variable', 'cycle'), 'billing_cycle', new Map()));
    expect(variable[ROOT])
      .to.include('  billing_cycle: { default: m }')
      .and.include('cycle: ${var.billing_cycle}')
      .and.include('app-${var.billing_cycle}');
    expect(variable['/ws/prod.vars.yaml']).to.equal('billing_cycle: y\n');
    const input = edited(renameSymbol(index, symbol(MODULE, 'variable', 'name'), 'key_name', new Map()));
    expect(input[ROOT]).to.include('inputs: { key_name: "app-${var.cycle}" }');
    expect(input[MODULE]).to.include('${var.key_name}');
    const output = edited(renameSymbol(index, symbol(MODULE, 'output', 'key_id'), 'keypair', new Map()));
    expect(output[ROOT]).to.include('${module.cluster.keypair}');
    const local = edited(renameSymbol(index, symbol(ROOT, 'local', 'prefix'), 'stem', new Map()));
    expect(local[ROOT]).to.include('  stem: web-').and.include('${local.stem}-');
    for (const files of [variable, input, output, local]) expect(await loads(files)).to.have.length(4);
  });

  it('writes a moved: section in a file without one, and appends to a flow list', () => {
    const files = { '/ws/a.yaml': 'resources:\n  web:\n    type: cloud_lite_keypair\n    properties: { name: k1 }' };
    const single = buildSymbolIndex({ manifests: [{ files: ['/ws/a.yaml'] }], read: (path) => files[path as keyof typeof files] });
    const state = new Map([['/ws/a.yaml', new Set(['web'])]]);
    const result = renameSymbol(single, single.lookup('/ws/a.yaml', 'resource', 'web')!, 'key', state);
    expect(edited(result, files)['/ws/a.yaml']).to.equal(
      'resources:\n  key:\n    type: cloud_lite_keypair\n    properties: { name: k1 }\n\nmoved:\n  - from: web\n    to: key\n',
    );
    const flow = { '/ws/a.yaml': `${files['/ws/a.yaml']}\nmoved: [{ from: a, to: web }]\n` };
    const flowIndex = buildSymbolIndex({ manifests: [{ files: ['/ws/a.yaml'] }], read: (path) => flow[path as keyof typeof flow] });
    const chained = renameSymbol(flowIndex, flowIndex.lookup('/ws/a.yaml', 'resource', 'web')!, 'key', state);
    expect(edited(chained, flow)['/ws/a.yaml']).to.include('moved: [{ from: a, to: web }, { from: web, to: key }]');
  });

  it('refuses a name that is not one, reserved, or taken', () => {
    const refused = (name: string) => {
      try {
        renameSymbol(index, symbol(ROOT, 'resource', 'web'), name, new Map());
      } catch (error) {
        expect(error).to.be.instanceOf(RenameRefusedError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refused('1web')).to.match(/is not a name/);
    expect(refused('data')).to.match(/reserved/);
    expect(refused('key')).to.equal('"key" is declared already at /ws/main.yaml:6:3');
    expect(refused('cluster')).to.match(/declared already at \/ws\/main.yaml:21:3/);
    expect(refused('web2')).to.equal('accepted');
  });
});
