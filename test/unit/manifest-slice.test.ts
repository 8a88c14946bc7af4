/**
 * The slice of a manifest a saved plan's apply loads (src/engine/manifest-slice.ts):
 * the line scan blanks the entries of `resources:` not wanted and keeps
 * every position; the blocks needed follow changes, references, outputs and
 * the noops that still write; the proof refuses a slice that would not load
 * the same declarations (an alias into a blanked entry), and a manifest the
 * scan cannot read with certainty is applied whole.
 */
import { expect } from 'chai';
import { defaultCatalogue, loadManifestFromSource } from '../../src/manifest/index.js';
import {
  changesOfSlice,
  loadManifestSlice,
  provenSlice,
  resourceBlocksNeeded,
  loadManifestSliceOfBytes,
  sliceManifestBytes,
  sliceManifestText,
} from '../../src/engine/manifest-slice.js';
import type { Change, PlanDocument } from '../../src/plan/document.js';
import type { StateDocument } from '../../src/state/document.js';

const MANIFEST = `# a comment
variables:
  cycle: { default: m }
outputs:
  first: \${kp_b.keypair_id}
resources:
  kp_a:
    type: cloud_lite_keypair
    properties: { name: a }

  kp_b:
    type: cloud_lite_keypair
    # a comment inside
    properties:
      name: b
  kp_c:
    type: cloud_lite_keypair
    properties: { name: "\${kp_a.name}-c" }
  kp_d: { type: cloud_lite_keypair, properties: { name: d } }
`;

const options = { catalogue: defaultCatalogue, cwd: '/tmp' };

/** A change of `address` (a keypair) doing `action`. */
function change(address: string, action: Change['action'], dependsOn: string[] = []): Change {
  return {
    address,
    type: 'cloud_lite_keypair',
    mode: 'resource',
    action,
    reasonCodes: [],
    attributes: [],
    operations: [],
    paidOrders: 0,
    dependsOn,
  };
}

/** A plan of `changes` for MANIFEST. */
function planOf(changes: Change[]): PlanDocument {
  return {
    format_version: 1,
    created_at: '2026-01-01T00:00:00Z',
    lineage: 'l',
    serial: 1,
    mode: 'apply',
    manifest: { path: 'stack.yaml', source: MANIFEST },
    variables: {},
    data_sources: {},
    changes,
    outputs: {},
  };
}

/** A state holding a keypair at each of `addresses`, with the dependencies given. */
function stateOf(entries: Record<string, string[]>): StateDocument {
  const resources: StateDocument['resources'] = {};
  for (const [address, dependencies] of Object.entries(entries)) {
    resources[address] = { type: 'cloud_lite_keypair', id: address, attributes: { name: address, keypair_id: 1 }, dependencies };
  }
  return { format_version: 1, lineage: 'l', serial: 1, resources, outputs: {} };
}

