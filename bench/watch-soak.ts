/**
 * Soak of `cloudctl watch` (issue 28), not part of `npm test` nor of
 * `npm run bench`: N resources (default 1,000: keypair/VM/disk groups,
 * bench/lib/generate.ts) applied on a simulator in its own process, then a
 * watcher (`Watcher`, report only) at a 1 s interval on a request
 * budget for M minutes, while VMs are renamed behind its back at random
 * (every 2 to 8 s). It prints:
 * - drift detection: for each injected rename, how many cycles started
 *   after it before one reported it (goal: at most 2), and the time it took;
 * - the request budget: the most requests the watcher sent in any 60 s
 *   window (undici's diagnostics channel, the injector's PUTs left out),
 *   against the budget; requests per cycle;
 * - memory: RSS and heap used (after a forced GC when run with
 *   --expose-gc) in the first and the last minute.
 *
 *   node --expose-gc --import tsx bench/watch-soak.ts [--minutes 10] [--resources 1000] [--budget 600] [--interval 1]
 */
import diagnostics from 'node:diagnostics_channel';
import { Engine, Watcher } from '../src/engine/engine.js';
import type { WatchEvent } from '../src/engine/events.js';
import { startCloud } from './lib/cloud.js';
import { generateManifest, tempWorkspace } from './lib/generate.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : fallback;
};
const minutes = option('minutes', 10);
const resources = option('resources', 1000);
const budget = option('budget', 600);
const intervalSeconds = option('interval', 1);
const TOKEN = 'soak-token';

