/**
 * Paid orders the API took but does not show (issue 10, cases 7 and 8):
 * held pending or marked migrated in state, so no plan orders them again.
 * The replies are the exact shapes of the simulator's
 * `upgrade-keeps-old-value` and `migrated-lite-gone` rules.
 */
import { expect } from 'chai';
import type { Attributes } from '../../src/core/types.js';
import type { ResourceState } from '../../src/state/document.js';
import { goneOrTerminated, holdUnshown, invoiceEvidence, keepPending, showsValue } from '../../src/engine/held.js';
import { plannedChange, resource } from '../support/catalogue.js';
import { refreshState } from '../../src/engine/refresh.js';
import { heldOrderWarnings } from '../../src/engine/marks.js';
import { warningLines } from '../../src/cli/views/warnings.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';

const unpaid = {
  id: 700004,
  paid_id: 0,
  status: 'Unpaid',
  date: '2026-11-23',
  duedate: '2026-11-30',
  paybefore: '2026-11-30',
  datepaid: '0000-00-00 00:00:00',
  invoice_type: 'Upgrade',
};
const order = { operation: 'change_package', attribute: 'product_id', value: 1549, time: '2026-11-23T16:00:00.000Z' };

/** The planned change of the lite VM `web` from `prior` to the manifest values `desired`. */
function planWeb(desired: Record<string, { value: unknown }>, prior: ResourceState) {
  return plannedChange('web', resource('cloud_lite_vm'), desired as never, prior);
}

