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
 * bare client: the pure HTTP time), `routes` (requests by route),
 * `roundTrips` (round trips on the critical path: the longest chain of
 * requests each sent after the previous one's answer came back) and, with a
 * latency, `boundMs` = roundTrips × latency (no refresh making these
 * requests can be quicker). The refresh must find no drift and nothing gone.
 * The refresh is given the attributes the manifest uses (`attributesInUse`
 * of the generated manifest), as `cloudctl plan` gives it.
 *
 * With `latencyMs`, the simulator adds that many ms to every request
 * (`PUT /_simulator/faults {latencyMs}`) for the timed refresh and its
 * replay, and is set back to none afterwards.
 *
 * Args: `{ size, parallelism, url?, workspace?, latencyMs? }`.
 */
import { defaultCatalogue, loadManifestFromSource } from '../../src/manifest/index.js';
import { attributesInUse, refreshState } from '../../src/engine/refresh.js';
import { startCloud, type BenchCloud } from '../lib/cloud.js';
import { parentCloudStats, runCase } from '../lib/child.js';
import { generateManifest, tempWorkspace } from '../lib/generate.js';
import { apiClient, applyPlan, assertComplete, contextOf, openState, planOnly } from '../lib/harness.js';
import { recordingApi, replay, type RecordedCall } from '../lib/instrument.js';
import { ConnectionCounter, HttpRecorder, now, peakRssMb, round, type RecordedRequest } from '../lib/measure.js';

interface Args {
  size: number;
  parallelism: number;
  url?: string;
  workspace?: string;
  latencyMs?: number;
}

/** Sets the simulator's added latency (ms, 0: none) through its control endpoint. */
async function setLatency(url: string, latencyMs: number): Promise<void> {
  const response = await fetch(new URL('/_simulator/faults', url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(latencyMs > 0 ? { latencyMs } : {}),
  });
  if (!response.ok) throw new Error(`PUT /_simulator/faults: HTTP ${response.status}`);
}

/**
 * Round trips on the critical path of `requests`: the longest chain in
 * which each request started after the previous one ended.
 */
function roundTripsOf(requests: RecordedRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  let longest = 0;
  for (let index = 0; index < sorted.length; index++) {
    let before = 0;
    for (let earlier = 0; earlier < index; earlier++) {
      if (sorted[earlier]!.end <= sorted[index]!.start) before = Math.max(before, depth[earlier]!);
    }
    depth.push(before + 1);
    longest = Math.max(longest, before + 1);
  }
  return longest;
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
      assertComplete(
        await applyPlan(state, plan, loaded, setupApi, { parallelism: args.parallelism, pollIntervalSeconds: 0.05 }),
        'setup apply',
      );
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
    const manifest = loadManifestFromSource(generateManifest(args.size), 'main.yaml', { env: {} }).manifest;
    const latencyMs = args.latencyMs ?? 0;
    if (latencyMs > 0) await setLatency(url, latencyMs);
    const serverBefore = await serverStats();
    const started = now();
    const refreshed = await refreshState(state.store.document, {
      catalogue: defaultCatalogue,
      contextFor: () => contextOf(api, 2),
      parallelism: args.parallelism,
      inUse: attributesInUse(manifest),
    });
    const wallMs = now() - started;
    const opened = connections.count;
    connections.stop();
    const serverAfter = await serverStats();
    await api.close();
    await state.close();
    if (refreshed.drift.length > 0 || refreshed.gone.length > 0) {
      throw new Error(
        `refresh found ${refreshed.drift.length} drifted attributes and ${refreshed.gone.length} gone resources; expected none (first: ${JSON.stringify(refreshed.drift[0] ?? refreshed.gone[0])})`,
      );
    }
    const replayed = await replay(calls, url, args.parallelism);
    if (latencyMs > 0) await setLatency(url, 0);
    const roundTrips = roundTripsOf(recorder.requests);
    return {
      latencyMs,
      roundTrips,
      ...(latencyMs > 0 ? { boundMs: roundTrips * latencyMs } : {}),
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