const log = (text: string) => process.stderr.write(`${text}\n`);
const cloud = await startCloud({ provisioningSeconds: 0, seed: 1, token: TOKEN });
const workspace = await tempWorkspace('cloudctl-watch-soak-');
const env = { ...process.env, CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: TOKEN, CLOUDCTL_POLL_INTERVAL: '0.02' };
try {
  await workspace.write('stack.yaml', generateManifest(resources));
  const engine = await Engine.open({ directory: workspace.folder, env });
  log(`applying ${resources} resources...`);
  const applyStart = Date.now();
  const applied = await engine.apply('stack.yaml', { parallelism: 20 });
  if (applied.status !== 'applied') throw new Error(`apply: ${applied.status}`);
  log(`applied in ${((Date.now() - applyStart) / 1000).toFixed(1)} s`);
  const vms = Object.entries((await engine.state()).resources)
    .filter(([, resource]) => resource.type === 'cloud_lite_vm')
    .map(([address, resource]) => ({ address, id: resource.id }));

  // Every request the watcher sends (undici publishes each on this channel), the injector's renames left out.
  const sent: number[] = [];
  diagnostics.channel('undici:request:create').subscribe((message) => {
    const request = (message as { request: { method: string; path: string } }).request;
    if (request.method === 'PUT' && request.path.includes('/change-vm-name')) return;
    sent.push(Date.now());
  });

  const injected: Array<{ address: string; name: string; at: number; cyclesBefore: number; reportedAt?: number; cyclesWaited?: number }> =
    [];
  let cyclesStarted = 0;
  const cycles: Array<{ at: number; requests: number; durationMs: number; rss: number; heap: number }> = [];
  let failedCycles = 0;
  const controller = new AbortController();
  const onWatchEvent = (event: WatchEvent) => {
    if (event.type === 'cycle_started') cyclesStarted += 1;
    if (event.type === 'cycle_failed') {
      failedCycles += 1;
      log(`cycle ${event.cycle} failed: ${event.message}`);
    }
    if (event.type === 'drift' && event.attribute === 'vm_name') {
      for (const entry of injected)
        if (entry.reportedAt === undefined && entry.address === event.address && entry.name === event.after) {
          entry.reportedAt = Date.now();
          entry.cyclesWaited = cyclesStarted - entry.cyclesBefore;
        }
    }
    if (event.type === 'cycle_finished') {
      (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      cycles.push({ at: Date.now(), requests: event.requests, durationMs: event.durationMs, rss: memory.rss, heap: memory.heapUsed });
    }
  };
  const watcher = new Watcher(engine, 'stack.yaml', {
    intervalSeconds,
    maxRequestsPerMinute: budget,
    signal: controller.signal,
    onWatchEvent,
  });
  const started = Date.now();
  const running = watcher.run();
  const end = started + minutes * 60_000;
  let serial = 0;
  while (Date.now() < end - 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 2000 + Math.random() * 6000));
    const vm = vms[Math.floor(Math.random() * vms.length)]!;
    const name = `soak-${String(++serial).padStart(5, '0')}`;
    const response = await fetch(`${cloud.url}/lites/accounts/${vm.id}/change-vm-name`, {
      method: 'PUT',
      headers: { 'x-token': TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (!response.ok) throw new Error(`rename: HTTP ${response.status}`);
    injected.push({ address: vm.address, name, at: Date.now(), cyclesBefore: cyclesStarted });
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now())));
  controller.abort();
  await running;
  await engine.close();

  // The most requests in any 60 s window.
  let most = 0;
  for (let first = 0, last = 0; last < sent.length; last++) {
    while (sent[last]! - sent[first]! >= 60_000) first++;
    most = Math.max(most, last - first + 1);
  }
  const superseded = injected.filter(
    (entry, index) => entry.reportedAt === undefined && injected.slice(index + 1).some((later) => later.address === entry.address),
  );
  const missed = injected.filter((entry) => entry.reportedAt === undefined && !superseded.includes(entry));
  const waited = injected.filter((entry) => entry.cyclesWaited !== undefined).map((entry) => entry.cyclesWaited!);
  const latency = injected.filter((entry) => entry.reportedAt !== undefined).map((entry) => entry.reportedAt! - entry.at);
  const minuteOf = (from: number, to: number) => cycles.filter((cycle) => cycle.at >= from && cycle.at < to);
  const average = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const first = minuteOf(started, started + 60_000);
  const last = minuteOf(end - 60_000, end + 1);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const p = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  const rows = [
    ['resources', String(resources)],
    ['interval', `${intervalSeconds} s`],
    ['duration', `${minutes} min`],
    ['cycles (failed)', `${cycles.length} (${failedCycles})`],
    [
      'cycle duration, median / max',
      `${p(
        cycles.map((cycle) => cycle.durationMs),
        0.5,
      )} ms / ${Math.max(...cycles.map((cycle) => cycle.durationMs))} ms`,
    ],
    [
      'requests per cycle, median / max',
      `${p(
        cycles.map((cycle) => cycle.requests),
        0.5,
      )} / ${Math.max(...cycles.map((cycle) => cycle.requests))}`,
    ],
    ['budget; most requests in any 60 s', `${budget}; ${most}${most <= budget ? ' (within)' : ' (EXCEEDED)'}`],
    [
      'drifts injected; reported; superseded before a cycle; missed',
      `${injected.length}; ${waited.length}; ${superseded.length}; ${missed.length}`,
    ],
    [
      'cycles started before the report, max (goal <= 2)',
      `${Math.max(0, ...waited)}${Math.max(0, ...waited) <= 2 ? ' (met)' : ' (MISSED)'}`,
    ],
    ['report latency, median / p95 / max', `${p(latency, 0.5)} ms / ${p(latency, 0.95)} ms / ${Math.max(0, ...latency)} ms`],
    [
      'RSS, first minute / last minute (average)',
      `${mb(average(first.map((cycle) => cycle.rss)))} / ${mb(average(last.map((cycle) => cycle.rss)))}`,
    ],
    [
      'heap used, first minute / last minute (average)',
      `${mb(average(first.map((cycle) => cycle.heap)))} / ${mb(average(last.map((cycle) => cycle.heap)))}`,
    ],
  ];
  process.stdout.write(`| Figure | Value |\n|---|---|\n${rows.map(([name, value]) => `| ${name} | ${value} |`).join('\n')}\n`);
  process.stdout.write(
    `gc forced before each memory sample: ${(globalThis as { gc?: unknown }).gc ? 'yes' : 'no (run with --expose-gc)'}\n`,
  );
} finally {
  await cloud.close();
  await workspace.remove();
}
