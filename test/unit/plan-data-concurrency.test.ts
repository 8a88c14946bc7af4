/**
 * Data sources that depend on no resource are read concurrently when they
 * do not depend on each other (issue 15, item 1: src/engine/plan.ts
 * `readDataSourcesAhead`); one that depends on another is read after it,
 * with the other's results; a failed read still fails the plan naming it.
 * Run: npx mocha --no-config --import=tsx test/unit/plan-data-concurrency.test.ts
 */
import { expect } from 'chai';
import type { StateDocument } from '../../src/state/document.js';
import type { ApiClient } from '../../src/api/types.js';
import { createPlan } from '../../src/engine/planning/index.js';
import { defaultCatalogue, loadManifestFromSource } from '../../src/manifest/index.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { fakeApi } from '../fixtures/plans/harness.js';

const MANIFEST = `data:
  lite: { type: cloud_lite_products }
  pro: { type: cloud_lite_pro_products }
  os:
    type: cloud_lite_os_list
    properties: { product_id: "\${data.lite.products[0].product_id}" }
outputs:
  os: \${data.os.oss[0].name}
  pro: \${data.pro.products[0].name}
`;

const ROUTES = {
  'GET /lites/products': [{ product_id: 1547, name: 'Lite S1' }],
  'GET /lite-pros/products': [{ product_id: 2101, name: 'Pro P1' }],
  'GET /lites/products/1547/oss': [{ vmid: 9001, name: 'ubuntu-22.04' }],
};

/**
 * The fake API of the golden plans, where the two product lists each wait
 * until the other is asked for too (or, read one after the other, until a
 * second has passed): `most` is the largest number of reads in flight.
 */
function barrierApi(calls: string[]) {
  const inner = fakeApi(ROUTES, calls);
  const state = { inFlight: 0, most: 0, waiting: [] as Array<() => void> };
  const api: ApiClient = {
    ...inner,
    async get(path, options) {
      state.inFlight++;
      state.most = Math.max(state.most, state.inFlight);
      try {
        if (path.endsWith('/products')) {
          await new Promise<void>((resolve) => {
            state.waiting.push(resolve);
            if (state.waiting.length === 2) for (const release of state.waiting) release();
            else setTimeout(resolve, 1000);
          });
        }
        return await inner.get(path, options);
      } finally {
        state.inFlight--;
      }
    },
  };
  return { api, state };
}

describe('plan: data sources read ahead', function () {
  this.timeout(20_000);
  const contextOf = (api: ApiClient) => (): OperationContext => ({ api, pollIntervalSeconds: 0.01, deadline: Date.now() + 5000 });
  const state: StateDocument = { format_version: 1, lineage: 'l', serial: 1, resources: {}, outputs: {} };
  /** Plans MANIFEST for apply from an empty state, reading data sources through `api`. */
  const planWith = (api: ApiClient) =>
    createPlan({
      loaded: loadManifestFromSource(MANIFEST, 'm.yaml', { env: {} }),
      catalogue: defaultCatalogue,
      state,
      mode: 'apply',
      replace: [],
      contextFor: contextOf(api),
    });

  it('reads independent data sources at once and a dependent one after, with its results', async () => {
    const calls: string[] = [];
    const { api, state: seen } = barrierApi(calls);
    const { plan } = await planWith(api);
    expect(seen.most).to.equal(2);
    expect(calls.slice(0, 2).sort()).to.deep.equal(['GET /lite-pros/products', 'GET /lites/products']);
    expect(calls.slice(2)).to.deep.equal(['GET /lites/products/1547/oss']);
    expect(plan.outputs.os?.value).to.equal('ubuntu-22.04');
    expect(plan.outputs.pro?.value).to.equal('Pro P1');
  });

  it('fails the plan naming the request when a data source read ahead fails', async () => {
    const api = fakeApi({ 'GET /lites/products': ROUTES['GET /lites/products'] });
    let caught: Error | undefined;
    try {
      await planWith(api);
    } catch (error) {
      caught = error as Error;
    }
    expect(caught?.message).to.match(/no answer for GET \/lite-pros\/products|no answer for GET \/lites\/products\/1547\/oss/);
  });
});
