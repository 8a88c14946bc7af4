/**
 * Timing a whole process, as a user runs it: `/usr/bin/time -f "%e %M %U %S"`
 * around the command gives its wall time, peak RSS and CPU time (the high-water mark
 * of the process, children excluded), without the benchmark's own memory.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';

/** What {@link timeProcess} measured. */
export interface ProcessFigures {
  code: number;
  wallMs: number;
  peakRssMb: number;
  /** CPU time of the process (user + system, ms): on a shared machine, steadier than the wall time. */
  cpuMs: number;
  stdout: string;
  stderr: string;
}

/** Whether `/usr/bin/time` is there (GNU time: `-f`). */
export const CAN_TIME_PROCESS = existsSync('/usr/bin/time');

/**
 * Runs `command` with `args` in `cwd` under `/usr/bin/time`; resolves with
 * its exit code, wall time (ms), peak RSS (MB) and output. Rejects when the
 * process cannot be started or `/usr/bin/time` printed no figures.
 */
export function timeProcess(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<ProcessFigures> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'TIMED %e %M %U %S', command, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const match = /TIMED ([\d.]+) (\d+) ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      if (!match) return reject(new Error(`no figures from /usr/bin/time: ${stderr.slice(-500)}`));
      resolve({
        code: code ?? 1,
        wallMs,
        peakRssMb: Number(match[2]) / 1024,
        cpuMs: (Number(match[3]) + Number(match[4])) * 1000,
        stdout,
        stderr: stderr.slice(0, match.index),
      });
    });
  });
}

/**
 * Times the built CLI's `bin` (`dist/cli/main.js`) as a user's shell runs
 * it: the file itself is executed, so its `#!` line (src/cli/entry.ts)
 * chooses the interpreter and any Node flag it gives, as it does for
 * `cloudctl` on the PATH, `npx cloudctl` and npm's bin link.
 * The folder of this process's `node` comes first on the PATH, so the Node
 * that runs the bench runs the CLI. `nodeOptions`: `NODE_OPTIONS` for the
 * run (Node flags it allows there, e.g. `--max-semi-space-size=64`; one given there as well as in the `#!` line
 * wins, since Node reads NODE_OPTIONS first). Resolves and rejects as {@link timeProcess}.
 */
export function timeCli(cli: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, nodeOptions?: string): Promise<ProcessFigures> {
  const path = env.PATH === undefined ? dirname(process.execPath) : `${dirname(process.execPath)}${delimiter}${env.PATH}`;
  return timeProcess(cli, args, cwd, { ...env, PATH: path, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) });
}
