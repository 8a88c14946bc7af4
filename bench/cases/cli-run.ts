/**
 * A command of the built CLI (`dist/cli/main.js`: run `npm run build`
 * first) on the manifest of N resources prepare.ts wrote, timed as a user
 * runs it, process start-up included (`/usr/bin/time`: wall time, peak RSS):
 * - `validate`: `cloudctl validate MANIFEST` (no API call, no state);
 * - `plan-empty`: `cloudctl plan MANIFEST --refresh=false` on an empty state
 *   (every resource a create; the data sources read from the simulator);
 * - `plan-noop`: the same on the full state (`full-N`): a no-op plan.
 * The plan is saved as the CLI always does (`.cloudctl/last-plan.json`):
 * `planFileBytes` is its size.
 *
 * Args: `{ dir, size, command }` (`dir` from prepare.ts).
 */
import { cp, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startCloud } from '../lib/cloud.js';
import { runCase } from '../lib/child.js';
import { manifestPathOf, tempWorkspace } from '../lib/generate.js';
import { projectRoot, round } from '../lib/measure.js';
import { timeProcess } from '../lib/process.js';

runCase(async (args: { dir: string; size: number; command: 'validate' | 'plan-empty' | 'plan-noop' }) => {
  const cli = join(projectRoot(import.meta.url, 'cli-run'), 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const cloud = args.command === 'validate' ? undefined : await startCloud({ provisioningSeconds: 0, seed: 1 });
  const workspace = await tempWorkspace('cloudctl-bench-cli-');
  try {
    if (args.command === 'plan-noop') await cp(join(args.dir, `full-${args.size}`), workspace.folder, { recursive: true });
    const manifest = manifestPathOf(args.dir, args.size);
    const command = args.command === 'validate' ? ['validate', manifest] : ['plan', manifest, '--refresh=false', '--no-color'];
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NO_COLOR: '1',
      ...(cloud ? { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: 'bench' } : {}),
    };
    const run = await timeProcess(process.execPath, [cli, ...command], workspace.folder, env);
    if (run.code !== 0) throw new Error(`${command.join(' ')} exited ${run.code}: ${run.stderr.slice(-800)}`);
    const expected = args.command === 'validate' ? 'valid' : args.command === 'plan-empty' ? `${args.size} to add` : 'No changes';
    if (!run.stdout.replace(/(\d),(\d)/g, '$1$2').includes(expected))
      throw new Error(`expected "${expected}" in: ${run.stdout.slice(-400)}`);
    const planFile = join(workspace.folder, '.cloudctl', 'last-plan.json');
    return {
      size: args.size,
      command: args.command,
      wallMs: round(run.wallMs),
      cpuMs: round(run.cpuMs),
      peakRssMb: round(run.peakRssMb),
      ...(existsSync(planFile) ? { planFileBytes: (await stat(planFile)).size } : {}),
    };
  } finally {
    await workspace.remove();
    await cloud?.close();
  }
});
