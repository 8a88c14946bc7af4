/**
 * Issue 24: each safety invariant (docs/design.md, "Safety invariants")
 * refused at its chokepoint, whoever the caller: the state store (I1), the
 * paid-call protocol (I2), the delete (I3).
 */
import { expect } from 'chai';
import type { Manifest } from '../../src/manifest/types.js';
import type { ResourceState } from '../../src/state/document.js';
import { ApplyContext, type ApplyReporter } from '../../src/engine/apply/context.js';
import { checkOwnedDelete, DeleteRefusedError } from '../../src/engine/apply/delete.js';
import { FreeRunRefusedError, journaledCall, PaidCallRefusedError } from '../../src/engine/apply/paid-call.js';
import { runInPlace } from '../../src/engine/apply/in-place.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import type { ApiClient } from '../../src/api/types.js';
import { AccountHeldError, FileJournal, LocalBackend, StateStore } from '../../src/state/index.js';
import { useTempState } from '../support/temp-state.js';
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

function account(type: string, id: string, attributes: Record<string, string | number | null> = {}): ResourceState {
  return { type, id, attributes: { id, ...attributes }, dependencies: [] };
}

const silent: ApplyReporter = { started() {}, progress() {}, finished() {}, failed() {}, skipped() {} };

/** An API client that records every call and answers nothing. */
function recordingApi(calls: string[]): ApiClient {
  const record = (line: string) => {
    calls.push(line);
    return Promise.resolve({});
  };
  return {
    get: (path) => record(`GET ${path}`),
    post: (path) => record(`POST ${path}`),
    put: (path) => record(`PUT ${path}`),
    delete: (path) => record(`DELETE ${path}`),
    close: () => Promise.resolve(),
  };
}

