/**
 * Unpaid orders (issue 13): with `pay_with_credit_card: false` the order
 * leaves an open invoice and the account stays Pending. cloudctl says so at
 * once (invoice id, amount, due date), records it in state as awaiting
 * payment, the next plan shows it so without ordering again, and once the
 * invoice is paid the next apply continues. The same holds for a paid
 * in-place order (a change-package) placed unpaid.
 */
import { expect } from 'chai';
import { readState, TEST_TOKEN, useStack, write, type CliResult } from './helpers.js';
import { liteDisk, liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

/** A keypair and a VM `web` on `productId`, paid by card or not, with long timeouts (a wait would time the test out). */
function manifest(productId: number, payWithCard: boolean, extra = ''): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'unpaid-key')}${liteVm('web', 'web-server-01', { productId, properties: `      pay_with_credit_card: ${payWithCard}\n      timeouts: { create: 10m, update: 10m }\n${extra}` })}`;
}

/** {@link manifest} with an extra disk on `web` of `size` GB, paid by card or not. */
function withDisk(size: number, payWithCard: boolean): string {
  const properties = `      pay_with_credit_card: ${payWithCard}\n      timeouts: { update: 10m }\n`;
  return `${manifest(1547, true)}${liteDisk('data_disk', 'data-disk-01', size, 'web', properties)}`;
}

describe('integration: unpaid orders', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: manifest(1547, false), env: { TEST_CONSOLE_PASSWORD: 'Sup3rSecretPw' }, each: true });

  it('says so at once, records it, shows awaiting payment, and continues once paid', async () => {
    const first = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(first.code).to.equal(1);
    const invoiceId = /invoice (\d+), amount 75000, due \d{4}-\d\d-\d\d is open/.exec(first.stdout)?.[1];
    expect(invoiceId, first.stdout).to.be.a('string');
    expect(first.stdout).to.include('placed unpaid (pay_with_credit_card: false)');
    let state = await readState(stack.folder);
    expect(state.resources.web.pending_create).to.equal(true);
    expect(state.resources.web.pending_payment).to.include({ invoice_id: Number(invoiceId), amount: 75000 });
    expect(stack.cloud.ledger()).to.have.length(1);

    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# web is awaiting payment (no new order)');
    expect(plan.stdout).to.include(`awaiting payment: the order (id ${state.resources.web.id}) was placed unpaid; invoice ${invoiceId}`);
    expect(plan.stdout).to.include('0 paid orders.');

    const again = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(again.code).to.equal(1);
    expect(again.stdout).to.include(`invoice ${invoiceId}`);
    expect(stack.cloud.ledger()).to.have.length(1);

    stack.cloud.payInvoice(Number(invoiceId));
    const paid = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(paid.code, paid.stdout + paid.stderr).to.equal(0);
    // Provisioning after the payment may finish before the refresh of this run reads it (then nothing is left to do).
    expect(paid.stdout).to.match(/web: Creation complete|No changes\./);
    state = await readState(stack.folder);
    expect(state.resources.web.pending_create).to.equal(undefined);
    expect(state.resources.web.pending_payment).to.equal(undefined);
    expect(state.resources.web.attributes.status).to.equal('Active');
    expect(stack.cloud.ledger()).to.have.length(1);
  });

  /** Applies `paid` (it must succeed), then `unpaid` (it must fail at once); resolves with `address`'s id and the second run. */
  async function upgradeUnpaid(paid: string, unpaid: string, address: string): Promise<{ id: string; first: CliResult }> {
    await write(stack.folder, 'stack.yaml', paid);
    const created = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(created.code, created.stdout + created.stderr).to.equal(0);
    const id = (await readState(stack.folder)).resources[address].id as string;
    await write(stack.folder, 'stack.yaml', unpaid);
    const first = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(first.code, first.stdout + first.stderr).to.equal(1);
    return { id, first };
  }

  it('holds an upgrade placed unpaid: says so at once, awaits payment without a second order, then finishes', async () => {
    const { id, first } = await upgradeUnpaid(manifest(1547, true), manifest(1548, false), 'web');
    const upgrades = () => stack.cloud.ledger().filter((entry) => entry.operation === 'lite.change-package');
    const said =
      /the change_package order on id (\d+) was placed unpaid \(pay_with_credit_card: false\): invoice (\d+), amount 45000, due (\d{4}-\d\d-\d\d) is open/.exec(
        first.stdout,
      );
    expect(said, first.stdout).to.not.equal(null);
    expect(said![1]).to.equal(id);
    const invoiceId = Number(said![2]);
    let state = await readState(stack.folder);
    expect(state.resources.web.attributes.product_id).to.equal(1548);
    expect(state.resources.web.pending_payment).to.deep.equal({ invoice_id: invoiceId, amount: 45000, due_date: said![3] });
    expect(state.resources.web.pending_operations.product_id).to.include({ operation: 'change_package', value: 1548 });
    expect(upgrades()).to.have.length(1);

    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# web is awaiting payment (no new order)');
    expect(plan.stdout).to.include(`awaiting payment: change_package (product_id) was ordered unpaid on id ${id}; invoice ${invoiceId}`);
    expect(plan.stdout).to.include('0 paid orders.');
    const json = JSON.parse((await stack.run('plan', 'stack.yaml', '--json')).stdout);
    const change = json.changes.find((entry: { address: string }) => entry.address === 'web');
    expect(change).to.include({ action: 'update', paidOrders: 0 });
    expect(change.reasonCodes[0]).to.include({ code: 'update_awaiting_payment', invoice_id: invoiceId });

    const again = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(again.code).to.equal(1);
    expect(again.stdout).to.include(`invoice ${invoiceId}`);
    expect(upgrades()).to.have.length(1);

    stack.cloud.payInvoice(invoiceId);
    const paid = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(paid.code, paid.stdout + paid.stderr).to.equal(0);
    state = await readState(stack.folder);
    expect(state.resources.web.attributes.product_id).to.equal(1548);
    expect(state.resources.web.pending_operations).to.equal(undefined);
    expect(state.resources.web.pending_payment).to.equal(undefined);
    expect(state.resources.web.attributes.status).to.equal('Active');
    expect(upgrades()).to.have.length(1);
    const after = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(after.code, after.stdout).to.equal(0);
  });

  it('holds a disk grow placed unpaid on an account that reports no invoice: says so at once, then finishes once paid', async () => {
    const { id: diskId, first } = await upgradeUnpaid(withDisk(60, true), withDisk(80, false), 'data_disk');
    const grows = () => stack.cloud.ledger().filter((entry) => entry.operation === 'lite.disk-upgrade');
    expect(first.stdout).to.include(
      `the upgrade_size order on id ${diskId} was placed unpaid (pay_with_credit_card: false): the API reports no invoice for it (amount 30000; see the portal) and the account is Pending`,
    );
    const state = await readState(stack.folder);
    expect(state.resources.data_disk.attributes.size).to.equal(80);
    expect(state.resources.data_disk.pending_payment, 'the amount the plan announced').to.deep.equal({ amount: 30000 });
    expect(grows()).to.have.length(1);

    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# data_disk is awaiting payment (no new order)');
    expect(plan.stdout).to.include('0 paid orders.');

    // The contract's disk account carries no invoice: the simulator's view of it tells the test which one to pay.
    const account = async () =>
      (
        (await (await fetch(`${stack.cloud.url}/lites/disks/accounts/${diskId}`, { headers: { 'x-token': TEST_TOKEN } })).json()) as {
          data: { status: string; last_invoice: { id: number } };
        }
      ).data;
    stack.cloud.payInvoice((await account()).last_invoice.id);
    // Without an invoice, only Active tells paid from unpaid: until then the plan still says awaiting payment.
    while ((await account()).status !== 'Active') await new Promise((resolve) => setTimeout(resolve, 50));
    const paid = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(paid.code, paid.stdout + paid.stderr).to.equal(0);
    const after = await readState(stack.folder);
    expect(after.resources.data_disk.attributes.size).to.equal(80);
    expect(after.resources.data_disk.pending_operations).to.equal(undefined);
    expect(after.resources.data_disk.pending_payment).to.equal(undefined);
    expect(grows()).to.have.length(1);
  });

  it('an unpaid create of an account that reports no invoice (an additional IP) is said at once and awaits payment', async () => {
    await write(
      stack.folder,
      'stack.yaml',
      'resources:\n  address:\n    type: cloud_baremetal_additional_ip\n    properties: { product_id: 4001, cycle: m, pay_with_credit_card: false }\n',
    );
    const first = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(first.code, first.stdout + first.stderr).to.equal(1);
    expect(first.stdout).to.match(
      /the order \(id \d+\) was placed unpaid \(pay_with_credit_card: false\): the API reports no invoice for it \(amount 50000; see the portal\)/,
    );
    const state = await readState(stack.folder);
    expect(state.resources.address).to.deep.include({ pending_create: true, pending_payment: { amount: 50000 } });
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.stdout).to.include('# address is awaiting payment (no new order)');
    expect(plan.stdout).to.include('0 paid orders.');
    expect(stack.cloud.ledger()).to.have.length(1);
  });

  it('a migration to lite pro placed unpaid is said at once and marked migrated, never ordered again', async () => {
    const { id, first } = await upgradeUnpaid(manifest(1547, true), manifest(1547, false, '      migrate_to_pro: "2101"\n'), 'web');
    expect(first.stdout).to.match(
      new RegExp(`the migrate_to_pro order on id ${id} was placed unpaid \\(pay_with_credit_card: false\\): invoice \\d+, amount \\d+`),
    );
    const state = await readState(stack.folder);
    expect(state.resources.web.migrated).to.include({ to_type: 'cloud_lite_pro_vm', value: '2101' });
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('0 paid orders.');
    expect(stack.cloud.ledger().filter((entry) => entry.operation === 'lite.migrate-to-pro')).to.have.length(1);
  });
});
