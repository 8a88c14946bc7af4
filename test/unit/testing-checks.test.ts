/**
 * The test runner's checks (src/testing, issue 26) on made-up inputs: the
 * duplicate-order rules over a ledger, orphaned accounts, and the names a
 * condition reads (resources by instance, splat and module, the plan, the
 * ledger), each failure located inside the condition string.
 */
import { expect } from 'chai';
import { duplicateOrders, orphanedAccounts } from '../../src/testing/cloud.js';
import { checkCondition, type ConditionContext } from '../../src/testing/conditions.js';
import type { LedgerEntry, SimulatedAccount } from '../../src/sim/index.js';

function entry(seq: number, operation: string, accountId: string, body: Record<string, unknown>): LedgerEntry {
  return { seq, time: '2026-11-27T00:00:00Z', method: 'POST', path: '/v1/lites', operation, account_id: accountId, body };
}

function account(id: string): SimulatedAccount {
  return { id, kind: 'vm', group: 'lite', invoice: { id: 1, status: 'Paid' } };
}

describe('unit: cloudctl test checks', () => {
  describe('duplicate orders', () => {
    const create = { vm_name: 'web-01', product_id: 1547 };

    it('two creates with the same body whose accounts both exist are a duplicate; one deleted since is not', () => {
      const ledger = [entry(1, 'lite.create', '100001', create), entry(2, 'lite.create', '100002', create)];
      expect(duplicateOrders(ledger, [account('100001'), account('100002')])).to.deep.equal([
        'duplicate order: lite.create placed 2 times with the same request (ledger #1 account 100001, #2 account 100002), and every one of those accounts exists',
      ]);
      expect(duplicateOrders(ledger, [account('100002')])).to.deep.equal([]);
    });

    it('the same in-place order twice in a row for one account is a duplicate; back and forth is not', () => {
      const upgrade = (seq: number, size: number) => entry(seq, 'lite.storage-upgrade', '100001', { disk_size: size });
      expect(duplicateOrders([upgrade(1, 80), upgrade(2, 80)], [account('100001')])).to.deep.equal([
        'duplicate order: lite.storage-upgrade of account 100001 placed twice in a row (ledger #1 and #2)',
      ]);
      expect(duplicateOrders([upgrade(1, 80), upgrade(2, 100), upgrade(3, 80)], [account('100001')])).to.deep.equal([]);
    });

    it('an account the state does not hold is orphaned', () => {
      expect(orphanedAccounts([account('100001'), account('100002')], new Set(['100001']))).to.deep.equal([
        'orphaned account: lite vm 100002 exists in the cloud but not in state',
      ]);
    });
  });

  describe('conditions', () => {
    const context: ConditionContext = {
      resources: {
        'vm["web"]': { id: '1', status: 'Active' },
        'vm["api"]': { id: '2', status: 'Pending' },
        'a.web': { id: '3', disk_size: 80 },
        flag: { id: '4', enabled: true },
      },
      dataSources: { 'data.products': { products: [{ product_id: 1547 }] } },
      variables: { env: 'dev' },
      outputs: { ok: true },
      plan: { add: 2 },
      ledger: { orders: 1 },
      result: { status: 'applied' },
    };
    const at = { file: 't.test.yaml', line: 4, column: 20 };
    const locate = (offset: number) => ({ ...at, column: at.column + offset });
    const check = (condition: string) => checkCondition(condition, at, locate, context);

    it('a reference to true passes; other values fail saying what they are', () => {
      expect(check('${flag.enabled}')).to.equal(undefined);
      expect(check('${output.ok}')).to.equal(undefined);
      expect(check('${vm["web"].status}')).to.deep.equal({ message: 'the condition is "Active", not true', location: at });
      expect(check('${plan.add}')?.message).to.equal('the condition is 2, not true');
      expect(check('${ledger.orders}')?.message).to.equal('the condition is 1, not true');
      expect(check('${data.products.products[0].product_id}')?.message).to.equal('the condition is 1547, not true');
      expect(check('${vm[*].id}')?.message).to.equal('the condition is ["1","2"], not true');
      expect(check('${a.web.disk_size}')?.message).to.equal('the condition is 80, not true');
      expect(check('${var.env}')?.message).to.equal('the condition is "dev", not true');
    });

    it('operators: comparisons and && over resources, the plan and the ledger', () => {
      expect(check('${vm["web"].status == "Active" && plan.add == 2}')).to.equal(undefined);
      expect(check('${length(vm[*].id) == 2 && ledger.orders < 2}')).to.equal(undefined);
      expect(check('${vm["api"].status == "Active"}')?.message).to.equal(
        'the condition is false, not true: left is "Pending", right is "Active"',
      );
    });

    it('a type error fails at the operand inside the string (column of the condition + offset)', () => {
      expect(check('${plan.add == 2 && plan.add}')).to.deep.equal({
        message: 'the right operand of "&&" must be a boolean, got a number (2)',
        location: { ...at, column: at.column + 19 },
      });
    });

    it('a name that does not resolve fails at its position inside the string', () => {
      expect(check('${nothing.id}')).to.deep.equal({ message: 'cannot resolve "${nothing.id}"', location: at });
    });
  });
});
