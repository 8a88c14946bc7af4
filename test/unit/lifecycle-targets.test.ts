/**
 * Unit checks of issue 34's pure parts: the address glob matcher of
 * `--target` / `--exclude`, deposed keys, and `replace_triggered_by`
 * resolved per instance of a repeated block (with the graph edge it adds).
 */
import { expect } from 'chai';
import { addressPattern, selectedAddresses } from '../../src/engine/planning/targets.js';
import { deposedKey, deposedOf } from '../../src/engine/deposed.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';

describe('targets, deposed keys and replace_triggered_by', () => {
  it('matches address patterns step by step, and names deposed accounts with their address', () => {
    const addresses = [
      'web',
      'web[0]',
      'web["eu"]',
      'disk_a',
      'disk_a[1]',
      'disk',
      'app.inner',
      'app.deep.db',
      'apps.x',
      'web (deposed 7)',
    ];
    const match = (pattern: string) => selectedAddresses(pattern, addresses);
    expect(match('web[*]')).to.deep.equal(['web[0]', 'web["eu"]']);
    expect(match('disk_*')).to.deep.equal(['disk_a', 'disk_a[1]']);
    expect(match('module.app.*')).to.deep.equal(['app.inner', 'app.deep.db']);
    expect(match('app.*')).to.deep.equal(['app.inner', 'app.deep.db']);
    expect(match('web')).to.deep.equal(['web', 'web[0]', 'web["eu"]', 'web (deposed 7)']);
    expect(addressPattern('d?sk')('disk')).to.equal(true);
    expect(addressPattern('d?sk')('disk_a')).to.equal(false);
    expect(deposedOf(deposedKey('cluster.web[0]', '100001'))).to.deep.equal({ address: 'cluster.web[0]', id: '100001' });
    expect(deposedOf('web')).to.equal(undefined);
  });

  it('resolves replace_triggered_by per instance ([count.index]) and waits for what it names', () => {
    const loaded = loadManifestFromSource(
      `resources:
  web:
    type: cloud_lite_keypair
    count: 2
    properties: { name: "web-\${count.index}" }
  tag:
    type: cloud_lite_keypair
    count: 2
    properties: { name: "tag-\${count.index}" }
    lifecycle: { replace_triggered_by: ["web[count.index].name", web] }
`,
      'm.yaml',
      { env: {} },
    );
    const triggers = loaded.manifest.resources['tag[1]']!.lifecycle.replaceTriggeredBy!;
    expect(triggers.map((trigger) => [trigger.targets, trigger.attribute])).to.deep.equal([
      [['web[1]'], 'name'],
      [['web[0]', 'web[1]'], undefined],
    ]);
    expect(loaded.graph.predecessors('tag[0]')).to.include.members(['web[0]', 'web[1]']);
  });

  it('prevent_destroy and ignore_changes from variables: values set at load, a name that is no input an error at the value', () => {
    const source = (frozen: string) => `variables:
  env: { default: prod }
  frozen: { type: list, default: ${frozen} }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: team-key }
    lifecycle: { prevent_destroy: "\${var.env == \\"prod\\"}", ignore_changes: "\${var.frozen}" }
`;
    const loaded = loadManifestFromSource(source('[name]'), 'm.yaml', { env: {} });
    expect(loaded.manifest.resources.key!.lifecycle).to.include({ preventDestroy: true });
    expect(loaded.manifest.resources.key!.lifecycle.ignoreChanges).to.deep.equal(['name']);
    expect(() => loadManifestFromSource(source('[nmae]'), 'm.yaml', { env: {} })).to.throw(
      /m\.yaml:8:\d+: resources\.key\.lifecycle\.ignore_changes: "nmae" is not an input of cloud_lite_keypair/,
    );
  });
});
