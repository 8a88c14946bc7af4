/**
 * Implied moves (issue 12): a block that gains `count` keeps its state
 * entry as instance 0, one that loses `count` keeps instance 0, with no
 * `moved:` block; never for `for_each` (the plan's reason suggests the
 * `moved:` block instead); explicit `moved:` blocks win; no move onto an
 * address the state holds.
 */
import { expect } from 'chai';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { resolveMoves } from '../../src/engine/moved.js';
import { renderChangeReason } from '../../src/cli/views/reasons.js';
import type { ResourceState, StateDocument } from '../../src/core/types.js';

/** A manifest with one keypair block `web` (`repeat`: its count/for_each line) and `moved` appended. */
function manifestWith(repeat: string, moved = '') {
  const block = `resources:\n  web:\n    type: cloud_lite_keypair\n${repeat}    properties: { name: a }\n`;
  return loadManifestFromSource(`${block}${moved}`, 'm.yaml', { env: {} }).manifest;
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
