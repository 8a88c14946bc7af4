/**
 * Every example in examples/ applies, re-plans to no changes and destroys
 * cleanly, with no order placed twice (issue 3).
 */
import { expect } from 'chai';
import { cp, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { cli, readState, tempFolder, useCloud } from './helpers.js';

describe('integration: every example applies, re-plans to no changes and destroys', function () {
  this.timeout(180_000);
  const suite = useCloud({ provisioningSeconds: 0.2 });

  // A folder of examples/ is one example whose root manifest is its main.yaml (a module example).
  const names = ['quickstart.yaml', 'lite.yaml', 'lite-pro.yaml', 'baremetal.yaml', 'full.yaml', 'modules/main.yaml'];

  it('covers every file in examples/', async () => {
    const entries = await readdir(resolve('examples'), { withFileTypes: true });
    const found = entries.flatMap((entry) =>
      entry.isDirectory() ? [`${entry.name}/main.yaml`] : entry.name.endsWith('.yaml') ? [entry.name] : [],
    );
    expect(found.sort()).to.deep.equal([...names].sort());
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
});
