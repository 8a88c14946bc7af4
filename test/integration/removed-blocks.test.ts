/**
 * `removed:` blocks (issue 34, Terraform 1.7's meaning) against the
 * simulator: `destroy: false` forgets every instance of a block (and a paid
 * VM) from state with no order and no delete, the accounts still there;
 * `destroy: true` is the ordinary delete; a `removed:` block naming an
 * address the manifest still declares is an error at its `from`.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { behindTheBack, readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const head = `${passwordVariable()}resources:\n${liteKeypair('key', 'team-key')}`;
const keys = `  keys:\n    type: cloud_lite_keypair\n    count: 2\n    properties: { name: "pool-\${count.index}" }\n`;

describe('integration: removed blocks', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: `${head}${keys}${liteVm('web', 'web-server-01')}`, env: { TEST_CONSOLE_PASSWORD: 'Sup3rSecretPw' } });

  it('destroy: false forgets every instance of a block and a VM: no order, no delete, the accounts keep running', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    const before = await readState(stack.folder);
    const ledger = stack.cloud.ledger().length;
    const requests = stack.cloud.requests().length;
    const removed = 'removed:\n  - from: keys\n    lifecycle: { destroy: false }\n  - from: web\n    lifecycle:\n      destroy: false\n';
    await write(stack.folder, 'stack.yaml', `${head}${removed}`);

    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    for (const address of ['keys[0]', 'keys[1]', 'web'])
      expect(plan.stdout).to.include(`# ${address} will be forgotten, the account keeps running and billing`);
    expect(plan.stdout).to.include('Plan: 0 to add, 0 to change, 0 to destroy, 3 to forget. 0 paid orders.');
    expect(plan.stdout).to.not.include('will be destroyed');

    const apply = await stack.run('apply', '--auto-approve', '--no-color');
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(apply.stdout).to.include('3 forgotten');
    expect(stack.cloud.ledger().length, 'no order').to.equal(ledger);
    expect(writes(stack.cloud.requests().slice(requests)), 'no call but reads').to.deep.equal([]);
    const after = await readState(stack.folder);
    expect(Object.keys(after.resources)).to.deep.equal(['key']);
    const vm = await behindTheBack(stack.cloud, 'GET', `/lites/accounts/${before.resources.web.id}`);
    expect(vm.status).to.equal('Active');
    const again = await stack.run('plan', 'stack.yaml', '--detailed-exitcode', '--no-color');
    expect(again.code, again.stdout).to.equal(0);
  });

  it('a removed block naming a declared address is an error at its from; destroy: true is an ordinary delete', async () => {
    await write(stack.folder, 'stack.yaml', `${head}${keys}removed:\n  - from: keys[1]\n    lifecycle: { destroy: false }\n`);
    const state = await readFile(join(stack.folder, '.cloudctl', 'state.json'), 'utf8');
    const requests = stack.cloud.requests().length;
    const refused = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/stack\.yaml:12:11: .*removed: keys\[1\] is still declared/);
    expect(stack.cloud.requests().length, 'no API call').to.equal(requests);
    expect(await readFile(join(stack.folder, '.cloudctl', 'state.json'), 'utf8')).to.equal(state);

    await write(stack.folder, 'stack.yaml', `${head}${liteKeypair('spare', 'spare-key')}`);
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    await write(stack.folder, 'stack.yaml', `${head}removed:\n  - from: spare\n    lifecycle: { destroy: true }\n`);
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.stdout).to.include('# spare will be destroyed');
    expect(plan.stdout).to.not.include('forgotten');
  });
});
