/**
 * The executor (src/engine/apply/) in process: a fake cloud (an object
 * implementing ApiClient, recording every call) and small fake resource
 * types handed in through the catalogue. Plans are made by `createPlan`
 * and applied by `applyChanges` the way src/engine/session.ts composes them, with
 * a real state store and journal in a temp folder; the journal is wrapped
 * so its writes land in the same event log as the API calls.
 * Run: npx mocha --no-config --import=tsx test/unit/executor.test.ts
 */
import { expect } from 'chai';
import { ApiError, OrderOutcomeUnknownError } from '../../src/api/errors.js';
import type { ApiClient, RequestOptions } from '../../src/api/types.js';
import type { Attributes } from '../../src/core/types.js';
import type { ResourceState } from '../../src/state/document.js';
import { applyChanges, definiteRefusal, outcomeUnknown, type ApplyReporter, type ApplySummary } from '../../src/engine/apply/index.js';
import { createPlan } from '../../src/engine/planning/index.js';
import { Scope } from '../../src/engine/scope.js';
import { catalogueOf, type Catalogue } from '../../src/manifest/catalogue.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import type { DataSourceType, OperationContext, ResourceType } from '../../src/resources/attribute.js';
import { LocalBackend, StateStore, type Journal } from '../../src/state/index.js';
import type { JournalIntent } from '../../src/state/journal.js';
import { fakeTypeHead, secretInput } from '../support/catalogue.js';
import { useTempState } from '../support/temp-state.js';

/** A VM of the fake cloud. `busy` counts the reads left before a pending change shows and it is `Active`. */
interface FakeVm {
  id: string;
  name: string;
  size: number;
  image?: string;
  status: 'Pending' | 'Active' | 'error';
  busy: number;
  pendingSize?: number;
}

/** What the next request to a route does instead of succeeding normally. */
type Fault = 'refuse' | 'unavailable' | 'unknown' | 'no-id' | 'server-error' | 'held';

/** The smallest disk a new fake VM gets, GB. */
const BASE_SIZE = 10;

/** The fake cloud: VMs, keys and images in memory; every call is logged in `events`. */
class FakeCloud implements ApiClient {
  readonly vms = new Map<string, FakeVm>();
  readonly keys = new Map<string, { id: string; name: string }>();
  readonly faults = new Map<string, Fault>();
  /** Called as a request arrives (before it is handled). */
  onRequest?: (line: string) => void;
  /** How many replies of an `Active` VM leave `size` out (the variant profile's omit-optional-keys). */
  omitSize = 0;
  private nextId = 100;

  constructor(readonly events: string[]) {}

  private log(method: string, path: string): string {
    const line = `${method} ${path}`;
    this.events.push(line);
    this.onRequest?.(line);
    return line;
  }

  /** Takes the fault armed for `line`, if any (each fires once). */
  private fault(line: string): Fault | undefined {
    const fault = this.faults.get(line);
    this.faults.delete(line);
    return fault;
  }

  private refuse(method: string, path: string, status: number, message: string): never {
    throw new ApiError({ method, path, status, serverMessage: message });
  }

  async get(path: string, options?: RequestOptions): Promise<unknown> {
    this.log('GET', path);
    if (path === '/vms') return [...this.vms.values()].map((vm) => ({ ...vm }));
    if (path === '/images') return [{ image_id: 'img-7', name: 'ubuntu' }];
    const vm = /^\/vms\/(\w+)$/.exec(path);
    if (vm) {
      const found = this.vms.get(vm[1]!);
      if (!found) {
        if (options?.notFoundAsNull) return null;
        this.refuse('GET', path, 404, 'no such VM');
      }
      if (found.status === 'Pending' && found.busy > 0) found.busy--;
      else if (found.status === 'Pending') {
        found.status = 'Active';
        if (found.pendingSize !== undefined) found.size = found.pendingSize;
        delete found.pendingSize;
      }
      const reply: Partial<FakeVm> = { ...found };
      if (found.status === 'Active' && this.omitSize > 0) {
        this.omitSize--;
        delete reply.size;
      }
      return reply;
    }
    const key = /^\/keys\/(\w+)$/.exec(path);
    if (key) return this.keys.get(key[1]!) ?? (options?.notFoundAsNull ? null : this.refuse('GET', path, 404, 'no such key'));
    throw new Error(`the fake cloud has no GET ${path}`);
  }

