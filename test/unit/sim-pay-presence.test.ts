/**
 * `pay_with_credit_card: false` never charges: the order body leaves
 * `pay_invoice_with_cc` out (a presence-testing server would charge a
 * `"no"`), `true` sends `"yes"`. Exact bodies through a recording API, then
 * the same orders against the simulator's presence-testing variation.
 * Run: npx mocha --no-config --import=tsx test/unit/sim-pay-presence.test.ts
 */
import { expect } from 'chai';
import { createApiClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import type { Attributes } from '../../src/core/types.js';
import type { OperationContext, ResourceType } from '../../src/resources/attribute.js';
import { lookupResourceType } from '../../src/resources/index.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';

function resource(name: string): ResourceType {
  const type = lookupResourceType(name);
  if (!type) throw new Error(`no resource type ${name}`);
  return type;
}

/** An API that records every write and answers a BillingRef-like reply. */
function recordingApi(): { api: ApiClient; writes: Array<{ method: string; path: string; body: unknown }> } {
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  const reply = async () => ({ order_id: '500001', account_id: '100001' });
  return {
    writes,
    api: {
      get: async () => ({}),
      post: async (path, body) => (writes.push({ method: 'POST', path, body }), reply()),
      put: async (path, body) => (writes.push({ method: 'PUT', path, body }), reply()),
      delete: async () => 'success',
      close: async () => undefined,
    },
  };
}

const VM: Attributes = {
  product_id: 1547,
  cycle: 'm',
  select_os: 'ubuntu-22.04',
  keypair_id: 2001,
  ssh_and_console_user: 'deployer',
  console_password: 'Secr3tPassw0rd',
  vm_name: 'web-server-01',
  description: '',
};

describe('pay_with_credit_card on the wire', function () {
  this.timeout(20_000);

  it('false leaves pay_invoice_with_cc out of the order body; true sends "yes"', async () => {
    const { api, writes } = recordingApi();
    const context: OperationContext = { api, pollIntervalSeconds: 0.05, deadline: Date.now() + 5000 };
    const vm = resource('cloud_lite_vm');
    await vm.create(context, { ...VM, pay_with_credit_card: false });
    await vm.create(context, { ...VM, pay_with_credit_card: true });
    await vm.operations.change_package!(context, '100001', { value: 1549, before: 1547, inputs: { ...VM, pay_with_credit_card: false } });
    await vm.operations.storage_upgrade!(context, '100001', { value: 150, before: 60, inputs: { ...VM, pay_with_credit_card: false } });
    const orderBody = {
      product_id: 1547,
      cycle: 'm',
      select_os: 'ubuntu-22.04',
      keypair_id: 2001,
      vm_name: 'web-server-01',
      ssh_and_console_user: 'deployer',
      console_password: 'Secr3tPassw0rd',
    };
    expect(writes).to.deep.equal([
      { method: 'POST', path: '/lites', body: orderBody },
      { method: 'POST', path: '/lites', body: { ...orderBody, pay_invoice_with_cc: 'yes' } },
      { method: 'POST', path: '/lites/accounts/100001/change-package', body: { new_product_id: 1549 } },
      { method: 'PUT', path: '/lites/accounts/100001/storage', body: { disk_size: 150 } },
    ]);
  });

  describe('against a presence-testing server (variation pay-by-presence)', () => {
    let sim: RunningSimulator;
    let api: ApiClient;
    const context = (): OperationContext => ({ api, pollIntervalSeconds: 0.05, deadline: Date.now() + 10_000 });

    before(async () => {
      sim = await startSimulator({ provisioningSeconds: 0.1, seed: 3, variations: ['pay-by-presence'] });
      api = createApiClient({ baseUrl: sim.url });
    });
    after(async () => {
      await api.close();
      await sim.close();
    });

    it('a lite VM ordered with false stays Pending with its invoice unpaid: the card was never charged', async () => {
      const keypair = await resource('cloud_lite_keypair').create(context(), { name: 'deploy-key' });
      const vm = resource('cloud_lite_vm');
      const created = await vm.create(context(), { ...VM, keypair_id: Number(keypair.id), pay_with_credit_card: false });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const read = await vm.read(context(), created.id, undefined);
      expect(read?.status).to.equal('Pending');
      expect((read?.last_invoice as Record<string, unknown>).status).to.equal('Unpaid');
      expect(sim.ledger().at(-1)?.body).to.not.have.property('pay_invoice_with_cc');
      expect(sim.requests().some((request) => request.variations?.includes('pay-by-presence'))).to.equal(false);
    });

    it('a lite VM ordered with true is paid', async () => {
      const keypair = await resource('cloud_lite_keypair').create(context(), { name: 'other-key' });
      const vm = resource('cloud_lite_vm');
      const created = await vm.create(context(), { ...VM, keypair_id: Number(keypair.id), pay_with_credit_card: true });
      await vm.waitUntilReady!(context(), created.id);
      expect((await vm.read(context(), created.id, undefined))?.status).to.equal('Active');
    });
  });
});
