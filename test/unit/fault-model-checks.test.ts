/**
 * The checks of issue 24's fault model (test/integration/fault-model.ts)
 * on made-up states, plans and ledgers: each one fails where its invariant
 * breaks (so a passing case means something), and the case table is what
 * the property test's comment says it is.
 */
import { expect } from 'chai';
import {
  accountKind,
  ALL_CASES,
  BRIEF_CASE_IDS,
  deletedAccount,
  FAULT_CASES,
  MODEL_FAULT_KINDS,
  OMISSION_CASES,
  PAID_PATHS,
  sharedAccounts,
  unplannedPaidOrders,
  unreportedPaidChanges,
  type PlannedChange,
} from '../integration/fault-model.js';

const held = (entries: Array<[string, string, string]>) =>
  new Map(entries.map(([address, type, id]) => [address, { kind: accountKind(type), id }]));

describe('fault model checks (issue 24)', () => {
  it('I1: a lite VM and a restored VM holding one account id are one account held twice; other kinds are apart', () => {
    const state = held([
      ['vm_a', 'cloud_lite_vm', '100001'],
      ['restored', 'cloud_lite_vm_from_snapshot', '100001'],
      ['pro', 'cloud_lite_pro_vm', '100002'],
      ['key', 'cloud_lite_keypair', '100002'],
    ]);
    expect(sharedAccounts(state)).to.deep.equal(['cloud_lite_vm 100001 held by vm_a and restored']);
    expect(sharedAccounts(held([['vm_a', 'cloud_lite_vm', '100001']]))).to.deep.equal([]);
  });

  it('I3: DELETE paths name the account kind and id they delete; an unassignment deletes no account', () => {
    expect(deletedAccount('/v1/lites/100001')).to.deep.equal({ kind: 'cloud_lite_vm', id: '100001' });
    expect(deletedAccount('/v1/lites/snapshots/100003')).to.deep.equal({ kind: 'cloud_lite_snapshot', id: '100003' });
    expect(deletedAccount('/v1/lite-pros/disks/7')).to.deep.equal({ kind: 'cloud_lite_pro_disk', id: '7' });
    expect(deletedAccount('/v1/baremetal-elastic-storages/9')).to.deep.equal({ kind: 'cloud_baremetal_elastic_storage', id: '9' });
    expect(deletedAccount('/v1/baremetal-additional-ips/9/assigns/8')).to.equal(undefined);
  });

  it('I2: a paid order from a "before" never reported is found, unless the step changed that input', () => {
    const change: PlannedChange = {
      address: 'vm',
      action: 'update',
      paidOrders: 1,
      operations: [{ name: 'change_package', attribute: 'product_id', paid: true }],
      attributes: [{ name: 'product_id', before: null, after: 1547, reasonCode: { code: 'calls_operation', operation: 'change_package' } }],
    };
    expect(unreportedPaidChanges([change], new Set())).to.deep.equal(['vm: update product_id null -> 1547 (change_package)']);
    expect(unreportedPaidChanges([change], new Set(['vm.product_id']))).to.deep.equal([]);
    const reported = { ...change, attributes: [{ ...change.attributes[0]!, before: 1548 }] };
    expect(unreportedPaidChanges([reported], new Set())).to.deep.equal([]);
    const unpaid = { ...change, paidOrders: 0, operations: [{ name: 'rename', attribute: 'vm_name', paid: false }] };
    expect(
      unreportedPaidChanges(
        [
          {
            ...unpaid,
            attributes: [{ name: 'vm_name', before: null, after: 'x', reasonCode: { code: 'calls_operation', operation: 'rename' } }],
          },
        ],
        new Set(),
      ),
    ).to.deep.equal([]);
  });

  it('I2 on the ledger: an in-place order on a held account the plan did not propose is found', () => {
    const state = held([['vm', 'cloud_lite_vm', '100001']]);
    const order = { operation: 'lite.change-package', account_id: '100001' };
    const planned: PlannedChange = { address: 'vm', action: 'update', paidOrders: 1, operations: [], attributes: [] };
    expect(unplannedPaidOrders([order], state, [])).to.have.length(1);
    expect(unplannedPaidOrders([order], state, [planned])).to.deep.equal([]);
    expect(unplannedPaidOrders([{ operation: 'lite.create', account_id: '100002' }], state, [])).to.deep.equal([]);
    expect(
      unplannedPaidOrders([{ operation: 'lite.storage-upgrade', account_id: '100002' }], state, []),
      'an account made in the apply',
    ).to.deep.equal([]);
  });

  it('the case table: every paid path × position × kind, every unpromised key twice, unique ids, the brief cases among them', () => {
    const positions = PAID_PATHS.reduce((sum, path) => sum + Object.keys(path.steps).length, 0);
    expect(FAULT_CASES).to.have.length(positions * MODEL_FAULT_KINDS.length);
    expect(OMISSION_CASES.length % 2).to.equal(0);
    expect(new Set(ALL_CASES.map((entry) => entry.id)).size).to.equal(ALL_CASES.length);
    for (const id of BRIEF_CASE_IDS) expect(ALL_CASES.map((entry) => entry.id)).to.include(id);
    // A timeout case waits only the short request timeout it sets (CLOUDCTL_REQUEST_TIMEOUT), so npm test runs some too.
    expect(BRIEF_CASE_IDS.some((id) => id.endsWith('/timeout'))).to.equal(true);
  });
});
