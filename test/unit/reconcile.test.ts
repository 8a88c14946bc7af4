import { expect } from 'chai';
import {
  adoptedState,
  identityFields,
  matchesFields,
  reconcileJournal,
  ReconcileError,
  type ReconcileOptions,
} from '../../src/engine/reconcile/index.js';
import type { Attributes } from '../../src/core/types.js';
import { keepPending } from '../../src/engine/held.js';
import type { OperationContext, ResourceType } from '../../src/resources/attribute.js';
import { type FileJournal, LocalBackend, StateStore } from '../../src/state/index.js';
import { catalogueOf } from '../../src/manifest/catalogue.js';
import { fakeTypeHead, secretInput } from '../support/catalogue.js';
import { useTempState } from '../support/temp-state.js';

interface Fake {
  type: ResourceType;
  listed: Array<Array<{ id: string; attributes: Attributes }>>;
  reads: Array<Attributes | null>;
  calls: { list: number; read: number; wait: number };
}

/** A resource type whose list and read answers are scripted (each call takes the next answer; the last repeats). */
function fakeType(listed: Fake['listed'] = [[]], reads: Fake['reads'] = []): Fake {
  const calls = { list: 0, read: 0, wait: 0 };
  const next = <T>(answers: T[], index: number): T => answers[Math.min(index, answers.length - 1)]!;
  const type: ResourceType = {
    ...fakeTypeHead('fake_vm', {
      name: { type: 'string', mode: 'required', description: '', policy: { kind: 'replace' } },
      product_id: { type: 'int64', mode: 'required', description: '', policy: { kind: 'update', operation: 'change_package' } },
      password: secretInput('required', '', ''),
      cycle: { type: 'string', mode: 'required', description: '', writeOnly: true, policy: { kind: 'reject', hint: '' } },
      rebuild: { type: 'string', mode: 'optional', description: '', writeOnly: true, policy: { kind: 'trigger', operation: 'rebuild' } },
      disk_size: { type: 'int64', mode: 'optional', description: '', policy: { kind: 'grow', operation: 'storage_upgrade' } },
      migrate: { type: 'string', mode: 'optional', description: '', writeOnly: true, policy: { kind: 'trigger', operation: 'migrate' } },
      pay: { type: 'bool', mode: 'optional', description: '', policy: { kind: 'local' } },
      private_key: { type: 'string', mode: 'computed', description: '', sensitive: true, keepFromCreate: true },
      status: { type: 'string', mode: 'computed', description: '' },
    }),
    operationOrder: ['change_package', 'storage_upgrade'],
    paidOperations: ['change_package', 'storage_upgrade', 'migrate'],
    paidCreate: true,
    timeouts: { create: 60, update: 60 },
    importId: 'id',
    create: async () => {
      throw new Error('reconciliation never orders');
    },
    read: async () => next(reads, calls.read++),
    waitUntilReady: async () => {
      calls.wait++;
    },
    operations: {},
    delete: async () => undefined,
    list: async () => next(listed, calls.list++),
  };
  return { type, listed, reads, calls };
}

const vm = (id: string, name: string, extra: Attributes = {}) => ({
  id,
  attributes: { id, name, product_id: 7, status: 'Active', ...extra },
});

