/**
 * Refresh of N managed resources (`cloudctl refresh` / the refresh a plan
 * makes) at the default parallelism, through a new API client (one
 * keep-alive pool, as a CLI process has).
 *
 * With `url` and `workspace` (what `bench/run.ts` passes): reads the
 * resources the apply benchmark created, in its simulator and state.
 * Without them: starts a simulator and applies the manifest of `size`
 * resources first (untimed).
 *
 * Figures: `wallMs` (refreshState, ms), `requests` (attempts),
 * `requestsPerSecond`, `connections` (TCP connections undici opened),
 * `serverConnections` (connections the simulator accepted meanwhile),
 * `replayMs` (the same GETs in the same order at the same parallelism by a
 * bare client: the pure HTTP time), `routes` (requests by route). The
 * refresh must find no drift and nothing gone.
 *
 * Args: `{ size, parallelism, url?, workspace? }`.
 */
import { defaultCatalogue, loadManifestFromSource } from '../../src/manifest/index.js';
import { refreshState } from '../../src/engine/refresh.js';
import { startCloud, type BenchCloud } from '../lib/cloud.js';
import { parentCloudStats, runCase } from '../lib/child.js';
import { generateManifest, tempWorkspace } from '../lib/generate.js';
import { apiClient, applyPlan, assertComplete, contextOf, openState, planOnly } from '../lib/harness.js';
import { recordingApi, replay, type RecordedCall } from '../lib/instrument.js';
import { ConnectionCounter, HttpRecorder, now, peakRssMb, round } from '../lib/measure.js';

interface Args {
  size: number;
  parallelism: number;
  url?: string;
  workspace?: string;
}

runCase(async (args: Args) => {
  let cloud: BenchCloud | undefined;
  let scratch: Awaited<ReturnType<typeof tempWorkspace>> | undefined;
  let url = args.url;
  let folder = args.workspace;
  try {
    if (!url || !folder) {
      cloud = await startCloud({ provisioningSeconds: 0, seed: 1 });
      scratch = await tempWorkspace();
      url = cloud.url;
      folder = scratch.folder;
      const source = generateManifest(args.size);
      const loaded = loadManifestFromSource(source, await scratch.write('main.yaml', source), { env: {} });
      const setupApi = apiClient(url);
      const state = await openState(folder, 'apply');
      const { plan } = await planOnly(loaded, state.store.document, setupApi, 0.05);
      assertComplete(await applyPlan(state, plan, loaded, setupApi, { parallelism: args.parallelism, pollIntervalSeconds: 0.05 }), 'setup apply');
      await state.close();
      await setupApi.close();
    }

    const state = await openState(folder, 'refresh');
    const managed = Object.keys(state.store.document.resources).length;
    if (managed !== args.size) throw new Error(`the state holds ${managed} resources, expected ${args.size}`);
    const recorder = new HttpRecorder();
    const calls: RecordedCall[] = [];
    const connections = new ConnectionCounter();
    const api = recordingApi(apiClient(url, recorder.onRequest, args.parallelism), calls);
    const serverStats = () => (cloud ? cloud.stats() : parentCloudStats());
    const serverBefore = await serverStats();
    const started = now();
    const refreshed = await refreshState(state.store.document, { catalogue: defaultCatalogue, contextFor: () => contextOf(api, 2), parallelism: args.parallelism });
    const wallMs = now() - started;
    const opened = connections.count;
    connections.stop();
    const serverAfter = await serverStats();
    await api.close();
    await state.close();
    if (refreshed.drift.length > 0 || refreshed.gone.length > 0) {
      throw new Error(`refresh found ${refreshed.drift.length} drifted attributes and ${refreshed.gone.length} gone resources; expected none (first: ${JSON.stringify(refreshed.drift[0] ?? refreshed.gone[0])})`);
    }
    const replayed = await replay(calls, url, args.parallelism);
    return {
      size: args.size,
      parallelism: args.parallelism,
      wallMs: round(wallMs),
      requests: recorder.requests.length,
      requestsPerSecond: round(recorder.requests.length / (wallMs / 1000)),
      connections: opened,
      ...(serverBefore && serverAfter ? { serverConnections: serverAfter.connections - serverBefore.connections } : {}),
      replayMs: round(replayed.ms),
      replayErrors: replayed.errors,
      routes: HttpRecorder.byRoute(recorder.requests).map((entry) => ({ ...entry, totalMs: round(entry.totalMs) })),
      peakRssMb: round(peakRssMb()),
    };
  } finally {
    await scratch?.remove();
    await cloud?.close();
  }
});
