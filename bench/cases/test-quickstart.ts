/**
 * `cloudctl test` on the quickstart's test file (issue 26: under 2 s on
 * this machine): `node dist/cli/main.js test examples/tests/quickstart.test.yaml
 * --json` run `runs` times, each a fresh process (a fresh simulator, a
 * temporary workspace, the crash step's child process killed with
 * SIGKILL), wall time from spawn to exit; the figures are the median and
 * the fastest, in ms, the median CPU time (user + system) of the run's
 * processes (the CLI and the crash step's child; Linux only), and the
 * median of each step's own time as the runner reports it. Every run must
 * pass (exit 0), or the case fails.
 *
 * From `dist/` (needs `npm run build`), as an installed cloudctl runs it.
 * By hand: `node --import tsx bench/cases/test-quickstart.ts '{"runs":5}'`.
 *
 * Args: `{ runs }`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { runCase } from '../lib/child.js';
import { median, now, projectRoot, round } from '../lib/measure.js';

interface Args {
  runs: number;
}

/**
 * CPU seconds (user + system) of this process's waited-for children so far,
 * from /proc/self/stat (`cutime`, `cstime`, in clock ticks of 1/100 s);
 * undefined where there is no /proc (not Linux).
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

runCase(async (args: Args) => {
  const root = projectRoot(import.meta.url, 'test-quickstart');
  if (!existsSync(`${root}dist/cli/main.js`)) throw new Error('test-quickstart: dist/cli/main.js is missing: run npm run build first');
  const walls: number[] = [];
  const cpus: number[] = [];
  const steps = new Map<string, number[]>();
  for (let run = 0; run < args.runs; run++) {
    const started = now();
    const cpuBefore = childrenCpuSeconds();
    const child = spawnSync(process.execPath, ['dist/cli/main.js', 'test', 'examples/tests/quickstart.test.yaml', '--json'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' },
    });
    walls.push(now() - started);
    const cpuAfter = childrenCpuSeconds();
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpus.push((cpuAfter - cpuBefore) * 1000);
    if (child.status !== 0) throw new Error(`test-quickstart: exited with ${child.status}: ${child.stdout}${child.stderr}`);
    const report = JSON.parse(child.stdout) as { files: Array<{ steps: Array<{ name: string; seconds: number }> }> };
    for (const step of report.files[0]!.steps) steps.set(step.name, [...(steps.get(step.name) ?? []), step.seconds * 1000]);
  }
  return {
    runs: args.runs,
    medianMs: round(median(walls)),
    fastestMs: round(Math.min(...walls)),
    ...(cpus.length > 0 ? { cpuMedianMs: round(median(cpus)) } : {}),
    steps: Object.fromEntries([...steps].map(([name, values]) => [name, round(median(values))])),
  };
});
