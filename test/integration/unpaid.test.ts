/**
 * Unpaid orders (issue 13): with `pay_with_credit_card: false` the order
 * leaves an open invoice and the account stays Pending. cloudctl says so at
 * once (invoice id, amount, due date), records it in state as awaiting
 * payment, the next plan shows it so without ordering again, and once the
 * invoice is paid the next apply continues.
 */
import { expect } from 'chai';
import { readState, useStack } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const MANIFEST = `${passwordVariable()}resources:
${liteKeypair('key', 'unpaid-key')}${liteVm('web', 'web-server-01', { properties: '      pay_with_credit_card: false\n      timeouts: { create: 10m }\n' })}`;

describe('integration: unpaid orders', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: MANIFEST, env: { TEST_CONSOLE_PASSWORD: 'Sup3rSecretPw' } });

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
});
