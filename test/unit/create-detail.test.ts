/**
 * After a create, a type read by listing (`refreshByList`) is read from the
 * poll that saw it `Active`; its detail request (a VM's `vm-details`) is made,
 * before the resources waiting for it start, only when the manifest uses a
 * detail attribute (`power_state` set, or a usage figure referenced), as
 * refresh does. Otherwise it is not made at all, and the next plan that uses
 * one reads it (issue 15, items 1 and 4: src/engine/apply/create.ts).
 * Uses the bench harness (bench/lib) to compose the engine as the CLI does.
 * Run: npx mocha --no-config --import=tsx test/unit/create-detail.test.ts
 */
import { expect } from 'chai';
import type { ApiClient } from '../../src/api/types.js';
import { attributesInUse, refreshState } from '../../src/engine/refresh.js';
import { defaultCatalogue, loadManifestFromSource } from '../../src/manifest/index.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { tempWorkspace } from '../../bench/lib/generate.js';
import { apiClient, applyPlan, assertComplete, contextOf, openState, planOnly } from '../../bench/lib/harness.js';
import { CATALOGUE_DATA_SOURCES, FIRST_PRODUCT, liteKeypair, liteVm } from '../fixtures/lite-stack.js';

function manifest(powerState?: string): string {
  return `${CATALOGUE_DATA_SOURCES}  disk_products: { type: cloud_lite_disk_products }
resources:
${liteKeypair('key', 'detail-key')}${liteVm('vm', 'detail-vm', { ...FIRST_PRODUCT, consolePassword: 'Detail1Password', properties: powerState ? `      power_state: ${powerState}\n` : '' })}  disk:
    type: cloud_lite_disk
    properties: { product_id: "\${data.disk_products.products[0].product_id}", cycle: m, lite_account_id: "\${vm.id}", service_name: detail-disk, size: 60 }
`;
}

/**
 * The simulator's API logging into `events`, in order, when the disk order
 * is sent and answered, and when vm-details is asked.
 */
function logged(inner: ApiClient, events: string[]): ApiClient {
  return {
    ...inner,
    get(path, options) {
      if (path.endsWith('/vm-details')) events.push('vm-details asked');
      return inner.get(path, options);
    },
    async post(path, body, options) {
      if (!path.includes('/disks')) return inner.post(path, body, options);
      events.push('disk ordered');
      const reply = await inner.post(path, body, options);
      events.push('disk order answered');
      return reply;
    },
  };
}

describe('create: the detail read after Active', function () {
  this.timeout(60_000);
  let sim: RunningSimulator;

  beforeEach(async () => {
    sim = await startSimulator({ provisioningSeconds: 0 });
  });
  afterEach(async () => {
    await sim?.close();
  });

  /**
   * Applies `source` in a new workspace, then refreshes and plans `next`
   * (when given) over the state it left, as `cloudctl plan` does (details
   * read only for the attributes `next` uses); resolves with the state's
   * resources after the apply and that plan's changes other than no-ops.
   */
  async function apply(source: string, events: string[], next?: string) {
    const workspace = await tempWorkspace('cloudctl-test-');
    const client = apiClient(sim.url);
    const api = logged(client, events);
    try {
      const loaded = loadManifestFromSource(source, await workspace.write('main.yaml', source), { env: {} });
      const state = await openState(workspace.folder, 'apply');
      const { plan } = await planOnly(loaded, state.store.document, api, 0.01);
      assertComplete(await applyPlan(state, plan, loaded, api, { parallelism: 4, pollIntervalSeconds: 0.01 }), 'apply');
      const resources = structuredClone(state.store.document.resources);
      let changes: string[] = [];
      if (next !== undefined) {
        events.push('next plan');
        const nextLoaded = loadManifestFromSource(next, await workspace.write('main.yaml', next), { env: {} });
        const refresh = await refreshState(state.store.document, {
          catalogue: defaultCatalogue,
          contextFor: () => contextOf(api, 0.01),
          parallelism: 4,
          inUse: attributesInUse(nextLoaded.manifest),
        });
        const refreshed = { ...state.store.document, resources: refresh.resources };
        const { plan: nextPlan } = await planOnly(nextLoaded, refreshed, api, 0.01, refresh);
        changes = nextPlan.changes.filter((change) => change.action !== 'noop').map((change) => `${change.action} ${change.address}`);
      }
      await state.close();
      return { resources, changes };
    } finally {
      await client.close();
      await workspace.remove();
    }
  }

  it('does not ask vm-details when nothing uses its attributes; a later plan that uses one reads it', async () => {
    const events: string[] = [];
    const { resources, changes } = await apply(manifest(), events, manifest('start'));
    expect(events).to.deep.equal(['disk ordered', 'disk order answered', 'next plan', 'vm-details asked']);
    expect(resources.vm?.attributes).to.not.have.any.keys('power_state', 'cpus', 'uptime', 'mem', 'maxmem', 'maxdisk');
    expect(resources.disk?.attributes.lite_account_id).to.equal(Number(resources.vm?.id));
    // The VM runs, as the manifest now says: read, so nothing to change.
    expect(changes).to.deep.equal([]);
  });

  it('reads vm-details before the disk starts when power_state is managed', async () => {
    const events: string[] = [];
    const { resources } = await apply(manifest('start'), events);
    expect(events).to.deep.equal(['vm-details asked', 'disk ordered', 'disk order answered']);
    expect(resources.vm?.attributes.power_state).to.equal('start');
  });
});
