/**
 * Every example in examples/ applies, re-plans to no changes and destroys
 * cleanly, with no order placed twice (issue 3).
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { cp, readFile, readdir } from 'node:fs/promises';
import { parse } from 'yaml';
import { loadManifest } from '../../src/manifest/index.js';
import { dirname, join, resolve } from 'node:path';
import { cli, readState, tempFolder, useCloud } from './helpers.js';

describe('integration: every example applies, re-plans to no changes and destroys', function () {
  this.timeout(180_000);
  const suite = useCloud({ provisioningSeconds: 0.2 });

  // A folder of examples/ with a main.yaml is one example whose root manifest it is (a module example); others hold var files (fleet/).
  const names = [
    'quickstart.yaml',
    'lite.yaml',
    'lite-pro.yaml',
    'baremetal.yaml',
    'full.yaml',
    'modules/main.yaml',
    'fleet.yaml',
    'conditions.yaml',
    'chained-fleet.yaml',
  ];

  it('covers every file in examples/', async () => {
    const entries = await readdir(resolve('examples'), { withFileTypes: true });
    const found = entries.flatMap((entry) =>
      entry.isDirectory()
        ? existsSync(resolve('examples', entry.name, 'main.yaml'))
          ? [`${entry.name}/main.yaml`]
          : []
        : entry.name.endsWith('.yaml')
          ? [entry.name]
          : [],
    );
    expect(found.sort()).to.deep.equal([...names].sort());
  });

  it('fleet.yaml: each per-environment var file loads, one VM per key of its fleet', async () => {
    for (const environment of ['dev', 'prod']) {
      const file = `examples/fleet/${environment}.yaml`;
      const { manifest, variables } = await loadManifest('examples/fleet.yaml', { variableInputs: { files: [file] } });
      const fleet = parse(await readFile(resolve(file), 'utf8')).fleet as Record<string, unknown>;
      expect(variables.environment).to.equal(environment);
      expect(Object.keys(manifest.resources).filter((address) => address.startsWith('vm['))).to.have.length(Object.keys(fleet).length);
    }
  });

  for (const name of names) {
    it(name, async () => {
      const folder = await tempFolder();
      const copied = name.includes('/') ? dirname(name) : name;
      await cp(resolve('examples', copied), join(folder, 'examples', copied), { recursive: true });
      const env = { CLOUDCTL_BASE_URL: suite.cloud.url };
      const file = `examples/${name}`;
      const ordersBefore = suite.cloud.ledger().length;
      const applied = await cli(['apply', file, '--auto-approve'], { cwd: folder, env });
      expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
      const plan = await cli(['plan', file, '--detailed-exitcode'], { cwd: folder, env });
      expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
      expect(plan.stdout).to.include('No changes.');
      const orders = suite.cloud.ledger().slice(ordersBefore);
      const created = orders.filter((entry) => entry.operation.endsWith('create'));
      expect(new Set(created.map((entry) => entry.account_id)).size, 'no account ordered twice').to.equal(created.length);
      const destroyed = await cli(['destroy', file, '--auto-approve'], { cwd: folder, env });
      expect(destroyed.code, destroyed.stderr + destroyed.stdout).to.equal(0);
      expect((await readState(folder)).resources).to.deep.equal({});
    });
  }

  it('chained-fleet.yaml: each disk waits for its own VM, and the outputs read the fleet as a map', async () => {
    const folder = await tempFolder();
    await cp(resolve('examples', 'chained-fleet.yaml'), join(folder, 'chained-fleet.yaml'));
    const env = { CLOUDCTL_BASE_URL: suite.cloud.url };
    const applied = await cli(['apply', 'chained-fleet.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const state = await readState(folder);
    const resources = state.resources as Record<string, { id: string; attributes: Record<string, unknown>; dependencies?: string[] }>;
    expect(String(resources['disk["web"]']!.attributes.lite_account_id)).to.equal(String(resources['web["web"]']!.id));
    expect(String(resources['disk["api"]']!.attributes.lite_account_id)).to.equal(String(resources['web["api"]']!.id));
    const outputs = state.outputs as Record<string, { value: unknown }>;
    expect(outputs.vm_ids!.value).to.deep.equal({ api: resources['web["api"]']!.id, web: resources['web["web"]']!.id });
    expect(outputs.vm_count!.value).to.equal(2);
    const destroyed = await cli(['destroy', 'chained-fleet.yaml', '--auto-approve'], { cwd: folder, env });
    expect(destroyed.code, destroyed.stderr + destroyed.stdout).to.equal(0);
  });
});
