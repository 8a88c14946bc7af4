/**
 * Critical path: `width` independent chains of `depth` paid creates, each
 * `Active` `provisioningSeconds` after its order (the simulator's clock),
 * applied at a parallelism of at least the width with a short poll
 * interval (bench/lib/generate.ts generateChainManifest: VM, then a disk
 * on it, then a VM that depends on the disk).
 *
 * Figures:
 * - `wallMs`: the apply (run.ts applyPlan);
 * - `boundMs`: depth × provisioning, the floor no executor can beat;
 *   `ratio` = wallMs / boundMs (goal < 1.10);
 * - `bareMs`: the same chains done by a bare API client in the same run
 *   (order, poll every `pollSeconds` until `Active`, next order; `width`
 *   chains at once), no engine: the floor with HTTP and polling included;
 *   `ratioToBare` = wallMs / bareMs; `bareRatio` = bareMs / boundMs, that
 *   floor against the bound;
 * - `createOverheadMs`: median over creates of (end − start − provisioning),
 *   what one level adds beyond provisioning; `handoffMs`: median time from a
 *   create's end to the start of its dependent; `firstStartMs`: from the
 *   start of the apply to the first create; `lastEndToDoneMs`: from the end
 *   of the last create to the end of the apply (outputs, flush, journal
 *   compaction, snapshot);
 * - `phasesMs`: where a create's time goes (see phasesOf);
 * - `pollsPerCreate`: looks at a resource while waiting for `Active`, per
 *   create (from the executor's progress events: one per poll, whether its
 *   own GET or its item in a watched list request);
 * - `requests`, `connections`.
 *
 * With `trace: false` nothing is instrumented (no traced API client,
 * journal or store, no request hook, no AsyncLocalStorage, whose promise
 * hooks cost every await of the process): the wall time and ratios are then
 * the engine's own, and `phasesMs`, `requests` and `routes` are absent.
 * Tracing adds about 0.02 to the ratio here.
 *
 * With `latencyMs`, the simulator adds that many ms to every request (the
 * apply and the bare client alike).
 *
 * Args: `{ depth, width, provisioningSeconds, pollSeconds, parallelism, trace?, latencyMs? }` (`trace` default true).
 */
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { startCloud } from '../lib/cloud.js';
import { runCase } from '../lib/child.js';
import { CONSOLE_PASSWORD, generateChainManifest, tempWorkspace } from '../lib/generate.js';
import { apiClient, applyPlan, assertComplete, contextOf, openState, planOnly } from '../lib/harness.js';
import { PhaseTracer, type TracedStep } from '../lib/instrument.js';
import { ConnectionCounter, HttpRecorder, median, now, round } from '../lib/measure.js';
import type { Value } from '../../src/core/types.js';
import type { PlanDocument } from '../../src/plan/document.js';
import { lookupResourceType } from '../../src/resources/index.js';

interface Args {
  depth: number;
  width: number;
  provisioningSeconds: number;
  pollSeconds: number;
  parallelism: number;
  trace?: boolean;
  latencyMs?: number;
}

/**
 * `width` chains of `depth` creates without the engine, all at once (the
 * same HTTP concurrency as the apply): the resource types' own `create` and
 * `waitUntilReady` (the same requests and polls), each order placed once the
 * previous resource of its chain is `Active`; no listing, journal, state or
 * read-back. Resolves with the wall time until the last chain ends (ms) and
 * the polls made.
 */