describe('manifest slice (a saved plan applies what changed)', () => {
  it('blanks the entries not wanted, line for line, comments and blank lines of a dropped entry included', () => {
    const sliced = sliceManifestText(MANIFEST, new Set(['kp_b']))!;
    const lines = sliced.split('\n');
    expect(lines.length).to.equal(MANIFEST.split('\n').length);
    expect(sliced).to.include('  kp_b:\n    type: cloud_lite_keypair\n    # a comment inside\n    properties:\n      name: b\n');
    expect(sliced).not.to.match(/kp_a|kp_c|kp_d/);
    expect(sliced.startsWith('# a comment\nvariables:\n  cycle: { default: m }\noutputs:\n')).to.equal(true);
    // Every line kept is where it was.
    MANIFEST.split('\n').forEach((line, index) => {
      if (lines[index] !== '') expect(lines[index]).to.equal(line);
    });
  });

  it('reads nothing it is not sure of: a document marker, a top-level list, a tab, a flow of resources spanning lines, a quoted key', () => {
    const wanted = new Set(['kp_a']);
    expect(sliceManifestText(`---\n${MANIFEST}`, wanted)).to.equal(undefined);
    expect(sliceManifestText('- a\n', wanted)).to.equal(undefined);
    expect(sliceManifestText('resources:\n\tkp_a: {}\n', wanted)).to.equal(undefined);
    expect(sliceManifestText('resources:\r\n  kp_a: {}\r\n', wanted)).to.equal(undefined);
    expect(sliceManifestText('resources: { kp_a: { type: cloud_lite_keypair },\n  kp_b: {} }\n', wanted)).to.equal(
      'resources: { kp_a: { type: cloud_lite_keypair },\n  kp_b: {} }\n',
    );
    expect(sliceManifestText('resources:\n  "kp_a":\n    type: cloud_lite_keypair\n', wanted)).to.equal(undefined);
    expect(sliceManifestText('resources:\n    kp_a: {}\n  kp_b: {}\n', wanted)).to.equal(undefined);
  });

  it('slices the bytes of a file as its text, decoding only what it keeps; a folder only when its files split where the plan says', () => {
    const texts = [
      MANIFEST,
      MANIFEST.replace('name: b', 'name: bé ✓ 𝄞').replace('name: d', 'name: dé'),
      `${MANIFEST}resources:\n  kp_e: {}`, // no newline at the end
      `---\n${MANIFEST}`,
      'resources:\n\tkp_a: {}\n',
      'resources:\r\n  kp_a: {}\r\n',
      '\ufeffresources:\n  kp_a: {}\n',
      '',
    ];
    for (const text of texts)
      for (const wanted of [new Set(['kp_b']), new Set(['kp_a', 'kp_d']), new Set<string>()])
        expect(sliceManifestBytes(Buffer.from(text, 'utf8'), wanted), text).to.equal(sliceManifestText(text, wanted));

    const second = 'resources:\n  kp_e: { type: cloud_lite_keypair, properties: { name: e } }\n';
    const parts = [
      { path: 'stack/a.yaml', length: MANIFEST.length },
      { path: 'stack/b.yaml', length: second.length },
    ];
    const slice = { resources: ['kp_b', 'kp_e'] };
    const fromBytes = loadManifestSliceOfBytes([Buffer.from(MANIFEST), Buffer.from(second)], parts, 'stack/*.yaml', slice, options);
    const fromText = loadManifestSlice(MANIFEST + second, parts, 'stack/*.yaml', slice, options);
    expect(fromBytes.manifest).to.deep.equal(fromText.manifest);
    expect(Object.keys(fromBytes.manifest.resources).sort()).to.deep.equal(['kp_b', 'kp_e']);
    // A line moved from one file to the next: the same text whole, split elsewhere than planned.
    const moved = [Buffer.from(MANIFEST.slice(0, -1)), Buffer.from(`\n${second}`)];
    expect(() => loadManifestSliceOfBytes(moved, parts, 'stack/*.yaml', slice, options)).to.throw(/not the text the plan was made from/);
  });

  it('needs the changed blocks, what they refer to, what outputs refer to, and the noops that still write', () => {
    const loaded = loadManifestFromSource(MANIFEST, 'stack.yaml', options);
    const quiet = stateOf({ kp_a: [], kp_b: [], kp_c: ['kp_a'], kp_d: [] });
    const plan = planOf([change('kp_a', 'noop'), change('kp_b', 'noop'), change('kp_c', 'update', ['kp_a']), change('kp_d', 'noop')]);
    expect([...resourceBlocksNeeded(loaded, plan, quiet, defaultCatalogue)].sort()).to.deep.equal(['kp_a', 'kp_b', 'kp_c']);
    // kp_d's state records a dependency its plan no longer has: its noop writes, so it is kept.
    const stale = stateOf({ kp_a: [], kp_b: [], kp_c: ['kp_a'], kp_d: ['kp_a'] });
    expect([...resourceBlocksNeeded(loaded, plan, stale, defaultCatalogue)].sort()).to.deep.equal(['kp_a', 'kp_b', 'kp_c', 'kp_d']);
  });

  it('proves a slice by loading it: the same declarations, positions included; the apply runs only its changes', () => {
    const loaded = loadManifestFromSource(MANIFEST, 'stack.yaml', options);
    const changes = [change('kp_a', 'noop'), change('kp_b', 'noop'), change('kp_c', 'noop', ['kp_a']), change('kp_d', 'update')];
    const plan = planOf(changes);
    const slice = provenSlice(loaded, plan, stateOf({ kp_a: [], kp_b: [], kp_c: ['kp_a'], kp_d: [] }), defaultCatalogue, options);
    expect(slice).to.deep.equal({ resources: ['kp_b', 'kp_d'] });
    const sliced = loadManifestSlice(MANIFEST, undefined, 'stack.yaml', slice!, options);
    expect(Object.keys(sliced.manifest.resources).sort()).to.deep.equal(['kp_b', 'kp_d']);
    expect(sliced.manifest.resources.kp_d).to.deep.equal(loaded.manifest.resources.kp_d);
    expect(sliced.manifest.resources.kp_b!.location).to.deep.equal({ file: 'stack.yaml', line: 11, column: 3 });
    expect(changesOfSlice(plan, sliced).map((entry) => entry.address)).to.deep.equal(['kp_b', 'kp_d']);
  });

  it('applies whole a manifest whose slice would not load the same (an alias into a blanked entry), or that changes most blocks', () => {
    const aliased = MANIFEST.replace('properties: { name: a }', 'properties: &shared { name: a }').replace(
      'kp_d: { type: cloud_lite_keypair, properties: { name: d } }',
      'kp_d: { type: cloud_lite_keypair, properties: *shared }',
    );
    const loaded = loadManifestFromSource(aliased, 'stack.yaml', options);
    const state = stateOf({ kp_a: [], kp_b: [], kp_c: ['kp_a'], kp_d: [] });
    const plan = {
      ...planOf([change('kp_a', 'noop'), change('kp_b', 'noop'), change('kp_c', 'noop', ['kp_a']), change('kp_d', 'update')]),
    };
    expect(provenSlice(loaded, plan, state, defaultCatalogue, options)).to.equal(undefined);
    const most = planOf([change('kp_a', 'update'), change('kp_b', 'noop'), change('kp_c', 'update', ['kp_a']), change('kp_d', 'noop')]);
    expect(provenSlice(loadManifestFromSource(MANIFEST, 'stack.yaml', options), most, state, defaultCatalogue, options)).to.equal(
      undefined,
    );
  });
});
