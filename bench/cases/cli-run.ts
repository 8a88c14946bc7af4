/**
 * A command of the built CLI (`dist/cli/main.js`: run `npm run build`
 * first) on the manifest of N resources prepare.ts wrote, timed as a user
 * runs it, process start-up included (`/usr/bin/time`: wall time, peak RSS):
 * - `validate`: `cloudctl validate MANIFEST` (no API call, no state);
 * - `plan-empty`: `cloudctl plan MANIFEST --refresh=false` on an empty state
 *   (every resource a create; the data sources read from the simulator);
 * - `plan-noop`: the same on the full state (`full-N`): a no-op plan;
 * - `plan-refresh`: `cloudctl plan MANIFEST` (refresh on: one list request
 *   per type, as the engine does) on the full state as a refresh recorded it
 *   (`refreshed-N`, prepare.ts with `refreshed`) against a simulator started
 *   on a copy of `refreshed-N/simulator.json` (every account and keypair the
 *   state names, seed-sim.ts): a no-op plan with refresh ("No changes.").
 *   `requests`: the `/v1` requests the simulator received meanwhile.
 * The plan is saved as the CLI always does (`.cloudctl/last-plan.cplan`):
 * `planFileBytes` is its size.
 *
 * The CLI runs as its `bin` (bench/lib/process.ts `timeCli`: the file
 * executed, its `#!` line giving Node its flags), not `node dist/cli/main.js`.
 *
 * Args: `{ dir, size, command, nodeOptions? }` (`dir` from prepare.ts;
 * `nodeOptions`: NODE_OPTIONS for the run, to try Node flags).
 */
import { cp, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startCloud, type BenchCloud } from '../lib/cloud.js';
import { runCase } from '../lib/child.js';
import { manifestPathOf, tempWorkspace } from '../lib/generate.js';
import { projectRoot, round } from '../lib/measure.js';
import { timeCli } from '../lib/process.js';

type Command = 'validate' | 'plan-empty' | 'plan-noop' | 'plan-refresh';

runCase(async (args: { dir: string; size: number; command: Command; nodeOptions?: string }) => {
  const cli = join(projectRoot(import.meta.url, 'cli-run'), 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const workspace = await tempWorkspace('cloudctl-bench-cli-');
  let cloud: BenchCloud | undefined;
  try {
    if (args.command === 'plan-noop') await cp(join(args.dir, `full-${args.size}`), workspace.folder, { recursive: true });
    if (args.command === 'plan-refresh') await cp(join(args.dir, `refreshed-${args.size}`), workspace.folder, { recursive: true });
    // The seeded cloud's data file is the workspace's copy (the simulator appends its request log to it).
    const dataFile = args.command === 'plan-refresh' ? join(workspace.folder, 'simulator.json') : undefined;
    if (args.command !== 'validate') cloud = await startCloud({ provisioningSeconds: 0, seed: 1, ...(dataFile ? { dataFile } : {}) });
    const manifest = manifestPathOf(args.dir, args.size);
    const command =
      args.command === 'validate'
        ? ['validate', manifest]
        : ['plan', manifest, ...(args.command === 'plan-refresh' ? [] : ['--refresh=false']), '--no-color'];
    const before = await cloud?.stats();
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NO_COLOR: '1',
      ...(cloud ? { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: 'bench' } : {}),
    };
    const run = await timeCli(cli, command, workspace.folder, env, args.nodeOptions);
    const after = await cloud?.stats();
    if (run.code !== 0) throw new Error(`${command.join(' ')} exited ${run.code}: ${run.stderr.slice(-800)}`);
    const expected = args.command === 'validate' ? 'valid' : args.command === 'plan-empty' ? `${args.size} to add` : 'No changes';
    if (!run.stdout.replace(/(\d),(\d)/g, '$1$2').includes(expected))
      throw new Error(`expected "${expected}" in: ${run.stdout.slice(-400)}`);
    const planFile = join(workspace.folder, '.cloudctl', 'last-plan.cplan');
    return {
      size: args.size,
      command: args.command,
      wallMs: round(run.wallMs),
      cpuMs: round(run.cpuMs),
      peakRssMb: round(run.peakRssMb),
      ...(before && after ? { requests: after.requests - before.requests } : {}),
      ...(existsSync(planFile) ? { planFileBytes: (await stat(planFile)).size } : {}),
    };
  } finally {
    await workspace.remove();
    await cloud?.close();
  }
});