async function bareChains(
  url: string,
  plan: PlanDocument,
  keypairId: number,
  depth: number,
  width: number,
  pollSeconds: number,
): Promise<{ ms: number; polls: number }> {
  const api = apiClient(url);
  let polls = 0;
  const context = { ...contextOf(api, pollSeconds, 600), onProgress: () => void polls++ };
  const type = (name: string) => lookupResourceType(name)!;
  const data = (address: string, list: string, field: string) =>
    (plan.data_sources[address]![list] as Array<Record<string, Value>>)[0]![field]!;
  const chain = async (w: number): Promise<void> => {
    let vmId = '';
    for (let level = 1; level <= depth; level++) {
      const name = `b${String(w).padStart(2, '0')}-l${level}`;
      if (level % 2 === 1) {
        const vm = type('cloud_lite_vm');
        const order = await vm.create(context, {
          product_id: data('data.products', 'products', 'product_id'),
          cycle: 'm',
          select_os: data('data.os', 'oss', 'name'),
          keypair_id: keypairId,
          vm_name: `${name}-vm`,
          ssh_and_console_user: 'deployer',
          console_password: CONSOLE_PASSWORD,
        });
        vmId = order.id;
        await vm.waitUntilReady!(context, order.id);
      } else {
        const disk = type('cloud_lite_disk');
        const order = await disk.create(context, {
          product_id: data('data.disk_products', 'products', 'product_id'),
          cycle: 'm',
          lite_account_id: Number(vmId),
          service_name: `${name}-disk`,
          size: 60,
        });
        await disk.waitUntilReady!(context, order.id);
      }
    }
  };
  try {
    const started = now();
    await Promise.all(Array.from({ length: width }, (_, index) => chain(index + 1)));
    return { ms: now() - started, polls };
  } finally {
    await api.close();
  }
}

/**
 * Where one create's time goes (medians over creates, ms), from the traced
 * steps: `beforeOrder` (start to the order: `list` of what exists, `journal`
 * intent, ...), `order` (the POST), `detect` (from `Active` on the
 * simulator's clock, ordered + provisioning, to the poll that saw it: its
 * own GET, or the list request of a watched wait, src/engine/apply/watch.ts;
 * within it `idWrite`, the state write of the new id, and `poll`, the GETs),
 * `afterActive` (that poll to the end: `read`, `stateWrite` awaited before
 * the end, `journal` result).
 */
function phasesOf(
  tracer: PhaseTracer,
  timeline: Map<string, { started: number; active?: number; finished?: number }>,
  provisioningMs: number,
): Record<string, number> {
  const phases: Record<string, number[]> = {
    beforeOrder: [],
    list: [],
    journalIntent: [],
    order: [],
    detect: [],
    idWrite: [],
    poll: [],
    afterActive: [],
    read: [],
    stateWrite: [],
    journalResult: [],
  };
  for (const [address, steps] of tracer.steps) {
    const entry = timeline.get(address);
    const post = steps.find((step) => step.kind.startsWith('POST '));
    // When the wait saw `Active` (the reporter's progress): the poll that saw it was its own GET, or
    // the list request of a watched wait (src/engine/apply/watch.ts); the read reuses that body.
    const active = entry?.active;
    if (!entry?.finished || !post || active === undefined) continue;
    const sum = (filter: (step: TracedStep) => boolean) => steps.filter(filter).reduce((total, step) => total + step.end - step.start, 0);
    phases.beforeOrder!.push(post.start - entry.started);
    phases.list!.push(sum((step) => step.end <= post.start && /^GET .*accounts$/.test(step.kind)));
    phases.journalIntent!.push(sum((step) => step.end <= post.start && step.kind === 'journal'));
    phases.order!.push(post.end - post.start);
    phases.detect!.push(active - (post.end + provisioningMs));
    // Inside `detect`: the write of the new id (`pending_create`) and the polls until `Active`.
    phases.idWrite!.push(sum((step) => step.start >= post.end && step.end <= active && step.kind === 'state write'));
    phases.poll!.push(sum((step) => step.start >= post.end && step.end <= active && step.kind.startsWith('GET ')));
    phases.afterActive!.push(entry.finished - active);
    phases.read!.push(sum((step) => step.start >= active && step.kind.startsWith('GET ')));
    // Only what the create waited for: the write of the final read is not awaited (it ends when it ends).
    phases.stateWrite!.push(sum((step) => step.start >= active && step.end <= entry.finished! && step.kind === 'state write'));
    phases.journalResult!.push(sum((step) => step.start >= post.end && step.kind === 'journal'));
  }
  return Object.fromEntries(Object.entries(phases).map(([name, values]) => [name, round(median(values), 1)]));
}

