/**
 * Apply overhead: the manifest of N resources (bench/lib/generate.ts; a
 * folder of files from 10,000 on, writeManifestFolder) applied to an empty state against a simulator that makes every order
 * `Active` at once (`provisioningSeconds: 0`), at the default parallelism.
 *
 * Figures (ms unless said otherwise):
 * - `wallMs`: the apply (run.ts applyPlan: executor, outputs, flush, journal
 *   compaction); the plan before it is timed apart (`planMs`).
 * - `replayMs`: the same HTTP requests, in the same order and at the same
 *   parallelism, sent again by a bare client to a fresh simulator (no
 *   engine, no state, no journal): the pure HTTP time of this apply.
 *   `engineMsPerResource` = (wallMs − replayMs) / N.
 * - `wireIdleMsPerResource`: (wallMs − time with at least one request in
 *   flight) / N, from the client's `onRequest` events: a second, lower
 *   estimate (engine work overlapping requests is not counted).
 * - `cpuMsPerResource`: this process's CPU time during the apply / N (the
 *   simulator runs in another process).
 * - `persist`: rounds of the state store's writer and the time inside them;
 *   `persistMsPerResource` = persist.ms / N. `journal`: appends and their time.
 * - `connections`: TCP connections undici opened; `serverConnections`:
 *   connections the simulator accepted. `requests`: attempts, by route.
 * - `peakRssMb`: high-water mark of this process; `baselineRssMb` before
 *   the manifest was loaded.
 *
 * With `timeLimitSeconds`, the apply stops starting operations after that
 * long (operations in flight finish): `completed` says how many resources
 * were applied, and the figures are those of that partial run.
 * With `url` and `workspace` (bench/run.ts), the apply runs against that
 * simulator and leaves its state in that folder (for the refresh benchmark);
 * otherwise it starts its own simulator and a temp folder.
 * - `pace`: the run in segments of `segment` operations started (default a
 *   tenth of the size): wall and CPU ms per resource of each, and the last
 *   segment's against the middle one's (`paceGrowth`, 1 = as fast at the end
 *   as halfway; the first third is keypairs): what grows with the resources
 *   done (bench/lib/progress.ts).
 * With `profile` (windows of operations started, e.g. `[{"from":1000,"to":4000}]`),
 * a CPU profile of each window alone is written to `profileDir`
 * (`apply-FROM-TO.cpuprofile`; summarise with bench/profile-summary.ts).
 *
 * Args: `{ size, parallelism, replay, timeLimitSeconds?, url?, workspace?, segment?, profile?, profileDir? }`
 * (`replay: false` skips the replay).
 */
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadManifest, loadManifestFromSource } from '../../src/manifest/index.js';
import { startCloud } from '../lib/cloud.js';
import { parentCloudStats, runCase } from '../lib/child.js';
import { FOLDER_FROM, generateManifest, tempWorkspace, writeManifestFolder } from '../lib/generate.js';
import { apiClient, applyPlan, assertComplete, openState, planOnly, statePathOf } from '../lib/harness.js';
import { recordingApi, replay, timePersist, timingJournal, type RecordedCall } from '../lib/instrument.js';
import { ConnectionCounter, cpuMs, HttpRecorder, now, peakRssMb, round, rssMb } from '../lib/measure.js';
import { PaceRecorder, type ProfileWindow } from '../lib/progress.js';

interface Args {
  size: number;
  parallelism: number;
  replay: boolean;
  timeLimitSeconds?: number;
  url?: string;
  workspace?: string;
  segment?: number;
  profile?: ProfileWindow[];
  profileDir?: string;
}

/** Poll interval while waiting for `Active` (s); orders are `Active` at once here, so it is never slept. */
const POLL_SECONDS = 0.05;

