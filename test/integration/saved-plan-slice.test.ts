/**
 * A saved plan applies what changed (issue 35, item 4), through `cli()`
 * against the simulator: `plan` records the slice of the manifest its apply
 * loads (the changed VM, its keypair, what the output reads), `apply` of the
 * saved plan renames the one VM, leaving every other state entry as it was,
 * with one request that writes; a manifest edited after the plan (a block
 * the slice leaves out) is still refused as stale, nothing sent.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPlanFile } from '../../src/index.js';
import { readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

/** Two keypair/VM pairs and five spare keypairs; the password a sensitive literal, so the plan keeps the manifest redacted. */
function manifest(names: { a: string; b: string; spare?: string }): string {
  return (
    'variables:\n  console_password: { default: Slice1Password, sensitive: true }\n' +
    'outputs:\n  a_id: ${web_a.id}\n' +
    'resources:\n' +
    liteKeypair('key_a', 'slice-key-a') +
    liteVm('web_a', names.a, { keypair: 'key_a' }) +
    liteKeypair('key_b', 'slice-key-b') +
    liteVm('web_b', names.b, { keypair: 'key_b' }) +
    liteKeypair('spare_1', names.spare ?? 'slice-spare-1') +
    [2, 3, 4, 5].map((index) => liteKeypair(`spare_${index}`, `slice-spare-${index}`)).join('')
  );
}

describe('integration: a saved plan applies what changed (the slice of the manifest)', function () {
  this.timeout(180_000);
  const stack = useStack({ simulator: { provisioningSeconds: 0 }, manifest: manifest({ a: 'slice-a', b: 'slice-b' }) });

  before(async () => {
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
  });

  it('plans the rename with its slice, applies it alone, and leaves every other entry as it was', async () => {
    const before = await readState(stack.folder);
    await write(stack.folder, 'stack.yaml', manifest({ a: 'slice-a', b: 'slice-b-renamed' }));
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    const saved = await readPlanFile(join(stack.folder, '.cloudctl', 'last-plan.cplan'));
    expect(saved.manifest.slice).to.deep.equal({ resources: ['key_a', 'key_b', 'web_a', 'web_b'] });
    expect(saved.changes.filter((change) => change.action !== 'noop').map((change) => change.address)).to.deep.equal(['web_b']);

    const requests = stack.cloud.requests().length;
    const applied = await stack.run('apply', '--no-color');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.include('0 added, 1 changed, 0 destroyed');
    expect(writes(stack.cloud.requests().slice(requests))).to.have.length(1);
    const after = await readState(stack.folder);
    expect(after.resources.web_b.attributes.vm_name).to.equal('slice-b-renamed');
    for (const address of ['key_a', 'web_a', 'key_b', 'spare_1', 'spare_5'])
      expect(after.resources[address], address).to.deep.equal(before.resources[address]);
    expect(after.outputs).to.deep.equal(before.outputs);
  });

  it('still refuses the saved plan when a block it leaves out was edited since, sending nothing', async () => {
    await write(stack.folder, 'stack.yaml', manifest({ a: 'slice-a-2', b: 'slice-b-renamed' }));
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect((await readPlanFile(join(stack.folder, '.cloudctl', 'last-plan.cplan'))).manifest.slice).to.not.equal(undefined);
    await write(stack.folder, 'stack.yaml', manifest({ a: 'slice-a-2', b: 'slice-b-renamed', spare: 'slice-spare-edited' }));
    const state = await readFile(join(stack.folder, '.cloudctl', 'state.json'), 'utf8');
    const requests = stack.cloud.requests().length;
    const applied = await stack.run('apply', '--no-color');
    expect(applied.code).to.not.equal(0);
    expect(applied.stderr).to.include('stale plan');
    expect(writes(stack.cloud.requests().slice(requests))).to.deep.equal([]);
    expect(await readFile(join(stack.folder, '.cloudctl', 'state.json'), 'utf8')).to.equal(state);
  });
});
