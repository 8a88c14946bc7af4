/**
 * Import blocks are idempotent declarations (issue 34, finding 1): after
 * `import --all` and its apply, the import blocks left in the manifest do
 * nothing. An account deleted in the portal is then ordinary drift ("deleted
 * outside cloudctl") in `plan` and in `watch --once` (exit 2, with the
 * other drift: a renamed VM and an unmanaged VM), never an import error;
 * an import block whose address holds another id is a located error naming
 * both ids.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { behindTheBack, readState, TEST_TOKEN, useStack, write } from './helpers.js';
import { ACCOUNT_LISTS, Portal } from '../fixtures/portal.js';

const PASSWORD = 'Portal2026Pass';

describe('integration: import blocks kept after the first apply', function () {
  this.timeout(120_000);
  const stack = useStack({ each: true });

  it('a kept import block of an account deleted in the portal: plan and watch report the delete and the other drift', async () => {
    const portal = new Portal(stack.cloud.url, TEST_TOKEN);
    const key = await portal.keypair('/lites', 'team-key');
    const web = await portal.vm('/lites', key, 'web-server-01', { password: PASSWORD });
    const db = await portal.vm('/lites', key, 'db-server-01', { password: PASSWORD });
    await portal.settle(ACCOUNT_LISTS);
    const disk = await portal.disk('/lites', db, 'portal-disk', 80);
    await portal.settle(ACCOUNT_LISTS);

    const adopted = await stack.run('import', '--all', '--generate-config-out', 'adopt.yaml');
    expect(adopted.code, adopted.stderr).to.equal(0);
    expect(adopted.stdout).to.include('The import blocks can be removed after the first apply');
    const text = await readFile(join(stack.folder, 'adopt.yaml'), 'utf8');
    expect(text).to.include('# The import blocks can be removed after the first apply');
    for (const name of ['WEB_SERVER_01', 'DB_SERVER_01']) stack.env[`${name}_CONSOLE_PASSWORD`] = PASSWORD;
    const applied = await stack.run('apply', 'adopt.yaml', '--auto-approve', '--no-color');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect((await readState(stack.folder)).resources.portal_disk.id).to.equal(disk);

    // Kept import blocks, nothing changed: no read of their own, no change.
    const quiet = await stack.run('plan', 'adopt.yaml', '--no-color', '--detailed-exitcode');
    expect(quiet.code, quiet.stderr + quiet.stdout).to.equal(0);
    expect(quiet.stdout).to.include('No changes.');

    // The portal deletes the disk, renames a VM, orders another one.
    await behindTheBack(stack.cloud, 'DELETE', `/lites/disks/${disk}`);
    await behindTheBack(stack.cloud, 'PUT', `/lites/accounts/${web}/change-vm-name`, { name: 'renamed-by-hand' });
    await portal.vm('/lites', key, 'stray-vm-01', { password: PASSWORD });
    await portal.settle(ACCOUNT_LISTS);
    const orders = stack.cloud.ledger().length;

    const plan = await stack.run('plan', 'adopt.yaml', '--no-color');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stderr + plan.stdout).to.not.include('cannot be imported');
    expect(plan.stdout).to.include('portal_disk was deleted outside of cloudctl');
    expect(plan.stdout).to.include('# portal_disk will be created (a paid order)');
    expect(plan.stdout).to.include('renamed-by-hand');

    const watch = await stack.run('watch', 'adopt.yaml', '--once');
    expect(watch.code, watch.stderr + watch.stdout).to.equal(2);
    const events = watch.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    expect(events.filter((event) => event.type === 'cycle_failed')).to.deep.equal([]);
    expect(events).to.deep.include({ type: 'deleted', cycle: 1, address: 'portal_disk' });
    expect(events.find((event) => event.type === 'drift' && event.address === 'web_server_01')).to.include({
      attribute: 'vm_name',
      after: 'renamed-by-hand',
    });
    expect(events.some((event) => event.type === 'unmanaged' && event.name === 'stray-vm-01')).to.equal(true);
    expect(stack.cloud.ledger().length, 'plan and watch order nothing').to.equal(orders);
  });

  it('an import block whose address holds another id is an error at the id naming both ids, and touches nothing', async () => {
    const portal = new Portal(stack.cloud.url, TEST_TOKEN);
    const key = await portal.keypair('/lites', 'team-key');
    const other = await portal.keypair('/lites', 'other-key');
    await portal.settle(ACCOUNT_LISTS);
    await write(
      stack.folder,
      'stack.yaml',
      `resources:\n  key:\n    type: cloud_lite_keypair\n    properties:\n      name: team-key\nimport:\n  - to: key\n    id: "${key}"\n`,
    );
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    const before = await readFile(join(stack.folder, '.cloudctl', 'state.json'), 'utf8');
    await write(
      stack.folder,
      'stack.yaml',
      `resources:\n  key:\n    type: cloud_lite_keypair\n    properties:\n      name: team-key\nimport:\n  - to: key\n    id: "${other}"\n`,
    );
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code).to.equal(1);
    expect(plan.stderr).to.match(/stack\.yaml:8:\d+/);
    expect(plan.stderr).to.include(key).and.to.include(other);
    expect(await readFile(join(stack.folder, '.cloudctl', 'state.json'), 'utf8')).to.equal(before);
  });
});