  async post(path: string, body?: unknown): Promise<unknown> {
    const line = this.log('POST', path);
    const fault = this.fault(line);
    if (fault === 'refuse') this.refuse('POST', path, 422, 'name is taken');
    if (fault === 'unavailable') this.refuse('POST', path, 503, 'unavailable (nothing was placed)');
    const input = body as Record<string, unknown>;
    const id = String(this.nextId++);
    if (path === '/keys') {
      this.keys.set(id, { id, name: String(input.name) });
      return { id };
    }
    if (path !== '/vms') throw new Error(`the fake cloud has no POST ${path}`);
    this.vms.set(id, {
      id,
      name: String(input.name),
      size: BASE_SIZE,
      status: 'Pending',
      busy: 1,
      ...(input.image ? { image: String(input.image) } : {}),
    });
    if (fault === 'unknown')
      throw new OrderOutcomeUnknownError({ method: 'POST', path, reason: 'the connection was reset after the request was sent' });
    if (fault === 'server-error') this.refuse('POST', path, 502, 'bad gateway');
    if (fault === 'no-id') return { order: 'placed' };
    return { id };
  }

  async put(path: string, body?: unknown): Promise<unknown> {
    const line = this.log('PUT', path);
    const fault = this.fault(line);
    if (fault === 'refuse') this.refuse('PUT', path, 409, 'not provisioned yet');
    if (fault === 'unavailable') this.refuse('PUT', path, 503, 'unavailable (nothing was ordered)');
    const disk = /^\/vms\/(\w+)\/disk$/.exec(path);
    if (!disk) throw new Error(`the fake cloud has no PUT ${path}`);
    const vm = this.vms.get(disk[1]!)!;
    // An upgrade taken with its invoice left open: the VM stays Active with the old size.
    if (fault === 'held') return { order_id: '900', account_id: vm.id };
    vm.status = 'Pending';
    vm.busy = 1;
    vm.pendingSize = Number((body as Record<string, unknown>).size);
    if (fault === 'unknown')
      throw new OrderOutcomeUnknownError({ method: 'PUT', path, reason: 'the connection was reset after the request was sent' });
    return { order: 'placed' };
  }

  async delete(path: string): Promise<unknown> {
    this.log('DELETE', path);
    const vm = /^\/vms\/(\w+)$/.exec(path);
    if (vm) this.vms.delete(vm[1]!);
    const key = /^\/keys\/(\w+)$/.exec(path);
    if (key) this.keys.delete(key[1]!);
    return null;
  }

  async close(): Promise<void> {}
}