describe('safety invariants at their chokepoints (issue 24)', () => {
  const temp = useTempState('cloudctl-invariants-');

  describe('I1, one account per address: the state store', () => {
    it('refuses to bind an account another address holds, naming both, and writes nothing', async () => {
      const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
      await store.setResource('vm_a', account('cloud_lite_vm', '100001'));
      const serial = store.serial;
      let caught: unknown;
      try {
        await store.setResource('other', account('cloud_lite_vm', '100001'));
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(AccountHeldError);
      expect((caught as Error).message)
        .to.include('other')
        .and.include('vm_a')
        .and.include('cloud_lite_vm 100001');
      expect(store.resource('other')).to.equal(undefined);
      expect(store.serial).to.equal(serial);
    });

    it('treats a VM restored from a snapshot as a lite VM account: restored cannot take vm_a', async () => {
      const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
      await store.setResource('vm_a', account('cloud_lite_vm', '100001'));
      await store
        .setResource('restored', account('cloud_lite_vm_from_snapshot', '100001'))
        .then(() => expect.fail('bound twice'))
        .catch((error: Error) => expect(error).to.be.instanceOf(AccountHeldError));
      // Another kind of account with the same number is another account.
      await store.setResource('key', account('cloud_lite_keypair', '100001'));
      expect(store.holders('cloud_lite_vm_from_snapshot', '100001')).to.deep.equal(['vm_a']);
    });

    it('allows rewriting the account an address holds, moving it, and forgets it on remove (claimed for the rest of the run)', async () => {
      const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
      await store.setResource('web', account('cloud_lite_vm', '7', { vm_name: 'a' }));
      await store.setResource('web', account('cloud_lite_vm', '7', { vm_name: 'b' }));
      await store.moveResource('web', 'app');
      expect(store.holders('cloud_lite_vm', '7')).to.deep.equal(['app']);
      await store.setResource('web', account('cloud_lite_vm', '8'));
      await store.removeResource('app');
      expect(store.holders('cloud_lite_vm', '7')).to.deep.equal([]);
      expect(store.claimed('cloud_lite_vm', '7'), 'removed in this run: never adopted again by it').to.equal(true);
      expect(store.claimed('cloud_lite_vm', '8')).to.equal(true);
      expect(store.claimed('cloud_lite_vm', '9')).to.equal(false);
      const reopened = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
      expect(reopened.claimed('cloud_lite_vm', '7')).to.equal(false);
      expect(reopened.holders('cloud_lite_vm', '8')).to.deep.equal(['web']);
    });
  });

  /** A store whose saved state binds account 100001 to both `vm_a` and `restored` (written before the rule). */
  async function doublyBound(): Promise<StateStore> {
    await mkdir(dirname(temp.statePath), { recursive: true });
    const document = {
      format_version: 1,
      lineage: '00000000-0000-4000-8000-000000000001',
      serial: 3,
      resources: {
        restored: account('cloud_lite_vm_from_snapshot', '100001'),
        vm_a: account('cloud_lite_vm', '100001'),
      },
      outputs: {},
    };
    await writeFile(temp.statePath, JSON.stringify(document));
    return StateStore.open(new LocalBackend({ statePath: temp.statePath }));
  }

  function contextOf(store: StateStore, calls: string[], freeOnly = false): ApplyContext {
    return new ApplyContext({
      changes: [],
      manifest: { resources: {}, data: {} } as unknown as Manifest,
      catalogue: defaultCatalogue,
      scope: undefined as never,
      store,
      journal: new FileJournal(join(dirname(temp.statePath), 'journal.jsonl')),
      api: recordingApi(calls),
      parallelism: 1,
      pollIntervalSeconds: 0.01,
      reporter: silent,
      graceSeconds: 0,
      freeOnly,
    });
  }

  describe('I3, deletes only for what an address owns: the delete', () => {
    it('refuses to delete an account two addresses hold (a state written before I1), sending nothing', async () => {
      const store = await doublyBound();
      expect(store.holders('cloud_lite_vm', '100001')).to.deep.equal(['restored', 'vm_a']);
      const calls: string[] = [];
      const run = contextOf(store, calls);
      expect(() => checkOwnedDelete(run, 'restored', '100001'))
        .to.throw(DeleteRefusedError)
        .with.property('message')
        .that.includes('also held by vm_a');
      expect(calls).to.deep.equal([]);
    });

    it('refuses a delete whose planned id is not the one state holds for the address now', async () => {
      const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
      await store.setResource('web', account('cloud_lite_vm', '8'));
      const run = contextOf(store, []);
      expect(() => checkOwnedDelete(run, 'web', '7')).to.throw(DeleteRefusedError, /plan names id 7, but the state holds id 8/);
      expect(() => checkOwnedDelete(run, 'gone', '7')).to.throw(DeleteRefusedError, /no longer holds it/);
      expect(checkOwnedDelete(run, 'web', '8').id).to.equal('8');
    });
  });

  describe('I2, paid calls from observed values only: the paid-call protocol', () => {
    it('refuses a paid change-package from a product the API never reported, journaling and sending nothing', async () => {
      const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
      await store.setResource('web', account('cloud_lite_vm', '8', { product_id: null }));
      const calls: string[] = [];
      const run = contextOf(store, calls);
      const intent = {
        address: 'web',
        type: 'cloud_lite_vm',
        operation: 'change_package',
        inputs: { product_id: 1547 },
        match: { id: '8' },
      };
      let caught: unknown;
      try {
        await journaledCall(run, {
          intent,
          before: null,
          call: (api) => api.post('/lites/accounts/8/change-package', { new_product_id: 1547 }),
          record: () => Promise.resolve('8'),
        });
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(PaidCallRefusedError);
      expect((caught as Error).message).to.include('never reported product_id');
      expect(calls).to.deep.equal([]);
      expect(await run.journal.unfinished()).to.deep.equal([]);
      // From an observed value it goes through.
      await journaledCall(run, {
        intent,
        before: 1546,
        call: (api) => api.post('/lites/accounts/8/change-package', { new_product_id: 1547 }),
        record: () => Promise.resolve('8'),
      });
      expect(calls).to.deep.equal(['POST /lites/accounts/8/change-package']);
    });
  });

  describe('free runs (watch --repair free): the paid-call protocol, the delete and the in-place steps', () => {
    const rejection = async (promise: Promise<unknown>) => {
      try {
        await promise;
      } catch (error) {
        return error;
      }
      return undefined;
    };

    it('refuses a paid order, a delete and a trigger, sending and journaling nothing; free steps still run', async () => {
      const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
      await store.setResource('web', account('cloud_lite_vm', '8', { product_id: 1546, vm_name: 'old' }));
      const calls: string[] = [];
      const run = contextOf(store, calls, true);
      const paid = await rejection(
        journaledCall(run, {
          intent: { address: 'web', type: 'cloud_lite_vm', operation: 'change_package', inputs: { product_id: 1547 }, match: { id: '8' } },
          before: 1546,
          call: (api) => api.post('/lites/accounts/8/change-package', { new_product_id: 1547 }),
          record: () => Promise.resolve('8'),
        }),
      );
      expect(paid).to.be.instanceOf(FreeRunRefusedError);
      expect((paid as Error).message).to.match(/refusing change_package \(a paid order\) for web: this run may only make free changes/);
      expect(() => checkOwnedDelete(run, 'web', '8')).to.throw(FreeRunRefusedError, /refusing a delete for web/);

      const type = defaultCatalogue.resource('cloud_lite_vm')!;
      const target = { address: 'web', type, state: store.resource('web')!, inputs: {}, dependencies: [], action: 'modifying' };
      const handler = (_context: unknown, id: string) => api(`rebuild ${id}`);
      const api = (line: string) => {
        calls.push(line);
        return Promise.resolve({ wait: false });
      };
      const trigger = await rejection(runInPlace(run, target, [{ name: 'rebuild', attribute: 'rebuild_os', handler, paid: false }]));
      expect(trigger).to.be.instanceOf(FreeRunRefusedError);
      expect((trigger as Error).message).to.include('rebuild (a trigger)');
      expect(calls).to.deep.equal([]);
      expect(await run.journal.unfinished()).to.deep.equal([]);

      // A free step (a rename) goes through in the same run.
      const rename = (_context: unknown, id: string) => api(`rename ${id}`);
      await runInPlace(run, { ...target, inputs: { vm_name: 'new' } }, [
        { name: 'rename', attribute: 'vm_name', handler: rename, paid: false },
      ]);
      expect(calls).to.deep.equal(['rename 8']);
      // The same calls outside a free run are not refused by this rule.
      expect(checkOwnedDelete(contextOf(store, []), 'web', '8').id).to.equal('8');
    });
  });
});
