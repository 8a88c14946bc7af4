/**
 * Refresh by listing (issue 15, item 1): a refresh of N resources of a type
 * with `refreshByList` costs one list request per type, not one GET per
 * resource; a VM's `vm-details` is read only when the plan needs one of its
 * attributes; a resource absent from its list is confirmed gone with exactly
 * one GET by id, and a list that lags does not make it gone. Request counts
 * come from the simulator's request log.
 * Run: npx mocha --no-config --import=tsx test/unit/refresh-by-list.test.ts
 */
import { expect } from 'chai';
import { createApiClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { attributesInUse, keepUnchanged, refreshState } from '../../src/engine/refresh.js';
import type { ResourceState } from '../../src/state/document.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { resource, stateOf } from '../support/catalogue.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const VM_COUNT = 6;

describe('refresh by listing', function () {
  this.timeout(60_000);
  let sim: RunningSimulator;
  let api: ApiClient;
  let resources: Record<string, ResourceState>;
  const context =
    (client: ApiClient = api) =>
    (): OperationContext => ({ api: client, pollIntervalSeconds: 0.02, deadline: Date.now() + 30_000 });
  /** Requests (`GET /v1/...`) the simulator received since `since`. */
  const requestsSince = (since: number) =>
    sim
      .requests()
      .slice(since)
      .map((entry) => `${entry.method} ${entry.path}`);
  /** The attributes in use of a manifest that sets each VM's inputs but not `power_state`. */
  const unmanagedPower = () =>
    new Map(
      Object.entries(resources).map(([address, entry]) => [
        address,
        new Set(
          Object.keys(entry.attributes).filter(
            (name) => name !== 'power_state' && !['uptime', 'mem', 'maxmem', 'maxdisk', 'cpus'].includes(name),
          ),
        ),
      ]),
    );

  before(async () => {
    sim = await startSimulator({ provisioningSeconds: 0 });
    api = createApiClient({ baseUrl: sim.url, parallelism: 4 });
    const keypair = await resource('cloud_lite_keypair').create(context()(), { name: 'list-key' });
    resources = {
      key: { type: 'cloud_lite_keypair', id: keypair.id, attributes: { ...keypair.attributes, name: 'list-key' }, dependencies: [] },
    };
    const vmType = resource('cloud_lite_vm');
    for (let index = 0; index < VM_COUNT; index++) {
      const inputs = {
        product_id: 1547,
        select_os: 'ubuntu-22.04',
        keypair_id: Number(keypair.id),
        ssh_and_console_user: 'deployer',
        console_password: 'List1Password',
        cycle: 'm',
        vm_name: `list-vm-0${index}`,
        description: '',
        pay_with_credit_card: true,
      };
      const created = await vmType.create(context()(), inputs);
      await vmType.waitUntilReady!(context()(), created.id);
      const read = await vmType.read(context()(), created.id, inputs);
      resources[`vm${index}`] = {
        type: vmType.type,
        id: created.id,
        attributes: { ...inputs, ...read!, ...created.attributes },
        dependencies: ['key'],
      };
    }
  });

  /** Refreshes `held` (four reads at once), power_state unmanaged and nothing else referenced. */
  const refreshUnmanagedPower = (held: Record<string, ResourceState>) =>
    refreshState(stateOf(held), { catalogue: defaultCatalogue, contextFor: context(), parallelism: 4, inUse: unmanagedPower() });

  after(async () => {
    await api?.close();
    await sim?.close();
  });

  it(`reads ${VM_COUNT} VMs and their keypair with one list per type and no vm-details when power_state is unmanaged`, async () => {
    const since = sim.counts().requests;
    const refreshed = await refreshUnmanagedPower(resources);
    expect(requestsSince(since).sort()).to.deep.equal(['GET /v1/lites/accounts', 'GET /v1/lites/keypairs/']);
    expect(refreshed.gone).to.deep.equal([]);
    expect(refreshed.drift).to.deep.equal([]);
    for (const [address, prior] of Object.entries(resources)) {
      expect(refreshed.resources[address]?.attributes.id, address).to.equal(prior.id);
    }
    expect(refreshed.resources.vm3?.attributes).to.include({
      vm_name: 'list-vm-03',
      status: 'Active',
      power_state: resources.vm3!.attributes.power_state,
    });
  });

  it('keeps the state entries themselves when a refresh finds nothing changed (no second copy)', async () => {
    const recorded = (await refreshUnmanagedPower(resources)).resources;
    const again = await refreshUnmanagedPower(recorded);
    expect(again.drift).to.deep.equal([]);
    for (const [address, entry] of Object.entries(recorded)) expect(again.resources[address], address).to.equal(entry);
  });

  it('reads vm-details only for the VMs whose power_state is set or whose usage is referenced', async () => {
    const inUse = unmanagedPower();
    inUse.get('vm1')!.add('power_state');
    inUse.get('vm4')!.add('uptime');
    const since = sim.counts().requests;
    await refreshState(stateOf(resources), { catalogue: defaultCatalogue, contextFor: context(), parallelism: 4, inUse });
    const seen = requestsSince(since);
    expect(seen.filter((line) => line.endsWith('/vm-details')).sort()).to.deep.equal([
      `GET /v1/lites/accounts/${resources.vm1!.id}/vm-details`,
      `GET /v1/lites/accounts/${resources.vm4!.id}/vm-details`,
    ]);
    expect(seen).to.have.length(4);
  });

  it('reads every vm-details when nothing is known about the plan (no inUse)', async () => {
    const since = sim.counts().requests;
    await refreshState(stateOf(resources), { catalogue: defaultCatalogue, contextFor: context(), parallelism: 4 });
    expect(requestsSince(since).filter((line) => line.endsWith('/vm-details'))).to.have.length(VM_COUNT);
  });

  it("sees a rename made behind cloudctl's back from the list alone", async () => {
    const id = resources.vm2!.id;
    await api.put(`/lites/accounts/${id}/change-vm-name`, { name: 'renamed-vm-02' });
    try {
      const since = sim.counts().requests;
      const refreshed = await refreshUnmanagedPower(resources);
      expect(refreshed.drift.map((entry) => [entry.address, entry.attribute, entry.before, entry.after])).to.deep.equal([
        ['vm2', 'vm_name', 'list-vm-02', 'renamed-vm-02'],
      ]);
      expect(requestsSince(since)).to.have.length(2);
    } finally {
      await api.put(`/lites/accounts/${id}/change-vm-name`, { name: 'list-vm-02' });
    }
  });

  it('confirms a VM absent from the list with exactly one GET before calling it gone', async () => {
    const gone = { ...resources.vm5!, id: '999999' };
    const since = sim.counts().requests;
    const refreshed = await refreshUnmanagedPower({ ...resources, vm5: gone });
    expect(refreshed.gone).to.deep.equal(['vm5']);
    expect(refreshed.resources).to.not.have.property('vm5');
    const seen = requestsSince(since);
    expect(seen.filter((line) => line.startsWith('GET /v1/lites/accounts/'))).to.deep.equal(['GET /v1/lites/accounts/999999']);
    expect(seen).to.have.length(3);
  });

  it('keeps a VM a lagging list lacks when its GET still finds it', async () => {
    const hidden = resources.vm0!.id;
    /** The simulator's API, with `hidden` left out of the VM list (a list that lags). */
    const lagging: ApiClient = {
      ...api,
      async get(path, options) {
        const reply = await api.get(path, options);
        if (path !== '/lites/accounts' || !Array.isArray(reply)) return reply;
        return reply.filter((item) => String((item as { account_id?: unknown }).account_id) !== hidden);
      },
    };
    const since = sim.counts().requests;
    const refreshed = await refreshState(stateOf(resources), {
      catalogue: defaultCatalogue,
      contextFor: context(lagging),
      parallelism: 4,
      inUse: unmanagedPower(),
    });
    expect(refreshed.gone).to.deep.equal([]);
    expect(refreshed.drift).to.deep.equal([]);
    expect(refreshed.resources.vm0?.attributes).to.include({ id: hidden, vm_name: 'list-vm-00' });
    expect(requestsSince(since).filter((line) => line.startsWith('GET /v1/lites/accounts/'))).to.deep.equal([
      `GET /v1/lites/accounts/${hidden}`,
    ]);
  });

  it('reads a type with a single resource by id, not by listing', async () => {
    const since = sim.counts().requests;
    const refreshed = await refreshState(stateOf({ vm0: resources.vm0! }), {
      catalogue: defaultCatalogue,
      contextFor: context(),
      parallelism: 4,
      inUse: unmanagedPower(),
    });
    expect(requestsSince(since)).to.deep.equal([`GET /v1/lites/accounts/${resources.vm0!.id}`]);
    expect(refreshed.resources.vm0?.attributes.vm_name).to.equal('list-vm-00');
  });

  it('names the type when its list fails', async () => {
    const failing: ApiClient = {
      ...api,
      async get(path, options) {
        if (path === '/lites/accounts') throw new Error('HTTP 500');
        return api.get(path, options);
      },
    };
    let caught: Error | undefined;
    try {
      await refreshState(stateOf(resources), {
        catalogue: defaultCatalogue,
        contextFor: context(failing),
        parallelism: 4,
        inUse: unmanagedPower(),
      });
    } catch (error) {
      caught = error as Error;
    }
    expect(caught?.message).to.equal('refreshing cloud_lite_vm (list): HTTP 500');
  });
});

describe('keepUnchanged', () => {
  it('keeps the prior attributes when every value is equal, else the new ones sharing the equal values', () => {
    const prior = { id: '1', tags: ['a'], size: 60 };
    expect(keepUnchanged(prior, { id: '1', tags: ['a'], size: 60 })).to.equal(prior);
    const grown = keepUnchanged(prior, { id: '1', tags: ['a'], size: 80 });
    expect(grown).to.deep.equal({ id: '1', tags: ['a'], size: 80 });
    expect(grown.tags).to.equal(prior.tags);
    expect(keepUnchanged(prior, { id: '1', tags: ['a'] })).to.deep.equal({ id: '1', tags: ['a'] });
    expect(keepUnchanged({ id: '1' }, { id: '1', size: 60 })).to.deep.equal({ id: '1', size: 60 });
  });
});

describe('attributesInUse', () => {
  it('holds what each resource sets and what references read of it', () => {
    const loaded = loadManifestFromSource(
      `resources:
${liteKeypair('key', 'use-key')}${liteVm('web', '"up-${other.uptime}"', { consolePassword: 'Secret1Password' })}${liteVm('other', undefined, { consolePassword: 'Secret1Password', properties: '      power_state: start\n' })}outputs:
  memory: \${web.mem}
`,
      'use.yaml',
      { env: {} },
    );
    const used = attributesInUse(loaded.manifest);
    expect([...used.get('key')!].sort()).to.deep.equal(['keypair_id', 'name']);
    expect(used.get('web')!.has('mem')).to.equal(true);
    expect(used.get('web')!.has('power_state')).to.equal(false);
    expect(used.get('other')!.has('uptime')).to.equal(true);
    expect(used.get('other')!.has('power_state')).to.equal(true);
  });
});
