/**
 * Implied moves (issue 12): a block that gains `count` keeps its state
 * entry as instance 0, one that loses `count` keeps instance 0, with no
 * `moved:` block; never for `for_each` (the plan's reason suggests the
 * `moved:` block instead); explicit `moved:` blocks win; no move onto an
 * address the state holds. Module blocks likewise (`cluster.key` →
 * `cluster[0].key`), nested ones too.
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { resolveMoves } from '../../src/engine/moves-and-imports.js';
import { renderChangeReason } from '../../src/cli/views/reasons.js';
import type { ResourceState, StateDocument } from '../../src/state/document.js';

/** A manifest with one keypair block `web` (`repeat`: its count/for_each line) and `moved` appended. */
function manifestWith(repeat: string, moved = '') {
  const block = `resources:\n  web:\n    type: cloud_lite_keypair\n${repeat}    properties: { name: a }\n`;
  return loadManifestFromSource(`${block}${moved}`, 'm.yaml', { env: {} }).manifest;
}

/** Lines of a module block `name` at `module` with its count/for_each line `repeat`, under `resources:`. */
const moduleBlock = (name: string, module: string, repeat = '') => `  ${name}:\n    module: ${module}\n${repeat}`;

/**
 * A manifest with module blocks `cluster` (modules/key.yaml: keypairs `key`
 * and `pair` with count 2) and `top` (modules/top.yaml: a module block
 * `cluster` of modules/key.yaml), each with its count/for_each line, and
 * `moved` appended; written in a new temp folder.
 */
async function moduleManifestWith(repeat: { cluster?: string; top?: string; inner?: string }, moved = '') {
  const folder = await tempFolder('cloudctl-implied-');
  await mkdir(join(folder, 'modules'));
  const keypair = (name: string, count = '') => `  ${name}:\n    type: cloud_lite_keypair\n${count}    properties: { name: a }\n`;
  await writeFile(join(folder, 'modules/key.yaml'), `resources:\n${keypair('key')}${keypair('pair', '    count: 2\n')}`);
  await writeFile(join(folder, 'modules/top.yaml'), `resources:\n${moduleBlock('cluster', './key.yaml', repeat.inner)}`);
  const source = `resources:\n${moduleBlock('cluster', './modules/key.yaml', repeat.cluster)}${moduleBlock('top', './modules/top.yaml', repeat.top)}${moved}`;
  return loadManifestFromSource(source, 'main.yaml', { env: {}, cwd: folder }).manifest;
}

function stateOf(addresses: string[], type = 'cloud_lite_keypair'): StateDocument {
  const resources: Record<string, ResourceState> = {};
  for (const [index, address] of addresses.entries()) resources[address] = { type, id: `${index + 1}`, attributes: {}, dependencies: [] };
  return { format_version: 1, lineage: 'l', serial: 3, resources, outputs: {} };
}

describe('implied moves (count added or removed)', () => {
  const cases: Array<[string, string, string[], string[], string[], string?]> = [
    // what, repeat line, state, expected moves, expected state keys, moved blocks
    ['count added: web becomes web[0]', '    count: 2\n', ['web'], ['web -> web[0] (count_added)'], ['web[0]']],
    ['count removed: web[0] becomes web', '', ['web[0]'], ['web[0] -> web (count_removed)'], ['web']],
    ['count removed with several: only web[0] moves', '', ['web[0]', 'web[1]'], ['web[0] -> web (count_removed)'], ['web', 'web[1]']],
    ['count: 1 added', '    count: 1\n', ['web'], ['web -> web[0] (count_added)'], ['web[0]']],
    ['no move when web[0] is in state already', '    count: 2\n', ['web', 'web[0]'], [], ['web', 'web[0]']],
    ['no move when web is in state already', '', ['web', 'web[0]'], [], ['web', 'web[0]']],
    ['never for for_each', '    for_each: [eu, us]\n', ['web'], [], ['web']],
    ['never from a for_each key', '', ['web["eu"]'], [], ['web["eu"]']],
    ['count: 0 has no instance to move to', '    count: 0\n', ['web'], [], ['web']],
    ['an explicit moved block wins', '    count: 2\n', ['web'], ['web -> web[1]'], ['web[1]'], 'moved:\n  - from: web\n    to: web[1]\n'],
  ];
  for (const [what, repeat, addresses, moves, keys, moved] of cases) {
    it(what, () => {
      const result = resolveMoves(manifestWith(repeat, moved), stateOf(addresses));
      expect(result.diagnostics).to.deep.equal([]);
      expect(result.moves.map(({ from, to, implied }) => `${from} -> ${to}${implied ? ` (${implied})` : ''}`)).to.deep.equal(moves);
      expect(Object.keys(result.state.resources).sort()).to.deep.equal(keys);
    });
  }

  it('keeps the id and type, and leaves the given state untouched', () => {
    const state = stateOf(['web']);
    const result = resolveMoves(manifestWith('    count: 2\n'), state);
    expect(result.moves).to.deep.equal([{ from: 'web', to: 'web[0]', type: 'cloud_lite_keypair', id: '1', implied: 'count_added' }]);
    expect(result.state.resources['web[0]']).to.equal(state.resources.web);
    expect(Object.keys(state.resources)).to.deep.equal(['web']);
  });

  it('no move when the entry is of another type', () => {
    expect(resolveMoves(manifestWith('    count: 2\n'), stateOf(['web'], 'cloud_lite_vm')).moves).to.deep.equal([]);
  });

  it('the reason for a for_each switch suggests the exact moved: block', () => {
    const change = { address: 'web', type: 'cloud_lite_keypair' };
    expect(
      renderChangeReason(
        { code: 'delete_because_repetition_changed', block: 'web', suggested_move: { from: 'web', to: 'web["eu"]' } },
        change,
      ),
    ).to.equal(
      `web changed between one instance and count/for_each instances; to keep it as web["eu"] instead of destroying it, add to the manifest: moved: [{ from: web, to: 'web["eu"]' }]`,
    );
    expect(renderChangeReason({ code: 'delete_because_repetition_changed', block: 'web' }, change)).to.equal(
      'web changed between one instance and count/for_each instances',
    );
  });
});