/** Test hooks the fake types call. */
interface Hooks {
  /** Before each poll of a VM waiting for `Active`. */
  beforePoll?: (id: string) => Promise<void>;
  /** Before a create sends anything (a check that fails there raises before any request). */
  beforeCreate?: (inputs: Attributes) => void;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Three fake types (a VM that waits for `Active` and grows its disk, a key, an image data source) over `cloud`. */
function fakeCatalogue(hooks: Hooks): Catalogue {
  const vmAttributes = (vm: FakeVm): Attributes => ({
    id: vm.id,
    name: vm.name,
    size: vm.size,
    status: vm.status,
    ...(vm.image ? { image: vm.image } : {}),
  });
  const vm: ResourceType = {
    ...fakeTypeHead('fake_vm', {
      name: { type: 'string', mode: 'required', description: 'name', policy: { kind: 'replace' } },
      key_id: { type: 'string', mode: 'optional', description: 'key', writeOnly: true, policy: { kind: 'replace' } },
      image: { type: 'string', mode: 'optional', description: 'image', policy: { kind: 'replace' } },
      size: { type: 'int64', mode: 'optional', description: 'disk GB', policy: { kind: 'grow', operation: 'grow_disk' } },
      password: secretInput('optional', 'password', 'replace it'),
      status: { type: 'string', mode: 'computed', description: 'status' },
    }),
    operationOrder: ['grow_disk'],
    paidOperations: ['grow_disk'],
    paidCreate: true,
    timeouts: { create: 60, update: 60, delete: 60 },
    importId: 'id',
    async create(context, inputs) {
      hooks.beforeCreate?.(inputs);
      const answer = (await context.api.post(
        '/vms',
        { name: inputs.name, image: inputs.image, password: inputs.password },
        { paid: true },
      )) as Record<string, unknown>;
      if (typeof answer.id !== 'string') throw new Error('POST /vms answered 2xx without an id');
      return { id: answer.id, attributes: {} };
    },
    async waitUntilReady(context, id) {
      for (;;) {
        await hooks.beforePoll?.(id);
        const seen = (await context.api.get(`/vms/${id}`)) as FakeVm;
        if (seen.status === 'Active') return;
        if (seen.status === 'error') throw new Error(`fake_vm ${id} went to status error`);
        context.onProgress?.(0, seen.status);
        await tick();
      }
    },
    async read(context, id) {
      const seen = (await context.api.get(`/vms/${id}`, { notFoundAsNull: true })) as FakeVm | null;
      return seen === null ? null : vmAttributes(seen);
    },
    operations: {
      grow_disk: async (context, id, { value }) => {
        await context.api.put(`/vms/${id}/disk`, { size: value }, { paid: true });
        return { wait: true };
      },
    },
    async delete(context, id) {
      await context.api.delete(`/vms/${id}`);
    },
    async list(context) {
      return ((await context.api.get('/vms')) as FakeVm[]).map((seen) => ({ id: seen.id, attributes: vmAttributes(seen) }));
    },
  };
  const key: ResourceType = {
    ...fakeTypeHead('fake_key', {
      name: { type: 'string', mode: 'required', description: 'name', policy: { kind: 'replace' } },
    }),
    operationOrder: [],
    paidOperations: [],
    paidCreate: false,
    timeouts: {},
    importId: 'id',
    async create(context, inputs) {
      const answer = (await context.api.post('/keys', { name: inputs.name })) as { id: string };
      return { id: answer.id, attributes: { id: answer.id, name: String(inputs.name) } };
    },
    async read(context, id) {
      return (await context.api.get(`/keys/${id}`, { notFoundAsNull: true })) as Attributes | null;
    },
    operations: {},
    async delete(context, id) {
      await context.api.delete(`/keys/${id}`);
    },
  };
  const image: DataSourceType = {
    kind: 'data',
    type: 'fake_image',
    token: 'fake:index:getImage',
    aliases: [],
    description: 'a fake image look-up',
    attributes: {
      name: { type: 'string', mode: 'required', description: 'image name' },
      image_id: { type: 'string', mode: 'computed', description: 'image id' },
    },
    async read(context, args) {
      const images = (await context.api.get('/images')) as Array<{ image_id: string; name: string }>;
      return { image_id: images.find((entry) => entry.name === args.name)?.image_id ?? null };
    },
  };
  return catalogueOf([vm, key, image]);
}

/** The journal of `inner`, logging each write into `events` (`intent create web`, `result ok web`, `listing fake_vm`). */
function loggingJournal(inner: Journal, events: string[]): Journal {
  const addresses = new Map<string, string>();
  return {
    async recordIntent(intent) {
      events.push(`intent ${intent.operation} ${intent.address}`);
      const id = await inner.recordIntent(intent);
      addresses.set(id, intent.address);
      return id;
    },
    recordListing(type, ids) {
      events.push(`listing ${type}`);
      return inner.recordListing(type, ids);
    },
    async recordResult(intentId, result) {
      events.push(`result ${result.outcome} ${addresses.get(intentId)}`);
      return inner.recordResult(intentId, result);
    },
    unfinished: () => inner.unfinished(),
    compact: () => inner.compact(),
  };
}

/** Asserts that `expected` occur in `events` in this order (others may come between). */
function expectInOrder(events: string[], expected: string[]): void {
  let from = 0;
  for (const item of expected) {
    const at = events.indexOf(item, from);
    expect(
      at,
      `${item} after ${expected.slice(0, expected.indexOf(item)).join(', ') || 'the start'} in:\n${events.join('\n')}`,
    ).to.be.at.least(0);
    from = at + 1;
  }
}

/** A reporter that records `started`, `finished`, `failed` and `skipped` lines. */
function recordingReporter(lines: string[]): ApplyReporter {
  return {
    started: (address, action) => lines.push(`started ${action} ${address}`),
    progress: () => undefined,
    finished: (address, action) => lines.push(`finished ${action} ${address}`),
    failed: (address, action, error) => lines.push(`failed ${action} ${address}: ${error.message}`),
    skipped: (address, because) => lines.push(`skipped ${address} (${because})`),
  };
}

describe('engine: the executor in process (fake cloud, fake types through the catalogue)', () => {
  const temp = useTempState('cloudctl-executor-');
  let events: string[];
  let cloud: FakeCloud;
  let hooks: Hooks;
  let catalogue: Catalogue;
  let store: StateStore;
  let journal: Journal;
  let lines: string[];

  beforeEach(async () => {
    events = [];
    lines = [];
    cloud = new FakeCloud(events);
    hooks = {};
    catalogue = fakeCatalogue(hooks);
    const backend = new LocalBackend({ statePath: temp.statePath });
    journal = loggingJournal(backend.journal, events);
    store = await StateStore.open(backend);
  });

  /** Plans `source` against the state and applies it as src/engine/session.ts does. */
  async function apply(source: string, options: { parallelism?: number; signal?: AbortSignal } = {}): Promise<ApplySummary> {
    const loaded = loadManifestFromSource(source, 'stack.yaml', { env: {}, catalogue });
    const contextFor = (): OperationContext => ({ api: cloud, pollIntervalSeconds: 0.001, deadline: Date.now() + 10_000 });
    const { plan } = await createPlan({ loaded, catalogue, state: store.document, mode: 'apply', replace: [], contextFor });
    events.push('-- apply');
    const scope = new Scope(loaded, catalogue);
    for (const [address, resource] of Object.entries(store.document.resources)) scope.setResource(address, resource.attributes);
    for (const [address, results] of Object.entries(plan.data_sources ?? {})) scope.setData(address, results);
    return applyChanges({
      changes: plan.changes,
      manifest: loaded.manifest,
      catalogue,
      scope,
      store,
      journal,
      api: cloud,
      parallelism: options.parallelism ?? 4,
      pollIntervalSeconds: 0.001,
      reporter: recordingReporter(lines),
      graceSeconds: 0,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** Puts an `Active` VM of `size` GB in the cloud and in state at `address`. */
  async function existingVm(address: string, size: number): Promise<FakeVm> {
    const vm: FakeVm = { id: '50', name: `${address}-1`, size, status: 'Active', busy: 0 };
    cloud.vms.set(vm.id, vm);
    const state: ResourceState = {
      type: 'fake_vm',
      id: vm.id,
      attributes: { id: vm.id, name: vm.name, size, status: 'Active', password: null, key_id: null },
      dependencies: [],
    };
    await store.setResource(address, state);
    return vm;
  }

  const vmManifest = (properties: string) => `resources:\n  web:\n    type: fake_vm\n    properties: { name: web-1${properties} }\n`;
  const operations = (intents: JournalIntent[]) => intents.map((intent) => `${intent.operation} ${intent.address}`);

  describe('create', () => {
    it('journals the intent (and the listing) before the order, and writes the id to state before waiting for Active', async () => {
      const seen: Array<ResourceState | undefined> = [];
      hooks.beforePoll = async () => {
        seen.push(store.resource('web'));
      };
      const summary = await apply(vmManifest(''));
      expect(summary.failed).to.deep.equal([]);
      expect(summary.done).to.deep.equal([{ address: 'web', action: 'create' }]);
      const order = events.indexOf('POST /vms');
      expect(events.indexOf('listing fake_vm')).to.be.within(0, order);
      expect(events.indexOf('intent create web')).to.be.within(0, order);
      expect(events.indexOf('result ok web')).to.be.greaterThan(order);
      expect(seen[0]?.id, 'the id is in state at the first poll').to.equal('100');
      expect(seen[0]?.pending_create).to.equal(true);
      const state = store.resource('web')!;
      expect(state.pending_create).to.equal(undefined);
      expect(state.attributes).to.include({ id: '100', name: 'web-1', size: BASE_SIZE, status: 'Active' });
      expect(await journal.unfinished()).to.deep.equal([]);
    });

    it('an outcome unknown is looked for by listing at once and adopted, never ordered again', async () => {
      cloud.faults.set('POST /vms', 'unknown');
      const summary = await apply(vmManifest(''));
      expect(summary.failed).to.deep.equal([]);
      expect(events.filter((event) => event === 'POST /vms')).to.have.length(1);
      const after = events.slice(events.indexOf('POST /vms'));
      expect(after).to.include('GET /vms');
      expect(events).to.include('result adopted web');
      expect(store.resource('web')).to.include({ id: '100' });
      expect(await journal.unfinished()).to.deep.equal([]);
    });

    it('a 2xx without an id is an outcome unknown too (the order was sent): listed and adopted', async () => {
      cloud.faults.set('POST /vms', 'no-id');
      const summary = await apply(vmManifest(''));
      expect(summary.failed).to.deep.equal([]);
      expect(events).to.include('result adopted web');
      expect(store.resource('web')).to.include({ id: '100' });
    });

    it('an outcome unknown that a full listing does not show after the grace was not placed: ordered again once, in the run (I4)', async () => {
      cloud.faults.set('POST /vms', 'unavailable'); // a 503 that placed nothing: its outcome is unknown to the client
      const summary = await apply(vmManifest(''));
      expect(summary.failed).to.deep.equal([]);
      expect(events.filter((event) => event === 'POST /vms')).to.have.length(2);
      expect(events).to.include('result abandoned web');
      expect(events).to.include('result ok web');
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(store.resource('web')).to.include({ id: '100' });
    });

    it('a second outcome unknown the listing does not show stays unfinished for the next run (never a third order)', async () => {
      cloud.onRequest = (line) => {
        if (line === 'POST /vms') cloud.faults.set('POST /vms', 'unknown'); // every order placed, its reply lost
        if (line === 'GET /vms' && events.includes('POST /vms')) cloud.vms.clear(); // the list lags behind the orders
      };
      const summary = await apply(vmManifest(''));
      expect(summary.failed).to.have.length(1);
      expect(summary.failed[0]!.error.message).to.match(/is unknown: .*no matching resource is listed yet: the next run reconciles it/);
      expect(events.filter((event) => event === 'POST /vms')).to.have.length(2);
      expect(events).to.include('result abandoned web');
      expect(events).to.include('result unknown web');
      expect(operations(await journal.unfinished())).to.deep.equal(['create web']);
      expect(store.resource('web')).to.equal(undefined);
    });

    it('a definite refusal closes the intent failed, with no listing after it', async () => {
      cloud.faults.set('POST /vms', 'refuse');
      const summary = await apply(vmManifest(''));
      expect(summary.failed[0]!.error.message).to.equal('POST /vms: HTTP 422: name is taken');
      expect(events.slice(events.indexOf('POST /vms'))).to.not.include('GET /vms');
      expect(events).to.include('result failed web');
      expect(await journal.unfinished()).to.deep.equal([]);
    });

    it('a failure before any request was sent closes the intent failed', async () => {
      hooks.beforeCreate = () => {
        throw new Error('the image is not offered in this region');
      };
      const summary = await apply(vmManifest(''));
      expect(summary.failed[0]!.error.message).to.equal('the image is not offered in this region');
      expect(events).to.not.include('POST /vms');
      expect(events).to.include('result failed web');
      expect(await journal.unfinished()).to.deep.equal([]);
    });
  });

  describe('update', () => {
    it("keeps a busy paid operation's intent open until the resource is Active again, then closes it ok", async () => {
      await existingVm('web', 10);
      const unfinished: string[][] = [];
      hooks.beforePoll = async () => {
        unfinished.push(operations(await journal.unfinished()));
      };
      const summary = await apply(vmManifest(', size: 30'));
      expect(summary.done).to.deep.equal([{ address: 'web', action: 'update' }]);
      expectInOrder(events, ['intent grow_disk web', 'PUT /vms/50/disk', 'GET /vms/50', 'result ok web']);
      expect(unfinished.length).to.be.greaterThan(0);
      for (const open of unfinished) expect(open, 'while waiting for Active').to.deep.equal(['grow_disk web']);
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(store.resource('web')!.attributes.size).to.equal(30);
    });

    it('a failure while waiting for Active closes the paid intent unknown (reconciled next run, never ordered again blindly)', async () => {
      const vm = await existingVm('web', 10);
      hooks.beforePoll = async () => {
        vm.status = 'error';
      };
      const summary = await apply(vmManifest(', size: 30'));
      expect(summary.failed[0]!.error.message).to.equal('fake_vm 50 went to status error');
      expect(events).to.include('result unknown web');
      expect(events).to.not.include('result ok web');
      expect(operations(await journal.unfinished())).to.deep.equal(['grow_disk web']);
      expect(store.resource('web')!.attributes.size, 'the order is recorded in state').to.equal(30);
    });

    it("classifies a paid call's failure once: a refusal is failed, a reset unknown", async () => {
      await existingVm('web', 10);
      cloud.faults.set('PUT /vms/50/disk', 'refuse');
      const refused = await apply(vmManifest(', size: 30'));
      expect(refused.failed[0]!.error.message).to.equal('PUT /vms/50/disk: HTTP 409: not provisioned yet');
      expect(events).to.include('result failed web');
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(store.resource('web')!.attributes.size).to.equal(10);

      // A reset after the order was taken: settled in the run (I4) by reading the VM, which shows the new size.
      cloud.faults.set('PUT /vms/50/disk', 'unknown');
      const reset = await apply(vmManifest(', size: 30'));
      expect(reset.failed).to.deep.equal([]);
      expect(events.filter((event) => event === 'PUT /vms/50/disk')).to.have.length(2); // the refused one and this one
      expect(events).to.include('result adopted web');
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(store.resource('web')!.attributes.size).to.equal(30);
    });

    it('a paid call of unknown outcome that the read shows was not placed is placed again once, in the run (I4)', async () => {
      await existingVm('web', 10);
      cloud.faults.set('PUT /vms/50/disk', 'unavailable');
      const summary = await apply(vmManifest(', size: 30'));
      expect(summary.failed).to.deep.equal([]);
      expect(events.filter((event) => event === 'PUT /vms/50/disk')).to.have.length(2);
      expect(events).to.include('result abandoned web');
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(store.resource('web')!.attributes.size).to.equal(30);
    });
  });

  describe('a paid in-place order taken but not showing (issue 10, case 8)', () => {
    it('is held pending in state with the ordered value, and the next apply never orders it again', async () => {
      await existingVm('web', 10);
      cloud.faults.set('PUT /vms/50/disk', 'held');
      const first = await apply(vmManifest(', size: 30'));
      expect(first.failed).to.deep.equal([]);
      const held = store.resource('web')!;
      expect(held.attributes.size, 'the ordered value, not the old one read back').to.equal(30);
      expect(held.pending_operations?.size).to.include({ operation: 'grow_disk', value: 30, evidence: 'the API accepted the order' });
      expect(cloud.vms.get('50')!.size, 'the cloud still shows the old size').to.equal(10);
      const before = events.length;
      const second = await apply(vmManifest(', size: 30'));
      expect(second.failed).to.deep.equal([]);
      expect(
        events.slice(before).filter((event) => event.startsWith('PUT')),
        'ordered once',
      ).to.deep.equal([]);
      expect(await journal.unfinished()).to.deep.equal([]);
    });
  });

  describe('converge (the paid follow-up right after a create)', () => {
    it('follows the same rule: the intent stays open until the new resource is Active again after the upgrade', async () => {
      const unfinished: string[][] = [];
      hooks.beforePoll = async () => {
        unfinished.push(operations(await journal.unfinished()));
      };
      const summary = await apply(vmManifest(', size: 40'));
      expect(summary.failed).to.deep.equal([]);
      expectInOrder(events, [
        'intent create web',
        'POST /vms',
        'result ok web',
        'intent grow_disk web',
        'PUT /vms/100/disk',
        'result ok web',
      ]);
      // Polls after the upgrade was placed: its intent is open in every one of them.
      const upgradePolls = unfinished.filter((open) => open.includes('grow_disk web'));
      expect(upgradePolls.length).to.be.greaterThan(0);
      const ok = events.lastIndexOf('result ok web');
      expect(
        events.slice(events.indexOf('PUT /vms/100/disk'), ok).filter((event) => event === 'GET /vms/100').length,
        'polled before closing',
      ).to.be.greaterThan(0);
      expect(await journal.unfinished()).to.deep.equal([]);
      expect(store.resource('web')!.attributes).to.include({ size: 40, status: 'Active' });
    });

    it('compares with the size the new VM reports, reading again while a reply leaves it out', async () => {
      cloud.omitSize = 2;
      const summary = await apply(vmManifest(', size: 40'));
      expect(summary.failed).to.deep.equal([]);
      expect(events.filter((event) => event === 'PUT /vms/100/disk')).to.have.length(1);
      expect(store.resource('web')!.attributes).to.include({ size: 40, status: 'Active' });
    });

    it('orders nothing on a size never reported (4 reads), and the state does not claim the size asked for', async () => {
      cloud.omitSize = 100;
      const summary = await apply(vmManifest(', size: 40'));
      expect(summary.failed[0]!.error.message).to.equal(
        'web: the new fake_vm 100 does not report size (4 reads): nothing was ordered to change it; the next plan reads it again',
      );
      expect(events.filter((event) => event.startsWith('PUT'))).to.deep.equal([]);
      expect(store.resource('web')!.attributes).to.not.have.property('size');
    });

    it('a failure while waiting after the upgrade closes the intent unknown', async () => {
      hooks.beforePoll = async () => {
        const vm = cloud.vms.get('100');
        if (vm?.pendingSize !== undefined) vm.status = 'error';
      };
      const summary = await apply(vmManifest(', size: 40'));
      expect(summary.failed[0]!.error.message).to.equal('fake_vm 100 went to status error');
      expect(events.filter((event) => event.startsWith('result '))).to.deep.equal(['result ok web', 'result unknown web']);
      expect(operations(await journal.unfinished())).to.deep.equal(['grow_disk web']);
      expect(store.resource('web')!.attributes.size).to.equal(40);
    });
  });

  it('deletes dependents first: a VM before the key it refers to', async () => {
    const first = await apply(
      'resources:\n  key: { type: fake_key, properties: { name: k-1 } }\n  web:\n    type: fake_vm\n    properties: { name: web-1, key_id: "${key.id}" }\n',
    );
    expect(first.failed).to.deep.equal([]);
    expect(store.resource('web')!.dependencies).to.deep.equal(['key']);
    events.length = 0;
    const summary = await apply('resources: {}\n');
    expect(summary.failed).to.deep.equal([]);
    expect(events.filter((event) => event.startsWith('DELETE'))).to.deep.equal(['DELETE /vms/101', 'DELETE /keys/100']);
    expect(store.document.resources).to.deep.equal({});
  });

  it('a failure skips the resources that depend on it; independent ones go on', async () => {
    cloud.faults.set('POST /keys', 'refuse');
    const summary = await apply(
      'resources:\n  key: { type: fake_key, properties: { name: k-1 } }\n' +
        '  web:\n    type: fake_vm\n    properties: { name: web-1, key_id: "${key.id}" }\n' +
        '  other: { type: fake_vm, properties: { name: other-1 } }\n',
    );
    expect(summary.failed.map((entry) => entry.address)).to.deep.equal(['key']);
    expect(summary.skipped).to.deep.equal([{ address: 'web', because: 'key' }]);
    expect(summary.done).to.deep.equal([{ address: 'other', action: 'create' }]);
    expect(events.filter((event) => event === 'POST /vms')).to.have.length(1);
  });

  it('reads at apply a data source that depends on a resource with changes, and hands its results on', async () => {
    const summary = await apply(
      'data:\n  image:\n    type: fake_image\n    properties: { name: ubuntu }\n    depends_on: [key]\n' +
        'resources:\n  key: { type: fake_key, properties: { name: k-1 } }\n' +
        '  web: { type: fake_vm, properties: { name: web-1, image: "${data.image.image_id}" } }\n',
    );
    expect(summary.failed).to.deep.equal([]);
    expectInOrder(events, ['POST /keys', 'GET /images', 'POST /vms']);
    expect(lines).to.include('finished reading data.image');
    expect(store.resource('web')!.attributes.image).to.equal('img-7');
  });

  it('stops starting new operations once the signal aborts; the one in flight finishes and is recorded', async () => {
    const interrupt = new AbortController();
    cloud.onRequest = (line) => {
      if (line === 'POST /vms') interrupt.abort();
    };
    const summary = await apply(
      'resources:\n  a: { type: fake_vm, properties: { name: a-1 } }\n  b: { type: fake_vm, properties: { name: b-1 } }\n',
      { parallelism: 1, signal: interrupt.signal },
    );
    expect(summary.done).to.have.length(1);
    expect(summary.skipped).to.deep.equal([{ address: summary.done[0]!.address === 'a' ? 'b' : 'a', because: 'interrupted' }]);
    expect(events.filter((event) => event === 'POST /vms')).to.have.length(1);
    expect(store.resource(summary.done[0]!.address)).to.include({ id: '100' });
    expect(await journal.unfinished()).to.deep.equal([]);
  });

  it('takes its types from the catalogue it is handed (an unknown type fails that resource only)', async () => {
    const loaded = loadManifestFromSource(vmManifest(''), 'stack.yaml', { env: {}, catalogue });
    const contextFor = (): OperationContext => ({ api: cloud, pollIntervalSeconds: 0.001, deadline: Date.now() + 10_000 });
    const { plan, scope } = await createPlan({ loaded, catalogue, state: store.document, mode: 'apply', replace: [], contextFor });
    const summary = await applyChanges({
      changes: plan.changes,
      manifest: loaded.manifest,
      catalogue: catalogueOf([]),
      scope,
      store,
      journal,
      api: cloud,
      parallelism: 1,
      pollIntervalSeconds: 0.001,
      reporter: recordingReporter(lines),
    });
    expect(summary.failed[0]!.error.message).to.equal('unknown resource type "fake_vm"');
    expect(events).to.not.include('POST /vms');
  });
});

describe('engine: the one classification of a failed paid call', () => {
  const refusal = new ApiError({ method: 'POST', path: '/vms', status: 422, serverMessage: 'bad' });
  const serverError = new ApiError({ method: 'POST', path: '/vms', status: 503, serverMessage: '' });
  const reset = new OrderOutcomeUnknownError({ method: 'POST', path: '/vms', reason: 'reset' });
  const notSent = Object.assign(new Error('connection refused'), { name: 'NetworkError' });

  it('after a request was sent, anything but a definite refusal is unknown', () => {
    expect(outcomeUnknown(refusal)).to.equal(false);
    expect(outcomeUnknown(notSent)).to.equal(false);
    expect(outcomeUnknown(serverError)).to.equal(true);
    expect(outcomeUnknown(reset)).to.equal(true);
    expect(outcomeUnknown(new Error('POST /vms answered 2xx without an id'))).to.equal(true);
    expect(outcomeUnknown(new SyntaxError('Unexpected token'))).to.equal(true);
  });

  it('before any request was sent, only the client\'s own "unknown" counts', () => {
    expect(outcomeUnknown(new Error('bad input'), false)).to.equal(false);
    expect(outcomeUnknown(serverError, false)).to.equal(false);
    expect(outcomeUnknown(reset, false)).to.equal(true);
  });

  it('a definite refusal is a 4xx or a request that never left', () => {
    expect([refusal, notSent, serverError, reset].map(definiteRefusal)).to.deep.equal([true, true, false, false]);
  });
});
