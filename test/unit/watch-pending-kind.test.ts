/**
 * How the watcher sorts a pending change (src/engine/watch/cycle.ts
 * `pendingKind`): only an in-place update that orders nothing and fires no
 * trigger is free to repair; deletes, replaces and reinstalls are
 * destructive; creates and paid upgrades are paid.
 */
import { expect } from 'chai';
import { defaultCatalogue } from '../../src/manifest/index.js';
import type { Change } from '../../src/plan/document.js';
import { pendingKind } from '../../src/engine/watch/cycle.js';

function change(
  action: Change['action'],
  operations: Array<{ name: string; attribute: string; paid: boolean }> = [],
  paidOrders = 0,
): Change {
  return {
    address: 'web',
    type: 'cloud_lite_vm',
    mode: 'resource',
    action,
    reasonCodes: [],
    attributes: [],
    operations,
    paidOrders,
    dependsOn: [],
  };
}

describe('watch: pending change kinds (src/engine/watch/cycle.ts)', () => {
  const run = { catalogue: defaultCatalogue };

  it('a rename, a power state or a keypair change is free', () => {
    expect(pendingKind(change('update', [{ name: 'rename', attribute: 'vm_name', paid: false }]), run)).to.equal('free');
    expect(pendingKind(change('update', [{ name: 'power', attribute: 'power_state', paid: false }]), run)).to.equal('free');
    expect(pendingKind(change('update', [{ name: 'change_keypair', attribute: 'keypair_id', paid: false }]), run)).to.equal('free');
  });

  it('a package change is paid, and so is any create', () => {
    expect(pendingKind(change('update', [{ name: 'change_package', attribute: 'product_id', paid: true }], 1), run)).to.equal('paid');
    expect(pendingKind(change('create', [], 1), run)).to.equal('paid');
    expect(pendingKind({ ...change('create'), type: 'cloud_lite_keypair' }, run), 'the watcher never creates').to.equal('paid');
  });

  it('a delete, a replace and an OS reinstall (a trigger) are destructive', () => {
    expect(pendingKind(change('delete'), run)).to.equal('destructive');
    expect(pendingKind(change('replace', [], 1), run)).to.equal('destructive');
    expect(pendingKind(change('update', [{ name: 'rebuild', attribute: 'rebuild_os', paid: false }]), run)).to.equal('destructive');
  });
});