runCase(async (args: Args) => {
  const cloud = await startCloud({
    provisioningSeconds: args.provisioningSeconds,
    seed: 1,
    ...(args.latencyMs ? { faults: { latencyMs: args.latencyMs } } : {}),
  });
  const workspace = await tempWorkspace();
  const recorder = new HttpRecorder();
  const connections = new ConnectionCounter();
  const tracer = new PhaseTracer();
  const trace = args.trace !== false;
  const client = apiClient(cloud.url, trace ? recorder.onRequest : undefined, args.parallelism);
  const api = trace ? tracer.api(client) : client;
  try {
    const key = await lookupResourceType('cloud_lite_keypair')!.create(contextOf(api, args.pollSeconds), { name: 'bench-chain-key' });
    const keypairId = Number(key.attributes.keypair_id);
    const source = generateChainManifest(args.depth, args.width, keypairId);
    const loaded = loadManifestFromSource(source, await workspace.write('chains.yaml', source), { env: {} });
    const state = await openState(workspace.folder, 'apply');
    const { plan } = await planOnly(loaded, state.store.document, api, args.pollSeconds);
    recorder.reset();
    const connectionsBefore = connections.count;
    const started = now();
    if (trace) tracer.store(state.store);
    const applied = await applyPlan(state, plan, loaded, api, {
      parallelism: args.parallelism,
      pollIntervalSeconds: args.pollSeconds,
      ...(trace ? { journal: tracer.journal(state.backend.journal), onStarted: (address: string) => tracer.enter(address) } : {}),
    });
    const wallMs = now() - started;
    const opened = connections.count - connectionsBefore;
    assertComplete(applied, 'critical-path apply');
    await state.close();
    const creates = args.depth * args.width;
    const bare = await bareChains(cloud.url, plan, keypairId, args.depth, args.width, args.pollSeconds);
    // Where the time goes: each create from its start to its end, minus the
    // provisioning time; and the hand-off from a create's end to the start
    // of the create that waits for it.
    const timeline = applied.reporter.timeline;
    const overheads: number[] = [];
    const handoffs: number[] = [];
    for (const change of plan.changes) {
      const entry = timeline.get(change.address);
      if (!entry?.finished) continue;
      overheads.push(entry.finished - entry.started - args.provisioningSeconds * 1000);
      for (const dependency of change.dependsOn) {
        const before = timeline.get(dependency);
        if (before?.finished !== undefined) handoffs.push(entry.started - before.finished);
      }
    }
    const boundMs = args.depth * args.provisioningSeconds * 1000;
    return {
      depth: args.depth,
      width: args.width,
      parallelism: args.parallelism,
      provisioningSeconds: args.provisioningSeconds,
      pollSeconds: args.pollSeconds,
      latencyMs: args.latencyMs ?? 0,
      wallMs: round(wallMs),
      boundMs,
      ratio: round(wallMs / boundMs, 3),
      bareMs: round(bare.ms),
      ratioToBare: round(wallMs / bare.ms, 3),
      bareRatio: round(bare.ms / boundMs, 3),
      barePollsPerCreate: round(bare.polls / creates, 1),
      creates,
      createOverheadMs: round(median(overheads)),
      traced: trace,
      ...(trace ? { phasesMs: phasesOf(tracer, timeline, args.provisioningSeconds * 1000) } : {}),
      handoffMs: round(median(handoffs), 2),
      firstStartMs: round(Math.min(...[...timeline.values()].map((entry) => entry.started)) - started),
      lastEndToDoneMs: round(started + wallMs - Math.max(...[...timeline.values()].map((entry) => entry.finished ?? 0))),
      pollsPerCreate: round(applied.reporter.polls / creates, 1),
      connections: opened,
      ...(trace
        ? {
            requests: recorder.requests.length,
            routes: HttpRecorder.byRoute(recorder.requests).map((entry) => ({ ...entry, totalMs: round(entry.totalMs) })),
          }
        : {}),
    };
  } finally {
    connections.stop();
    await api.close();
    await workspace.remove();
    await cloud.close();
  }
});