describe('implied moves of module blocks (count added or removed)', () => {
  const count = (value: number | string) => `    count: ${value}\n`;
  const cases: Array<[string, { cluster?: string; top?: string; inner?: string }, string[], string[], string?]> = [
    // what, count/for_each lines, state, expected moves (state keys follow from them), moved blocks
    [
      'count added: every resource under cluster moves to cluster[0]',
      { cluster: count(2) },
      ['cluster.key', 'cluster.pair[0]', 'cluster.pair[1]'],
      [
        'cluster.key -> cluster[0].key (count_added)',
        'cluster.pair[0] -> cluster[0].pair[0] (count_added)',
        'cluster.pair[1] -> cluster[0].pair[1] (count_added)',
      ],
    ],
    ['count: 1 added', { cluster: count(1) }, ['cluster.key'], ['cluster.key -> cluster[0].key (count_added)']],
    [
      'count removed: cluster[0] becomes cluster, cluster[1] stays',
      {},
      ['cluster[0].key', 'cluster[1].key'],
      ['cluster[0].key -> cluster.key (count_removed)'],
    ],
    [
      'nested: a module block in a module gains count',
      { inner: count(2) },
      ['top.cluster.key'],
      ['top.cluster.key -> top.cluster[0].key (count_added)'],
    ],
    [
      'nested: a module block in a module loses count',
      {},
      ['top.cluster[0].key'],
      ['top.cluster[0].key -> top.cluster.key (count_removed)'],
    ],
    [
      'outer: the module block holding a module gains count',
      { top: count(1) },
      ['top.cluster.key'],
      ['top.cluster.key -> top[0].cluster.key (count_added)'],
    ],
    ['no move when cluster[0].key is in state already', { cluster: count(2) }, ['cluster.key', 'cluster[0].key'], []],
    ['no move when cluster.key is in state already', {}, ['cluster.key', 'cluster[0].key'], []],
    ['never for for_each', { cluster: '    for_each: [eu, us]\n' }, ['cluster.key'], []],
    ['never from a for_each key', {}, ['cluster["eu"].key'], []],
    ['count: 0 has no instance to move to', { cluster: count(0) }, ['cluster.key'], []],
    ['two nested module blocks gained count at once: no implied move', { top: count(1), inner: count(1) }, ['top.cluster.key'], []],
    [
      'an explicit moved block of the module wins',
      { cluster: count(2) },
      ['cluster.key'],
      ['cluster.key -> cluster[1].key'],
      'moved:\n  - { from: cluster, to: "cluster[1]" }\n',
    ],
    [
      'an explicit moved block naming the module instance wins even when it does not apply',
      { cluster: count(2) },
      ['cluster.key', 'cluster[1].key'],
      [],
      'moved:\n  - { from: cluster, to: "cluster[1]" }\n',
    ],
    [
      'an explicit moved block naming the resource wins',
      { cluster: count(2) },
      ['cluster.key', 'cluster[1].key'],
      [],
      'moved:\n  - { from: cluster.key, to: "cluster[1].key" }\n',
    ],
  ];
  for (const [what, repeat, addresses, moves, moved] of cases) {
    it(what, async () => {
      const result = resolveMoves(await moduleManifestWith(repeat, moved), stateOf(addresses));
      expect(result.diagnostics).to.deep.equal([]);
      expect(result.moves.map(({ from, to, implied }) => `${from} -> ${to}${implied ? ` (${implied})` : ''}`)).to.deep.equal(moves);
      const renamed = new Map(result.moves.map(({ from, to }) => [from, to]));
      expect(Object.keys(result.state.resources).sort()).to.deep.equal(addresses.map((address) => renamed.get(address) ?? address).sort());
    });
  }

  it('keeps the id and type; no move when the entry is of another type', async () => {
    const manifest = await moduleManifestWith({ cluster: count(2) });
    expect(resolveMoves(manifest, stateOf(['cluster.key'])).moves).to.deep.equal([
      { from: 'cluster.key', to: 'cluster[0].key', type: 'cloud_lite_keypair', id: '1', implied: 'count_added' },
    ]);
    expect(resolveMoves(manifest, stateOf(['cluster.key'], 'cloud_lite_vm')).moves).to.deep.equal([]);
  });
});