describe('engine: paid orders held in state (held.ts)', () => {
  it('an upgrade taken while the account still reads the old product is held with the ordered value and the open invoice', () => {
    const read: Attributes = { id: '100001', product_id: 1547, status: 'Active', last_invoice: unpaid };
    const held = holdUnshown([order], read, { id: '100001', product_id: 1547 }, undefined);
    expect(held.attributes.product_id).to.equal(1549);
    expect(held.pending).to.deep.equal({
      product_id: {
        operation: 'change_package',
        value: 1549,
        time: order.time,
        invoice_id: '700004',
        evidence: 'the API accepted the order and invoice 700004 is Unpaid',
      },
    });
  });

  it('an upgrade that shows (as text or number) is not held', () => {
    const held = holdUnshown([order], { product_id: '1549', status: 'Active' }, { product_id: 1549 }, undefined);
    expect(held.pending).to.equal(undefined);
    expect(showsValue('1549', 1549)).to.equal(true);
  });

  it('after a later update, an earlier held order keeps its ordered value, is dropped once shown, and loses its payment once paid', () => {
    const payment = { invoice_id: 700004, amount: 45000 };
    const prior = {
      product_id: { operation: 'change_package', value: 1549, time: order.time, invoice_id: '700004', evidence: 'x', payment },
    };
    const paid = { ...unpaid, status: 'Paid', paid_id: 700004 };
    const unshown = holdUnshown([], { product_id: 1547, status: 'Active', last_invoice: paid }, { product_id: 1547 }, prior);
    expect(unshown.attributes.product_id, 'never the old value: no plan orders it again').to.equal(1549);
    expect(unshown.pending?.product_id).to.not.have.property('payment');
    const open = holdUnshown([], { product_id: 1547, status: 'Pending', last_invoice: unpaid }, { product_id: 1547 }, prior);
    expect(open.pending?.product_id).to.have.property('payment');
    expect(holdUnshown([], { product_id: 1549, status: 'Active' }, { product_id: 1549 }, prior).pending).to.equal(undefined);
  });

  it('refresh keeps the ordered value while the order is pending, and drops the entry once the value shows or the invoice is cancelled', () => {
    const prior: ResourceState = {
      type: 'cloud_lite_vm',
      id: '100001',
      dependencies: [],
      attributes: { product_id: 1549 },
      pending_operations: {
        product_id: { operation: 'change_package', value: 1549, time: order.time, invoice_id: '700004', evidence: 'x' },
      },
    };
    const still = keepPending(prior, { product_id: 1547, last_invoice: unpaid }, { product_id: 1547 });
    expect(still.attributes.product_id).to.equal(1549);
    expect(still.pending).to.have.key('product_id');
    expect(keepPending(prior, { product_id: 1549 }, { product_id: 1549 }).pending).to.equal(undefined);
    const cancelled = keepPending(prior, { product_id: 1547, last_invoice: { ...unpaid, status: 'Cancelled' } }, { product_id: 1547 });
    expect(cancelled.pending).to.equal(undefined);
    expect(cancelled.attributes.product_id, 'cancelled: the old value is the truth, the plan may ask again').to.equal(1547);
  });

  it('reads invoice evidence from last_invoice', () => {
    expect(invoiceEvidence({ last_invoice: unpaid })).to.deep.equal({ invoiceId: '700004', open: true, status: 'Unpaid' });
    expect(invoiceEvidence({ last_invoice: { ...unpaid, status: 'Paid' } }).open).to.equal(false);
    expect(invoiceEvidence({ last_invoice: null }).open).to.equal(false);
    expect(invoiceEvidence({}).open).to.equal(false);
  });

  it('refresh keeps a migrated lite VM whose account answers 404 or Terminated (an unmarked one is gone, and would be ordered again)', async () => {
    const type = defaultCatalogue.resource('cloud_lite_vm')!;
    const reads: Array<Attributes | null> = [null, { id: '100001', status: 'Terminated' }];
    for (const read of reads) {
      const catalogue = {
        ...defaultCatalogue,
        resource: (name: string) => (name === 'cloud_lite_vm' ? { ...type, refreshByList: undefined, read: async () => read } : undefined),
      } as never;
      const web: ResourceState = {
        type: 'cloud_lite_vm',
        id: '100001',
        dependencies: [],
        attributes: { id: '100001', product_id: 1547, migrate_to_pro: '2102', status: 'Active' },
        migrated: { to_type: 'cloud_lite_pro_vm', attribute: 'migrate_to_pro', value: '2102', time: order.time },
      };
      const { migrated: _mark, ...unmarked } = web;
      const refresh = (resource: ResourceState) =>
        refreshState({ resources: { web: resource } } as never, { catalogue, contextFor: () => ({}) as never, parallelism: 1 });
      const kept = await refresh(web);
      expect(kept.gone).to.deep.equal([]);
      expect(kept.resources.web).to.deep.equal(web);
      if (read === null) expect((await refresh(unmarked)).gone, 'without the mark').to.deep.equal(['web']);
    }
  });

  it('a migrated lite account read as 404 or Terminated is gone, not deleted outside', () => {
    expect(goneOrTerminated(null)).to.equal(true);
    expect(goneOrTerminated({ status: 'Terminated' })).to.equal(true);
    expect(goneOrTerminated({ status: 'Active' })).to.equal(false);
  });

  it('a migrated resource is never planned for replacement (no second paid order), and the plan says how to move it', () => {
    const type = defaultCatalogue.resource('cloud_lite_vm')!;
    expect(type.attributes.migrate_to_pro!.policy).to.deep.equal({
      kind: 'trigger',
      operation: 'migrate_to_pro',
      becomes: 'cloud_lite_pro_vm',
      becomesFound: { valueAs: 'product_id', same: ['vm_name'] },
    });
    const prior: ResourceState = {
      type: 'cloud_lite_vm',
      id: '100001',
      dependencies: [],
      attributes: {
        id: '100001',
        product_id: 1547,
        select_os: 'ubuntu-22',
        vm_name: 'web-server-01',
        migrate_to_pro: '2102',
        status: 'Terminated',
      },
      migrated: { to_type: 'cloud_lite_pro_vm', attribute: 'migrate_to_pro', value: '2102', time: order.time },
    };
    const desired = {
      product_id: { value: 1547 },
      select_os: { value: 'debian-12' },
      vm_name: { value: 'web-server-01' },
      migrate_to_pro: { value: '2102' },
    };
    const change = planWeb(desired, prior);
    expect(change.action).to.equal('noop');
    expect(change.paidOrders).to.equal(0);
    const warnings = heldOrderWarnings({ resources: { web: prior } } as never);
    expect(warnings).to.deep.equal([
      { code: 'migrated', address: 'web', attributes: ['migrate_to_pro'], to_type: 'cloud_lite_pro_vm', value: '2102', since: order.time },
    ]);
    const text = warningLines(warnings[0]!).join('\n');
    expect(text).to.include('Warning: web was migrated to cloud_lite_pro_vm');
    expect(text).to.include('cloudctl state mv web web MANIFEST');
  });

  it('an upgrade placed unpaid: the plan orders nothing for the VM while its invoice is open, and waits for it once paid', () => {
    const payment = { invoice_id: 700004, amount: 45000, due_date: '2026-11-30' };
    const held = { operation: 'change_package', value: 1549, time: order.time, invoice_id: '700004', evidence: 'x', payment };
    const prior: ResourceState = {
      type: 'cloud_lite_vm',
      id: '100001',
      dependencies: [],
      attributes: { id: '100001', product_id: 1549, vm_name: 'web-server-01', disk_size: 60 },
      pending_operations: { product_id: held },
      pending_payment: payment,
    };
    const diff = (state: ResourceState) =>
      planWeb({ product_id: { value: 1549 }, vm_name: { value: 'web-server-02' }, disk_size: { value: 80 } }, state);
    const awaiting = diff(prior);
    expect(awaiting).to.deep.include({ action: 'update', paidOrders: 0, operations: [], attributes: [] });
    expect(awaiting.reasonCodes).to.deep.equal([
      { code: 'update_awaiting_payment', id: '100001', operation: 'change_package', attribute: 'product_id', ...payment },
    ]);
    const { pending_payment: _paid, ...paid } = prior;
    const resumed = diff(paid);
    expect(resumed.reasonCodes[0]).to.deep.equal({
      code: 'update_resumes_paid_order',
      id: '100001',
      operation: 'change_package',
      attribute: 'product_id',
    });
    expect(resumed.operations.map((operation) => operation.name)).to.deep.equal(['rename', 'storage_upgrade']);
  });
});
