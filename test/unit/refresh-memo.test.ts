/**
 * A refresh lists each keypair pool once (the per-refresh memo of
 * `OperationContext.memo`, src/engine/refresh.ts and
 * src/resources/common.ts `memoised`), outside a refresh every read asks
 * the API, and the API client's pool opens at most `parallelism`
 * connections (src/api/client.ts).
 * Run: npx mocha --no-config --import=tsx test/unit/refresh-memo.test.ts
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { expect } from 'chai';
import { createApiClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { refreshState } from '../../src/engine/refresh.js';
import type { ResourceState } from '../../src/state/document.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { memoised } from '../../src/resources/attribute-blocks.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { resource, stateOf } from '../support/catalogue.js';

describe('refresh: one list per keypair pool', function () {
  this.timeout(30_000);
  let sim: RunningSimulator;
  let api: ApiClient;
  const context = (): OperationContext => ({ api, pollIntervalSeconds: 0.05, deadline: Date.now() + 30_000 });
  /** GET requests of `path` (with the `/v1` prefix) the simulator received since `since` requests. */
  const gets = (path: string, since: number) =>
    sim
      .requests()
      .slice(since)
      .filter((entry) => entry.method === 'GET' && entry.path === path).length;

  /** Creates `count` keypairs of `typeName` and returns their state entries by address. */
  async function keypairs(typeName: string, count: number): Promise<Record<string, ResourceState>> {
    const type = resource(typeName);
    const entries: Record<string, ResourceState> = {};
    for (let index = 0; index < count; index++) {
      const created = await type.create(context(), { name: `${typeName.replace(/_/g, '-')}-${index}` });
      entries[`${typeName}.k${index}`] = { type: type.type, id: created.id, attributes: created.attributes, dependencies: [] };
    }
    return entries;
  }

  before(async () => {
    sim = await startSimulator({ provisioningSeconds: 0 });
    api = createApiClient({ baseUrl: sim.url, parallelism: 4 });
  });

  after(async () => {
    await api?.close();
    await sim?.close();
  });

  it('reads every keypair of three pools with one list request per pool, concurrently', async () => {
    const resources = {
      ...(await keypairs('cloud_lite_keypair', 6)),
      ...(await keypairs('cloud_lite_pro_keypair', 3)),
      ...(await keypairs('cloud_baremetal_keypair', 3)),
    };
    const since = sim.counts().requests;
    const refreshed = await refreshState(stateOf(resources), { catalogue: defaultCatalogue, contextFor: context, parallelism: 4 });
    expect(gets('/v1/lites/keypairs/', since)).to.equal(1);
    expect(gets('/v1/lite-pros/keypairs/', since)).to.equal(1);
    expect(gets('/v1/baremetals/keypairs/', since)).to.equal(1);
    expect(sim.requests().length - since).to.equal(3);
    expect(refreshed.gone).to.deep.equal([]);
    expect(refreshed.drift).to.deep.equal([]);
    for (const [address, prior] of Object.entries(resources)) {
      expect(refreshed.resources[address]?.attributes, address).to.include({
        id: prior.id,
        keypair_id: Number(prior.id),
        name: prior.attributes.name,
      });
    }
  });

  it('finds a keypair absent from the list gone, and the next refresh sees keypairs created since', async () => {
    const resources = await keypairs('cloud_lite_keypair', 3);
    const [first, second] = Object.entries(resources);
    await resource('cloud_lite_keypair').delete(context(), first![1].id, first![1].attributes);
    let since = sim.counts().requests;
    const refreshed = await refreshState(stateOf(resources), { catalogue: defaultCatalogue, contextFor: context, parallelism: 3 });
    expect(refreshed.gone).to.deep.equal([first![0]]);
    expect(refreshed.resources).to.not.have.property(first![0]);
    expect(refreshed.resources).to.have.property(second![0]);
    expect(gets('/v1/lites/keypairs/', since)).to.equal(1);

    // A keypair created after that refresh: a new refresh lists the pool again and finds it.
    const later = await keypairs('cloud_lite_keypair', 1);
    const renamed = Object.fromEntries(Object.entries(later).map(([, entry]) => ['cloud_lite_keypair.later', entry]));
    since = sim.counts().requests;
    const again = await refreshState(stateOf({ ...refreshed.resources, ...renamed }), {
      catalogue: defaultCatalogue,
      contextFor: context,
      parallelism: 3,
    });
    expect(again.gone).to.deep.equal([]);
    expect(again.resources['cloud_lite_keypair.later']?.attributes.id).to.equal(Object.values(later)[0]!.id);
    expect(gets('/v1/lites/keypairs/', since)).to.equal(1);
  });

  it('lists the pool on every read outside a refresh (no memo on the context)', async () => {
    const resources = Object.values(await keypairs('cloud_baremetal_keypair', 2));
    const type = resource('cloud_baremetal_keypair');
    const since = sim.counts().requests;
    for (const entry of resources) expect(await type.read(context(), entry.id, entry.attributes)).to.include({ id: entry.id });
    expect(gets('/v1/baremetals/keypairs/', since)).to.equal(2);
  });

  it('opens at most `parallelism` connections for more requests in flight', async () => {
    const opened: unknown[] = [];
    const onConnected = (message: unknown): void => {
      opened.push(message);
    };
    subscribe('undici:client:connected', onConnected);
    const client = createApiClient({ baseUrl: sim.url, parallelism: 3 });
    try {
      await Promise.all(Array.from({ length: 12 }, () => client.get('/lites/keypairs/')));
      await Promise.all(Array.from({ length: 12 }, () => client.get('/lites/keypairs/')));
    } finally {
      unsubscribe('undici:client:connected', onConnected);
      await client.close();
    }
    expect(opened.length).to.be.within(1, 3);
  });

  it('rejects a parallelism that is not a number', () => {
    expect(() => createApiClient({ baseUrl: sim.url, parallelism: Number.NaN })).to.throw(/invalid API client parallelism/);
  });
});

describe('memoised', () => {
  const bare = { api: {} as ApiClient, pollIntervalSeconds: 1, deadline: 0 } satisfies OperationContext;

  it('shares one pending load between concurrent and later callers of one key', async () => {
    const context: OperationContext = { ...bare, memo: new Map() };
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { loads };
    };
    const [a, b] = await Promise.all([memoised(context, 'k', load), memoised(context, 'k', load)]);
    const c = await memoised(context, 'k', load);
    const other = await memoised(context, 'other', load);
    expect(loads).to.equal(2);
    expect(a).to.equal(b).and.equal(c);
    expect(other).to.not.equal(a);
  });

  it('loads on every call without a memo, and shares a rejection with a memo', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await memoised(bare, 'k', load)).to.equal(1);
    expect(await memoised(bare, 'k', load)).to.equal(2);
    const context: OperationContext = { ...bare, memo: new Map() };
    const failing = () => Promise.reject(new Error('boom'));
    const results = await Promise.allSettled([memoised(context, 'f', failing), memoised(context, 'f', async () => 'never')]);
    expect(results.map((result) => result.status)).to.deep.equal(['rejected', 'rejected']);
  });
});
