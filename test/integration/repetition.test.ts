/**
 * count and for_each through the CLI against the simulator: a for_each fleet
 * of lite VMs is applied; removing a key destroys only that instance;
 * growing count orders only the new instances; the ledger never holds an
 * account ordered twice (issue 12).
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { LocalBackend } from '../../src/state/index.js';
import { readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const MANIFEST = `variables:
  regions: { env: FLEET_REGIONS, default: [eu, us, ap] }
  workers: { env: FLEET_WORKERS, default: 1 }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: fleet-key }
${liteVm('web', 'web-${each.key}', { consolePassword: 'FleetSecret2026', before: '    for_each: ${var.regions}\n' })}${liteVm('worker', 'worker-${count.index}', { consolePassword: 'FleetSecret2026', before: '    count: ${var.workers}\n' })}outputs:
  ids: \${web[*].id}
  eu: \${web["eu"].id}
`;

describe('integration: count and for_each', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: MANIFEST, simulator: { provisioningSeconds: 0.1 } });

  const creates = () => stack.cloud.ledger().filter((entry) => entry.operation.endsWith('create'));

  it('applies a for_each fleet: one instance per key, addressed web["key"]', async () => {
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web["ap"]', 'web["eu"]', 'web["us"]', 'worker[0]']);
    expect(state.resources['web["eu"]'].attributes.vm_name).to.equal('web-eu');
    expect(state.outputs.ids.value).to.have.length(3);
    expect(state.outputs.eu.value).to.equal(state.resources['web["eu"]'].id);
    expect(creates()).to.have.length(4);
    const plan = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
  });

  it('removing a for_each key destroys only that instance, and says why', async () => {
    stack.env.FLEET_REGIONS = '["eu","ap"]';
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# web["us"] will be destroyed');
    expect(plan.stdout).to.include('"us" is no longer in for_each');
    expect(plan.stdout).to.include('Plan: 0 to add, 0 to change, 1 to destroy.');
    const json = JSON.parse((await stack.run('plan', 'stack.yaml', '--json')).stdout);
    expect(json.changes.filter((change: { action: string }) => change.action === 'delete')).to.deep.include({
      ...json.changes.find((change: { address: string }) => change.address === 'web["us"]'),
      reasonCodes: [{ code: 'delete_because_for_each_key_gone', key: 'us' }],
    });
    stack.env.FLEET_REGIONS = '["eu","ap","us","sa"]'; // the saved plan keeps the keys it was made with
    const applied = await stack.run('apply', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web["ap"]', 'web["eu"]', 'worker[0]']);
    expect(state.outputs.ids.value).to.have.length(2);
  });

  it('growing count orders only the new instances; shrinking destroys only the last', async () => {
    stack.env.FLEET_REGIONS = '["eu","ap"]';
    stack.env.FLEET_WORKERS = '3';
    const before = creates().length;
    const grown = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(grown.code, grown.stderr + grown.stdout).to.equal(0);
    expect(grown.stdout).to.include('Plan: 2 to add, 0 to change, 0 to destroy.');
    expect(creates().length - before).to.equal(2);
    stack.env.FLEET_WORKERS = '2';
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.stdout).to.include('# worker[2] will be destroyed');
    expect(plan.stdout).to.include('count is now 2');
    expect(plan.stdout).to.include('Plan: 0 to add, 0 to change, 1 to destroy.');
  });

  it('targets, replaces and shows instances by address', async () => {
    const targeted = await stack.run('plan', 'stack.yaml', '--target', 'web', '--replace', 'web["ap"]');
    expect(targeted.code, targeted.stderr).to.equal(0);
    expect(targeted.stdout).to.include('# web["ap"] must be replaced');
    expect(targeted.stdout).to.not.include('worker[2]');
    const shown = await stack.run('state', 'show', 'web["eu"]');
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.include('web-eu');
  });

  it('state rm, import and state mv take instance addresses', async () => {
    const id = (await readState(stack.folder)).resources['worker[1]'].id as string;
    const removed = await stack.run('state', 'rm', 'worker[ 1 ]');
    expect(removed.code, removed.stderr).to.equal(0);
    expect(removed.stdout).to.include('Removed worker[1] from state');
    const imported = await stack.run('import', 'cloud_lite_vm.worker[1]', id);
    expect(imported.code, imported.stderr).to.equal(0);
    expect((await readState(stack.folder)).resources['worker[1]'].id).to.equal(id);
    const moved = await stack.run('state', 'mv', "web['ap']", 'web["asia"]');
    expect(moved.code, moved.stderr).to.equal(0);
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.stdout).to.include('# web["asia"] will be destroyed');
    expect(plan.stdout).to.include('"asia" is no longer in for_each');
    expect(plan.stdout).to.include('# web["ap"] will be created');
    expect(plan.stdout).to.not.include('# worker[1] will be created');
    const back = await stack.run('state', 'mv', 'web["asia"]', 'web["ap"]');
    expect(back.code, back.stderr).to.equal(0);
  });

  it('never ordered an account twice', () => {
    const accounts = creates().map((entry) => entry.account_id);
    expect(new Set(accounts).size).to.equal(accounts.length);
  });

  it('a moved block adopts a block that gains count: web becomes web[0], nothing destroyed', async () => {
    const single = `resources:\n${liteKeypair('key', 'adopt-key')}`;
    await write(stack.folder, 'adopt.yaml', single);
    const applied = await stack.run('apply', 'adopt.yaml', '--auto-approve', '--state', 'adopt.json');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    // The same name for every instance: only the address changes.
    await write(
      stack.folder,
      'adopt.yaml',
      `resources:\n${liteKeypair('key', 'adopt-key', '    count: 2\n')}moved:\n  - from: key\n    to: key[0]\n`,
    );
    const plan = await stack.run('plan', 'adopt.yaml', '--state', 'adopt.json');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('# key has moved to key[0]');
    expect(plan.stdout).to.include('Plan: 1 to add, 0 to change, 0 to destroy, 1 to move.');
    expect(plan.stdout).to.include('# key[1] will be created');
  });

  it('adding count to a paid VM moves it to web[0] (implied), removing count moves it back: never re-ordered', async () => {
    const vm = (before = '') =>
      `resources:\n${liteKeypair('key', 'solo-key')}${liteVm('web', 'solo-vm', { consolePassword: 'FleetSecret2026', before })}`;
    const run = (...argv: string[]) => stack.run(...argv, '--state', 'solo.json');
    const readSolo = () => new LocalBackend({ statePath: join(stack.folder, 'solo.json') }).read();
    const start = stack.cloud.requests().length;
    const vmOrders = () => creates().filter((entry) => entry.operation === 'lite.create' && entry.body.vm_name === 'solo-vm');
    await write(stack.folder, 'solo.yaml', vm());
    const applied = await run('apply', 'solo.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const id = (await readSolo())!.resources.web.id;

    await write(stack.folder, 'solo.yaml', vm('    count: 2\n'));
    const plan = await run('plan', 'solo.yaml');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('# web has moved to web[0] (count added)');
    expect(plan.stdout).to.include('# web[1] will be created');
    expect(plan.stdout).to.not.include('will be destroyed');
    expect(plan.stdout).to.include('Plan: 1 to add, 0 to change, 0 to destroy, 1 to move.');
    const grown = await run('apply', '--auto-approve'); // the saved plan, its implied move included
    expect(grown.code, grown.stderr + grown.stdout).to.equal(0);
    let state = (await readSolo())!;
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web[0]', 'web[1]']);
    expect(state.resources['web[0]'].id).to.equal(id);
    expect(vmOrders()).to.have.length(2);
    const deletes = () => writes(stack.cloud.requests().slice(start)).filter((request) => request.startsWith('DELETE'));
    expect(deletes()).to.deep.equal([]);
    expect((await run('plan', 'solo.yaml', '--detailed-exitcode')).code).to.equal(0);

    // Only web[0] left in state: removing count moves it back, nothing destroyed or ordered.
    expect((await run('state', 'rm', 'web[1]')).code).to.equal(0);
    await write(stack.folder, 'solo.yaml', vm());
    const back = await run('plan', 'solo.yaml');
    expect(back.code, back.stderr + back.stdout).to.equal(0);
    expect(back.stdout).to.include('# web[0] has moved to web (count removed)');
    expect(back.stdout).to.include('Plan: 0 to add, 0 to change, 0 to destroy, 1 to move.');
    const shrunk = await run('apply', 'solo.yaml', '--auto-approve');
    expect(shrunk.code, shrunk.stderr + shrunk.stdout).to.equal(0);
    state = (await readSolo())!;
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web']);
    expect(state.resources.web.id).to.equal(id);
    expect(vmOrders()).to.have.length(2);
    expect(deletes()).to.deep.equal([]);
  });

  it('switching a VM to for_each suggests the moved: block that keeps it', async () => {
    await write(
      stack.folder,
      'solo.yaml',
      `resources:\n${liteKeypair('key', 'solo-key')}${liteVm('web', 'solo-vm', { consolePassword: 'FleetSecret2026', before: '    for_each: [eu]\n' })}`,
    );
    const plan = await stack.run('plan', 'solo.yaml', '--state', 'solo.json');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('# web will be destroyed');
    expect(plan.stdout).to.include(`add to the manifest: moved: [{ from: web, to: 'web["eu"]' }]`);
  });
});
