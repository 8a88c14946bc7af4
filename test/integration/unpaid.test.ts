/**
 * Unpaid orders (issue 13): with `pay_with_credit_card: false` the order
 * leaves an open invoice and the account stays Pending. cloudctl says so at
 * once (invoice id, amount, due date), records it in state as awaiting
 * payment, the next plan shows it so without ordering again, and once the
 * invoice is paid the next apply continues.
 */
import { expect } from 'chai';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, startCloud, tempFolder, write } from './helpers.js';

const MANIFEST = `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: unpaid-key }
  web:
    type: cloud_lite_vm
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
      cycle: m
      vm_name: web-server-01
      pay_with_credit_card: false
      timeouts: { create: 10m }
`;

describe('integration: unpaid orders', function () {
  this.timeout(120_000);
  let cloud: RunningSimulator;
  let folder: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, { cwd: folder, env });

  before(async () => {
    cloud = await startCloud();
    folder = await tempFolder();
    env = { CLOUDCTL_BASE_URL: cloud.url, TEST_CONSOLE_PASSWORD: 'Sup3rSecretPw' };
    await write(folder, 'stack.yaml', MANIFEST);
  });
  after(async () => {
    await cloud?.close();
  });

  it('says so at once, records it, shows awaiting payment, and continues once paid', async () => {
    const first = await run('apply', 'stack.yaml', '--auto-approve');
    expect(first.code).to.equal(1);
    const invoiceId = /invoice (\d+), amount 75000, due \d{4}-\d\d-\d\d is open/.exec(first.stdout)?.[1];
    expect(invoiceId, first.stdout).to.be.a('string');
    expect(first.stdout).to.include('placed unpaid (pay_with_credit_card: false)');
    let state = await readState(folder);
    expect(state.resources.web.pending_create).to.equal(true);
    expect(state.resources.web.pending_payment).to.include({ invoice_id: Number(invoiceId), amount: 75000 });
    expect(cloud.ledger()).to.have.length(1);

    const plan = await run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# web is awaiting payment (no new order)');
    expect(plan.stdout).to.include(`awaiting payment: the order (id ${state.resources.web.id}) was placed unpaid; invoice ${invoiceId}`);
    expect(plan.stdout).to.include('0 paid orders.');

    const again = await run('apply', 'stack.yaml', '--auto-approve');
    expect(again.code).to.equal(1);
    expect(again.stdout).to.include(`invoice ${invoiceId}`);
    expect(cloud.ledger()).to.have.length(1);

    cloud.payInvoice(Number(invoiceId));
    const paid = await run('apply', 'stack.yaml', '--auto-approve');
    expect(paid.code, paid.stdout + paid.stderr).to.equal(0);
    // Provisioning after the payment may finish before the refresh of this run reads it (then nothing is left to do).
    expect(paid.stdout).to.match(/web: Creation complete|No changes\./);
    state = await readState(folder);
    expect(state.resources.web.pending_create).to.equal(undefined);
    expect(state.resources.web.pending_payment).to.equal(undefined);
    expect(state.resources.web.attributes.status).to.equal('Active');
    expect(cloud.ledger()).to.have.length(1);
  });
});
