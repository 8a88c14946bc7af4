/**
 * `cloudctl state mv` across types (issue 10): a lite VM migrated to lite
 * pro (`migrate_to_pro`, marked migrated in state) moves to a
 * `cloud_lite_pro_vm` address: the lite pro account is found by listing
 * and read, nothing is ordered, and the next plan is empty. Moves between
 * other types are refused and change nothing.
 */
import { expect } from 'chai';
import { readState, useStack, write } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Migrate1Password';
const lite = (extra = '') =>
  `${passwordVariable()}resources:\n${liteKeypair('key', 'move-key')}${liteVm('web', 'web-server-01', { properties: extra })}`;

/** The manifest after the migration: the VM as a lite pro VM at `address` (keypair id as a literal: it keeps the lite one). */
function pro(address: string, keypairId: number): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'move-key')}  ${address}:
    type: cloud_lite_pro_vm
    properties:
      product_id: 2102
      select_os: ubuntu-22.04
      keypair_id: ${keypairId}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
      cycle: m
      vm_name: web-server-01
`;
}

describe('integration: state mv of a migrated lite VM to cloud_lite_pro_vm', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: lite(), env: { TEST_CONSOLE_PASSWORD: PASSWORD }, simulator: { provisioningSeconds: 0.05 } });

  it('migrate_to_pro, then state mv finds the lite pro account by listing, orders nothing, and the next plan is empty', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    await write(stack.folder, 'stack.yaml', lite('      migrate_to_pro: "2102"\n'));
    const migrated = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(migrated.code, migrated.stderr + migrated.stdout).to.equal(0);
    const before = await readState(stack.folder);
    expect(before.resources.web.migrated).to.include({ to_type: 'cloud_lite_pro_vm', value: '2102' });
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.stdout, 'the plan names the command').to.include('cloudctl state mv web web stack.yaml');
    const orders = stack.cloud.ledger().length;

    await write(stack.folder, 'stack.yaml', pro('web_pro', before.resources.key.attributes.keypair_id));
    // Another type than the migration's, or a resource not migrated: refused, nothing changed.
    const wrong = await stack.run('state', 'mv', 'key', 'web_pro', 'stack.yaml');
    expect(wrong.code).to.not.equal(0);
    expect(wrong.stderr).to.include(
      'cannot move key (cloud_lite_keypair) to web_pro (cloud_lite_pro_vm): state mv changes the type only of a resource migrated to it',
    );
    expect(await readState(stack.folder)).to.deep.equal(before);
    const notPro = await stack.run('state', 'mv', 'web', 'key', 'stack.yaml');
    expect(notPro.code).to.not.equal(0);
    expect(notPro.stderr).to.include(
      'web was migrated to cloud_lite_pro_vm, so it moves to a cloud_lite_pro_vm block, not key (cloud_lite_keypair)',
    );
    expect(await readState(stack.folder)).to.deep.equal(before);

    const moved = await stack.run('state', 'mv', 'web', 'web_pro', 'stack.yaml');
    expect(moved.code, moved.stderr + moved.stdout).to.equal(0);
    const after = await readState(stack.folder);
    expect(after.resources).to.not.have.property('web');
    expect(after.resources.web_pro).to.include({ type: 'cloud_lite_pro_vm' });
    expect(after.resources.web_pro.id).to.not.equal(before.resources.web.id);
    expect(after.resources.web_pro.attributes).to.include({ product_id: 2102, vm_name: 'web-server-01' });
    expect(moved.stdout).to.include(
      `Moved web (cloud_lite_vm ${before.resources.web.id}, migrated) to web_pro: cloud_lite_pro_vm ${after.resources.web_pro.id}, found by listing (product_id "2102", vm_name "web-server-01") and read. Nothing was ordered.`,
    );

    const next = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(next.code, next.stdout + next.stderr).to.equal(0);
    expect(stack.cloud.ledger(), 'no order placed').to.have.length(orders);
    expect(
      stack.cloud.requests().filter((request) => request.method !== 'GET' && request.path.includes('lite-pros')),
      'no write to lite pro',
    ).to.deep.equal([]);
  });
});