describe('engine: reconciliation of unfinished journal intents', () => {
  const temp = useTempState('cloudctl-reconcile-');
  let journal: FileJournal;
  let store: StateStore;
  let lines: string[];

  beforeEach(async () => {
    const backend = new LocalBackend({ statePath: temp.statePath });
    journal = backend.journal as FileJournal;
    store = await StateStore.open(backend);
    lines = [];
  });

  const options = (fake: Fake, extra: Partial<ReconcileOptions> = {}): ReconcileOptions => ({
    store,
    journal,
    context: (): OperationContext => ({ api: {} as OperationContext['api'], pollIntervalSeconds: 0.01, deadline: Date.now() + 10_000 }),
    report: (notice) => lines.push(notice.message),
    catalogue: catalogueOf([fake.type]),
    graceSeconds: 0,
    ...extra,
  });

  const createIntent = (address = 'web', extra: { existing?: string[]; dependencies?: string[] } = {}) =>
    journal.recordIntent({
      address,
      type: 'fake_vm',
      operation: 'create',
      inputs: { name: `${address}-01`, product_id: 7, password: '***', cycle: 'm', disk_size: 80, pay: true },
      match: { name: `${address}-01`, product_id: 7, password: '***', cycle: 'm', disk_size: 80, pay: true },
      ...extra,
    });

  it('does nothing, and calls nothing, when every intent is finished', async () => {
    const fake = fakeType();
    const id = await createIntent();
    await journal.recordResult(id, { outcome: 'ok', id: '1' });
    expect(await reconcileJournal(options(fake))).to.deep.equal([]);
    expect(fake.calls).to.deep.equal({ list: 0, read: 0, wait: 0 });
    expect(lines).to.deep.equal([]);
  });

  it('closes a create as ok when state already holds the address (crash between the state write and the result)', async () => {
    const fake = fakeType();
    const intent = await createIntent();
    await store.setResource('web', { type: 'fake_vm', id: '42', attributes: { id: '42' }, dependencies: [], pending_create: true });
    const [done] = await reconcileJournal(options(fake));
    expect(done).to.include({ outcome: 'ok', id: '42' });
    expect(fake.calls.list).to.equal(0);
    expect(await journal.unfinished()).to.deep.equal([]);
    const entries = await journal.entries();
    expect(entries.at(-1)).to.include({ kind: 'result', intent_id: intent, outcome: 'ok', id: '42' });
    expect(lines[0]).to.match(/^web \(fake_vm\): the order recorded at \S+ is already in state as id 42; journal entry closed$/);
  });

  it('adopts the one match: not managed, not older than the order, identity fields equal; secrets stay unknown', async () => {
    await store.setResource('other', { type: 'fake_vm', id: '10', attributes: { id: '10' }, dependencies: [] });
    const fake = fakeType([
      [
        vm('10', 'web-01'), // managed by state already
        vm('11', 'web-01'), // existed before the order
        vm('12', 'web-02'), // another name
        vm('13', 'web-01', { product_id: 8 }), // another product
        vm('14', 'web-01', { product_id: '7', disk_size: 60, status: 'Pending' }), // the order: disk_size (grow) and text ids do not matter
      ],
    ]);
    await createIntent('web', { existing: ['11'], dependencies: ['key'] });
    const [done] = await reconcileJournal(options(fake));
    expect(done).to.include({ outcome: 'adopted', id: '14' });
    const adopted = store.resource('web')!;
    expect(adopted).to.deep.include({ type: 'fake_vm', id: '14', dependencies: ['key'], pending_create: true });
    expect(adopted.attributes).to.include({
      id: '14',
      name: 'web-01',
      product_id: '7',
      cycle: 'm',
      disk_size: 60,
      pay: true,
      rebuild: null,
      migrate: null,
    });
    expect(adopted.attributes).to.not.have.property('password');
    expect(adopted.attributes).to.not.have.property('private_key');
    expect(lines[0]).to.match(/was found as id 14 and adopted into state; its private_key came only in the lost response .*--replace web/);
    expect(await journal.unfinished()).to.deep.equal([]);
    expect((await journal.entries()).at(-1)).to.include({ outcome: 'adopted', id: '14' });
  });

  it('abandons a create nothing matches, so the next plan orders it again', async () => {
    const fake = fakeType([[vm('12', 'web-02')]]);
    await createIntent();
    const [done] = await reconcileJournal(options(fake));
    expect(done).to.include({ outcome: 'abandoned' });
    expect(store.resource('web')).to.equal(undefined);
    expect(lines[0]).to.match(/no fake_vm matches the order .*so it was not placed; the next plan creates it again/);
    expect(await journal.unfinished()).to.deep.equal([]);
  });

  it('waits out the grace period before abandoning a young intent: an order still in flight is found', async () => {
    const fake = fakeType([[], [vm('20', 'web-01')]]);
    await createIntent();
    const started = Date.now();
    const [done] = await reconcileJournal(options(fake, { graceSeconds: 0.3 }));
    expect(Date.now() - started).to.be.at.least(200);
    expect(done).to.include({ outcome: 'adopted', id: '20' });
    expect(fake.calls.list).to.equal(2);
    expect(lines[0]).to.match(/no fake_vm matches the order recorded at \S+ yet; it may still be in flight, so looking again in 0\.\ds/);
  });

  it('never abandons a create on a listing that was not read in full (a null list, items without a usable id): it stays unfinished (issue 10)', async () => {
    const unreadable = Object.defineProperty([] as Array<{ id: string; attributes: Attributes }>, 'incomplete', { value: true });
    const fake = fakeType([unreadable]);
    await createIntent();
    const error = await reconcileJournal(options(fake)).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).to.be.instanceOf(ReconcileError);
    expect((error as Error).message).to.match(
      /the list reply could not be read in full .* so the order is not ruled out; nothing was planned or ordered/,
    );
    expect((await journal.unfinished()).map((intent) => intent.operation)).to.deep.equal(['create']);
    expect(store.resource('web')).to.equal(undefined);
  });

  it('an old intent is not waited for', async () => {
    const fake = fakeType([[]]);
    await createIntent();
    const [done] = await reconcileJournal(options(fake, { graceSeconds: 30, now: () => Date.now() + 60_000 }));
    expect(done).to.include({ outcome: 'abandoned' });
    expect(fake.calls.list).to.equal(1);
  });

  it('several matches: adopts none, orders nothing, fails naming the candidates and leaves the intent unfinished', async () => {
    const fake = fakeType([[vm('31', 'web-01'), vm('32', 'web-01')]]);
    await createIntent();
    let error: unknown;
    try {
      await reconcileJournal(options(fake));
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(ReconcileError);
    expect((error as Error).message).to.match(/could not be reconciled; nothing was planned or ordered/);
    expect((error as Error).message).to.match(
      /matches 2 unmanaged fake_vm resources \(ids 31, 32\); adopt the right one with 'cloudctl import fake_vm\.web ID'/,
    );
    expect(store.resource('web')).to.equal(undefined);
    expect(await journal.unfinished()).to.have.length(1);
    // `warn` (what import uses) only reports it.
    const [done] = await reconcileJournal(options(fake, { onAmbiguous: 'warn' }));
    expect(done).to.include({ outcome: 'ambiguous' });
    expect(done!.candidates).to.deep.equal(['31', '32']);
    expect(await journal.unfinished()).to.have.length(1);
  });

  describe('identical orders (same type and journaled fields): interchangeable', () => {
    const identicalIntent = (address: string, existing = ['9', '20']) =>
      journal.recordIntent({
        address,
        type: 'fake_vm',
        operation: 'create',
        inputs: { name: 'ip', product_id: 7, password: '***', cycle: 'm' },
        match: { name: 'ip', product_id: 7, password: '***', cycle: 'm' },
        existing,
      });
    const outcomes = (done: Awaited<ReturnType<typeof reconcileJournal>>) =>
      done.map((entry) => [entry.intent.address, entry.outcome, entry.id ?? null]);

    it('3 intents, 3 candidates: adopts them one to one (ascending ids to intents in journal order) and says so', async () => {
      const fake = fakeType([[vm('9', 'ip'), vm('103', 'ip'), vm('101', 'ip'), vm('20', 'ip'), vm('102', 'ip'), vm('104', 'other')]]);
      for (const address of ['ip_c', 'ip_a', 'ip_b']) await identicalIntent(address);
      const done = await reconcileJournal(options(fake));
      expect(outcomes(done)).to.deep.equal([
        ['ip_c', 'adopted', '101'],
        ['ip_a', 'adopted', '102'],
        ['ip_b', 'adopted', '103'],
      ]);
      expect(store.resource('ip_a')).to.deep.include({ id: '102', pending_create: true });
      expect(fake.calls.list).to.equal(1);
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(lines).to.have.length(3);
      for (const line of lines)
        expect(line).to.match(
          /adopted into state: it is one of 3 identical orders of unknown outcome \(ip_c, ip_a, ip_b\) and exactly 3 unmanaged fake_vm resources match them \(ids 101, 102, 103\); identical orders are interchangeable, so they were paired in journal order by ascending id/,
        );
    });

    it('one of them already in state: closed ok, the other two paired with the two candidates left', async () => {
      const fake = fakeType([[vm('101', 'ip'), vm('102', 'ip'), vm('103', 'ip')]]);
      for (const address of ['ip_1', 'ip_2', 'ip_3']) await identicalIntent(address);
      await store.setResource('ip_2', { type: 'fake_vm', id: '102', attributes: { id: '102' }, dependencies: [] });
      expect(outcomes(await reconcileJournal(options(fake)))).to.deep.equal([
        ['ip_2', 'ok', '102'],
        ['ip_1', 'adopted', '101'],
        ['ip_3', 'adopted', '103'],
      ]);
    });

    it('3 intents, 2 candidates (after the grace period): the 2 are adopted, the order left over was not placed and is abandoned', async () => {
      const fake = fakeType([[vm('101', 'ip')], [vm('101', 'ip'), vm('102', 'ip')]]);
      for (const address of ['ip_1', 'ip_2', 'ip_3']) await identicalIntent(address);
      const done = await reconcileJournal(options(fake, { graceSeconds: 0.2 }));
      expect(fake.calls.list).to.equal(2); // listed again after the grace period: an order may still be in flight
      expect(outcomes(done)).to.deep.equal([
        ['ip_1', 'adopted', '101'],
        ['ip_2', 'adopted', '102'],
        ['ip_3', 'abandoned', null],
      ]);
      expect(store.resource('ip_3')).to.equal(undefined);
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(lines[0]).to.match(
        /ip_3 \(fake_vm\): 1 fake_vm resources match the 3 identical orders of ip_1, ip_2, ip_3 yet; it may still be in flight/,
      );
      expect(lines[3]).to.match(
        /ip_3 \(fake_vm\): .*only 2 unmanaged fake_vm resources match them \(ids 101, 102\), so 1 of the orders was not placed; it is taken as one of those, so the next plan creates it again/,
      );
    });

    it('2 intents, 3 candidates: more than were ordered, so nothing is adopted and the run stops naming them', async () => {
      const fake = fakeType([[vm('101', 'ip'), vm('102', 'ip'), vm('103', 'ip')]]);
      for (const address of ['ip_1', 'ip_2']) await identicalIntent(address);
      let error: unknown;
      await reconcileJournal(options(fake)).catch((caught: unknown) => (error = caught));
      expect(error).to.be.instanceOf(ReconcileError);
      expect((error as Error).message).to.match(/2 orders of unknown outcome could not be reconciled; nothing was planned or ordered/);
      expect((error as Error).message).to.match(
        /ip_1 \(fake_vm\): the order recorded at \S+ is one of 2 identical orders of unknown outcome \(ip_1, ip_2\), which match 3 unmanaged fake_vm resources \(ids 101, 102, 103\): more than were ordered.*'cloudctl import fake_vm\.ADDRESS ID'/,
      );
      expect(store.addresses()).to.deep.equal([]);
      expect(await journal.unfinished()).to.have.length(2);
    });

    it('none found: every one is abandoned', async () => {
      const fake = fakeType([[vm('9', 'ip')]]);
      for (const address of ['ip_1', 'ip_2']) await identicalIntent(address);
      expect(outcomes(await reconcileJournal(options(fake)))).to.deep.equal([
        ['ip_1', 'abandoned', null],
        ['ip_2', 'abandoned', null],
      ]);
    });

    it('different fields are not identical: each is reconciled alone', async () => {
      const fake = fakeType([[vm('101', 'ip'), vm('102', 'ip-b')]]);
      await identicalIntent('ip_1');
      await journal.recordIntent({
        address: 'ip_2',
        type: 'fake_vm',
        operation: 'create',
        inputs: { name: 'ip-b', product_id: 7 },
        match: { name: 'ip-b', product_id: 7 },
      });
      expect(outcomes(await reconcileJournal(options(fake)))).to.deep.equal([
        ['ip_1', 'adopted', '101'],
        ['ip_2', 'adopted', '102'],
      ]);
      expect(lines[0]).to.not.match(/identical/);
    });
  });

  it('an unknown type is an error, never a guess', async () => {
    const fake = fakeType();
    await journal.recordIntent({ address: 'x', type: 'gone_type', operation: 'create', inputs: {}, match: {} });
    let error: unknown;
    await reconcileJournal(options(fake)).catch((caught) => (error = caught));
    expect(error).to.be.instanceOf(ReconcileError);
    expect((error as Error).message).to.include('does not know type gone_type');
  });

  describe('paid in-place operations', () => {
    const upgrade = async (value: number, attribute = 'disk_size', operation = 'storage_upgrade') => {
      await store.setResource('web', {
        type: 'fake_vm',
        id: '50',
        attributes: { id: '50', disk_size: 60, product_id: 7 },
        dependencies: [],
      });
      return journal.recordIntent({ address: 'web', type: 'fake_vm', operation, inputs: { [attribute]: value }, match: { id: '50' } });
    };

    it('closes ok when the value took, and records it in state', async () => {
      const fake = fakeType([[]], [{ id: '50', disk_size: 80, status: 'Active' }]);
      await upgrade(80);
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'ok', id: '50' });
      expect(store.resource('web')!.attributes.disk_size).to.equal(80);
      expect(lines[0]).to.match(/the storage_upgrade recorded at \S+ took \(disk_size is 80\); journal entry closed/);
    });

    it('waits for Active while the resource is Pending (the API may show the old value until then)', async () => {
      const fake = fakeType(
        [[]],
        [
          { id: '50', disk_size: 60, status: 'Pending' },
          { id: '50', disk_size: 80, status: 'Active' },
        ],
      );
      await upgrade(80);
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'ok' });
      expect(fake.calls.wait).to.equal(1);
    });

    it('abandons when the value did not take, so the next plan asks again', async () => {
      const fake = fakeType([[]], [{ id: '50', disk_size: 60, status: 'Active' }]);
      await upgrade(80);
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'abandoned' });
      expect(store.resource('web')!.attributes.disk_size).to.equal(60);
      expect(lines[0]).to.match(/did not take \(disk_size is 60, not 80\); the next plan asks for it again/);
    });

    it('takes a value the API does not report (a paid trigger) as placed, with a warning, so it never fires twice', async () => {
      const fake = fakeType([[]], [{ id: '50', disk_size: 60, status: 'Active' }]);
      await upgrade(3, 'migrate', 'migrate');
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'adopted' });
      expect(store.resource('web')!.attributes.migrate).to.equal(3);
      expect(lines[0]).to.match(/^warning: .*the API does not report migrate.*taken as placed so it is not ordered twice/);
    });

    it('holds as pending an upgrade taken as placed because the API does not report its value, so a later read of the old value orders nothing', async () => {
      const fake = fakeType([[]], [{ id: '50', product_id: 7, status: 'Active' }]);
      await upgrade(80);
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'adopted', id: '50' });
      expect(lines[0]).to.match(/^warning: .*the API does not report disk_size.*taken as placed so it is not ordered twice/);
      const held = store.resource('web')!;
      expect(held.attributes.disk_size).to.equal(80);
      expect(held.pending_operations?.disk_size).to.include({ operation: 'storage_upgrade', value: 80 });
      // The next refresh reads the old value while the order waits (its invoice open): still held, no diff.
      const refreshed = keepPending(held, { id: '50', disk_size: 60, status: 'Active' }, { id: '50', disk_size: 60, status: 'Active' });
      expect(refreshed.attributes.disk_size).to.equal(80);
      expect(refreshed.pending?.disk_size).to.include({ value: 80 });
      // Once the API shows it, the hold is dropped.
      expect(keepPending(held, { disk_size: 80 }, { disk_size: 80 }).pending).to.equal(undefined);
    });

    // Pending: an upgrade placed unpaid; no wait for Active, which only a payment brings.
    for (const status of ['Active', 'Pending']) {
      it(`holds as pending (never ordered again) a value that does not show while the API reports an open invoice (issue 10, case 8; ${status}, no wait)`, async () => {
        const invoice = { id: 700012, paid_id: 0, status: 'Unpaid', date: '2026-11-23', invoice_type: 'Upgrade' };
        const fake = fakeType([[]], [{ id: '50', disk_size: 60, product_id: 7, status, last_invoice: invoice }]);
        await upgrade(80);
        const [done] = await reconcileJournal(options(fake));
        expect(done).to.include({ outcome: 'adopted', id: '50' });
        expect(fake.calls.wait).to.equal(0);
        const held = store.resource('web')!;
        expect(held.attributes.disk_size, 'state keeps the ordered value, so no plan asks again').to.equal(80);
        expect(held.pending_operations?.disk_size).to.include({
          operation: 'storage_upgrade',
          value: 80,
          invoice_id: '700012',
          evidence: 'invoice 700012 is Unpaid',
        });
        expect(lines[0]).to.match(
          /does not show yet \(disk_size is 60\) but invoice 700012 is Unpaid: it is held as pending and not ordered again/,
        );
      });
    }

    it('a paid invoice is no evidence of a pending order: abandoned as before', async () => {
      const invoice = { id: 700012, paid_id: 700012, status: 'Paid' };
      const fake = fakeType([[]], [{ id: '50', disk_size: 60, status: 'Active', last_invoice: invoice }]);
      await upgrade(80);
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'abandoned' });
      expect(store.resource('web')!.pending_operations).to.equal(undefined);
    });

    it('marks a resource migrated on an unfinished migration, even when its account is gone (issue 10, case 7)', async () => {
      const fake = fakeType([[]], [null]);
      (fake.type.attributes.migrate as { policy: unknown }).policy = { kind: 'trigger', operation: 'migrate', becomes: 'fake_pro_vm' };
      await upgrade(3, 'migrate', 'migrate');
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'adopted', id: '50' });
      const held = store.resource('web')!;
      expect(held.migrated).to.include({ to_type: 'fake_pro_vm', attribute: 'migrate', value: 3 });
      expect(held.attributes.migrate).to.equal(3);
      expect(fake.calls.read, 'nothing read can prove a migration either way').to.equal(0);
      expect(lines[0]).to.match(/^warning: .*marked migrated to fake_pro_vm, so it is never ordered again/);
    });

    it('closes the intent of a resource that is gone', async () => {
      const fake = fakeType([[]], [null]);
      await upgrade(80);
      const [done] = await reconcileJournal(options(fake));
      expect(done).to.include({ outcome: 'abandoned' });
      expect(lines[0]).to.match(/is gone/);
    });
  });

  describe('matching helpers', () => {
    it('identity fields leave out computed, sensitive, write-only, local, trigger, grow and masked values', () => {
      const { type } = fakeType();
      expect(
        identityFields(type, {
          id: '1',
          name: 'a',
          product_id: 7,
          password: 'x',
          cycle: 'm',
          disk_size: 80,
          pay: true,
          rebuild: 'r',
          migrate: '2',
          status: 'Active',
          unknown: 1,
        }),
      ).to.deep.equal({ name: 'a', product_id: 7 });
      expect(identityFields(type, { name: '(sensitive)', product_id: 7 })).to.deep.equal({ product_id: 7 });
    });

    it('compares scalars as text and ignores fields the API does not report', () => {
      expect(matchesFields({ product_id: 7, name: 'a' }, { product_id: '7', name: 'a' })).to.equal(true);
      expect(matchesFields({ product_id: 7, name: 'a' }, { product_id: 8, name: 'a' })).to.equal(false);
      expect(matchesFields({ product_id: 7, name: 'a' }, { name: 'a' })).to.equal(true);
      expect(matchesFields({ tags: ['x'] }, { tags: ['x'] })).to.equal(true);
      expect(matchesFields({ tags: ['x'] }, { tags: ['y'] })).to.equal(false);
    });

    it('an adopted state keeps what was sent over what is listed for write-only inputs', () => {
      const { type } = fakeType();
      const state = adoptedState(
        type,
        '9',
        { id: '9', name: 'a', product_id: 7, cycle: 'annual' },
        { name: 'a', product_id: 7, cycle: 'm', password: '***' },
        [],
      );
      expect(state.attributes).to.include({ id: '9', cycle: 'm', name: 'a' });
      expect(state.attributes).to.not.have.property('password');
      expect(state.pending_create).to.equal(true);
    });
  });
});
