/**
 * Waiting for `Active` by listing (issue 15, item 4: src/engine/apply/watch.ts).
 * Several resources of one type waiting at once are judged from one list
 * request per poll; what the list cannot tell (a resource it lacks, an item
 * without a status, a failed list, a list far larger than the waits) is
 * asked by id, exactly as a single wait asks. The first part drives the
 * watcher with a scripted list and API; the second applies through the
 * engine against the simulator and reads its request log and ledger.
 * Run: npx mocha --no-config --import=tsx test/unit/wait-by-list.test.ts
 */
import { expect } from 'chai';
import type { ApiClient } from '../../src/api/types.js';
import { PollTimeoutError, ResourceFailedError } from '../../src/api/errors.js';
import { ActiveWatcher, ITEMS_PER_WAITER } from '../../src/engine/apply/watch.js';
import type { ListRead, OperationContext, Readiness } from '../../src/resources/attribute.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { startSimulator } from '../../src/sim/index.js';
import type { VariationName } from '../../src/sim/types.js';
import { tempWorkspace } from '../../bench/lib/generate.js';
import { apiClient, applyPlan, assertComplete, openState, planOnly } from '../../bench/lib/harness.js';
import { CATALOGUE_DATA_SOURCES, FIRST_PRODUCT, liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const readiness: Readiness = { path: (id) => `/things/${id}`, failureStatuses: ['suspended'], what: (id) => `thing ${id}` };

/**
 * A type's list and GET by id, scripted: `looks[n]` gives each id's status
 * the n-th time it is looked at, by the list or by id (the last entry
 * repeats); an id in `unlisted(n)` is left out of the n-th list. Logs every
 * request.
 */
class Script {
  lists = 0;
  readonly requests: string[] = [];
  listFails = 0;
  noStatusInList = false;
  extraListed = 0;
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly looks: Array<Record<string, string>>,
    private readonly unlisted: (list: number) => string[] = () => [],
  ) {}

  /** The status of `id` at this look at it. */
  private look(id: string): string {
    const count = this.seen.get(id) ?? 0;
    this.seen.set(id, count + 1);
    return this.looks[Math.min(count, this.looks.length - 1)]![id] ?? 'Pending';
  }

  readonly list: ListRead = {
    all: async () => {
      this.requests.push('GET /things');
      if (this.listFails > 0) {
        this.listFails--;
        throw new Error('list failed');
      }
      const items = new Map<string, Record<string, unknown>>();
      for (const id of Object.keys(this.looks[0]!)) {
        if (this.unlisted(this.lists).includes(id)) continue;
        items.set(id, this.noStatusInList ? { id } : { id, status: this.look(id) });
      }
      this.lists++;
      for (let extra = 0; extra < this.extraListed; extra++) items.set(`other-${extra}`, { status: 'Active' });
      return items;
    },
    one: () => Promise.reject(new Error('not used by the watcher')),
    attributes: (item) => ({ id: String(item.id) }),
    readiness,
  };

  readonly api: ApiClient = {
    get: async (path) => {
      this.requests.push(`GET ${path}`);
      const id = path.split('/').pop()!;
      return { id, status: this.look(id) };
    },
    post: () => Promise.reject(new Error('no POST')),
    put: () => Promise.reject(new Error('no PUT')),
    delete: () => Promise.reject(new Error('no DELETE')),
    close: () => Promise.resolve(),
  };
}

/** A context polling through `script.api` every 5 ms (progress logged into `progress`). */
function contextOf(script: Script, progress: string[] = [], seconds = 30): OperationContext {
  return {
    api: script.api,
    pollIntervalSeconds: 0.005,
    deadline: Date.now() + seconds * 1000,
    onProgress: (_elapsed, status) => progress.push(status),
  };
}

function watcherOf(script: Script): ActiveWatcher {
  return new ActiveWatcher(() => contextOf(script));
}

