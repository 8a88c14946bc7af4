/**
 * Per-file timings of a mocha run, for finding where `npm test`'s time goes.
 * Off unless `CLOUDCTL_TEST_TIMINGS` names a file: then the root hooks below
 * (loaded by the mocha configs with `require`; under `parallel` they run once
 * per test file, in the worker that runs it) append one JSON line per test
 * file to it:
 * `{"file", "pid", "start", "end", "wallMs", "cpuMs", "childCpuMs", "load"}`:
 * start/end in ms since the epoch, `cpuMs` the worker's own user+sys CPU time
 * over the file (the CLI runs in process, so most of a test's work is here),
 * `childCpuMs` the CPU time of the child processes it reaped meanwhile
 * (spawned CLIs, embedded PostgreSQL, Chromium, Neovim), `load` the 1-minute
 * load average at the end. Wall time is noisy on a shared machine; CPU time
 * much less so. `node --import tsx test/support/timings-summary.ts FILE`
 * prints the table and each worker's timeline.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The file to append to, or undefined when timings are off. */
const output = process.env.CLOUDCTL_TEST_TIMINGS;

/** User+sys CPU ms of this process and of its reaped children, from /proc/self/stat (Linux); zeros elsewhere. */
function cpuTimes(): { own: number; children: number } {
  try {
    // Fields after the ")" of the command name: utime is the 14th field of the line, cstime the 17th.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = (index: number): number => Number(fields[index - 3]);
    const msPerTick = 10; // USER_HZ is 100 on Linux.
    return { own: (ticks(14) + ticks(15)) * msPerTick, children: (ticks(16) + ticks(17)) * msPerTick };
  } catch {
    return { own: 0, children: 0 };
  }
}

/** The first test file under a suite (the root suite of a worker holds one file's suites). */
function fileOf(suite: Mocha.Suite): string | undefined {
  if (suite.file) return suite.file;
  for (const child of suite.suites) {
    const file = fileOf(child);
    if (file) return file;
  }
  return undefined;
}

let started = { at: 0, cpu: { own: 0, children: 0 } };

/** Mocha root hooks: empty when timings are off. */
export const mochaHooks: Mocha.RootHookObject = output
  ? {
      beforeAll(): void {
        started = { at: Date.now(), cpu: cpuTimes() };
      },
      afterAll(this: Mocha.Context): void {
        const root = this.test?.parent;
        const file = root ? fileOf(root) : undefined;
        const cpu = cpuTimes();
        const end = Date.now();
        const line = {
          file: file ? file.slice(process.cwd().length + 1) : '?',
          pid: process.pid,
          start: started.at,
          end,
          wallMs: end - started.at,
          cpuMs: cpu.own - started.cpu.own,
          childCpuMs: cpu.children - started.cpu.children,
          load: Math.round(loadavg()[0] * 10) / 10,
        };
        appendFileSync(output, `${JSON.stringify(line)}\n`);
      },
    }
  : {};
