/**
 * The combined plan of many stacks (issue 36), not part of `npm test`:
 * S stacks (default 20) of N resources each (default 250: keypair/VM/disk
 * groups, bench/lib/generate.ts), every stack after the first reading an
 * output of the first, planned with `Stacks.plan` against a simulator in its
 * own process (empty states: every resource a create), in one run each way:
 * independent stacks in parallel (`stackParallelism` S), then one after
 * another (`stackParallelism` 1). Prints the wall time of each (median of
 * `--runs`), the speed-up, and the peak RSS. `--latency MS` adds MS to every
 * request (the simulator's `faults.latencyMs`), as a real API's distance does:
 * on loopback planning is CPU-bound, so running stacks at once gains little
 * on a machine of few cores; with latency it is I/O-bound and they overlap.
 *
 *   node --import tsx bench/stacks.ts [--stacks 20] [--resources 250] [--runs 3] [--latency 50]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stacks } from '../src/stacks/index.js';
import { startCloud } from './lib/cloud.js';
import { generateManifest } from './lib/generate.js';
import { median, now, peakRssMb, round } from './lib/measure.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : fallback;
};
const stackCount = option('stacks', 20);
const resources = option('resources', 250);
const runs = option('runs', 3);
const latencyMs = option('latency', 0);

const cloud = await startCloud({ provisioningSeconds: 0, seed: 1, ...(latencyMs > 0 ? { faults: { latencyMs } } : {}) });
const folder = await mkdtemp(join(tmpdir(), 'cloudctl-bench-stacks-'));
try {
  const manifest = generateManifest(resources);
  // The first stack hands out a name every other stack reads: the graph has one root and S-1 stacks after it.
  const withOutput = manifest.includes('\noutputs:')
    ? manifest.replace('\noutputs:', '\noutputs:\n  prefix: bench')
    : `${manifest}outputs:\n  prefix: bench\n`;
  await writeFile(join(folder, 'root.yaml'), withOutput);
  await writeFile(join(folder, 'leaf.yaml'), manifest.replace('variables:', 'variables:\n  prefix: { type: string }'));
  const lines = ['stacks:', '  root: { manifest: root.yaml }'];
  for (let index = 1; index < stackCount; index++)
    lines.push(`  leaf-${index}:`, '    manifest: leaf.yaml', '    variables: { prefix: "${stack.root.outputs.prefix}" }');
  await writeFile(join(folder, 'cloudctl.stacks.yaml'), `${lines.join('\n')}\n`);
  const env = { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: 'bench' };
  const timings: Record<'parallel' | 'sequential', number[]> = { parallel: [], sequential: [] };
  let changes = 0;
  // Warm-up (modules loaded, the simulator's catalogue read): not counted.
  await (await Stacks.open(join(folder, 'cloudctl.stacks.yaml'), { env })).plan({ refresh: false, only: ['root'] });
  for (let run = 0; run < runs; run++) {
    for (const mode of ['parallel', 'sequential'] as const) {
      const stacks = await Stacks.open(join(folder, 'cloudctl.stacks.yaml'), {
        env,
        stackParallelism: mode === 'parallel' ? stackCount : 1,
      });
      const started = now();
      const plan = await stacks.plan({ refresh: false });
      timings[mode].push(now() - started);
      const failed = plan.stacks.filter((stack) => stack.status !== 'planned');
      if (failed.length > 0) throw new Error(`stack ${failed[0].name}: ${failed[0].error}`);
      changes = plan.totals.add;
      process.stderr.write(`run ${run + 1} ${mode}: ${round(timings[mode].at(-1) as number, 0)} ms\n`);
    }
  }
  const parallel = median(timings.parallel);
  const sequential = median(timings.sequential);
  console.log(
    `Plan of ${stackCount} stacks of ${resources} resources (${changes} creates), ${latencyMs} ms added per request, median of ${runs} runs:`,
  );
  console.log(`  in parallel (${stackCount} at once): ${round(parallel, 0)} ms`);
  console.log(`  one after another:        ${round(sequential, 0)} ms`);
  console.log(`  speed-up: ${round(sequential / parallel, 2)}x; peak RSS ${round(peakRssMb(), 0)} MB`);
} finally {
  await cloud.close();
  await rm(folder, { recursive: true, force: true });
}