runCase(async (args: Args) => {
  const baselineRssMb = rssMb();
  const cloud = args.url ? undefined : await startCloud({ provisioningSeconds: 0, seed: 1 });
  const url = args.url ?? cloud!.url;
  const scratch = args.workspace ? undefined : await tempWorkspace();
  const folder = args.workspace ?? scratch!.folder;
  const recorder = new HttpRecorder();
  const calls: RecordedCall[] = [];
  const connections = new ConnectionCounter();
  const api = recordingApi(apiClient(url, recorder.onRequest, args.parallelism), calls);
  try {
    // From 10,000 on a folder (one file of 100,000 would pass the 10,000,000-character cap), as prepare.ts writes it.
    const folderManifest = args.size >= FOLDER_FROM;
    const manifestPath = join(folder, folderManifest ? 'stack' : 'main.yaml');
    const source = folderManifest ? undefined : generateManifest(args.size);
    if (source === undefined) await writeManifestFolder(manifestPath, args.size);
    else await writeFile(manifestPath, source);
    let mark = now();
    const loaded =
      source === undefined ? await loadManifest(manifestPath, { env: {} }) : loadManifestFromSource(source, manifestPath, { env: {} });
    const loadMs = now() - mark;
    const state = await openState(folder, 'apply');
    mark = now();
    const { plan } = await planOnly(loaded, state.store.document, api, POLL_SECONDS);
    const planMs = now() - mark;

    recorder.reset();
    calls.length = 0;
    const persist = timePersist(state.store);
    const { journal, stats: journalStats } = timingJournal(state.backend.journal);
    const serverStats = () => (cloud ? cloud.stats() : parentCloudStats());
    const serverBefore = await serverStats();
    const connectionsBefore = connections.count;
    const cap = args.timeLimitSeconds ? AbortSignal.timeout(args.timeLimitSeconds * 1000) : undefined;
    const pace = new PaceRecorder(args.segment ?? Math.max(1, Math.round(args.size / 10)), args.profile, args.profileDir);
    const cpuBefore = cpuMs();
    const started = now();
    const applied = await applyPlan(state, plan, loaded, api, {
      parallelism: args.parallelism,
      pollIntervalSeconds: POLL_SECONDS,
      journal,
      onStarted: pace.started,
      ...(cap ? { signal: cap } : {}),
    });
    const wallMs = now() - started;
    const cpu = cpuMs() - cpuBefore;
    await pace.finish();
    const connectionsOpened = connections.count - connectionsBefore;
    const serverAfter = await serverStats();
    const stopped = Boolean(cap?.aborted) && applied.summary.skipped.length > 0;
    if (!stopped) assertComplete(applied, `apply of ${args.size} resources`);
    const completed = Object.keys(state.store.document.resources).length;
    await state.close();
    const stateBytes = (await stat(statePathOf(folder))).size;
    const peak = peakRssMb();

    const requests = recorder.requests;
    const busyMs = HttpRecorder.busyMs(requests);
    let replayed: Awaited<ReturnType<typeof replay>> | undefined;
    if (args.replay && !stopped) {
      const fresh = await startCloud({ provisioningSeconds: 0, seed: 1 });
      try {
        replayed = await replay(calls, fresh.url, args.parallelism);
      } finally {
        await fresh.close();
      }
    }
    const perResource = (ms: number) => round(ms / completed, 3);
    return {
      size: args.size,
      completed,
      stopped,
      parallelism: args.parallelism,
      loadMs: round(loadMs),
      planMs: round(planMs),
      wallMs: round(wallMs),
      requests: requests.length,
      requestsPerSecond: round(requests.length / (wallMs / 1000)),
      httpBusyMs: round(busyMs),
      httpSumMs: round(HttpRecorder.totalMs(requests)),
      ...(replayed
        ? { replayMs: round(replayed.ms), replayErrors: replayed.errors, engineMsPerResource: perResource(wallMs - replayed.ms) }
        : {}),
      wireIdleMsPerResource: perResource(wallMs - busyMs),
      cpuMs: round(cpu),
      cpuMsPerResource: perResource(cpu),
      persist: persist ? { writes: persist.writes, ms: round(persist.ms), maxMs: round(persist.maxMs) } : null,
      persistMsPerResource: persist ? perResource(persist.ms) : null,
      journal: { appends: journalStats.appends, ms: round(journalStats.ms), intentBytes: journalStats.intentBytes },
      stateBytes,
      connections: connectionsOpened,
      ...(serverBefore && serverAfter
        ? { serverConnections: serverAfter.connections - serverBefore.connections, orders: serverAfter.orders - serverBefore.orders }
        : {}),
      routes: HttpRecorder.byRoute(requests)
        .slice(0, 8)
        .map((entry) => ({ ...entry, totalMs: round(entry.totalMs) })),
      polls: applied.reporter.polls,
      paceGrowth: pace.growth(),
      pace: pace.segments,
      ...(pace.profiles.length > 0 ? { profiles: pace.profiles } : {}),
      baselineRssMb: round(baselineRssMb),
      peakRssMb: round(peak),
    };
  } finally {
    connections.stop();
    await api.close();
    await scratch?.remove();
    await cloud?.close();
  }
});
