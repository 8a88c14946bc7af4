/**
 * Start-up of the CLI as users run it (issues 15 and 29): `node -e 0` (bare
 * Node), then the built binary `dist/cli/main.js` with `--version` and
 * `--help` (answered by its entry, src/cli/entry.ts), `plan --help` (the
 * whole program with commander) and `validate examples/quickstart.yaml`,
 * each a fresh process, wall time from spawn to exit. The five commands
 * take turns (`runs` rounds of all five),
 * so a change in the machine's load touches them alike; the figures are
 * the median and the fastest of the rounds, in ms, and each command's
 * median over bare Node's (`ratioToNode`).
 *
 * From `dist/` (needs `npm run build`): the manifest validator compiled
 * ahead of time lives there, so this is what an installed cloudctl does.
 *
 * Args: `{ runs }`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runCase } from '../lib/child.js';
import { median, now, projectRoot, round } from '../lib/measure.js';

interface Args {
  runs: number;
}

/** The commands timed, by name: arguments of `node`. */
const COMMANDS: Record<string, string[]> = {
  'node -e 0': ['-e', '0'],
  'cloudctl --version': ['dist/cli/main.js', '--version'],
  'cloudctl --help': ['dist/cli/main.js', '--help'],
  'cloudctl plan --help': ['dist/cli/main.js', 'plan', '--help'],
  'cloudctl validate examples/quickstart.yaml': ['dist/cli/main.js', 'validate', 'examples/quickstart.yaml'],
};

runCase(async (args: Args) => {
  const root = projectRoot(import.meta.url, 'startup');
  if (!existsSync(`${root}dist/cli/main.js`)) throw new Error('startup: dist/cli/main.js is missing: run npm run build first');
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, []]));
  for (let run = 0; run < args.runs; run++) {
    for (const [name, argv] of Object.entries(COMMANDS)) {
      const started = now();
      const child = spawnSync(process.execPath, argv, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      const elapsed = now() - started;
      if (child.status !== 0) throw new Error(`startup: ${name} exited with ${child.status}: ${child.stderr}`);
      times[name]!.push(elapsed);
    }
  }
  const nodeMedian = median(times['node -e 0']!);
  return {
    runs: args.runs,
    commands: Object.fromEntries(
      Object.entries(times).map(([name, values]) => [
        name,
        { medianMs: round(median(values)), fastestMs: round(Math.min(...values)), ratioToNode: round(median(values) / nodeMedian, 2) },
      ]),
    ),
  };
});