describe('waiting for Active by listing', function () {
  this.timeout(60_000);

  it('judges several waits from one list request per round, and asks by id only for what the list lacks', async () => {
    // a and b are Active at the third look; c is left out of the first three lists (a lagging list), and Active at its fourth look.
    const script = new Script(
      [
        { a: 'Pending', b: 'Pending', c: 'Pending' },
        { a: 'Pending', b: 'Pending', c: 'Pending' },
        { a: 'Active', b: 'Active', c: 'Pending' },
        { a: 'Active', b: 'Active', c: 'Active' },
      ],
      (list) => (list < 3 ? ['c'] : []),
    );
    const watcher = watcherOf(script);
    const progress: string[] = [];
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((id) => watcher.untilActive(script.list, readiness, id, contextOf(script, progress))),
    );
    // Rounds 1 to 3 list all three (c asked by id each time); a and b end in round 3; c alone is asked by id in round 4.
    expect(seen.map((entry) => entry.listed)).to.deep.equal([true, true, false]);
    expect(seen.map((entry) => entry.body.id)).to.deep.equal(['a', 'b', 'c']);
    expect(script.requests.filter((request) => request === 'GET /things')).to.have.length(3);
    expect(script.requests.filter((request) => request !== 'GET /things')).to.deep.equal([
      'GET /things/c',
      'GET /things/c',
      'GET /things/c',
      'GET /things/c',
    ]);
    expect(progress).to.have.length(3 + 3 + 4);
    expect(progress.filter((status) => status === 'Active')).to.have.length(3);
  });

  it('a single wait asks by id, as waitUntilReady does', async () => {
    const script = new Script([{ a: 'Pending' }, { a: 'Active' }]);
    const watcher = watcherOf(script);
    const seen = await watcher.untilActive(script.list, readiness, 'a', contextOf(script));
    expect(seen.listed).to.equal(false);
    expect(script.requests.every((request) => request === 'GET /things/a')).to.equal(true);
  });

  it('a failure status in the list ends that wait with ResourceFailedError, and the others go on', async () => {
    const script = new Script([
      { a: 'Pending', b: 'Pending' },
      { a: 'Suspended', b: 'Active' },
    ]);
    const watcher = watcherOf(script);
    const [a, b] = await Promise.allSettled(['a', 'b'].map((id) => watcher.untilActive(script.list, readiness, id, contextOf(script))));
    expect(a.status).to.equal('rejected');
    expect((a as PromiseRejectedResult).reason).to.be.instanceOf(ResourceFailedError);
    expect(String((a as PromiseRejectedResult).reason.message)).to.contain('thing a');
    expect(b.status).to.equal('fulfilled');
  });

  it('a failed list request makes the following rounds ask by id', async () => {
    const script = new Script([
      { a: 'Pending', b: 'Pending' },
      { a: 'Pending', b: 'Pending' },
      { a: 'Active', b: 'Active' },
    ]);
    script.listFails = 1;
    const watcher = watcherOf(script);
    const seen = await Promise.all(['a', 'b'].map((id) => watcher.untilActive(script.list, readiness, id, contextOf(script))));
    expect(script.requests[0]).to.equal('GET /things');
    expect(script.requests.filter((request) => request === 'GET /things')).to.have.length(1);
    expect(seen.map((entry) => entry.listed)).to.deep.equal([false, false]);
  });

  it('a list whose items carry no status is not used: each wait asks by id', async () => {
    const script = new Script([
      { a: 'Pending', b: 'Pending' },
      { a: 'Active', b: 'Active' },
    ]);
    script.noStatusInList = true;
    const watcher = watcherOf(script);
    const seen = await Promise.all(['a', 'b'].map((id) => watcher.untilActive(script.list, readiness, id, contextOf(script))));
    expect(seen.map((entry) => entry.listed)).to.deep.equal([false, false]);
    expect(script.requests.filter((request) => request === 'GET /things')).to.have.length(1);
  });

  it(`a list of more than ${ITEMS_PER_WAITER} items per wait is not asked again`, async () => {
    const script = new Script([
      { a: 'Pending', b: 'Pending' },
      { a: 'Pending', b: 'Pending' },
      { a: 'Active', b: 'Active' },
    ]);
    script.extraListed = 2 * ITEMS_PER_WAITER;
    const watcher = watcherOf(script);
    await Promise.all(['a', 'b'].map((id) => watcher.untilActive(script.list, readiness, id, contextOf(script))));
    expect(script.requests.filter((request) => request === 'GET /things')).to.have.length(1);
  });

  it('a wait past its deadline fails with PollTimeoutError', async () => {
    const script = new Script([{ a: 'Pending', b: 'Pending' }]);
    const watcher = watcherOf(script);
    const [a, b] = await Promise.allSettled([
      watcher.untilActive(script.list, readiness, 'a', contextOf(script, [], 0.05)),
      watcher.untilActive(script.list, readiness, 'b', contextOf(script, [], 0.1)),
    ]);
    expect((a as PromiseRejectedResult).reason).to.be.instanceOf(PollTimeoutError);
    expect((b as PromiseRejectedResult).reason).to.be.instanceOf(PollTimeoutError);
  });

  it('a wait that begins while the others pause looks at once, not after their interval', async () => {
    // a stays Pending; b is Active at its first look. The interval is a minute: b waiting out a's pause would lose the race.
    const script = new Script([{ a: 'Pending', b: 'Active' }]);
    const controller = new AbortController();
    const slow = (): OperationContext => ({ ...contextOf(script), pollIntervalSeconds: 60 });
    const watcher = new ActiveWatcher(slow, controller.signal);
    const a = watcher.untilActive(script.list, readiness, 'a', slow());
    a.catch(() => undefined);
    while (script.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 5_000)));
    const b = await Promise.race([watcher.untilActive(script.list, readiness, 'b', slow()), late]);
    clearTimeout(timer);
    controller.abort(new Error('done'));
    expect(b).to.not.equal('late');
    expect((b as { body: Record<string, unknown> }).body.status).to.equal('Active');
    // a was looked at once (by id, alone), then once more from the list b's first round read; never asked by id again.
    expect(script.requests.filter((request) => request === 'GET /things/a')).to.have.length(1);
  });

  it('a cancelled run rejects every wait with its reason', async () => {
    const script = new Script([{ a: 'Pending', b: 'Pending' }]);
    const controller = new AbortController();
    const watcher = new ActiveWatcher(() => contextOf(script), controller.signal);
    const waits = ['a', 'b'].map((id) => watcher.untilActive(script.list, readiness, id, contextOf(script)));
    setTimeout(() => controller.abort(new Error('interrupted')), 20);
    const settled = await Promise.allSettled(waits);
    expect(settled.map((entry) => (entry as PromiseRejectedResult).reason?.message)).to.deep.equal(['interrupted', 'interrupted']);
  });

  describe('through the engine, against the simulator', () => {
    const VMS = 5;
    const manifest = `${CATALOGUE_DATA_SOURCES}resources:
${liteKeypair('key', 'watch-key')}${Array.from({ length: VMS }, (_, index) => liteVm(`vm${index}`, `watch-vm-${index}`, { ...FIRST_PRODUCT, consolePassword: 'Watch1Password' })).join('')}`;

    async function applyAll(variations?: VariationName[]) {
      // 1 s of provisioning: on a loaded machine the five orders can land a few tenths of a second apart, and the
      // rounds in which only the first VM waits (asked by id) must stay few beside those in which all of them wait.
      const sim = await startSimulator({ provisioningSeconds: 1, ...(variations ? { variations } : {}) });
      const workspace = await tempWorkspace('cloudctl-test-');
      const api = apiClient(sim.url);
      try {
        const loaded = loadManifestFromSource(manifest, await workspace.write('main.yaml', manifest), { env: {} });
        const state = await openState(workspace.folder, 'apply');
        const { plan } = await planOnly(loaded, state.store.document, api, 0.02);
        const since = sim.requests().length;
        assertComplete(await applyPlan(state, plan, loaded, api, { parallelism: 10, pollIntervalSeconds: 0.02 }), 'apply');
        const requests = sim
          .requests()
          .slice(since)
          .map((entry) => `${entry.method} ${entry.path.replace(/^\/v\d+/, '')}`);
        const resources = state.store.document.resources;
        await state.close();
        return { requests, resources, ledger: sim.ledger() };
      } finally {
        await api.close();
        await workspace.remove();
        await sim.close();
      }
    }

    it(`${VMS} VMs ordered together are watched with the list: no GET by id while they provision, one order each`, async () => {
      const { requests, resources, ledger } = await applyAll();
      const byId = requests.filter((request) => /^GET \/lites\/accounts\/\d+$/.test(request));
      const lists = requests.filter((request) => request === 'GET /lites/accounts');
      // 1 s at 0.02 s per round: about 50 rounds of one list each, against about 250 GETs by id. A
      // round in which only the first VM waits (the others not ordered yet) asks by id.
      expect(lists.length).to.be.greaterThan(5);
      expect(byId.length).to.be.lessThan(lists.length / 2);
      expect(ledger.filter((entry) => entry.operation === 'lite.create')).to.have.length(VMS);
      for (let index = 0; index < VMS; index++) {
        const vm = resources[`vm${index}`]!;
        expect(vm.pending_create, `vm${index}`).to.equal(undefined);
        expect(vm.attributes.status, `vm${index}`).to.equal('Active');
      }
    });

    it('with a lagging list, each VM the list lacks is asked by id and still comes out Active, ordered once', async () => {
      const { requests, resources, ledger } = await applyAll(['lagging-lists']);
      expect(requests.filter((request) => /^GET \/lites\/accounts\/\d+$/.test(request)).length).to.be.greaterThan(0);
      expect(ledger.filter((entry) => entry.operation === 'lite.create')).to.have.length(VMS);
      for (let index = 0; index < VMS; index++) expect(resources[`vm${index}`]!.attributes.status).to.equal('Active');
    });
  });
});
